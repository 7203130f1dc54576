import compress from "@fastify/compress";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../../config.ts";
import { shownProducts } from "../products/products.service.ts";
import { toFeedItems, toGoogleXml, toMetaCsv } from "./feeds.mapper.ts";

/** Meta and Google fetch a feed on their schedule (hourly at most): an hour in any cache. */
const CACHE_CONTROL = "public, max-age=3600";

/**
 * The product feeds (decision 045) at /feeds/meta.csv and /feeds/google.xml, for the owner to
 * paste into Meta Commerce Manager and Google Merchant Center. Made once per catalogue change
 * and kept in memory (a few MB for thousands of variants), forgotten on every app server when
 * the catalogue changes, as the catalogue's own caches are.
 */
export const feedsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  await app.register(compress, { threshold: 1024 });
  // Absolute links as the sitemap makes them: PUBLIC_URL when set, else the origin asked for.
  const originOf = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  const made = new Map<string, Promise<string>>();
  app.onCatalogueChanged(() => made.clear());
  const feed = (key: string, make: () => Promise<string>) => {
    let body = made.get(key);
    if (!body) {
      body = make();
      made.set(key, body);
      // A failed read is not kept: the next fetch tries again.
      body.catch(() => made.delete(key));
    }
    return body;
  };

  app.get("/feeds/meta.csv", { schema: { tags: ["feeds"] } }, async (request, reply) => {
    const origin = originOf(request);
    const csv = await feed(`meta ${origin}`, async () =>
      toMetaCsv(toFeedItems(await shownProducts(app.db), origin, await app.runningSales())),
    );
    return reply
      .type("text/csv; charset=utf-8")
      .header("cache-control", CACHE_CONTROL)
      .header("content-disposition", 'inline; filename="meta.csv"')
      .send(csv);
  });

  app.get("/feeds/google.xml", { schema: { tags: ["feeds"] } }, async (request, reply) => {
    const origin = originOf(request);
    const body = await feed(`google ${origin}`, async () =>
      toGoogleXml(toFeedItems(await shownProducts(app.db), origin, await app.runningSales()), {
        name: config.shop.name,
        origin,
      }),
    );
    return reply.type("application/xml; charset=utf-8").header("cache-control", CACHE_CONTROL).send(body);
  });
};
