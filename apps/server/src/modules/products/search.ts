import { type SQL, sql } from "drizzle-orm";
import { products } from "../../db/schema.ts";

/** Longer queries are cut to their first words: enough for a product name, bounded in cost. */
const MAX_WORDS = 6;

/** Folds accents and case and keeps letters and digits: "Téléphone, iPhône 13!" → ["telephone", "iphone", "13"]. */
export function searchWords(q: string): string[] {
  return q
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/**
 * Every word must match, either through French full-text search (stemmed, as a prefix, so
 * a word being typed already matches) over name, brand, category and description, or
 * through trigram similarity with the name, brand and category (so "samsng" finds Samsung).
 * Words reach the database only as bound parameters.
 */
export function searchCondition(words: string[]): SQL {
  const perWord = words.map(
    (w) => sql`(${products.searchVector} @@ to_tsquery('french', ${`${w}:*`}) or ${w} <% ${products.searchText})`,
  );
  return sql.join(perWord, sql` and `);
}

/** Best first: full-text rank of all words plus how closely the whole query resembles the name. */
export function searchRank(words: string[]): SQL<number> {
  const anyWord = words.map((w) => `${w}:*`).join(" | ");
  return sql<number>`(ts_rank(${products.searchVector}, to_tsquery('french', ${anyWord})) + word_similarity(${words.join(" ")}, ${products.searchText}))`;
}
