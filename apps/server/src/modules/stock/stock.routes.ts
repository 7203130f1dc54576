import {
  adminVariantStock,
  envelope,
  MSG,
  pagedEnvelope,
  productIdParams,
  stockAdjustInput,
  stockMovement,
  stockMovementsQuery,
} from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, okPage } from "../../lib/envelope.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { toApiStockMovement, toApiVariantStock } from "./stock.mapper.ts";
import * as service from "./stock.service.ts";

/** The back-office's stock (decision 024): ADMIN for its own products, SUPERADMIN for any. */
export const adminStockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin(app));

  app.get(
    "/admin/products/:id/stock",
    {
      schema: {
        tags: ["admin"],
        description: "Every variant of the product with its exact count (null: not tracked).",
        params: productIdParams,
        response: { 200: envelope(z.array(adminVariantStock)) },
      },
    },
    async (request) =>
      ok(
        (await service.productStock(app.db, request.user!, request.params.id)).map(toApiVariantStock),
        MSG.stockListed,
      ),
  );

  app.post(
    "/admin/stock/adjust",
    {
      schema: {
        tags: ["admin"],
        description:
          "Adds or takes units (`delta`, never below zero) or sets a new count (`stock`, null: not tracked), with the reason (`note`); recorded as a movement.",
        body: stockAdjustInput,
        response: { 200: envelope(adminVariantStock) },
      },
    },
    async (request) => {
      const { row, shownChanged } = await service.adjustStock(app.db, request.user!, request.body);
      if (shownChanged) await app.catalogueChanged();
      return ok(toApiVariantStock(row), MSG.stockAdjusted);
    },
  );

  app.get(
    "/admin/stock/movements",
    {
      schema: {
        tags: ["admin"],
        description: "Every stock movement, newest first: orders, cancellations, adjustments; who, when, why.",
        querystring: stockMovementsQuery,
        response: { 200: pagedEnvelope(stockMovement) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await service.stockHistory(app.db, request.user!, request.query);
      return okPage(rows.map(toApiStockMovement), { page, limit, total }, MSG.stockMovementsListed);
    },
  );
};
