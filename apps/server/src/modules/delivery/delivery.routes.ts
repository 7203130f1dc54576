import {
  adminDelivery,
  adminDeliveryOption,
  deliveryOffer,
  deliveryOptionInput,
  deliveryOptionParams,
  deliverySettingsInput,
  envelope,
  MSG,
} from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok } from "../../lib/envelope.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { toApiAdminDeliveryOption, toApiDeliveryOption } from "./delivery.mapper.ts";
import * as service from "./delivery.service.ts";

/** What the cart and the order form offer (decision 025). */
export const deliveryRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    "/delivery-options",
    {
      schema: {
        tags: ["orders"],
        description: "The delivery options offered, the free-delivery amount and the pickup's address.",
        response: { 200: envelope(deliveryOffer) },
      },
    },
    async () => {
      const { options, freeFrom } = await service.deliveryOffer(app.db);
      return ok(
        { options: options.map(toApiDeliveryOption), freeFrom, pickupAddress: config.shop.address },
        MSG.deliveryOptionsListed,
      );
    },
  );
};

/** The back-office's 'Livraison' screen: ADMIN and SUPERADMIN alike, as the orders. */
export const adminDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin(app));
  const optionAnswer = envelope(adminDeliveryOption);

  app.get("/admin/delivery", { schema: { tags: ["admin"], response: { 200: envelope(adminDelivery) } } }, async () => {
    const { options, freeFrom } = await service.adminDelivery(app.db);
    return ok({ options: options.map(toApiAdminDeliveryOption), freeFrom }, MSG.deliveryOptionsListed);
  });

  app.post(
    "/admin/delivery/options",
    { schema: { tags: ["admin"], body: deliveryOptionInput, response: { 201: optionAnswer } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            toApiAdminDeliveryOption(await service.createOption(app.db, staffOf(request), request.body)),
            MSG.deliveryOptionSaved,
          ),
        ),
  );

  app.put(
    "/admin/delivery/options/:id",
    {
      schema: {
        tags: ["admin"],
        params: deliveryOptionParams,
        body: deliveryOptionInput,
        response: { 200: optionAnswer },
      },
    },
    async (request) =>
      ok(
        toApiAdminDeliveryOption(await service.updateOption(app.db, staffOf(request), request.params.id, request.body)),
        MSG.deliveryOptionSaved,
      ),
  );

  app.delete(
    "/admin/delivery/options/:id",
    {
      schema: {
        tags: ["admin"],
        description: "Orders that chose it keep their copy of its name and fee.",
        params: deliveryOptionParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await service.deleteOption(app.db, staffOf(request), request.params.id);
      return ok(null, MSG.deliveryOptionDeleted);
    },
  );

  app.put(
    "/admin/delivery/settings",
    {
      schema: {
        tags: ["admin"],
        body: deliverySettingsInput,
        response: { 200: envelope(z.object({ freeFrom: z.number().int().nullable() })) },
      },
    },
    async (request) =>
      ok({ freeFrom: await service.saveSettings(app.db, staffOf(request), request.body) }, MSG.deliverySettingsSaved),
  );
};
