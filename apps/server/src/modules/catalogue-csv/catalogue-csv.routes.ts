import { CATALOGUE_CSV_MAX_BYTES, catalogueExportQuery, cataloguePreview, envelope, MSG } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import { badRequest, payloadTooLarge } from "../../lib/errors.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { exportCatalogue, previewImport } from "./catalogue-csv.service.ts";

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
          "What importing this CSV (multipart, one file, 10 MB and 20,000 rows at most) would do: products to create, to update (found by SKU, then by handle), unchanged, and the refused lines with their reasons. Nothing is written.",
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
      return ok(await previewImport(app.db, request.user!, bytes, request.ownOrigins), MSG.cataloguePreviewed);
    },
  );
};
