import { type SQL, sql } from "drizzle-orm";
import { products } from "../../db/schema.ts";

/** Longer queries are cut to their first words: enough for a product name, bounded in cost. */
const MAX_WORDS = 6;

/** Shorter words carry no typo that trigrams could fix; as prefixes they already match. */
const MIN_FUZZY_LENGTH = 3;

/**
 * Folds accents and case and keeps letters and digits: "Téléphone, iPhône 13!" → ["telephone", "iphone", "13"].
 * A query without any word of two characters or more is no query: a lone letter ("a", or
 * "[a-" once its punctuation is dropped) would match most of the shop as a prefix.
 */
export function searchWords(q: string): string[] {
  const words = q
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  return words.some((w) => w.length >= 2) ? words : [];
}

/**
 * A French prefix query, folded by the same `shop_unaccent` as the indexed text ("œ" → "oe").
 * The text is letters and digits only (see searchWords), so it cannot carry tsquery syntax.
 */
const tsQuery = (text: string) => sql`to_tsquery('french', shop_unaccent(${text}))`;
const prefixText = (words: string[]) => words.map((w) => `${w}:*`).join(" | ");

/**
 * Every word must match, either through French full-text search (stemmed, as a prefix, so
 * a word being typed already matches) over name, brand, category and description, or
 * through trigram similarity with a whole word of the name, brand or category (so "samsng"
 * finds Samsung, but "telephone" does not find every iPhone).
 * French stop words ("chargeur de téléphone", "coque pour iphone") have an empty query: they
 * neither match nor exclude, but a query of stop words alone finds nothing.
 * Words reach the database only as bound parameters.
 */
export function searchCondition(words: string[]): SQL {
  const perWord = words.map((w) => {
    const query = tsQuery(prefixText([w]));
    const fuzzy = w.length >= MIN_FUZZY_LENGTH ? sql` or shop_unaccent(${w}) <<% ${products.searchText}` : sql``;
    return sql`(numnode(${query}) = 0 or ${products.searchVector} @@ ${query}${fuzzy})`;
  });
  const meaningful = sql`numnode(${tsQuery(prefixText(words))}) > 0`;
  return sql.join([meaningful, ...perWord], sql` and `);
}

/** Best first: full-text rank of all words plus how closely the whole query resembles the name. */
export function searchRank(words: string[]): SQL<number> {
  return sql<number>`(ts_rank(${products.searchVector}, ${tsQuery(prefixText(words))}) + word_similarity(shop_unaccent(${words.join(" ")}), ${products.searchText}))`;
}
