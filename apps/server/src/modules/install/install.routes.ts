import { createHash } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../../config.ts";
import { backOfficeManifest, storefrontManifest } from "./manifests.ts";

/** Asked again at each visit, answered 304 when unchanged: a renamed shop shows at once. */
const CACHE_CONTROL = "no-cache";
const TYPE = "application/manifest+json; charset=utf-8";

/**
 * The two installable apps (decision 034): the storefront (`/manifest.webmanifest`) and the
 * back-office (`/admin.webmanifest`, scope `/admin-panel`), each with the shop's name from the
 * configuration. At the root, before the storefront's catch-all (app.ts).
 */
export const installRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  for (const [url, manifest] of [
    ["/manifest.webmanifest", storefrontManifest(config.shop.name)],
    ["/admin.webmanifest", backOfficeManifest(config.shop.name)],
  ] as const) {
    const body = JSON.stringify(manifest);
    const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
    app.get(url, { schema: { tags: ["install"] } }, (request, reply) => {
      reply.headers({ etag, "cache-control": CACHE_CONTROL });
      if (request.headers["if-none-match"] === etag) return reply.code(304).send();
      return reply.type(TYPE).send(body);
    });
  }
};
