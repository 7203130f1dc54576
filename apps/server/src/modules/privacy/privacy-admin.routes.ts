import {
  adminPrivacyRequest,
  envelope,
  id,
  MSG,
  privacyAnswerInput,
  privacyRegister as privacyRegisterSchema,
  privacyRequestsQuery,
  processingActivity,
  processingActivityInput,
  retentionInput,
  retentionState,
} from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok } from "../../lib/envelope.ts";
import { forbidden } from "../../lib/errors.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { recordFileRead } from "../audit/audit.service.ts";
import { personalArchive } from "./archive.ts";
import { privacyRegister } from "./notice.service.ts";
import { objectionKeys, objectionOf } from "./objections.service.ts";
import { toMyData } from "./personal-data.mapper.ts";
import { filesOf, guestDataOf } from "./personal-data.service.ts";
import { registerOf, toProcessingActivity, updateActivity } from "./register.service.ts";
import { answerRequest, requestById, requestsFor, toAdminRequest } from "./requests.service.ts";
import { lastRetentionRun, retentionSettings, saveRetention } from "./retention.service.ts";

/**
 * 'Données personnelles' (decision 041), the SUPERADMIN's: the requests of customers without an
 * account and their answers, the retention settings, the register of processing.
 */
export const privacyAdminRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const keys = objectionKeys(config.token.secret, config.publicUrl);
  // The register's default lines, there before anyone reads it (idempotent across servers).
  app.addHook("onReady", async () => {
    await registerOf(app.db);
  });
  app.addHook("onRequest", requireAdmin(app));
  // Every customer's data is in here: the owner's alone, as the Journal.
  app.addHook("preHandler", async (request) => {
    if (request.user?.role !== "SUPERADMIN") throw forbidden(MSG.privacySuperAdminOnly);
  });
  const params = z.object({ id });

  app.get(
    "/admin/privacy-requests",
    {
      schema: {
        tags: ["admin", "privacy"],
        description:
          "Requests about personal data: still to answer, oldest due first (show=open), or all, newest first.",
        querystring: privacyRequestsQuery,
        response: { 200: envelope(z.array(adminPrivacyRequest)) },
      },
    },
    async (request) =>
      ok(
        (await requestsFor(app.db, request.query.show)).map((r) => toAdminRequest(r)),
        MSG.privacyRequestsListed,
      ),
  );

  app.get(
    "/admin/privacy-requests/:id/archive",
    {
      schema: {
        tags: ["admin", "privacy"],
        description:
          "The requesting customer's data as 'Mes données' gives it (zip: donnees.json, donnees.html, fichiers/): every order placed with the request's number. Written in the audit log.",
        params,
      },
    },
    async (request, reply) => {
      const listed = await requestById(app.db, request.params.id);
      const phone = listed.request.phone;
      const data = await guestDataOf(app.db, phone ?? "", listed.request.id);
      const promotions = phone ? await objectionOf(app.db, keys, [phone]) : { objected: false, since: null };
      const exported = toMyData(data, promotions);
      await recordFileRead(app.db, staffOf(request), {
        entity: "privacy",
        entityId: listed.request.id,
        file: "archive",
      });
      return reply
        .type("application/zip")
        .header(
          "content-disposition",
          `attachment; filename="donnees-${listed.request.reference}-${exported.exportedAt.slice(0, 10)}.zip"`,
        )
        .send(personalArchive(exported, filesOf(data), app.files));
    },
  );

  app.post(
    "/admin/privacy-requests/:id/answer",
    {
      schema: {
        tags: ["admin", "privacy"],
        description:
          "Answers a request once: done (an erasure anonymises every order of the number — 409 while one is open or being paid —, an objection stops messages to it) or refused, with the reason.",
        params,
        body: privacyAnswerInput,
        response: { 200: envelope(adminPrivacyRequest) },
      },
    },
    async (request) => {
      const { answered, ordersAnonymised } = await answerRequest(
        { db: app.db, files: app.files, keys },
        staffOf(request),
        request.params.id,
        request.body,
      );
      return ok(
        toAdminRequest(answered),
        ordersAnonymised === null ? MSG.privacyRequestAnswered : MSG.privacyRequestErased(ordersAnonymised),
      );
    },
  );

  app.get(
    "/admin/privacy/retention",
    {
      schema: {
        tags: ["admin", "privacy"],
        description: "How long each kind of personal data is kept, and the daily job's last run.",
        response: { 200: envelope(retentionState) },
      },
    },
    async () =>
      ok({ settings: await retentionSettings(app.db), lastRun: await lastRetentionRun(app.db) }, MSG.retentionListed),
  );

  app.put(
    "/admin/privacy/retention",
    {
      schema: {
        tags: ["admin", "privacy"],
        description: "Changes some durations (each within its bounds; closed orders ten years at least).",
        body: retentionInput,
        response: { 200: envelope(retentionState) },
      },
    },
    async (request) => {
      const settings = await saveRetention(app.db, staffOf(request), request.body);
      // 'Confidentialité' is a cached page that states these durations.
      await app.catalogueChanged();
      return ok({ settings, lastRun: await lastRetentionRun(app.db) }, MSG.retentionSaved);
    },
  );

  app.get(
    "/admin/privacy/register",
    {
      schema: {
        tags: ["admin", "privacy"],
        description: "The register of processing, printable for the authority.",
        response: { 200: envelope(privacyRegisterSchema) },
      },
    },
    async () => ok(await privacyRegister(app.db, config), MSG.registerListed),
  );

  app.put(
    "/admin/privacy/register/:id",
    {
      schema: {
        tags: ["admin", "privacy"],
        description:
          "Rewords one line of the register. In its retention, `{closedOrdersYears}` and the other settings' names stand for their current value.",
        params,
        body: processingActivityInput,
        response: { 200: envelope(processingActivity) },
      },
    },
    async (request) => {
      const retention = await retentionSettings(app.db);
      const row = await updateActivity(app.db, staffOf(request), request.params.id, request.body, retention);
      await app.catalogueChanged();
      return ok(toProcessingActivity(row, retention), MSG.registerSaved);
    },
  );
};
