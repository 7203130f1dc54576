import { pipeline, Readable } from "node:stream";
import { type CatalogueExportQuery, type CataloguePreview, CSV_SEPARATORS } from "@shop/shared";
import { type Stringifier, stringify } from "csv-stringify";
import type { Db } from "../../db/client.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { adminCategories } from "../categories/categories.service.ts";
import { catalogueBatches, productsNamedBy } from "../products/catalogue-rows.service.ts";
import { csvHeader, toApiPreview, toCsvRows } from "./catalogue-csv.mapper.ts";
import { planCatalogueImport, readCatalogueCsv } from "./catalogue-csv.parse.ts";

type Viewer = Pick<UserRow, "id" | "role">;

/**
 * The catalogue the grid shows with these filters as a CSV stream (decision 047): read 500
 * products at a time and written as they come, so that no catalogue is ever one string in
 * memory. UTF-8 with its BOM, which Excel needs to read the accents; CRLF line ends, as Excel writes.
 */
export function exportCatalogue(db: Db, viewer: Viewer, query: CatalogueExportQuery, origin: string): Stringifier {
  const { separator, sort: _sort, ...filter } = query;
  async function* rows() {
    yield csvHeader();
    for await (const batch of catalogueBatches(db, viewer, filter)) {
      for (const product of batch) yield* toCsvRows(product, origin);
    }
  }
  const csv = stringify({ delimiter: CSV_SEPARATORS[separator], bom: true, record_delimiter: "windows" });
  // A failed read cuts the download (never a silently short file); a client gone stops the reads.
  pipeline(Readable.from(rows()), csv, () => {});
  return csv;
}

/**
 * What importing this file would do, without writing anything: the file read (or refused
 * whole), then compared with the shop's products it names and the shop's categories.
 */
export async function previewImport(
  db: Db,
  viewer: Viewer,
  bytes: Buffer,
  ownOrigins: readonly string[],
): Promise<CataloguePreview> {
  const read = readCatalogueCsv(bytes);
  const handles = [...new Set(read.products.map((p) => p.handle).filter(Boolean))];
  const skus = [...new Set(read.products.flatMap((p) => p.variants.flatMap((v) => (v.sku ? [v.sku] : []))))];
  const [existing, categories] = await Promise.all([productsNamedBy(db, { handles, skus }), adminCategories(db)]);
  const plan = planCatalogueImport(read, {
    viewer,
    categories: categories.map((c) => c.name),
    existing,
    ownOrigins,
  });
  return toApiPreview(plan);
}
