import { adminBadges, envelope, MSG } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import * as service from "./dashboard.service.ts";

/** The back-office's figures (decision 018): ADMIN and SUPERADMIN only. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin(app));

  app.get(
    "/admin/badges",
    {
      schema: {
        tags: ["admin"],
        description: "Orders still `nouvelle` and unread contact messages, for the sidebar's badges.",
        response: { 200: envelope(adminBadges) },
      },
    },
    async () => ok(await service.badges(app.db), MSG.badgesReady),
  );
};
