import { envelope, MSG, pushKey, pushSubscriptionInput, pushUnsubscribeInput } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok } from "../../lib/envelope.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { subscribe, unsubscribe, vapidKeys } from "./push.service.ts";

/** Notifications on the admins' devices (decision 033): ADMIN and SUPERADMIN only. */
export const pushRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.addHook("onRequest", requireAdmin(app));

  app.get("/admin/push/key", { schema: { tags: ["admin"], response: { 200: envelope(pushKey) } } }, async () => {
    const { publicKey } = await vapidKeys(app.db, config);
    return ok({ publicKey });
  });

  app.post(
    "/admin/push/subscriptions",
    { schema: { tags: ["admin"], body: pushSubscriptionInput, response: { 201: envelope(z.null()) } } },
    async (request, reply) => {
      await subscribe(app.db, staffOf(request), request.body);
      return reply.status(201).send(ok(null, MSG.pushSubscribed));
    },
  );

  app.post(
    "/admin/push/unsubscribe",
    { schema: { tags: ["admin"], body: pushUnsubscribeInput, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await unsubscribe(app.db, staffOf(request), request.body.endpoint);
      return ok(null, MSG.pushUnsubscribed);
    },
  );
};
