import path from "node:path";
import {
  adminPayment,
  envelope,
  MSG,
  pagedEnvelope,
  pageQuery,
  paymentParams,
  paymentRejectInput,
  paymentToVerify,
} from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, okPage } from "../../lib/envelope.ts";
import { notFound } from "../../lib/errors.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { recordFileRead } from "../audit/audit.service.ts";
import { sendPrivateFile } from "../orders/files.ts";
import { toApiAdminPayment } from "./payments.mapper.ts";
import * as service from "./payments.service.ts";

/** The back-office's 'À vérifier' queue (decision 026): ADMIN and SUPERADMIN only. */
export const adminPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin(app));

  app.get(
    "/admin/payments",
    {
      schema: {
        tags: ["admin"],
        description:
          "'À vérifier': transfers declared by customers and online payments that did not match, oldest first.",
        querystring: pageQuery,
        response: { 200: pagedEnvelope(paymentToVerify) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await service.paymentsToVerify(app.db, page, limit);
      return okPage(rows, { page, limit, total }, MSG.paymentsToVerifyListed);
    },
  );

  app.post(
    "/admin/payments/:id/approve",
    { schema: { tags: ["admin"], params: paymentParams, response: { 200: envelope(adminPayment) } } },
    async (request) =>
      ok(
        toApiAdminPayment(await service.approvePayment(app.db, staffOf(request), request.params.id)),
        MSG.paymentApproved,
      ),
  );

  app.post(
    "/admin/payments/:id/reject",
    {
      schema: {
        tags: ["admin"],
        params: paymentParams,
        body: paymentRejectInput,
        response: { 200: envelope(adminPayment) },
      },
    },
    async (request) =>
      ok(
        toApiAdminPayment(
          await service.rejectPayment(app.db, staffOf(request), request.params.id, request.body.reason),
        ),
        MSG.paymentRejected,
      ),
  );

  app.get(
    "/admin/payments/:id/screenshot",
    { schema: { tags: ["admin"], params: paymentParams, produces: ["application/octet-stream"] } },
    async (request, reply) => {
      const file = await service.screenshotOf(app.db, request.params.id);
      const stored = await app.files.get(service.screenshotKey(file.storedName));
      if (!stored) throw notFound(MSG.paymentScreenshotNotFound);
      await recordFileRead(app.db, staffOf(request), {
        entity: "order",
        entityId: file.reference,
        file: `capture du transfert ${request.params.id}`,
      });
      return sendPrivateFile(reply, stored, `transfert${path.extname(file.storedName)}`, file.type);
    },
  );
};
