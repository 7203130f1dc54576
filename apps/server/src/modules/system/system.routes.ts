import { envelope, MSG, shopIdentity } from "@shop/shared";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok } from "../../lib/envelope.ts";
import { AppError } from "../../lib/errors.ts";

export const systemRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    "/health",
    {
      logLevel: "warn",
      schema: {
        tags: ["system"],
        description:
          "database: answers; files: where they are kept; rateLimits: counted here alone (local), for every app server (redis), or here while Redis is unreachable (local-fallback).",
        response: {
          200: envelope(
            z.object({
              database: z.literal("ok"),
              files: z.enum(["local", "s3"]),
              rateLimits: z.enum(["local", "redis", "local-fallback"]),
            }),
          ),
        },
      },
    },
    async (request) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (err) {
        request.log.error({ err }, "health check failed");
        throw new AppError(503, MSG.unhealthy);
      }
      return ok({ database: "ok" as const, files: app.files.kind, rateLimits: app.rateLimitCounting() }, MSG.healthy);
    },
  );

  app.get("/shop", { schema: { tags: ["system"], response: { 200: envelope(shopIdentity) } } }, async () =>
    ok({ ...config.shop, passwordResetByEmail: config.smtp !== null }),
  );

  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
};
