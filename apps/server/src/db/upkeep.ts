import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/**
 * The embedded database's upkeep (decision 049). PGlite runs no autovacuum: the dead rows every
 * update leaves (a stock change rewrites its product's row, decision 044) and statistics that
 * no longer match the tables would slow every read as the shop lives, and most after an import
 * of thousands of products. `VACUUM (ANALYZE)` does what PostgreSQL's autovacuum does by itself,
 * so on PostgreSQL the upkeep leaves it to it.
 */

/** The daily job's kind. */
export const UPKEEP_JOB = "database-upkeep";

/** What a catalogue import rewrites: vacuumed once it is done. */
export const CATALOGUE_TABLES = ["products", "product_variants", "search_lexicon"] as const;

export interface UpkeepReport {
  /** Null: left to PostgreSQL's autovacuum. */
  vacuumed: readonly string[] | "all" | null;
  ms: number;
}

/** Vacuums and analyses `tables` (all the database's by default) on PGlite; nothing on PostgreSQL. */
export async function upkeep(
  database: Pick<Database, "db" | "kind">,
  tables?: readonly (typeof CATALOGUE_TABLES)[number][],
): Promise<UpkeepReport> {
  if (database.kind !== "pglite") return { vacuumed: null, ms: 0 };
  const started = performance.now();
  // Outside a transaction (VACUUM refuses one); the names are this file's constants, never input.
  await database.db.execute(sql.raw(tables ? `VACUUM (ANALYZE) ${tables.join(", ")}` : "VACUUM (ANALYZE)"));
  return { vacuumed: tables ?? "all", ms: Math.round(performance.now() - started) };
}
