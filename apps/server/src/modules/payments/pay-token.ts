import { createHmac, timingSafeEqual } from "node:crypto";
import fp from "fastify-plugin";

/*
 * The key of an order's payment link, /pay/:reference?t=… (decision 026): an HMAC of the
 * reference by the server's token secret. Whoever could read the order (its customer, the
 * status page, the shop's admins) gets it; it opens that order's payment screen and nothing else.
 */

declare module "fastify" {
  interface FastifyInstance {
    /** The payment link's key for an order's reference. */
    payToken(reference: string): string;
  }
}

const PURPOSE = "pay:";

export function payTokenFor(secret: string, reference: string): string {
  return createHmac("sha256", secret)
    .update(PURPOSE + reference)
    .digest("base64url")
    .slice(0, 32);
}

export function payTokenMatches(secret: string, reference: string, token: string): boolean {
  const expected = Buffer.from(payTokenFor(secret, reference));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const payTokenPlugin = fp<{ secret: string }>(
  async (app, { secret }) => {
    app.decorate("payToken", (reference: string) => payTokenFor(secret, reference));
  },
  { name: "pay-token" },
);
