import type { AdminProductsQuery, ProductOption } from "@shop/shared";
import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type ProductVariantRow, products, productVariants } from "../../db/schema/products.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { planSearch, searchCondition, searchWords } from "./search.ts";
import { variantsByProduct } from "./variants.service.ts";

/*
 * The products as the catalogue CSV (decision 047) reads them: the export's pages, in keyset
 * order so that a catalogue of any size streams 500 products at a time, and the products an
 * import's file names by SKU or handle. The CSV's own module reaches the products through here.
 */

export type CatalogueVariant = Pick<
  ProductVariantRow,
  "id" | "sku" | "optionValues" | "price" | "sellingPrice" | "stock" | "images"
>;

export interface CatalogueProduct {
  id: string;
  handle: string;
  productName: string;
  brandName: string;
  category: string;
  description: string;
  productImage: string[];
  hidden: boolean;
  archived: boolean;
  userId: string | null;
  options: ProductOption[];
  variants: CatalogueVariant[];
}

/** The grid's filters, without its paging and sort: the export is newest first, as the grid's default. */
export type CatalogueFilter = Omit<AdminProductsQuery, "page" | "limit" | "sort">;

const columns = {
  id: products.id,
  // Every product has one since migration 0027; the id stands in, should one ever lack it.
  handle: sql<string>`coalesce(${products.handle}, ${products.id}::text)`,
  productName: products.productName,
  brandName: products.brandName,
  category: products.category,
  description: products.description,
  productImage: products.productImage,
  hidden: products.hidden,
  archived: sql<boolean>`${products.archivedAt} is not null`,
  userId: products.userId,
  options: products.options,
};

async function withTheirVariants<T extends { id: string }>(
  db: Db,
  rows: T[],
): Promise<(T & { variants: CatalogueVariant[] })[]> {
  const byProduct = await variantsByProduct(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...row,
    variants: (byProduct.get(row.id) ?? []).map(({ id, sku, optionValues, price, sellingPrice, stock, images }) => ({
      id,
      sku,
      optionValues,
      price,
      sellingPrice,
      stock,
      images,
    })),
  }));
}

/**
 * The products the grid would show with these filters, on every page, archived ones never
 * (decision 046), in batches. The same filters as admin-products.service.ts's, written here
 * against keyset pages: that one pages by offset, which a long read would drift on.
 */
export async function* catalogueBatches(
  db: Db,
  viewer: Pick<UserRow, "id" | "role">,
  filter: CatalogueFilter,
  size = 500,
): AsyncGenerator<CatalogueProduct[]> {
  if (filter.visibility === "archived") return;
  const words = filter.q ? searchWords(filter.q) : [];
  if (filter.q && words.length === 0) return;
  const plan = words.length ? await planSearch(db, words) : null;
  if (words.length && !plan) return;
  const where = and(
    isNull(products.archivedAt),
    viewer.role === "ADMIN" ? eq(products.userId, viewer.id) : undefined,
    plan ? searchCondition(plan) : undefined,
    filter.category ? eq(products.category, filter.category) : undefined,
    filter.brand ? sql`lower(${products.brandName}) = lower(${filter.brand})` : undefined,
    filter.promo === "yes" ? lt(products.sellingPrice, products.price) : undefined,
    filter.promo === "no" ? sql`${products.sellingPrice} >= ${products.price}` : undefined,
    filter.stock ? eq(products.stockState, filter.stock) : undefined,
    filter.visibility === "shown" ? eq(products.hidden, false) : undefined,
    filter.visibility === "hidden" ? eq(products.hidden, true) : undefined,
  );
  // The cursor keeps created_at as PostgreSQL wrote it: a JavaScript Date would drop its microseconds.
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? sql`(${products.createdAt}, ${products.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows: (Omit<CatalogueProduct, "variants"> & { cursor: string })[] = await db
      .select({ ...columns, cursor: sql<string>`${products.createdAt}::text` })
      .from(products)
      .where(and(where, cursor))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(size);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.cursor, id: last.id };
    yield withTheirVariants(
      db,
      rows.map(({ cursor: _cursor, ...row }) => row),
    );
    if (rows.length < size) return;
  }
}

/**
 * The products an import's file names: those with one of these handles, or with a variant of
 * one of these SKUs (archived ones too, so that the import can say why it leaves them).
 */
export async function productsNamedBy(
  db: Db,
  keys: { handles: readonly string[]; skus: readonly string[] },
): Promise<CatalogueProduct[]> {
  const found: CatalogueProduct[] = [];
  // In slices, so that no statement carries more parameters than a driver takes.
  const SLICE = 1000;
  const ids = new Set<string>();
  for (let i = 0; i < Math.max(keys.handles.length, keys.skus.length); i += SLICE) {
    const handles = keys.handles.slice(i, i + SLICE);
    const skus = keys.skus.slice(i, i + SLICE);
    const conditions = [
      handles.length ? inArray(products.handle, [...handles]) : undefined,
      skus.length
        ? inArray(
            products.id,
            db
              .select({ id: productVariants.productId })
              .from(productVariants)
              .where(inArray(productVariants.sku, [...skus])),
          )
        : undefined,
    ].filter(Boolean) as SQL[];
    if (conditions.length === 0) continue;
    const rows: Omit<CatalogueProduct, "variants">[] = await db
      .select(columns)
      .from(products)
      .where(or(...conditions));
    const fresh = rows.filter((r) => !ids.has(r.id));
    for (const r of fresh) ids.add(r.id);
    found.push(...(await withTheirVariants(db, fresh)));
  }
  return found;
}

/**
 * A product's CSV keys as an import sets them (decision 047), in the import's transaction: its
 * handle (on creation), then its variants' SKUs in their order (`null` leaves one without).
 * The SKUs are cleared first, so that one may move from a variant to another.
 */
export async function writeCatalogueKeys(
  db: Db,
  productId: string,
  keys: { handle?: string; skus: readonly (string | null)[] },
): Promise<void> {
  if (keys.handle) await db.update(products).set({ handle: keys.handle }).where(eq(products.id, productId));
  const variants = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));
  await db.update(productVariants).set({ sku: null }).where(eq(productVariants.productId, productId));
  for (const [k, variant] of variants.entries()) {
    const sku = keys.skus[k];
    if (sku) await db.update(productVariants).set({ sku }).where(eq(productVariants.id, variant.id));
  }
}
