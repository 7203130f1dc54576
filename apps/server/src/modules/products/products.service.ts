import {
  FIELD_MSG,
  type FilterQuery,
  MSG,
  type PageQuery,
  type ProductCreateInput,
  type ProductUpdateInput,
} from "@shop/shared";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { cartLines } from "../../db/schema/cart.ts";
import { categories } from "../../db/schema/categories.ts";
import { orderLines } from "../../db/schema/orders.ts";
import { products, productVariants } from "../../db/schema/products.ts";
import { reviews } from "../../db/schema/reviews.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { CHECK_VIOLATION, FOREIGN_KEY_VIOLATION, violates } from "../../lib/pg-errors.ts";
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
  hidden: products.hidden,
  archivedAt: products.archivedAt,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

/**
 * What the storefront may show (decision 046): not a draft, not archived, and in a shown
 * category. Every public read, the sitemap, the feeds, the cart and the order hold to it.
 */
export const onSale: SQL = sql`(${products.hidden} = false and ${products.archivedAt} is null and not exists (select 1 from ${categories} where ${categories.name} = ${products.category} and ${categories.hidden}))`;

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

/**
 * Newest first; an ADMIN's list holds only the products it owns (SPEC.md §6). The storefront's
 * products only, for staff too: the back-office's own grid is GET /api/admin/products.
 */
export function listProducts(db: Db, viewer: UserRow | null, paging: PageQuery): Promise<Page> {
  const own = viewer?.role === "ADMIN" ? eq(products.userId, viewer.id) : undefined;
  return page(db, and(onSale, own), paging);
}

const NOTHING: Page = { rows: [], total: 0 };

/** A category this shop does not have (an older client's own), or a hidden one, has no products: an empty page. */
export function productsOfCategory(db: Db, category: string, paging: PageQuery): Promise<Page> {
  return page(db, and(eq(products.category, category), onSale), paging);
}

/**
 * The filter page: the products of the categories this shop has, among those asked (the others
 * are ignored); by price when a sort is asked for ('asc' cheapest first), else newest first.
 */
export function productsOfCategories(db: Db, names: readonly string[], query: FilterQuery): Promise<Page> {
  const asked = [...new Set(names)];
  if (asked.length === 0) return Promise.resolve(NOTHING);
  const byPrice = { asc: [asc(products.sellingPrice)], dsc: [desc(products.sellingPrice)] };
  return page(db, and(inArray(products.category, asked), onSale), query, query.sort ? byPrice[query.sort] : []);
}

/** The newest product on sale of each category that has one, in the storefront's category order. */
export async function categoryHighlights(db: Db): Promise<ProductWithVariants[]> {
  const rows = await db
    .selectDistinctOn([products.category], { ...productColumns, position: categories.position })
    .from(products)
    .innerJoin(categories, eq(categories.name, products.category))
    .where(onSale)
    .orderBy(products.category, desc(products.createdAt), desc(products.id));
  return withVariants(
    db,
    rows.sort((a, b) => a.position - b.position).map(({ position: _position, ...row }) => row),
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
  /** The storefront's read: a product off sale is not found (decision 046). */
  { onSaleOnly = false } = {},
): Promise<{ row: ProductWithVariants; rating: { average: number | null; count: number } }> {
  const [found] = await db
    .select({
      ...productColumns,
      reviewCount: count(reviews.id),
      averageRating: sql<number | null>`round(avg(${reviews.rating}), 1)`.mapWith(Number),
    })
    .from(products)
    .leftJoin(reviews, eq(reviews.productId, products.id))
    .where(and(eq(products.id, id), onSaleOnly ? onSale : undefined))
    .groupBy(products.id);
  if (!found) throw notFound(MSG.productNotFound);
  const { reviewCount, averageRating, ...row } = found;
  const [withTheirs = { ...row, variants: [] }] = await withVariants(db, [row]);
  return { row: withTheirs, rating: { average: reviewCount > 0 ? averageRating : null, count: reviewCount } };
}

/**
 * The back-office's read of one product (its form): any product the admin manages, hidden or
 * archived too, which the storefront's read no longer finds (decision 046).
 */
export async function managedProductWithRating(
  db: Db,
  actor: Pick<UserRow, "id" | "role">,
  id: string,
): ReturnType<typeof productWithRating> {
  const found = await productWithRating(db, id);
  assertManagesProduct(actor, found.row.userId);
  return found;
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
    const where = and(searchCondition(plan), onSale);
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
  "hidden",
] as const;
type Editable = (typeof EDITABLE)[number];

/** The fields a client may set: never the id, the owner or the timestamps. */
function editable<T extends ProductCreateInput | ProductUpdateInput>(input: T): Pick<T, Editable> {
  return Object.fromEntries(EDITABLE.map((k) => [k, input[k]])) as Pick<T, Editable>;
}

const unknownCategory = () =>
  badRequest(FIELD_MSG.categoryInvalid, [{ path: "body.category", message: FIELD_MSG.categoryInvalid }]);

/** The category named is not one of the shop's (products_category_categories_name_fk). */
function namesUnknownCategory(error: unknown): boolean {
  return violates(error, FOREIGN_KEY_VIOLATION, "products_category_categories_name_fk");
}

/** The owner is the creator, whatever `userId` the client sent. Recorded in the audit log with it. */
export async function createProduct(db: Db, staff: Staff, input: ProductCreateInput): Promise<ProductWithVariants> {
  try {
    return await insertProduct(db, staff, input);
  } catch (error) {
    if (namesUnknownCategory(error)) throw unknownCategory();
    throw error;
  }
}

async function insertProduct(db: Db, staff: Staff, input: ProductCreateInput): Promise<ProductWithVariants> {
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
    if (namesUnknownCategory(error)) throw unknownCategory();
    throw error;
  }
}

/**
 * Deletes a product (its variants and cart lines go with it); the log keeps what it was. A
 * product that orders name is archived instead (decision 046): off the storefront and the
 * grid, kept for its orders' links. Answers whether it was archived.
 */
export async function deleteProduct(db: Db, staff: Staff, id: string): Promise<{ archived: boolean }> {
  return db.transaction(async (tx) => {
    const current = await ownedProduct(tx, staff.user, id, "delete");
    const { variants, ...product } = current;
    const [ordered] = await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.productId, current.id))
      .limit(1);
    if (ordered) {
      if (current.archivedAt) return { archived: true };
      await tx.update(products).set({ archivedAt: sql`now()` }).where(eq(products.id, current.id));
      // Nobody can order it any more: carts forget it, as they would a deleted product.
      await tx.delete(cartLines).where(eq(cartLines.productId, current.id));
      await recordChange(tx, staff, { entity: "product", entityId: current.id, action: "archive", before: product });
      return { archived: true };
    }
    await tx.delete(products).where(eq(products.id, current.id));
    await recordChange(tx, staff, {
      entity: "product",
      entityId: current.id,
      action: "delete",
      before: { ...product, variants },
    });
    return { archived: false };
  });
}

/** The copy's name: the original's, marked, within the name's 120 characters. */
const copyName = (name: string) => `${name.slice(0, 120 - " (copie)".length)} (copie)`;

/**
 * 'Dupliquer' (decision 046): a hidden copy owned by whoever made it, with the same fields,
 * options and variants (their prices and photos), and no stock: a tracked count starts at 0
 * (no movement: nothing came in), an untracked one stays untracked. One transaction.
 */
export async function duplicateProduct(db: Db, staff: Staff, id: string): Promise<ProductWithVariants> {
  const copyId = await db.transaction(async (tx) => {
    const original = await productDetails(tx, id);
    assertManagesProduct(staff.user, original.userId, "update");
    const [row] = await tx
      .insert(products)
      .values({
        productName: copyName(original.productName),
        brandName: original.brandName,
        category: original.category,
        productImage: original.productImage,
        description: original.description,
        price: original.price,
        sellingPrice: original.sellingPrice,
        hidden: true,
        options: original.options,
        variantTerms: sql`(select ${products.variantTerms} from ${products} where ${products.id} = ${original.id})`,
        userId: staff.user.id,
      })
      .returning(productColumns);
    if (!row) throw new Error("insert returned no row");
    // The database made its default variant (migration 0009): the original's replace it.
    await tx.delete(productVariants).where(eq(productVariants.productId, row.id));
    await tx.insert(productVariants).values(
      original.variants.map((v) => ({
        productId: row.id,
        position: v.position,
        optionValues: v.optionValues,
        price: v.price,
        sellingPrice: v.sellingPrice,
        stock: v.stock === null ? null : 0,
        images: v.images,
      })),
    );
    await recordChange(tx, staff, {
      entity: "product",
      entityId: row.id,
      action: "duplicate",
      after: { ...row, duplicatedFrom: original.id },
    });
    return row.id;
  });
  return productDetails(db, copyId);
}

/** Every product the storefront shows, with its variants, newest first: the product feeds (decision 045). */
export async function shownProducts(db: Db): Promise<ProductWithVariants[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(onSale)
    .orderBy(desc(products.createdAt), desc(products.id));
  return withVariants(db, rows);
}

/** A product a customer may put in a cart: on sale, with its variants; else not found. */
export async function productForSale(db: Db, id: string): Promise<ProductWithVariants> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), onSale));
  if (!row) throw notFound(MSG.productNotFound);
  return { ...row, variants: await variantsOfProduct(db, id) };
}

/** Among these products, the names of those no longer on sale: an order of them is refused. */
export async function notForSale(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ name: products.productName })
    .from(products)
    .where(and(inArray(products.id, [...ids]), sql`not ${onSale}`));
  return rows.map((r) => r.name);
}
