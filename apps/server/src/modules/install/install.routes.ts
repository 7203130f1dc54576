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
  const storefront = JSON.stringify(storefrontManifest(config.shop.name));
  const backOffice = JSON.stringify(backOfficeManifest(config.shop.name));
  app.get("/manifest.webmanifest", { schema: { tags: ["install"] } }, (_request, reply) =>
    reply.type(TYPE).header("cache-control", CACHE_CONTROL).send(storefront),
  );
  app.get("/admin.webmanifest", { schema: { tags: ["install"] } }, (_request, reply) =>
    reply.type(TYPE).header("cache-control", CACHE_CONTROL).send(backOffice),
  );
};
