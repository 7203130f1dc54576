import {
  adminVariantStock,
  envelope,
  MSG,
  pagedEnvelope,
  productIdParams,
  stockAdjustInput,
  stockAlert,
  stockAlertInput,
  stockAlertParams,
  stockMovement,
  stockMovementsQuery,
} from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok, okPage } from "../../lib/envelope.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { objectionKeys, stopPromotionsUrl } from "../privacy/objections.service.ts";
import * as alerts from "./alerts.service.ts";
import { toApiStockAlert, toApiStockMovement, toApiVariantStock } from "./stock.mapper.ts";
import * as service from "./stock.service.ts";

/** 'Prévenez-moi', for any visitor: rate-limited like the other forms anyone can send. */
export const stockAlertRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const rateLimit = { max: config.contactRateLimit.max, timeWindow: config.contactRateLimit.windowMs };
  app.post(
    "/stock-alerts",
    {
      config: { rateLimit },
      schema: {
        tags: ["catalogue"],
        description: "A visitor's number to be told when a sold-out variant is back (409 when it can be bought now).",
        body: stockAlertInput,
        response: { 201: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      await alerts.askForStockAlert(app.db, request.body);
      return reply.status(201).send(ok(null, MSG.stockAlertSaved));
    },
  );
};

/** The back-office's stock (decision 024): ADMIN for its own products, SUPERADMIN for any. */
export const adminStockRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.addHook("onRequest", requireAdmin(app));
  const keys = objectionKeys(config.token.secret, config.publicUrl);

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
      const { row, shownChanged } = await service.adjustStock(app.db, staffOf(request), request.body);
      if (shownChanged) await app.catalogueChanged();
      return ok(toApiVariantStock(row), MSG.stockAdjusted);
    },
  );

  app.get(
    "/admin/stock/alerts",
    {
      schema: {
        tags: ["admin"],
        description: "Visitors waiting for a variant that can be bought again, oldest first.",
        response: { 200: envelope(z.array(stockAlert)) },
      },
    },
    async (request) =>
      ok(
        (await alerts.alertsToSend(app.db, request.user!, keys)).map((a) =>
          toApiStockAlert(a, stopPromotionsUrl(keys, a.alert.phone, `${request.protocol}://${request.host}`)),
        ),
        MSG.stockAlertsListed,
      ),
  );

  app.post(
    "/admin/stock/alerts/:id/notified",
    {
      schema: {
        tags: ["admin"],
        description: "The admin told the visitor: the request leaves the list.",
        params: stockAlertParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await alerts.markAlertNotified(app.db, staffOf(request), request.params.id);
      return ok(null, MSG.stockAlertNotified);
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
