import {
  CATALOGUE_CSV_MAX_BYTES,
  catalogueExportQuery,
  catalogueImport,
  catalogueImportParams,
  cataloguePreview,
  envelope,
  MSG,
} from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { enqueue } from "../../jobs/queue.ts";
import { ok } from "../../lib/envelope.ts";
import { badRequest, payloadTooLarge } from "../../lib/errors.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { toApiImport } from "./catalogue-csv.mapper.ts";
import { exportCatalogue, previewImport } from "./catalogue-csv.service.ts";
import { CATALOGUE_IMPORT_JOB, importOf, latestImport, startImport } from "./catalogue-import.service.ts";

/** "produits-2026-11-28.csv": the day of the export, in the shop's time zone (Yaoundé, UTC+1). */
const fileName = (now = new Date()) =>
  `produits-${new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Douala" }).format(now)}.csv`;

/** The catalogue as a CSV file, out and (previewed) in (decision 047). ADMIN and SUPERADMIN only. */
export const catalogueCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin(app));

  app.get(
    "/admin/products/export.csv",
    {
      schema: {
        tags: ["products"],
        description:
          "The products the grid shows with the same filters (all pages; an ADMIN's own, every one for a SUPERADMIN; hidden ones marked draft, archived ones never) as Shopify's product CSV, one row per variant, streamed. `separator`: semicolon (default, French Excel) or comma.",
        querystring: catalogueExportQuery,
      },
    },
    async (request, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName()}"`)
        .send(exportCatalogue(app.db, request.user!, request.query, request.imageOrigin)),
  );

  app.post(
    "/admin/products/import/preview",
    {
      schema: {
        tags: ["products"],
        consumes: ["multipart/form-data"],
        description:
          "What importing this CSV (multipart, one file, 10 MB and 20,000 rows at most) would do: products to create, to update (found by SKU, then by handle), unchanged, and the refused lines with their reasons. No product is written: the file is kept as the admin's import (`importId`) for its confirmation.",
        response: { 200: envelope(cataloguePreview) },
      },
    },
    async (request) => {
      const file = await request.file({ limits: { fileSize: CATALOGUE_CSV_MAX_BYTES, files: 1 } });
      if (!file) throw badRequest(MSG.csvFileMissing);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw payloadTooLarge(MSG.csvTooLarge);
        throw error;
      }
      return ok(
        await previewImport(app.db, request.user!, { name: file.filename, bytes }, request.ownOrigins),
        MSG.cataloguePreviewed,
      );
    },
  );

  app.post(
    "/admin/products/import/:id/apply",
    {
      schema: {
        tags: ["products"],
        description:
          "'Confirmer l'import' (decision 047): the previewed import is applied by a background job, one transaction per product, pictures fetched; follow it with GET …/import/:id. Only its maker confirms it, once (409 after).",
        params: catalogueImportParams,
        response: { 202: envelope(catalogueImport) },
      },
    },
    async (request, reply) => {
      const row = await startImport(app.db, staffOf(request), request.params.id, (tx, importId) =>
        enqueue(tx, {
          kind: CATALOGUE_IMPORT_JOB,
          payload: { importId },
          uniqueKey: `${CATALOGUE_IMPORT_JOB}:${importId}`,
        }),
      );
      return reply.status(202).send(ok(toApiImport(row), MSG.importStarted));
    },
  );

  app.get(
    "/admin/products/import/latest",
    {
      schema: {
        tags: ["products"],
        description:
          "The admin's last import, previewed, running or ended (null when none): the page follows it after a reload.",
        response: { 200: envelope(catalogueImport.nullable()) },
      },
    },
    async (request) => {
      const row = await latestImport(app.db, request.user!);
      return ok(row ? toApiImport(row) : null, row ? MSG.importShown : MSG.importNone);
    },
  );

  app.get(
    "/admin/products/import/:id",
    {
      schema: {
        tags: ["products"],
        description: "One of the admin's imports: its state, progress (`done` of `total` products) and report.",
        params: catalogueImportParams,
        response: { 200: envelope(catalogueImport) },
      },
    },
    async (request) => ok(toApiImport(await importOf(app.db, request.user!, request.params.id)), MSG.importShown),
  );
};
