import type { AdminProductsFilter, AdminProductsQuery } from "@shop/shared";
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/products.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { type Page, productColumns } from "./products.service.ts";
import { planSearch, type SearchPlan, searchCondition, searchRank, searchWords } from "./search.ts";
import { withVariants } from "./variants.service.ts";

/*
 * 'Gestion des Produits' at scale (decision 044): the storefront's search, filters on
 * category, brand, stock state and promotion, and a sort, over the products the admin manages.
 */

/** Which products each choice of visibility shows (decision 046); none: all but the archived. */
const visibilityCondition = (visibility: AdminProductsQuery["visibility"]): SQL | undefined => {
  switch (visibility) {
    case "shown":
      return and(eq(products.hidden, false), isNull(products.archivedAt));
    case "hidden":
      return and(eq(products.hidden, true), isNull(products.archivedAt));
    case "archived":
      return isNotNull(products.archivedAt);
    default:
      return isNull(products.archivedAt);
  }
};

/**
 * The grid's filter as a condition over `products` (null: nothing can match), inside `tx`: a
 * search turns sequential scans off for the rest of the transaction, as the storefront's does.
 */
async function gridCondition(
  tx: Db,
  viewer: UserRow,
  query: AdminProductsFilter,
): Promise<{ where: SQL | undefined; plan: SearchPlan | null } | null> {
  const words = query.q ? searchWords(query.q) : [];
  // Typed but meaningless ("?!"): nothing matches, as on the storefront.
  if (query.q && words.length === 0) return null;
  // As the storefront's search, and before its plan: the GIN indexes beat the planner's guess of a scan.
  if (words.length) await tx.execute(sql`set local enable_seqscan = off`);
  const plan = words.length ? await planSearch(tx, words) : null;
  if (words.length && !plan) return null;
  const where = and(
    viewer.role === "ADMIN" ? eq(products.userId, viewer.id) : undefined,
    visibilityCondition(query.visibility),
    plan ? searchCondition(plan) : undefined,
    query.category ? eq(products.category, query.category) : undefined,
    query.brand ? sql`lower(${products.brandName}) = lower(${query.brand})` : undefined,
    query.promo === "yes" ? lt(products.sellingPrice, products.price) : undefined,
    query.promo === "no" ? sql`${products.sellingPrice} >= ${products.price}` : undefined,
    // Stored and indexed, kept by the variants' trigger of migration 0026 (decision 044).
    query.stock ? eq(products.stockState, query.stock) : undefined,
  );
  return { where, plan };
}

/** The ids of every product of the grid's filter, newest first, at most `limit`: a bulk change's "all that match". */
export async function adminProductIds(
  tx: Db,
  viewer: UserRow,
  filter: AdminProductsFilter,
  limit: number,
): Promise<string[]> {
  const condition = await gridCondition(tx, viewer, filter);
  if (!condition) return [];
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(condition.where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function adminProducts(db: Db, viewer: UserRow, query: AdminProductsQuery): Promise<Page> {
  return db.transaction(async (tx) => {
    const condition = await gridCondition(tx, viewer, query);
    if (!condition) return { rows: [], total: 0 };
    const { where, plan } = condition;
    const sort = query.sort ?? (plan ? "relevance" : "newest");
    // The sort's key and direction; newest first, then id, breaks every tie.
    const key: { by: SQL; direction: SQL } | null = {
      relevance: plan ? { by: searchRank(plan), direction: sql`desc` } : null,
      newest: null,
      name: { by: sql`lower(${products.productName})`, direction: sql`asc` },
      price: { by: sql`${products.sellingPrice}`, direction: sql`asc` },
      price_desc: { by: sql`${products.sellingPrice}`, direction: sql`desc` },
      stock: { by: sql`${products.stockTotal}`, direction: sql`asc nulls last` },
    }[sort];
    const offset = (query.page - 1) * query.limit;
    // The page's ids first, then their rows: only the page's wide rows are read whole; a window
    // over the matches' whole rows is what spilled to disk (docs/performance/2026-11-28-admin-products.md).
    let total: number;
    let ids: string[];
    if (plan) {
      // A word's matches are all read to be ranked: counted in the same pass. The key is computed
      // below the window ("offset 0" keeps the planner from merging the two), so that the window
      // holds ids and keys, not the search vectors the rank reads (docs/performance/2026-12-06-admin-products.md).
      const { rows } = (await tx.execute(sql`
        select id, (count(*) over ())::int as total
        from (
          select ${products.id} as id, ${products.createdAt} as created_at, ${key?.by ?? sql`0`} as key
          from ${products} where ${where} offset 0
        ) as matched
        order by key ${key?.direction ?? sql`desc`}, created_at desc, id desc
        limit ${query.limit} offset ${offset}`)) as unknown as { rows: { id: string; total: number }[] };
      ids = rows.map((r) => r.id);
      total = rows[0]?.total ?? (offset > 0 ? await countOf(tx, where) : 0);
    } else {
      // An index gives the order: the total apart, then only the page's ids.
      total = await countOf(tx, where);
      if (offset >= total) return { rows: [], total };
      ids = (
        await tx
          .select({ id: products.id })
          .from(products)
          .where(where)
          .orderBy(...(key ? [sql`${key.by} ${key.direction}`] : []), desc(products.createdAt), desc(products.id))
          .limit(query.limit)
          .offset(offset)
      ).map((r) => r.id);
    }
    const found = ids.length ? await tx.select(productColumns).from(products).where(inArray(products.id, ids)) : [];
    const place = new Map(ids.map((id, i) => [id, i]));
    found.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
    return { rows: await withVariants(tx, found), total };
  });
}

async function countOf(tx: Db, where: SQL | undefined): Promise<number> {
  const [counted] = await tx.select({ total: count() }).from(products).where(where);
  return counted?.total ?? 0;
}

/** The brands of the products the admin manages, for the filter's choice, alphabetically. */
export async function adminBrands(db: Db, viewer: UserRow): Promise<string[]> {
  const rows = await db
    .selectDistinct({ brand: products.brandName })
    .from(products)
    .where(viewer.role === "ADMIN" ? eq(products.userId, viewer.id) : undefined);
  return rows.map((r) => r.brand).sort(new Intl.Collator("fr", { sensitivity: "base", numeric: true }).compare);
}
