import { adminPromotion, envelope, MSG, promotionInput, promotionParams, promotionStateAction } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { toApiAdminPromotion } from "./promotions.mapper.ts";
import * as service from "./promotions.service.ts";

const STATE_MESSAGES = { pause: MSG.promotionPaused, resume: MSG.promotionResumed, end: MSG.promotionEnded } as const;

/** The back-office's 'Promotions' (decision 051): ADMIN and SUPERADMIN alike, as the orders. */
export const adminPromotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin(app));
  // A sale saved, paused or ended changes prices at once on every app server (decision 051).
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" && reply.statusCode < 300) await app.catalogueChanged();
    return payload;
  });
  const answer = envelope(adminPromotion);

  app.get(
    "/admin/promotions",
    { schema: { tags: ["admin"], response: { 200: envelope(z.array(adminPromotion)) } } },
    async () => ok((await service.listPromotions(app.db)).map(toApiAdminPromotion), MSG.promotionsListed),
  );

  app.get(
    "/admin/promotions/:id",
    { schema: { tags: ["admin"], params: promotionParams, response: { 200: answer } } },
    async (request) =>
      ok(toApiAdminPromotion(await service.promotion(app.db, request.params.id)), MSG.promotionsListed),
  );

  app.post(
    "/admin/promotions",
    { schema: { tags: ["admin"], body: promotionInput, response: { 201: answer } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            toApiAdminPromotion(await service.createPromotion(app.db, staffOf(request), request.body)),
            MSG.promotionSaved,
          ),
        ),
  );

  app.put(
    "/admin/promotions/:id",
    { schema: { tags: ["admin"], params: promotionParams, body: promotionInput, response: { 200: answer } } },
    async (request) =>
      ok(
        toApiAdminPromotion(await service.updatePromotion(app.db, staffOf(request), request.params.id, request.body)),
        MSG.promotionSaved,
      ),
  );

  // Pause, resume, or end now (an ended promotion stays ended): a call each, nothing in the body.
  for (const action of promotionStateAction.options) {
    app.post(
      `/admin/promotions/:id/${action}`,
      { schema: { tags: ["admin"], params: promotionParams, response: { 200: answer } } },
      async (request) =>
        ok(
          toApiAdminPromotion(await service.changePromotionState(app.db, staffOf(request), request.params.id, action)),
          STATE_MESSAGES[action],
        ),
    );
  }
};
