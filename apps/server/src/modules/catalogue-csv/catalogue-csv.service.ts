import { pipeline, Readable } from "node:stream";
import { type CatalogueExportQuery, type CataloguePreview, CSV_SEPARATORS } from "@shop/shared";
import { type Stringifier, stringify } from "csv-stringify";
import type { Db } from "../../db/client.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { catalogueBatches } from "../products/catalogue-rows.service.ts";
import { csvHeader, toApiPreview, toCsvRows } from "./catalogue-csv.mapper.ts";
import { readCatalogueCsv } from "./catalogue-csv.parse.ts";
import { keepPreview } from "./catalogue-import.service.ts";

type Viewer = Pick<UserRow, "id" | "role" | "name">;

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
 * What importing this file would do, without writing any product: the file read (or refused
 * whole), compared with the shop's products it names and the shop's categories, and kept as
 * the admin's import for its confirmation (catalogue-import.service.ts).
 */
export async function previewImport(
  db: Db,
  viewer: Viewer,
  file: { name: string; bytes: Buffer },
  ownOrigins: readonly string[],
): Promise<CataloguePreview> {
  return keepPreview(db, viewer, file.name, readCatalogueCsv(file.bytes), ownOrigins, toApiPreview);
}
