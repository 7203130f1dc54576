import { type AdminProductsQuery, LOW_STOCK_MAX } from "@shop/shared";
import { and, asc, count, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/products.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { type Page, productColumns } from "./products.service.ts";
import { planSearch, searchCondition, searchRank, searchWords } from "./search.ts";
import { withVariants } from "./variants.service.ts";

/*
 * 'Gestion des Produits' at scale (decision 044): the storefront's search, filters on
 * category, brand, stock state and promotion, and a sort, over the products the admin manages.
 */

/** A product's stock state over its variants, as customers read it (overallAvailability, shared). */
const stockState = sql<string>`(select case
    when bool_and(v.stock is null) then 'untracked'
    when bool_or(v.stock is null) then 'in_stock'
    when coalesce(sum(v.stock), 0) = 0 then 'out'
    when sum(v.stock) <= ${LOW_STOCK_MAX} then 'low'
    else 'in_stock' end
  from product_variants v where v.product_id = ${products.id})`;
/** Units in stock over its tracked variants; null when none is tracked. */
const stockTotal = sql`(select sum(v.stock) from product_variants v where v.product_id = ${products.id})`;

export async function adminProducts(db: Db, viewer: UserRow, query: AdminProductsQuery): Promise<Page> {
  const words = query.q ? searchWords(query.q) : [];
  // Typed but meaningless ("?!"): nothing matches, as on the storefront.
  if (query.q && words.length === 0) return { rows: [], total: 0 };
  return db.transaction(async (tx) => {
    // As the storefront's search, and before its plan: the GIN indexes beat the planner's guess of a scan.
    if (words.length) await tx.execute(sql`set local enable_seqscan = off`);
    const plan = words.length ? await planSearch(tx, words) : null;
    if (words.length && !plan) return { rows: [], total: 0 };
    const where = and(
      viewer.role === "ADMIN" ? eq(products.userId, viewer.id) : undefined,
      plan ? searchCondition(plan) : undefined,
      query.category ? eq(products.category, query.category as never) : undefined,
      query.brand ? sql`lower(${products.brandName}) = lower(${query.brand})` : undefined,
      query.promo === "yes" ? lt(products.sellingPrice, products.price) : undefined,
      query.promo === "no" ? sql`${products.sellingPrice} >= ${products.price}` : undefined,
      query.stock ? sql`${stockState} = ${query.stock}` : undefined,
    );
    const sort = query.sort ?? (plan ? "relevance" : "newest");
    const order: SQL[] = {
      relevance: plan ? [desc(searchRank(plan))] : [],
      newest: [],
      name: [asc(sql`lower(${products.productName})`)],
      price: [asc(products.sellingPrice)],
      price_desc: [desc(products.sellingPrice)],
      stock: [sql`${stockTotal} asc nulls last`],
    }[sort];
    const found = await tx
      .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .where(where)
      .orderBy(...order, desc(products.createdAt), desc(products.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const rows = await withVariants(
      tx,
      found.map(({ total: _total, ...row }) => row),
    );
    if (found[0]) return { rows, total: found[0].total };
    // Past the last page the window has no row to tell the total: count it.
    const [counted] = await tx.select({ total: count() }).from(products).where(where);
    return { rows, total: counted?.total ?? 0 };
  });
}

/** The brands of the products the admin manages, for the filter's choice, alphabetically. */
export async function adminBrands(db: Db, viewer: UserRow): Promise<string[]> {
  const rows = await db
    .selectDistinct({ brand: products.brandName })
    .from(products)
    .where(viewer.role === "ADMIN" ? eq(products.userId, viewer.id) : undefined);
  return rows.map((r) => r.brand).sort(new Intl.Collator("fr", { sensitivity: "base", numeric: true }).compare);
}
