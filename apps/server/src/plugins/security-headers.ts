import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyRequest {
    /** This answer's script nonce (made on first use): the page's policy and its scripts carry it. */
    readonly cspNonce: string;
    /**
     * Set when this page's bytes are shared between visitors (the page cache): the SHA-256 of
     * each of its inline scripts, which its policy names instead of a nonce.
     */
    pageScriptHashes: string | null;
  }
  interface FastifyReply {
    /**
     * Says this page's bytes are shared between visitors, its inline scripts named by these
     * hashes: its policy names them instead of a nonce, whether its headers were set already
     * (a page just rendered) or not yet (a page served from the cache).
     */
    shareScripts(scriptHashes: string): void;
  }
}

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
 * Every page: no framing, no <base> swap, no plugins, forms post only to the shop; the cart's
 * 'Commander sur WhatsApp' posted without JavaScript records the order and is redirected to
 * WhatsApp's link, which browsers check against form-action too (wa.me sends on to
 * api.whatsapp.com).
 */
const PAGE_BASE =
  "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self' https://wa.me https://api.whatsapp.com";

/**
 * Where a page may load from, beside its scripts. Product images may be on an outside host
 * (the original clients uploaded to one), photo previews are data: and blob: URLs; Tailwind's
 * styles are a file but React writes `style` attributes (progress bars); the contact page's map
 * is OpenStreetMap's.
 */
const PAGE_SOURCES = [
  "default-src 'self'",
  "img-src 'self' data: blob: https:",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "frame-src https://www.openstreetmap.org",
  "worker-src 'self'",
  "manifest-src 'self'",
].join("; ");

/** Where browsers report what a page's policy blocked (modules/security/csp-reports.routes.ts). */
export const CSP_REPORT_ROUTE = "/csp-report";
const CSP_REPORT_PATH = `/api${CSP_REPORT_ROUTE}`;
/**
 * Both ways of naming it: `report-to` (Reporting API, with the Reporting-Endpoints header) for
 * browsers that have it, `report-uri` for the others, which ignore the former.
 */
const REPORTING = `report-uri ${CSP_REPORT_PATH}; report-to csp`;
const REPORTING_ENDPOINTS = `csp="${CSP_REPORT_PATH}"`;

/**
 * A page's policy: its own scripts carry this answer's nonce, and what they load is trusted
 * ('strict-dynamic'); nothing inline or evaluated runs. In development Vite's client needs
 * inline and evaluated scripts and a websocket: no script policy there.
 */
const pagePolicy = (nonce: string) =>
  `script-src 'nonce-${nonce}' 'strict-dynamic'; ${PAGE_SOURCES}; ${PAGE_BASE}; ${REPORTING}`;

/**
 * The policy of a page whose bytes many visitors share (plugins/page-cache.ts): its inline
 * scripts are named by their hashes, and its script files by the shop's own origin, since the
 * `<link rel="modulepreload">` tags in shared bytes carry no nonce ('strict-dynamic' would
 * ignore 'self' and refuse them). Nothing inline that is not in those bytes runs.
 */
const sharedPagePolicy = (scriptHashes: string) =>
  `script-src 'self' ${scriptHashes}; ${PAGE_SOURCES}; ${PAGE_BASE}; ${REPORTING}`;

/**
 * Powerful features the shop never uses, off for its pages and every frame in them. Taking a
 * photo in the back-office uses the file input's `capture`, which needs none of these. Only
 * features Chromium knows: an unknown one is a console error on every page (and Lighthouse
 * counts console errors against best practices).
 */
const PERMISSIONS = [
  "accelerometer",
  "autoplay",
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

/** Everything but a page: its whole set, made once. */
const RESOURCE_HEADERS = {
  ...EVERY_ANSWER,
  "content-security-policy": RESOURCE_POLICY,
  "cross-origin-resource-policy": "same-site",
};
const SHARED_MEDIA_HEADERS = { ...RESOURCE_HEADERS, "cross-origin-resource-policy": "cross-origin" };
/**
 * The service worker's script: its policy is the worker's own (decision 034), which fetches
 * the shop's pages, files and photos for the phone's cache, and shows notifications with the
 * shop's icons; nothing else, and nothing from another origin.
 */
const WORKER_HEADERS = { ...RESOURCE_HEADERS, "content-security-policy": "default-src 'self'" };
/** A page's, beside its policy (a page is never a shared photo). */
const PAGE_EXTRAS_DEV = {
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": PERMISSIONS,
  "cross-origin-resource-policy": "same-site",
};
const PAGE_EXTRAS = { ...PAGE_EXTRAS_DEV, "reporting-endpoints": REPORTING_ENDPOINTS };

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { publicUrl?: string; dev?: boolean }) => {
  const alwaysHttps = opts.publicUrl?.startsWith("https:") ?? false;
  const nonces = new WeakMap<FastifyRequest, string>();
  app.decorateRequest("cspNonce", {
    getter(this: FastifyRequest) {
      let nonce = nonces.get(this);
      if (!nonce) {
        nonce = randomBytes(16).toString("base64");
        nonces.set(this, nonce);
      }
      return nonce;
    },
  });
  app.decorateRequest("pageScriptHashes", null);
  app.decorateReply("shareScripts", function (this: FastifyReply, scriptHashes: string) {
    this.request.pageScriptHashes = scriptHashes;
    if (!opts.dev && this.hasHeader("content-security-policy")) {
      this.header("content-security-policy", sharedPagePolicy(scriptHashes));
    }
  });

  // A callback hook, not an async one: it runs on every answer, and has nothing to wait for.
  app.addHook("onSend", (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && type.startsWith("text/html")) {
      reply.headers(EVERY_ANSWER);
      if (!/charset=/i.test(type)) reply.header("content-type", "text/html; charset=utf-8");
      const hashes = request.pageScriptHashes;
      const policy = hashes === null ? pagePolicy(request.cspNonce) : sharedPagePolicy(hashes);
      reply.header("content-security-policy", opts.dev ? PAGE_BASE : policy);
      reply.headers(opts.dev ? PAGE_EXTRAS_DEV : PAGE_EXTRAS);
    } else {
      reply.headers(
        SHARED_MEDIA.test(request.url)
          ? SHARED_MEDIA_HEADERS
          : request.url === "/sw.js"
            ? WORKER_HEADERS
            : RESOURCE_HEADERS,
      );
    }
    // Over plain http a browser ignores it, and a shop reached by plain http must stay reachable.
    if (alwaysHttps || request.protocol === "https") reply.header("strict-transport-security", HSTS);
    done(null, payload);
  });
});
