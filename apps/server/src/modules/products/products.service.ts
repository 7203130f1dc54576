import {
  CATEGORIES,
  type FilterQuery,
  isCategory,
  MSG,
  type PageQuery,
  type ProductCreateInput,
  type ProductUpdateInput,
} from "@shop/shared";
import { asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { products } from "../../db/schema/products.ts";
import { reviews } from "../../db/schema/reviews.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { CHECK_VIOLATION, violates } from "../../lib/pg-errors.ts";
import { recordChange, recordUpdate, type Staff } from "../audit/audit.service.ts";
import { assertManagesProduct } from "./ownership.ts";
import type { ProductWithVariants } from "./products.mapper.ts";
import { planSearch, searchCondition, searchRank, searchWords } from "./search.ts";
import { variantsOfProduct, withVariants } from "./variants.service.ts";

/** Every column but the search ones, which only the database needs. */
export const productColumns = {
  id: products.id,
  productName: products.productName,
  brandName: products.brandName,
  category: products.category,
  productImage: products.productImage,
  description: products.description,
  price: products.price,
  sellingPrice: products.sellingPrice,
  userId: products.userId,
  options: products.options,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

export interface Page {
  rows: ProductWithVariants[];
  total: number;
}

async function page(db: Db, where: SQL | undefined, { page, limit }: PageQuery, order: SQL[] = []): Promise<Page> {
  const [rows, [totals]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...order, desc(products.createdAt), desc(products.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows: await withVariants(db, rows), total: totals?.total ?? 0 };
}

/** Newest first; an ADMIN's list holds only the products it owns (SPEC.md §6). */
export function listProducts(db: Db, viewer: UserRow | null, paging: PageQuery): Promise<Page> {
  const own = viewer?.role === "ADMIN" ? eq(products.userId, viewer.id) : undefined;
  return page(db, own, paging);
}

const NOTHING: Page = { rows: [], total: 0 };

/** A category this shop does not have (an older client's own) has no products: an empty page. */
export function productsOfCategory(db: Db, category: string, paging: PageQuery): Promise<Page> {
  if (!isCategory(category)) return Promise.resolve(NOTHING);
  return page(db, eq(products.category, category), paging);
}

/**
 * The filter page: the products of the categories this shop has, among those asked (the others
 * are ignored); by price when a sort is asked for ('asc' cheapest first), else newest first.
 */
export function productsOfCategories(db: Db, names: readonly string[], query: FilterQuery): Promise<Page> {
  const categories = [...new Set(names.filter(isCategory))];
  if (categories.length === 0) return Promise.resolve(NOTHING);
  const byPrice = { asc: [asc(products.sellingPrice)], dsc: [desc(products.sellingPrice)] };
  return page(db, inArray(products.category, categories), query, query.sort ? byPrice[query.sort] : []);
}

/** The newest product of each category that has one, in the storefront's category order. */
export async function categoryHighlights(db: Db): Promise<ProductWithVariants[]> {
  const rows = await db
    .selectDistinctOn([products.category], productColumns)
    .from(products)
    .orderBy(products.category, desc(products.createdAt), desc(products.id));
  const order = new Map<string, number>(CATEGORIES.map((c, i) => [c, i]));
  return withVariants(
    db,
    rows.sort((a, b) => (order.get(a.category) ?? 0) - (order.get(b.category) ?? 0)),
  );
}

const productQuery = prepared((db) =>
  db
    .select(productColumns)
    .from(products)
    .where(eq(products.id, sql.placeholder("id")))
    .limit(1)
    .prepare("product_by_id"),
);

export async function productDetails(db: Db, id: string): Promise<ProductWithVariants> {
  // The product and its variants at once: one round trip, not two in a row.
  const [[row], variants] = await Promise.all([productQuery(db).execute({ id }), variantsOfProduct(db, id)]);
  if (!row) throw notFound(MSG.productNotFound);
  return { ...row, variants };
}

/**
 * The product page's product and its customers' rating, in one query: the reviews are
 * aggregated through a left join (count 0 and average null when there is none), the average
 * rounded to one decimal by PostgreSQL (half away from zero: 4.25 gives 4.3).
 */
export async function productWithRating(
  db: Db,
  id: string,
): Promise<{ row: ProductWithVariants; rating: { average: number | null; count: number } }> {
  const [found] = await db
    .select({
      ...productColumns,
      reviewCount: count(reviews.id),
      averageRating: sql<number | null>`round(avg(${reviews.rating}), 1)`.mapWith(Number),
    })
    .from(products)
    .leftJoin(reviews, eq(reviews.productId, products.id))
    .where(eq(products.id, id))
    .groupBy(products.id);
  if (!found) throw notFound(MSG.productNotFound);
  const { reviewCount, averageRating, ...row } = found;
  const [withTheirs = { ...row, variants: [] }] = await withVariants(db, [row]);
  return { row: withTheirs, rating: { average: reviewCount > 0 ? averageRating : null, count: reviewCount } };
}

/** See search.ts and docs/decisions/005-search.md. An empty query finds nothing. */
export async function searchProducts(db: Db, q: string, { page, limit }: PageQuery): Promise<Page> {
  const words = searchWords(q);
  if (words.length === 0) return NOTHING;
  return db.transaction(async (tx) => {
    // The planner underrates the cost of prefix matching row by row and would scan the whole
    // table; the GIN indexes are several times faster here.
    await tx.execute(sql`set local enable_seqscan = off`);
    const plan = await planSearch(tx, words);
    if (!plan) return NOTHING;
    const where = searchCondition(plan);
    const found = await tx
      .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .where(where)
      .orderBy(desc(searchRank(plan)), desc(products.createdAt), desc(products.id))
      .limit(limit)
      .offset((page - 1) * limit);
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

const EDITABLE = [
  "productName",
  "brandName",
  "category",
  "productImage",
  "description",
  "price",
  "sellingPrice",
] as const;
type Editable = (typeof EDITABLE)[number];

/** The fields a client may set: never the id, the owner or the timestamps. */
function editable<T extends ProductCreateInput | ProductUpdateInput>(input: T): Pick<T, Editable> {
  return Object.fromEntries(EDITABLE.map((k) => [k, input[k]])) as Pick<T, Editable>;
}

/** The owner is the creator, whatever `userId` the client sent. Recorded in the audit log with it. */
export async function createProduct(db: Db, staff: Staff, input: ProductCreateInput): Promise<ProductWithVariants> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({ ...editable(input), userId: staff.user.id })
      .returning(productColumns);
    if (!row) throw new Error("insert returned no row");
    await recordChange(tx, staff, { entity: "product", entityId: row.id, action: "create", after: row });
    return row.id;
  });
  // Its default variant was made with it (migration 0009).
  return productDetails(db, id);
}

/**
 * An ADMIN acts only on its own products; a SUPERADMIN on any. The refusal names the act. The
 * product's row is locked first, so that what the audit log keeps as "before" is what the
 * change replaced, not a value another admin's change has overwritten since.
 */
async function ownedProduct(
  db: Db,
  actor: Pick<UserRow, "id" | "role">,
  id: string,
  act: "update" | "delete",
): Promise<ProductWithVariants> {
  await db.select({ id: products.id }).from(products).where(eq(products.id, id)).for("update");
  const row = await productDetails(db, id);
  assertManagesProduct(actor, row.userId, act);
  return row;
}

const sellingAbovePrice = () =>
  badRequest(MSG.sellingAbovePrice, [{ path: "body.sellingPrice", message: MSG.sellingAbovePrice }]);

/** The database's own guard of sellingPrice <= price (products_selling_price_check) fired. */
function breaksPriceRule(error: unknown): boolean {
  return violates(error, CHECK_VIOLATION, "products_selling_price_check");
}

/** Changes the fields given; the audit log keeps those that changed, as they were and became. */
export async function updateProduct(db: Db, staff: Staff, input: ProductUpdateInput): Promise<ProductWithVariants> {
  const changes = editable(input); // undefined fields are left as they are
  try {
    const id = await db.transaction(async (tx) => {
      const current = await ownedProduct(tx, staff.user, input._id, "update");
      // The admin form may send back the product with no field at all: nothing to write.
      if (Object.values(changes).every((v) => v === undefined)) return current.id;
      const price = input.price ?? current.price;
      const sellingPrice = input.sellingPrice ?? current.sellingPrice;
      if (sellingPrice > price) throw sellingAbovePrice();
      const [row] = await tx.update(products).set(changes).where(eq(products.id, current.id)).returning(productColumns);
      if (!row) throw notFound(MSG.productNotFound);
      await recordUpdate(tx, staff, {
        entity: "product",
        entityId: row.id,
        action: "update",
        before: current,
        after: row,
        keys: Object.keys(changes),
      });
      return row.id;
    });
    // The default variant's prices followed (migration 0009's trigger).
    return productDetails(db, id);
  } catch (error) {
    // A concurrent update may have changed the other price since `current` was read.
    if (breaksPriceRule(error)) throw sellingAbovePrice();
    throw error;
  }
}

/** Deletes a product (its variants and cart lines go with it); the log keeps what it was. */
export async function deleteProduct(db: Db, staff: Staff, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await ownedProduct(tx, staff.user, id, "delete");
    await tx.delete(products).where(eq(products.id, current.id));
    const { variants, ...product } = current;
    await recordChange(tx, staff, {
      entity: "product",
      entityId: current.id,
      action: "delete",
      before: { ...product, variants },
    });
  });
}

/** Every product the storefront shows, with its variants, newest first: the product feeds (decision 045). */
export async function shownProducts(db: Db): Promise<ProductWithVariants[]> {
  const rows = await db.select(productColumns).from(products).orderBy(desc(products.createdAt), desc(products.id));
  return withVariants(db, rows);
}
