import {
  adminOrder,
  adminOrderParams,
  adminOrderSummary,
  adminOrdersQuery,
  deliveryFeeInput,
  envelope,
  MSG,
  orderStatusUpdateInput,
  pagedEnvelope,
} from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, okPage } from "../../lib/envelope.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { toApiAdminOrder, toApiOrderSummary } from "./orders.mapper.ts";
import * as service from "./orders.service.ts";

const adminOrderAnswer = envelope(adminOrder);

/** The back-office's orders (decision 018): every route here is for ADMIN and SUPERADMIN only. */
export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin(app));
  const toApi = (rows: service.AdminOrderRows) => toApiAdminOrder(rows, app.payToken(rows.row.reference));

  app.get(
    "/admin/orders",
    {
      schema: {
        tags: ["admin"],
        description: "Every order, newest first; `status` narrows, `q` searches reference, name or phone.",
        querystring: adminOrdersQuery,
        response: { 200: pagedEnvelope(adminOrderSummary) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await service.adminOrders(app.db, request.query);
      return okPage(rows.map(toApiOrderSummary), { page, limit, total }, MSG.adminOrdersListed);
    },
  );

  app.get(
    "/admin/orders/:reference",
    { schema: { tags: ["admin"], params: adminOrderParams, response: { 200: adminOrderAnswer } } },
    async (request) => ok(toApi(await service.adminOrder(app.db, request.params.reference)), MSG.orderFound),
  );

  app.post(
    "/admin/orders/:reference/status",
    {
      schema: {
        tags: ["admin"],
        description:
          "Moves the order along nouvelle → confirmée → payée → livrée (steps may be skipped), or to annulée until delivered; 409 otherwise.",
        params: adminOrderParams,
        body: orderStatusUpdateInput,
        response: { 200: adminOrderAnswer },
      },
    },
    async (request) => {
      const changed = await service.changeOrderStatus(
        app.db,
        staffOf(request),
        request.params.reference,
        request.body.status,
      );
      if (changed.stockShownChanged) await app.catalogueChanged();
      return ok(toApi(changed), MSG.orderStatusChanged);
    },
  );

  app.post(
    "/admin/orders/:reference/delivery-fee",
    {
      schema: {
        tags: ["admin"],
        description:
          "Sets the fee of a delivery 'à confirmer' (shipping out of Yaoundé), once, before the order is paid; 409 otherwise.",
        params: adminOrderParams,
        body: deliveryFeeInput,
        response: { 200: adminOrderAnswer },
      },
    },
    async (request) =>
      ok(
        toApi(await service.confirmDeliveryFee(app.db, staffOf(request), request.params.reference, request.body.fee)),
        MSG.deliveryFeeSet,
      ),
  );
};
