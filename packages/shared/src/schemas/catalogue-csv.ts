import { z } from "zod";
import { FIELD_MSG } from "../messages.ts";
import { id, isoDate } from "./common.ts";
import { adminProductsQuery } from "./products.ts";

/*
 * The catalogue as a CSV file (decision 047): Shopify's product columns, one row per variant,
 * exported by GET /api/admin/products/export.csv and read back by the import, whose preview
 * (POST /api/admin/products/import/preview) says what the file would create, update or refuse.
 */

/** What a French Excel or LibreOffice opens by a double click: `;` (the comma is the decimal mark). */
export const CSV_SEPARATORS = { semicolon: ";", comma: "," } as const;
export type CsvSeparator = keyof typeof CSV_SEPARATORS;

/** The largest file an import reads, and its most rows (header excluded). */
export const CATALOGUE_CSV_MAX_BYTES = 10 * 1024 * 1024;
export const CATALOGUE_CSV_MAX_ROWS = 20_000;
/** How many products of each kind the preview lists (the counts are whole). */
export const CATALOGUE_PREVIEW_FIRST = 50;
/** How many refused lines the preview lists. */
export const CATALOGUE_PREVIEW_REFUSED_MAX = 500;

/** The grid's filters (the export holds what the grid shows, on every page), and the separator. */
export const catalogueExportQuery = adminProductsQuery.omit({ page: true, limit: true }).extend({
  separator: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["semicolon", "comma"], { error: FIELD_MSG.filterInvalid }).default("semicolon"),
  ),
});
export type CatalogueExportQuery = z.infer<typeof catalogueExportQuery>;

/** One variant as an import would write it; `variantId` names the one it updates. */
export const plannedVariant = z.object({
  variantId: z.string().nullable(),
  sku: z.string().nullable(),
  optionValues: z.array(z.string()),
  price: z.number().int(),
  sellingPrice: z.number().int(),
  /** null: not tracked. */
  stock: z.number().int().nullable(),
  images: z.array(z.string()),
  /** The file's line it comes from (the header is line 1). */
  line: z.number().int(),
});
export type PlannedVariant = z.infer<typeof plannedVariant>;

/**
 * One product of the file and what an import does with it: a serialisable plan that the apply
 * step takes as it is. Images are as stored (our own as paths, others as the file's URLs, to fetch).
 */
export const plannedProduct = z.object({
  action: z.enum(["create", "update", "unchanged"]),
  /** The product it updates; null for a creation. */
  productId: z.string().nullable(),
  handle: z.string(),
  /** The file's first line of the product. */
  line: z.number().int(),
  productName: z.string(),
  brandName: z.string(),
  category: z.string(),
  description: z.string(),
  hidden: z.boolean(),
  productImage: z.array(z.string()),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(plannedVariant),
  /** For an update: the fields that change ("productName", "variants"…). */
  changes: z.array(z.string()),
});
export type PlannedProduct = z.infer<typeof plannedProduct>;

/** A line the import leaves out, and why (its whole product is left out with it). */
export const refusedLine = z.object({ line: z.number().int(), handle: z.string(), reason: z.string() });
export type RefusedLine = z.infer<typeof refusedLine>;

export const cataloguePreview = z.object({
  /** Products, not lines; `refused` counts the products left out. `refusedLines` every refused line. */
  counts: z.object({
    rows: z.number().int(),
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
    refusedLines: z.number().int(),
  }),
  separator: z.enum(["semicolon", "comma"]),
  encoding: z.enum(["utf-8", "windows-1252"]),
  create: z.array(plannedProduct),
  update: z.array(plannedProduct),
  unchanged: z.array(plannedProduct),
  refused: z.array(refusedLine),
  /** The import this preview keeps, for 'Confirmer l'import' (POST …/import/:id/apply). */
  importId: z.string(),
});
export type CataloguePreview = z.infer<typeof cataloguePreview>;

/** An import's life: previewed (kept for its confirmation), waiting for a server, running, ended. */
export const CATALOGUE_IMPORT_STATES = ["previewed", "waiting", "running", "done", "failed"] as const;
export type CatalogueImportState = (typeof CATALOGUE_IMPORT_STATES)[number];
/** The most lines an import's report names of each kind (its counts are whole). */
export const CATALOGUE_REPORT_MAX = 500;

/** A picture of the file the server could not take, and why: the product is kept without it. */
export const imageFailure = z.object({
  line: z.number().int(),
  handle: z.string(),
  url: z.string(),
  reason: z.string(),
});
export type ImageFailure = z.infer<typeof imageFailure>;

/** What an import did so far: products by outcome, lines refused or failed, pictures not taken. */
export const catalogueImportReport = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Products left out: refused by the file's rules, or whose write failed. */
  refused: z.number().int(),
  failures: z.array(refusedLine),
  images: z.array(imageFailure),
});
export type CatalogueImportReport = z.infer<typeof catalogueImportReport>;

export const catalogueImport = z.object({
  _id: z.string(),
  state: z.enum(CATALOGUE_IMPORT_STATES),
  fileName: z.string(),
  /** Products of the file, and how many are handled: the progress bar. */
  total: z.number().int(),
  done: z.number().int(),
  counts: cataloguePreview.shape.counts,
  report: catalogueImportReport,
  createdAt: isoDate,
  startedAt: isoDate.nullable(),
  finishedAt: isoDate.nullable(),
});
export type CatalogueImport = z.infer<typeof catalogueImport>;

export const catalogueImportParams = z.object({ id });
