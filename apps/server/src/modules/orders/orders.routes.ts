import { cartOrderInput, envelope, MSG, order, orderReference, orderStatusInput } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok } from "../../lib/envelope.ts";
import { notFound } from "../../lib/errors.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { newOrderNotification } from "../../plugins/notify.ts";
import { orderFileKey, readOrderForm, sendPrivateFile } from "./files.ts";
import { toApiOrder } from "./orders.mapper.ts";
import * as service from "./orders.service.ts";

const orderAnswer = envelope(order);

/** Orders: from the cart's buttons, from the order form, and read back by their customer. */
export const ordersRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const toApi = ({ row, lines }: service.OrderWithLines) => toApiOrder(row, lines, app.payToken(row.reference));
  const orderRateLimit = { max: config.orderRateLimit.max, timeWindow: config.orderRateLimit.windowMs };
  const statusRateLimit = { max: config.orderStatusRateLimit.max, timeWindow: config.orderStatusRateLimit.windowMs };

  app.post(
    "/orders/from-cart",
    {
      onRequest: app.authenticate,
      schema: { tags: ["orders"], body: cartOrderInput, response: { 200: orderAnswer, 201: orderAnswer } },
    },
    async (request, reply) => {
      const { order, created, stockShownChanged } = await service.orderFromCart(app.db, request.user!, request.body);
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
          "multipart/form-data: text fields name, number, text, message (optional) and the delivery chosen (deliveryOptionId, neighbourhood, city, landmark; decision 025), as orderFormInput, and one `file` part (JPEG, PNG, WebP, HEIC or PDF, at most 10 MB), in any order.",
        consumes: ["multipart/form-data"],
        response: { 201: orderAnswer },
      },
    },
    async (request, reply) => {
      const { input, file } = await readOrderForm(request);
      const placed = await service.orderFromForm(app.db, app.files, request.user, input, file);
      if (placed.stockShownChanged) await app.catalogueChanged();
      const answer = toApi(placed.order);
      app.notifyAdmins(newOrderNotification(answer));
      return reply.status(201).send(ok(answer, MSG.orderCreated));
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
      return sendPrivateFile(reply, stored, file.name, file.type);
    },
  );
};
