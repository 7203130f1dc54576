import {
  cashChoiceInput,
  envelope,
  MSG,
  mobileMoneyPaymentInput,
  orderPayment,
  orderPaymentQuery,
  orderReference,
  payment,
  paymentParams,
  paymentPoll,
} from "@shop/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok } from "../../lib/envelope.ts";
import { AppError } from "../../lib/errors.ts";
import { toApiPayment } from "./payments.mapper.ts";
import * as service from "./payments.service.ts";
import { readTransferForm } from "./transfer-form.ts";

const referenceParams = z.strictObject({ reference: orderReference });
/** Webhook bodies are small JSON documents. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * Paying an order (decision 026): the customer's calls and the provider's webhook, on the
 * payments' engine chosen at start (payments.plugin.ts).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const ctx = app.payments;
  const rateLimit = { max: config.orderStatusRateLimit.max, timeWindow: config.orderStatusRateLimit.windowMs };
  const accessOf = (request: FastifyRequest, body: { contactPhone?: string; token?: string }) => ({
    userId: request.user?.id ?? null,
    contactPhone: body.contactPhone,
    token: body.token,
  });

  app.post(
    "/orders/:reference/payment",
    {
      onRequest: app.identify,
      config: { rateLimit },
      schema: {
        tags: ["payments"],
        description: "The payment screen of an order: its total, whether it can be paid, its attempts.",
        params: referenceParams,
        body: orderPaymentQuery,
        response: { 200: envelope(orderPayment) },
      },
    },
    async (request) => {
      const row = await service.orderWithAccess(
        app.db,
        ctx.tokenSecret,
        request.params.reference,
        accessOf(request, request.body),
      );
      return ok(await service.orderPayment(ctx, row), MSG.paymentFound);
    },
  );

  app.post(
    "/orders/:reference/payments",
    {
      onRequest: app.identify,
      config: { rateLimit },
      schema: {
        tags: ["payments"],
        description:
          "Charges the order's total (never an amount from the client) to an MTN or Orange number: 201 with the new attempt, 200 with the one already in progress.",
        params: referenceParams,
        body: mobileMoneyPaymentInput,
        response: { 200: envelope(payment), 201: envelope(payment) },
      },
    },
    async (request, reply) => {
      const { operator, phone } = request.body;
      const { attempt, created } = await service.startMobileMoney(
        ctx,
        request.params.reference,
        accessOf(request, request.body),
        { operator, phone },
      );
      if (attempt.state === "failed" && created) throw new AppError(502, MSG.paymentProviderDown);
      return reply
        .status(created ? 201 : 200)
        .send(ok(toApiPayment(attempt), created ? MSG.paymentStarted : MSG.paymentInProgress));
    },
  );

  app.get(
    "/payments/:id",
    {
      schema: {
        tags: ["payments"],
        description: "The waiting screen's poll; reads the provider while the attempt is pending.",
        params: paymentParams,
        response: { 200: envelope(paymentPoll) },
      },
    },
    async (request, reply) => {
      const { attempt, order } = await service.pollPayment(ctx, request.params.id);
      reply.header("cache-control", "no-store");
      return ok(
        {
          ...toApiPayment(attempt),
          orderReference: order.reference,
          orderPaid: order.status === "payée" || order.status === "livrée",
          payToken: app.payToken(order.reference),
        },
        MSG.paymentFound,
      );
    },
  );

  app.post(
    "/orders/:reference/transfer",
    {
      onRequest: app.identify,
      config: { rateLimit },
      schema: {
        tags: ["payments"],
        description:
          "multipart/form-data: operator, transactionId, contactPhone or token, and an optional `screenshot` (JPEG, PNG, WebP, HEIC or PDF). The order's total waits in 'À vérifier'.",
        consumes: ["multipart/form-data"],
        params: referenceParams,
        response: { 201: envelope(payment) },
      },
    },
    async (request, reply) => {
      const { input, screenshot } = await readTransferForm(request);
      const attempt = await service.declareTransfer(
        ctx,
        request.params.reference,
        accessOf(request, input),
        { operator: input.operator, transactionId: input.transactionId },
        screenshot,
      );
      return reply.status(201).send(ok(toApiPayment(attempt), MSG.transferDeclared));
    },
  );

  app.post(
    "/orders/:reference/cash",
    {
      onRequest: app.identify,
      config: { rateLimit },
      schema: {
        tags: ["payments"],
        description: "Pay on delivery: recorded on the order.",
        params: referenceParams,
        body: cashChoiceInput,
        response: { 200: envelope(orderPayment) },
      },
    },
    async (request) => {
      const row = await service.chooseCash(ctx, request.params.reference, accessOf(request, request.body));
      return ok(await service.orderPayment(ctx, row), MSG.cashChosen);
    },
  );

  // The provider's notifications: the raw body is what is signed, so it is kept as bytes.
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    hooks.post(
      "/payments/webhooks/notchpay",
      { schema: { tags: ["payments"], description: "Notch Pay's webhooks, signed in x-notch-signature." } },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await service.receiveWebhook(ctx, raw, request.headers);
        if (result === "refused") throw new AppError(401, MSG.webhookSignatureInvalid);
        return reply.send(ok(null, MSG.webhookReceived));
      },
    );
  });
};
