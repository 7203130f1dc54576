import {
  CATALOGUE_PREVIEW_FIRST,
  CATALOGUE_PREVIEW_REFUSED_MAX,
  type CatalogueImport,
  type CataloguePreview,
  MAX_PRODUCT_OPTIONS,
} from "@shop/shared";
import type { CatalogueImportRow } from "../../db/schema/catalogue-csv.ts";
import { absolute } from "../../lib/public-url.ts";
import type { CatalogueProduct } from "../products/catalogue-rows.service.ts";
import { exportHeaders, neutralise } from "./catalogue-csv.columns.ts";
import type { ImportPlan } from "./catalogue-csv.parse.ts";

/**
 * A product as the export's rows (decision 047), in exportHeaders()'s order: one row per
 * variant, the product's fields and option names on the first, its images one per row (more
 * rows, with only the handle and the picture, when it has more images than variants). Every
 * cell goes through the formula guard; image URLs are absolute under `origin`.
 */
export function toCsvRows(product: CatalogueProduct, origin: string): string[][] {
  const url = (path: string) => absolute(path, origin);
  const count = Math.max(product.variants.length, product.productImage.length, 1);
  const rows: string[][] = [];
  for (let i = 0; i < count; i++) {
    const first = i === 0;
    const variant = product.variants[i];
    const image = product.productImage[i];
    const options = Array.from({ length: MAX_PRODUCT_OPTIONS }, (_, k) => [
      first ? (product.options[k]?.name ?? "") : "",
      variant?.optionValues[k] ?? "",
    ]).flat();
    rows.push(
      [
        product.handle,
        first ? product.productName : "",
        first ? product.description : "",
        first ? product.brandName : "",
        first ? product.category : "",
        first ? (product.hidden ? "draft" : "active") : "",
        ...options,
        variant?.sku ?? "",
        variant ? String(variant.sellingPrice) : "",
        variant ? String(variant.price) : "",
        variant?.stock != null ? String(variant.stock) : "",
        variant ? variant.images.map(url).join(" ") : "",
        image ? url(image) : "",
        image ? String(i + 1) : "",
      ].map(neutralise),
    );
  }
  return rows;
}

export const csvHeader = () => exportHeaders();

/** The preview's answer: whole counts, the first products of each kind, the refused lines up to a bound. */
export function toApiPreview(plan: ImportPlan, importId: string): CataloguePreview {
  const of = (action: "create" | "update" | "unchanged") => plan.products.filter((p) => p.action === action);
  const create = of("create");
  const update = of("update");
  const unchanged = of("unchanged");
  return {
    counts: {
      rows: plan.rows,
      create: create.length,
      update: update.length,
      unchanged: unchanged.length,
      refused: plan.refusedProducts,
      refusedLines: plan.refused.length,
    },
    separator: plan.separator,
    encoding: plan.encoding,
    create: create.slice(0, CATALOGUE_PREVIEW_FIRST),
    update: update.slice(0, CATALOGUE_PREVIEW_FIRST),
    unchanged: unchanged.slice(0, CATALOGUE_PREVIEW_FIRST),
    refused: plan.refused.slice(0, CATALOGUE_PREVIEW_REFUSED_MAX),
    importId,
  };
}

/** An import's row to the API's shape: its progress and report. */
export function toApiImport(row: CatalogueImportRow): CatalogueImport {
  return {
    _id: row.id,
    state: row.state,
    fileName: row.fileName,
    total: row.total,
    done: row.done,
    counts: row.counts as CatalogueImport["counts"],
    report: row.report as CatalogueImport["report"],
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
