import { adminBadges, dashboard, envelope, MSG } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { toApiOrderSummary } from "../orders/orders.mapper.ts";
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

  app.get(
    "/admin/dashboard",
    {
      schema: {
        tags: ["admin"],
        description:
          "Today's and this month's orders and value (Africa/Douala days, cancelled orders excluded), orders per day over the last 30 days, best sellers over those days, newest orders; the variants running out (of its own products for an ADMIN).",
        response: { 200: envelope(dashboard) },
      },
    },
    async (request) => {
      const [figures, low] = await Promise.all([service.dashboard(app.db), service.lowStock(app.db, request.user!)]);
      return ok({ ...figures, newestOrders: figures.newestOrders.map(toApiOrderSummary), ...low }, MSG.dashboardReady);
    },
  );
};
