import { Readable } from "node:stream";
import {
  envelope,
  historyParams,
  journalFilters,
  journalLine,
  journalPage,
  journalQuery,
  journalVerdict,
  MSG,
} from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope.ts";
import { forbidden } from "../../lib/errors.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { csvRecord, JOURNAL_CSV_HEADER, toApiJournalLine, toJournalCsvRow } from "./audit.mapper.ts";
import { historyOf, journalLines, journalPage as readJournalPage } from "./journal.service.ts";

/** The 'Journal' and the histories of the back-office (decision 038). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin(app));
  // The whole log is the SUPERADMIN's: it names every admin's changes and every customer's.
  const superAdminOnly = async (request: { user?: { role: string } | null }) => {
    if (request.user?.role !== "SUPERADMIN") throw forbidden(MSG.journalSuperAdminOnly);
  };

  app.get(
    "/admin/journal",
    {
      preHandler: superAdminOnly,
      schema: {
        tags: ["admin"],
        description:
          "The audit log, newest first (SUPERADMIN): filtered by person, entity and id, action, days (Africa/Douala); `next` is the `before` of the next page.",
        querystring: journalQuery,
        response: { 200: envelope(journalPage) },
      },
    },
    async (request) => {
      const { rows, next } = await readJournalPage(app.db, request.query);
      return ok({ lines: rows.map(toApiJournalLine), next }, MSG.journalListed);
    },
  );

  app.get(
    "/admin/journal/export",
    {
      preHandler: superAdminOnly,
      schema: {
        tags: ["admin"],
        description: "Every line the filters keep, as CSV (UTF-8, ';'), newest first.",
        querystring: journalFilters,
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      const filters = request.query;
      const db = app.db;
      async function* csv() {
        yield `\uFEFF${csvRecord(JOURNAL_CSV_HEADER)}`; // the mark tells spreadsheets it is UTF-8
        for await (const row of journalLines(db, filters)) yield csvRecord(toJournalCsvRow(row));
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .headers({
          "content-disposition": `attachment; filename="journal-${day}.csv"`,
          "cache-control": "private, no-store",
        })
        .send(Readable.from(csv()));
    },
  );

  app.get(
    "/admin/journal/verify",
    {
      preHandler: superAdminOnly,
      schema: {
        tags: ["admin"],
        description:
          "Recomputes the chain of hashes, then compares it with its head kept outside the database: intact, or the first line changed or removed (the last lines removed together included).",
        response: { 200: envelope(journalVerdict) },
      },
    },
    async () => {
      const verdict = await app.auditCheckpoint.verify();
      const message = verdict.intact
        ? MSG.journalIntact
        : verdict.checkpoint?.state === "forged" && verdict.firstBroken === null
          ? MSG.journalCheckpointForged
          : MSG.journalBroken;
      return ok(verdict, message);
    },
  );

  app.get(
    "/admin/history/:entity/:id",
    {
      schema: {
        tags: ["admin"],
        description:
          "The last 200 lines of one product (its ADMIN, or a SUPERADMIN) or one order (by reference; every admin), newest first.",
        params: historyParams,
        response: { 200: envelope(z.array(journalLine)) },
      },
    },
    async (request) => {
      const { entity, id } = request.params;
      return ok((await historyOf(app.db, request.user!, entity, id)).map(toApiJournalLine), MSG.historyListed);
    },
  );
};
