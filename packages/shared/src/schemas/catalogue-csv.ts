import { z } from "zod";
import { FIELD_MSG } from "../messages.ts";
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
});
export type CataloguePreview = z.infer<typeof cataloguePreview>;
