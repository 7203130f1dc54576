import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { requestOrigin } from "../lib/public-url.ts";

/**
 * Set by the storefront's own server-side API calls (plugins/web.ts): the pages and their
 * images are served by this same process, so paths are enough, and they stay right whatever
 * scheme a proxy in front of us speaks. Anyone may send it: it only shortens their own answer.
 */
export const IN_PROCESS_HEADER = "x-shop-in-process";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The base of the absolute URLs of this request's answer (stored images): S3_PUBLIC_URL,
     * else PUBLIC_URL, else the scheme and host the client asked for; "" (paths) for the
     * storefront's in-process calls and for a Host header that is not a host. Cached answers
     * are keyed by it.
     */
    readonly imageOrigin: string;
    /** Every origin under which this request may have been given our image URLs. */
    readonly ownOrigins: readonly string[];
  }
}

export const originPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl?: string; imagesUrl?: string | null }) => {
    const { publicUrl, imagesUrl } = opts;
    app.decorateRequest("imageOrigin", {
      getter(this: FastifyRequest) {
        // Photos in a bucket behind a public address (a CDN, decision 031): every answer and
        // every page points there, the storefront's own pages included.
        if (imagesUrl) return imagesUrl;
        if (publicUrl) return publicUrl;
        if (this.headers[IN_PROCESS_HEADER]) return "";
        return requestOrigin(this) ?? "";
      },
    });
    app.decorateRequest("ownOrigins", {
      getter(this: FastifyRequest) {
        return [imagesUrl, publicUrl, requestOrigin(this)].filter((o): o is string => Boolean(o));
      },
    });
  },
);
