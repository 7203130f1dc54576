import {
  BULK_MAX_PRODUCTS,
  type BulkAction,
  type BulkPreview,
  type BulkProductsInput,
  type BulkResult,
  FIELD_MSG,
  MSG,
} from "@shop/shared";
import { and, asc, count, desc, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartLines } from "../../db/schema/cart.ts";
import { orderLines } from "../../db/schema/orders.ts";
import { products, productVariants } from "../../db/schema/products.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { FOREIGN_KEY_VIOLATION, violates } from "../../lib/pg-errors.ts";
import { type AuditChange, recordChanges, type Staff } from "../audit/audit.service.ts";
import { recordCountChanges } from "../stock/stock.service.ts";
import { adminProductIds } from "./admin-products.service.ts";
import { productColumns } from "./products.service.ts";

/*
 * Bulk changes on 'Gestion des Produits' (decision 048): the products ticked, or every one that
 * matches the grid's filter, changed in one transaction with one audit line per product; a
 * preview first says how many and shows a few, as they are and would become. The route's hook
 * clears the catalogue caches on every app server afterwards, as for every product write.
 */

/** How many products the preview shows. */
const SAMPLE_SIZE = 5;
/** Why a bulk change moved a count, in the stock history. */
const STOCK_NOTE = "Changement groupé";

/** The products the change names, locked when `lock`; refuses another's product for an ADMIN. */
async function targets(tx: Db, viewer: UserRow, input: BulkProductsInput, lock: boolean): Promise<string[]> {
  let ids: string[];
  if (input.ids) {
    const asked = [...new Set(input.ids)];
    const query = tx
      .select({ id: products.id, userId: products.userId })
      .from(products)
      .where(and(inArray(products.id, asked), isNull(products.archivedAt)))
      .orderBy(asc(products.id));
    const rows = lock ? await query.for("update") : await query;
    if (rows.length < asked.length) throw notFound(MSG.productNotFound);
    const others = viewer.role === "ADMIN" ? rows.filter((r) => r.userId !== viewer.id).length : 0;
    if (others > 0) throw forbidden(MSG.bulkNotOwned(others));
    ids = rows.map((r) => r.id);
  } else if (input.filter?.visibility === "archived") {
    // The archived stay as their orders knew them: a filter of the archived names nothing.
    ids = [];
  } else {
    ids = await adminProductIds(
      tx,
      viewer,
      input.filter ?? { q: undefined, category: undefined, brand: undefined },
      BULK_MAX_PRODUCTS + 1,
    );
    if (lock && ids.length <= BULK_MAX_PRODUCTS && ids.length > 0) {
      // In id order, as every other writer of several products: no deadlock between two of them.
      await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, ids))
        .orderBy(asc(products.id))
        .for("update");
    }
  }
  if (ids.length > BULK_MAX_PRODUCTS) throw badRequest(MSG.bulkTooMany(BULK_MAX_PRODUCTS));
  if (ids.length === 0) throw badRequest(MSG.bulkNothing);
  return ids;
}

/** A variant's selling price (and old price) after a price change: whole francs, ≥ 1, ≤ the old price. */
function newPrices(
  action: Extract<BulkAction, { kind: "price" }>,
  ref: { price: SQL | number; selling: SQL | number },
): { price: SQL; selling: SQL } {
  const moved = (v: SQL | number) =>
    action.mode === "percent"
      ? sql`round(${v} * (100 + ${action.value}::numeric) / 100)::integer`
      : sql`(${v} + ${Math.round(action.value)})::integer`;
  const price = action.field === "both" ? sql`greatest(1, ${moved(ref.price)})` : sql`${ref.price}`;
  return { price, selling: sql`least(${price}, greatest(1, ${moved(ref.selling)}))` };
}

/** What the preview and the change itself read of each product. */
async function sampleOf(tx: Db, ids: readonly string[], action: BulkAction) {
  const after =
    action.kind === "price"
      ? newPrices(action, { price: sql`${products.price}`, selling: sql`${products.sellingPrice}` }).selling
      : sql`${products.sellingPrice}`;
  return tx
    .select({
      _id: products.id,
      productName: products.productName,
      sellingPrice: products.sellingPrice,
      sellingPriceAfter: sql<number>`${after}`.mapWith(Number),
      category: products.category,
      categoryAfter: action.kind === "category" ? sql<string>`${action.category}` : products.category,
    })
    .from(products)
    .where(inArray(products.id, ids.slice(0, SAMPLE_SIZE)))
    .orderBy(desc(products.createdAt), desc(products.id));
}

const orderedCount = async (tx: Db, ids: readonly string[]) =>
  (
    await tx
      .select({ n: sql<number>`count(distinct ${orderLines.productId})`.mapWith(Number) })
      .from(orderLines)
      .where(inArray(orderLines.productId, [...ids]))
  )[0]?.n ?? 0;

/** How many products, a few of them before and after, and what the change would stop short of. */
export async function previewBulk(db: Db, viewer: UserRow, input: BulkProductsInput): Promise<BulkPreview> {
  return db.transaction(async (tx) => {
    const ids = await targets(tx, viewer, input, false);
    const { action } = input;
    let capped = 0;
    if (action.kind === "price") {
      const { price } = newPrices(action, {
        price: sql`${productVariants.price}`,
        selling: sql`${productVariants.sellingPrice}`,
      });
      const raw = newPrices(
        { ...action, field: "both" },
        {
          price: sql`${productVariants.sellingPrice}`,
          selling: sql`${productVariants.sellingPrice}`,
        },
      ).price;
      const [row] = await tx
        .select({ n: count() })
        .from(productVariants)
        .where(and(inArray(productVariants.productId, ids), sql`${raw} > ${price}`));
      capped = row?.n ?? 0;
    }
    return {
      count: ids.length,
      sample: await sampleOf(tx, ids, action),
      archived: action.kind === "delete" ? await orderedCount(tx, ids) : 0,
      capped,
    };
  });
}

/** The change, in one transaction: all of it, or nothing. */
export async function applyBulk(db: Db, staff: Staff, input: BulkProductsInput): Promise<BulkResult> {
  try {
    return await db.transaction(async (tx) => {
      const ids = await targets(tx, staff.user as UserRow, input, true);
      const before = await tx
        .select({
          id: products.id,
          category: products.category,
          hidden: products.hidden,
          price: products.price,
          sellingPrice: products.sellingPrice,
        })
        .from(products)
        .where(inArray(products.id, ids));
      const { action } = input;
      const logged = (act: string, after: (b: (typeof before)[number]) => object, keys: string[]): AuditChange[] =>
        before.map((b) => ({
          entity: "product",
          entityId: b.id,
          action: act,
          before: Object.fromEntries(keys.map((k) => [k, b[k as keyof typeof b]])),
          after: after(b),
        }));
      switch (action.kind) {
        case "category": {
          await tx.update(products).set({ category: action.category }).where(inArray(products.id, ids));
          const moved = before.filter((b) => b.category !== action.category);
          await recordChanges(
            tx,
            staff,
            logged("update", () => ({ category: action.category }), ["category"]).filter((c) =>
              moved.some((m) => m.id === c.entityId),
            ),
          );
          return { count: ids.length, archived: 0, deleted: 0 };
        }
        case "hide":
        case "show": {
          const hidden = action.kind === "hide";
          await tx.update(products).set({ hidden }).where(inArray(products.id, ids));
          await recordChanges(
            tx,
            staff,
            logged("update", () => ({ hidden }), ["hidden"]).filter(
              (c) => (c.before as { hidden: boolean }).hidden !== hidden,
            ),
          );
          return { count: ids.length, archived: 0, deleted: 0 };
        }
        case "price":
          return changePrices(tx, staff, ids, action, before);
        case "stock":
          return setStock(tx, staff, ids, action.stock);
        case "delete":
          return deleteOrArchive(tx, staff, ids);
      }
    });
  } catch (error) {
    if (violates(error, FOREIGN_KEY_VIOLATION, "products_category_categories_name_fk")) {
      throw badRequest(FIELD_MSG.categoryInvalid, [
        { path: "body.action.category", message: FIELD_MSG.categoryInvalid },
      ]);
    }
    throw error;
  }
}

/**
 * Every variant's prices moved, then each product's own prices set to its cheapest variant's,
 * as the variants' service leaves them (decision 024).
 */
async function changePrices(
  tx: Db,
  staff: Staff,
  ids: string[],
  action: Extract<BulkAction, { kind: "price" }>,
  before: { id: string; price: number; sellingPrice: number }[],
): Promise<BulkResult> {
  const { price, selling } = newPrices(action, {
    price: sql`${productVariants.price}`,
    selling: sql`${productVariants.sellingPrice}`,
  });
  await tx
    .update(productVariants)
    .set({ price, sellingPrice: selling, updatedAt: sql`now()` })
    .where(inArray(productVariants.productId, ids));
  const after = (await tx.execute(sql`
    update ${products} p set price = c.price, selling_price = c.selling_price, updated_at = now()
    from (select distinct on (product_id) product_id, price, selling_price from ${productVariants}
          where ${inArray(productVariants.productId, ids)}
          order by product_id, selling_price, position) c
    where p.id = c.product_id
    returning p.id, p.price, p.selling_price`)) as unknown as {
    rows: { id: string; price: number; selling_price: number }[];
  };
  const now = new Map(after.rows.map((r) => [r.id, r]));
  await recordChanges(
    tx,
    staff,
    before.map((b) => ({
      entity: "product",
      entityId: b.id,
      action: "update",
      before: { price: b.price, sellingPrice: b.sellingPrice, bulk: describe(action) },
      after: { price: now.get(b.id)?.price, sellingPrice: now.get(b.id)?.selling_price, bulk: describe(action) },
    })),
  );
  return { count: ids.length, archived: 0, deleted: 0 };
}

/** "−10 %", "+5 000 F" (old prices too): what the audit line says was asked. */
function describe(action: Extract<BulkAction, { kind: "price" }>): string {
  const sign = action.value > 0 ? "+" : "−";
  const size = Math.abs(action.value).toLocaleString("fr-FR");
  return `${sign}${size}${action.mode === "percent" ? " %" : " F"}${action.field === "both" ? " (anciens prix aussi)" : ""}`;
}

/** Every variant's count set (null: not tracked), each change a movement in the history. */
async function setStock(tx: Db, staff: Staff, ids: string[], stock: number | null): Promise<BulkResult> {
  const variants = await tx
    .select({ id: productVariants.id, productId: productVariants.productId, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.id))
    .for("update");
  const changed = variants.filter((v) => v.stock !== stock);
  if (changed.length) {
    await tx
      .update(productVariants)
      .set({ stock, updatedAt: sql`now()` })
      .where(
        inArray(
          productVariants.id,
          changed.map((v) => v.id),
        ),
      );
    await recordCountChanges(
      tx,
      changed.map((v) => ({ variantId: v.id, before: v.stock, after: stock })),
      STOCK_NOTE,
      staff.user,
    );
    await recordChanges(
      tx,
      staff,
      changed.map((v) => ({
        entity: "product",
        entityId: v.productId,
        action: "stock",
        before: { variant: v.id, stock: v.stock },
        after: { variant: v.id, stock, note: STOCK_NOTE },
      })),
    );
  }
  return { count: ids.length, archived: 0, deleted: 0 };
}

/** Products that orders name are archived, the others deleted (decision 046). */
async function deleteOrArchive(tx: Db, staff: Staff, ids: string[]): Promise<BulkResult> {
  const ordered = new Set(
    (
      await tx.selectDistinct({ id: orderLines.productId }).from(orderLines).where(inArray(orderLines.productId, ids))
    ).map((r) => r.id),
  );
  const archive = ids.filter((i) => ordered.has(i));
  const remove = ids.filter((i) => !ordered.has(i));
  // What the log keeps of each: its fields, as a single deletion keeps them.
  const rows = new Map(
    (await tx.select(productColumns).from(products).where(inArray(products.id, ids))).map((r) => [r.id, r]),
  );
  const kept = (id: string) => rows.get(id) ?? null;
  if (archive.length) {
    await tx.update(products).set({ archivedAt: sql`now()` }).where(inArray(products.id, archive));
    await tx.delete(cartLines).where(inArray(cartLines.productId, archive));
  }
  if (remove.length) await tx.delete(products).where(inArray(products.id, remove));
  await recordChanges(tx, staff, [
    ...archive.map((id) => ({ entity: "product", entityId: id, action: "archive", before: kept(id) })),
    ...remove.map((id) => ({ entity: "product", entityId: id, action: "delete", before: kept(id) })),
  ]);
  return { count: ids.length, archived: archive.length, deleted: remove.length };
}
