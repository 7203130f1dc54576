import {
  cartOrderInput,
  envelope,
  formatPrice,
  idempotencyKey,
  MSG,
  order,
  orderReference,
  orderStatusInput,
  promoCodeCheck,
  promoCodeCheckInput,
} from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok } from "../../lib/envelope.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { newOrderNotification } from "../../plugins/notify.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { recordFileRead } from "../audit/audit.service.ts";
import { orderFileKey, readOrderForm, sendPrivateFile } from "./files.ts";
import { toApiOrder } from "./orders.mapper.ts";
import * as service from "./orders.service.ts";

const orderAnswer = envelope(order);

/** Decision 014: the key a client gives an order it may send again (the other headers pass). */
const keyHeader = z.looseObject({ "idempotency-key": idempotencyKey.optional() });

/** The key of the header or of the body's field; both may come, carrying the same key. */
function keyOf(header: string | undefined, field: string | undefined): string | undefined {
  if (header !== undefined && field !== undefined && header !== field) {
    throw badRequest(MSG.idempotencyKeyMismatch, [
      { path: "body.idempotencyKey", message: MSG.idempotencyKeyMismatch },
    ]);
  }
  return header ?? field;
}

/** Orders: from the cart's buttons, from the order form, and read back by their customer. */
export const ordersRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const toApi = ({ row, lines }: service.OrderWithLines) => toApiOrder(row, lines, app.payToken(row.reference));
  const orderRateLimit = { max: config.orderRateLimit.max, timeWindow: config.orderRateLimit.windowMs };
  const statusRateLimit = { max: config.orderStatusRateLimit.max, timeWindow: config.orderStatusRateLimit.windowMs };

  app.post(
    "/promo-code/check",
    {
      onRequest: [app.identify, app.promoCodeAttempts],
      schema: {
        tags: ["orders"],
        description:
          'What a promotion code would take off the signed-in customer\'s cart now (decision 051). Refused: 409 with `code: "promo-code-refused"` and the reason in French. Counts no use: the order does.',
        body: promoCodeCheckInput,
        response: { 200: envelope(promoCodeCheck) },
      },
    },
    async (request) => {
      const { promotion, discount, deliveryFree, subtotal } = await service.checkCodeForCart(
        app.db,
        request.user,
        request.body,
      );
      return ok(
        {
          code: promotion.code ?? "",
          name: promotion.name,
          discount,
          deliveryFree,
          subtotal,
          needsPhone: promotion.maxUsesPerCustomer !== null,
        },
        deliveryFree ? MSG.promoCodeFreeDelivery : MSG.promoCodeApplied(formatPrice(discount)),
      );
    },
  );

  app.post(
    "/orders/from-cart",
    {
      onRequest: app.authenticate,
      // A code tried with an order counts as one tried at the check (decision 051).
      preHandler: async function (request, reply) {
        if (request.body.promoCode?.trim()) await app.promoCodeAttempts.call(this, request, reply);
      },
      schema: {
        tags: ["orders"],
        headers: keyHeader,
        body: cartOrderInput,
        response: { 200: orderAnswer, 201: orderAnswer },
      },
    },
    async (request, reply) => {
      const key = keyOf(request.headers["idempotency-key"], request.body.idempotencyKey);
      const { order, created, stockShownChanged } = await service.orderFromCart(app.db, request.user!, {
        ...request.body,
        idempotencyKey: key,
      });
      if (stockShownChanged) await app.catalogueChanged();
      const answer = toApi(order);
      if (created) app.notifyAdmins(newOrderNotification(answer));
      return reply.status(created ? 201 : 200).send(ok(answer, MSG.orderCreated));
    },
  );

  app.post(
    "/orders",
    {
      onRequest: app.identify,
      config: { rateLimit: orderRateLimit },
      schema: {
        tags: ["orders"],
        description:
          "multipart/form-data: text fields name, number, text, message (optional), the delivery chosen (deliveryOptionId, neighbourhood, city, landmark; decision 025) and idempotencyKey (optional, as the Idempotency-Key header), as orderFormInput, and one `file` part (JPEG, PNG, WebP, HEIC or PDF, at most 10 MB), in any order. 201: the new order; 200: the order an earlier request with the same key made.",
        consumes: ["multipart/form-data"],
        headers: keyHeader,
        response: { 200: orderAnswer, 201: orderAnswer },
      },
    },
    async (request, reply) => {
      const { input, file } = await readOrderForm(request);
      if (input.promoCode?.trim()) await app.promoCodeAttempts.call(app, request, reply);
      const key = keyOf(request.headers["idempotency-key"], input.idempotencyKey);
      const placed = await service.orderFromForm(
        app.db,
        app.files,
        request.user,
        { ...input, idempotencyKey: key },
        file,
      );
      if (placed.stockShownChanged) await app.catalogueChanged();
      const answer = toApi(placed.order);
      if (placed.created) app.notifyAdmins(newOrderNotification(answer));
      return reply.status(placed.created ? 201 : 200).send(ok(answer, MSG.orderCreated));
    },
  );

  app.post(
    "/order-status",
    {
      config: { rateLimit: statusRateLimit },
      schema: { tags: ["orders"], body: orderStatusInput, response: { 200: orderAnswer } },
    },
    async (request) => {
      const found = await service.orderForCustomer(app.db, request.body.reference, request.body.phone);
      return ok(toApi(found), MSG.orderFound);
    },
  );

  app.get(
    "/my-orders",
    { onRequest: app.authenticate, schema: { tags: ["orders"], response: { 200: envelope(z.array(order)) } } },
    async (request) => ok((await service.ordersOf(app.db, request.user!.id)).map(toApi), MSG.ordersListed),
  );

  // The order form's file, for the shop's admins only: never under /uploads, never cached.
  app.get(
    "/orders/:reference/file",
    {
      onRequest: requireAdmin(app),
      schema: {
        tags: ["orders"],
        description:
          "The order form's file (shown in the tab when the browser can: images, PDF), for ADMIN and SUPERADMIN only.",
        params: z.object({ reference: orderReference }),
        produces: ["application/octet-stream"],
      },
    },
    async (request, reply) => {
      const file = await service.orderFileOf(app.db, request.params.reference);
      const stored = await app.files.get(orderFileKey(file.storedName));
      if (!stored) throw notFound(MSG.orderFileNotFound);
      await recordFileRead(app.db, staffOf(request), {
        entity: "order",
        entityId: request.params.reference,
        file: file.name,
      });
      return sendPrivateFile(reply, stored, file.name, file.type);
    },
  );
};
