import compress from "@fastify/compress";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../../config.ts";
import { toRobotsTxt, toSitemapXml } from "./seo.mapper.ts";
import { PRIVATE_PATHS, sitemapPages } from "./seo.service.ts";

/** Crawlers come back often enough: an hour keeps new products close without recomputing. */
const CACHE_CONTROL = "public, max-age=3600";

/**
 * /sitemap.xml and /robots.txt, at the root where crawlers look for them. Registered before the
 * storefront (app.ts), whose catch-all would otherwise answer them with its 404 page.
 */
export const seoRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // A sitemap of a few thousand products weighs hundreds of KB and shrinks ten times.
  await app.register(compress, { threshold: 1024 });

  /**
   * Both files need absolute URLs. PUBLIC_URL, when set, is the shop's real address: behind a
   * proxy the request may arrive under an internal name, and a configured origin cannot be
   * swapped by a forged Host header into an answer that caches keep for an hour. Without it
   * (development, one server reached directly) the origin the client asked for is the right
   * one; the protocol honours X-Forwarded-Proto only when TRUST_PROXY is on.
   */
  const originOf = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get("/sitemap.xml", { schema: { tags: ["seo"] } }, async (request, reply) => {
    const xml = toSitemapXml(originOf(request), await sitemapPages(app.db));
    return reply.type("application/xml; charset=utf-8").header("cache-control", CACHE_CONTROL).send(xml);
  });

  app.get("/robots.txt", { schema: { tags: ["seo"] } }, async (request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", CACHE_CONTROL)
      .send(toRobotsTxt(originOf(request), PRIVATE_PATHS)),
  );
};
