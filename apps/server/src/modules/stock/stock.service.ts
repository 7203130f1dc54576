import {
  LOW_STOCK_MAX,
  lineName,
  MSG,
  notEnoughStock,
  type StockAdjustInput,
  type StockMovementsQuery,
  stockBelowZero,
  stockStatus,
} from "@shop/shared";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { OrderLineRow, OrderRow } from "../../db/schema/orders.ts";
import { type ProductVariantRow, products, productVariants } from "../../db/schema/products.ts";
import { type StockMovementRow, stockMovements } from "../../db/schema/stock.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { recordChange, type Staff } from "../audit/audit.service.ts";
import { assertManagesProduct } from "../products/ownership.ts";

/**
 * Stock counts (decision 024): taken when an order is recorded, given back when it is
 * cancelled, each change a movement. Called by the orders service inside its transaction, so
 * an order and its stock are written together or not at all.
 */

/** An order's line as the stock reads it. */
export interface StockLine {
  variantId: string;
  productName: string;
  variantLabel: string;
  quantity: number;
}

/** Who made a change, as the history shows it. */
export interface StockActor {
  id: string | null;
  name: string;
}

/**
 * Whether customers see a different availability after a count changed from `before` to
 * `after`: 'En stock' (above LOW_STOCK_MAX) → 'Plus que N' → 'Épuisé'. Every step under the
 * line is shown ('Plus que 3' → 'Plus que 2'); above it, counts are not public.
 */
export const shownChange = (before: number | null, after: number | null) =>
  stockStatus(before) !== stockStatus(after) || (after !== null && after <= LOW_STOCK_MAX && before !== after);

/**
 * Locks the products of the variants whose counts are about to change, in id order. Migration
 * 0026's trigger writes each product's stored stock (decision 044) after its variant: taken
 * first and in one order, as the variants' form takes them, these locks keep two orders, or an
 * order and a form, from each holding a row the other waits for.
 */
async function lockProductsOf(tx: Db, variantIds: readonly string[]): Promise<void> {
  if (variantIds.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(
      inArray(
        products.id,
        tx
          .select({ id: productVariants.productId })
          .from(productVariants)
          .where(inArray(productVariants.id, [...variantIds])),
      ),
    )
    .orderBy(asc(products.id))
    .for("no key update");
}

/**
 * Takes the order's quantities from the tracked variants, or refuses the whole order with a
 * 409 naming the first line that asks for more than is left (the caller's transaction then
 * writes nothing). Each update is conditional (`stock >= quantity`): atomic on PostgreSQL,
 * which re-checks the condition on the row it locked, and on PGlite, which runs one statement
 * at a time; so of two orders for the last unit exactly one succeeds. Variants are taken in
 * id order, so two orders never wait on each other's rows in a cycle. Answers whether
 * customers now see a different availability (the catalogue cache must then be cleared).
 */
export async function takeStock(
  tx: Db,
  order: Pick<OrderRow, "id" | "reference">,
  lines: readonly StockLine[],
  actor: StockActor,
): Promise<{ shownChanged: boolean }> {
  const wanted = new Map<string, StockLine>();
  for (const line of lines) {
    const seen = wanted.get(line.variantId);
    wanted.set(line.variantId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  if (wanted.size === 0) return { shownChanged: false };
  // Untracked variants are always available: no lock, no movement.
  const tracked = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(inArray(productVariants.id, [...wanted.keys()]), isNotNull(productVariants.stock)));
  await lockProductsOf(
    tx,
    tracked.map((t) => t.id),
  );
  let shownChanged = false;
  for (const { id } of tracked.sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const line = wanted.get(id);
    if (!line) continue;
    const [taken] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${line.quantity}`, updatedAt: sql`now()` })
      .where(and(eq(productVariants.id, id), gte(productVariants.stock, line.quantity)))
      .returning({ stock: productVariants.stock });
    if (!taken || taken.stock === null) {
      const [left] = await tx
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, id));
      throw conflict(notEnoughStock(lineName(line.productName, line.variantLabel), left?.stock ?? 0));
    }
    await tx.insert(stockMovements).values({
      variantId: id,
      delta: -line.quantity,
      stockAfter: taken.stock,
      reason: "commande",
      orderId: order.id,
      orderReference: order.reference,
      byUserId: actor.id,
      byName: actor.name,
    });
    shownChanged ||= shownChange(taken.stock + line.quantity, taken.stock);
  }
  return { shownChanged };
}

/**
 * A cancelled order's quantities back on the variants it took them from, once: only what its
 * 'commande' movements took, less what was already given back, so that calling it again gives
 * nothing. Lines whose variant was deleted are skipped.
 */
export async function giveBackStock(
  tx: Db,
  order: Pick<OrderRow, "id" | "reference">,
  actor: StockActor,
): Promise<{ shownChanged: boolean }> {
  const moved = await tx
    .select({ variantId: stockMovements.variantId, total: sql<number>`sum(${stockMovements.delta})::int` })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, order.id))
    .groupBy(stockMovements.variantId);
  await lockProductsOf(
    tx,
    moved.filter((m) => m.total < 0).map((m) => m.variantId),
  );
  let shownChanged = false;
  for (const { variantId, total } of moved.sort((a, b) => (a.variantId < b.variantId ? -1 : 1))) {
    const owed = -total;
    if (owed <= 0) continue;
    const [back] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${owed}`, updatedAt: sql`now()` })
      .where(and(eq(productVariants.id, variantId), isNotNull(productVariants.stock)))
      .returning({ stock: productVariants.stock });
    // No longer tracked since: nothing to give back to.
    if (!back || back.stock === null) continue;
    await tx.insert(stockMovements).values({
      variantId,
      delta: owed,
      stockAfter: back.stock,
      reason: "annulation",
      orderId: order.id,
      orderReference: order.reference,
      byUserId: actor.id,
      byName: actor.name,
    });
    shownChanged ||= shownChange(back.stock - owed, back.stock);
  }
  return { shownChanged };
}

/** An order's lines as the stock reads them. */
export const stockLinesOf = (lines: readonly OrderLineRow[]): StockLine[] =>
  lines.flatMap((l) =>
    l.variantId
      ? [{ variantId: l.variantId, productName: l.productName, variantLabel: l.variantLabel, quantity: l.quantity }]
      : [],
  );

// The back-office: exact counts, adjustments and the history, for ADMIN (its own products, as
// for every product write) and SUPERADMIN (any).

/** A variant with its product's name and owner, as the back-office's stock calls read it. */
export interface VariantStockRow {
  variant: ProductVariantRow;
  productName: string;
  ownerId: string | null;
}

const variantWithProduct = {
  variant: productVariants,
  productName: products.productName,
  ownerId: products.userId,
};

/** 404 for an unknown product, 403 for one the admin does not manage. */
async function assertManagesProductId(db: Db, actor: UserRow, productId: string): Promise<void> {
  const [product] = await db
    .select({ ownerId: products.userId })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product) throw notFound(MSG.productNotFound);
  assertManagesProduct(actor, product.ownerId);
}

/** Every variant of a product with its exact count, in position order. */
export async function productStock(db: Db, actor: UserRow, productId: string): Promise<VariantStockRow[]> {
  await assertManagesProductId(db, actor, productId);
  return db
    .select(variantWithProduct)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.sellingPrice));
}

/**
 * An admin's quick adjustment: units added or taken (`delta`, never below zero, only on a
 * tracked count) or a new count (`stock`; null stops tracking), with the reason, as one
 * movement. The variant's row is locked, so an order or another admin in between is counted
 * from, not overwritten.
 */
export async function adjustStock(
  db: Db,
  staff: Staff,
  input: StockAdjustInput,
): Promise<{ row: VariantStockRow; shownChanged: boolean }> {
  const actor = staff.user;
  return db.transaction(async (tx) => {
    await lockProductsOf(tx, [input.variantId]);
    const [found] = await tx
      .select(variantWithProduct)
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(productVariants.id, input.variantId))
      .for("update", { of: productVariants });
    if (!found) throw notFound(MSG.variantNotFound);
    assertManagesProduct(actor, found.ownerId);
    const before = found.variant.stock;
    let after: number | null;
    if (input.delta !== undefined) {
      if (before === null) throw conflict(MSG.stockUntracked);
      if (before + input.delta < 0) throw conflict(stockBelowZero(before));
      after = before + input.delta;
    } else {
      after = input.stock ?? null;
    }
    const [variant] = await tx
      .update(productVariants)
      .set({ stock: after, updatedAt: sql`now()` })
      .where(eq(productVariants.id, input.variantId))
      .returning();
    if (!variant) throw notFound(MSG.variantNotFound);
    await recordCountChange(tx, variant.id, before, after, input.note, actor);
    // Under its product, so that the product's history shows it (decision 038).
    if (before !== after) {
      await recordChange(tx, staff, {
        entity: "product",
        entityId: variant.productId,
        action: "stock",
        before: { variant: variant.id, optionValues: variant.optionValues, stock: before },
        after: { variant: variant.id, optionValues: variant.optionValues, stock: after, note: input.note },
      });
    }
    return { row: { ...found, variant }, shownChanged: before !== after && shownChange(before, after) };
  });
}

/**
 * An admin's new count, already written, as a movement ('ajustement'). Stopping tracking
 * moves no unit; starting it counts from zero (a count of 0 moves none).
 */
export async function recordCountChange(
  tx: Db,
  variantId: string,
  before: number | null,
  after: number | null,
  note: string,
  actor: Pick<UserRow, "id" | "name">,
): Promise<void> {
  if (after === null || after === (before ?? 0)) return;
  await tx.insert(stockMovements).values({
    variantId,
    delta: after - (before ?? 0),
    stockAfter: after,
    reason: "ajustement",
    note,
    byUserId: actor.id,
    byName: actor.name,
  });
}

/** `recordCountChange` for many variants at once (a bulk change, decision 048): one statement. */
export async function recordCountChanges(
  tx: Db,
  changes: readonly { variantId: string; before: number | null; after: number | null }[],
  note: string,
  actor: Pick<UserRow, "id" | "name">,
): Promise<void> {
  const moved = changes.filter(
    (c): c is { variantId: string; before: number | null; after: number } =>
      c.after !== null && c.after !== (c.before ?? 0),
  );
  if (moved.length === 0) return;
  await tx.insert(stockMovements).values(
    moved.map((c) => ({
      variantId: c.variantId,
      delta: c.after - (c.before ?? 0),
      stockAfter: c.after,
      reason: "ajustement" as const,
      note,
      byUserId: actor.id,
      byName: actor.name,
    })),
  );
}

export interface MovementRow {
  movement: StockMovementRow;
  productId: string;
  productName: string;
  optionValues: string[];
}

/** The history, newest first: of one product, one variant, or (SUPERADMIN) the whole shop. */
export async function stockHistory(
  db: Db,
  actor: UserRow,
  query: StockMovementsQuery,
): Promise<{ rows: MovementRow[]; total: number }> {
  if (query.productId) await assertManagesProductId(db, actor, query.productId);
  if (query.variantId) {
    const [found] = await db
      .select({ ownerId: products.userId })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(productVariants.id, query.variantId));
    if (!found) throw notFound(MSG.variantNotFound);
    assertManagesProduct(actor, found.ownerId);
  }
  const conditions: (SQL | undefined)[] = [
    query.productId ? eq(productVariants.productId, query.productId) : undefined,
    query.variantId ? eq(stockMovements.variantId, query.variantId) : undefined,
    // An ADMIN reads the history of its own products only.
    actor.role === "SUPERADMIN" ? undefined : eq(products.userId, actor.id),
  ];
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        movement: stockMovements,
        productId: products.id,
        productName: products.productName,
        optionValues: productVariants.optionValues,
      })
      .from(stockMovements)
      .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(where)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: count() })
      .from(stockMovements)
      .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
