import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/products.ts";

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
const prefixQuery = (words: string[]) =>
  sql`to_tsquery('french', shop_unaccent(${words.map((w) => `${w}:*`).join(" | ")}))`;

/** What each word of a query matches, as full-text prefix alternatives. */
export interface SearchPlan {
  /** One entry per meaningful word: the word itself, or the catalogue words a typo resembles. */
  alternatives: string[][];
  /** Words as typed, for the phrase bonus of the ranking. */
  typed: string;
}

/** Similarity (pg_trgm, 0–1) a typo needs with a catalogue word: "ipone"/"iphone" 0.44, "telephone"/"iphone" 0.31. */
const TYPO_SIMILARITY = 0.4;
/** How many catalogue words a typo may stand for ("samsng" → "samsung"). */
const TYPO_ALTERNATIVES = 3;

/**
 * One small query decides, word by word: a French stop word ("de", "pour") is dropped; a word
 * the full-text index knows is kept; any other word of 3 letters or more is taken for a typo
 * and replaced by the closest words of search_lexicon (the words of names, brands and
 * categories), so that typos too are answered by the full-text index. A real word
 * ("telephone") is never stretched to look like another ("iphone").
 * Null when a word can match nothing.
 */
export async function planSearch(db: Db, words: string[]): Promise<SearchPlan | null> {
  const values = sql.join(
    words.map((w, i) => sql`(${w}, ${i}::int)`),
    sql`, `,
  );
  // Both drivers answer `{ rows }`; the common database type does not say so.
  const result = (await db.execute(sql`
    select w, numnode(q) as nodes, exists (select 1 from products where search_vector @@ q) as hit,
      case when length(w) >= ${MIN_FUZZY_LENGTH} then array(
        select word from search_lexicon
        where word % shop_unaccent(w) and similarity(word, shop_unaccent(w)) >= ${TYPO_SIMILARITY}
        order by similarity(word, shop_unaccent(w)) desc, word
        limit ${TYPO_ALTERNATIVES}
      ) end as near
    from (values ${values}) as input(w, i)
    cross join lateral (select to_tsquery('french', shop_unaccent(w || ':*')) as q) as query
    order by i`)) as unknown as { rows: { w: string; nodes: number | string; hit: boolean; near: string[] | null }[] };
  const alternatives: string[][] = [];
  for (const { w, nodes, hit, near } of result.rows) {
    if (Number(nodes) === 0) continue;
    if (hit) alternatives.push([w]);
    else if (near?.length) alternatives.push(near);
    else return null;
  }
  return alternatives.length ? { alternatives, typed: words.join(" ") } : null;
}

/** Every word must match one of its alternatives, through the French full-text index. */
export function searchCondition(plan: SearchPlan): SQL {
  return sql.join(
    plan.alternatives.map((words) => sql`${products.searchVector} @@ ${prefixQuery(words)}`),
    sql` and `,
  );
}

/**
 * Best first: names holding the query as typed ("galaxy a" → Galaxy A54 before Galaxy Buds),
 * then the full-text rank, higher when the words stand close together (cover density).
 */
export function searchRank(plan: SearchPlan): SQL<number> {
  return sql<number>`((strpos(${products.searchText}, shop_unaccent(${plan.typed})) > 0)::int + ts_rank_cd(${products.searchVector}, ${prefixQuery(plan.alternatives.flat())}))`;
}
