import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/**
 * The security headers of every answer (pages, API JSON, uploads, assets, redirects, 404s,
 * errors), set here and nowhere else: decision 023 and docs/security.md say why each.
 */

/** On every answer. */
const EVERY_ANSWER = {
  "x-content-type-options": "nosniff",
  // Old browsers' clickjacking guard; CSP's frame-ancestors is the modern one.
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
} as const;

/** What is not a page (JSON, photos, scripts, files) renders nothing and may not be framed. */
const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Pages. The script policy (a nonce per answer, 'strict-dynamic') comes with the rest of
 * issue 18; what is here already holds on every page: no framing, no <base> swap, no plugins,
 * forms post only to the shop.
 */
const PAGE_POLICY = "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'";

/**
 * Powerful features the shop never uses, off for its pages and every frame in them. Taking a
 * photo in the back-office uses the file input's `capture`, which needs none of these.
 */
const PERMISSIONS = [
  "accelerometer",
  "autoplay",
  "bluetooth",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** Product photos and profile pictures: the original storefronts load them from other origins. */
const SHARED_MEDIA = /^\/uploads\/(?:images|avatars)\//;

const HSTS = "max-age=31536000";

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { publicUrl?: string }) => {
  const alwaysHttps = opts.publicUrl?.startsWith("https:") ?? false;

  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload) => {
    reply.headers(EVERY_ANSWER);
    const type = String(reply.getHeader("content-type") ?? "");
    const page = type.startsWith("text/html");
    if (page && !/charset=/i.test(type)) reply.header("content-type", "text/html; charset=utf-8");
    reply.header("content-security-policy", page ? PAGE_POLICY : RESOURCE_POLICY);
    if (page) {
      reply.header("cross-origin-opener-policy", "same-origin");
      reply.header("permissions-policy", PERMISSIONS);
    }
    reply.header("cross-origin-resource-policy", SHARED_MEDIA.test(request.url) ? "cross-origin" : "same-site");
    // Over plain http a browser ignores it, and a shop reached by plain http must stay reachable.
    if (alwaysHttps || request.protocol === "https") reply.header("strict-transport-security", HSTS);
    return payload;
  });
});
