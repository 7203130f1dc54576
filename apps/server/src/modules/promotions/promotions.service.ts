import {
  formatPrice,
  MSG,
  type PromotionInput,
  type PromotionState,
  type PromotionStateAction,
  type PromotionSummary,
} from "@shop/shared";
import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories } from "../../db/schema/categories.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { products, productVariants } from "../../db/schema/products.ts";
import { type PromotionRow, promotions, promotionUses } from "../../db/schema/promotions.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { recordChange, recordUpdate, type Staff } from "../audit/audit.service.ts";

/*
 * The back-office's 'Promotions' (decision 051): sales and codes, their state, and what each
 * has brought, read from the orders' copies.
 */

export interface PromotionWithSummary {
  row: PromotionRow;
  state: PromotionState;
  summary: PromotionSummary;
}

/** The fields the back-office edits, as the audit log compares them. */
const FIELDS = [
  "kind",
  "name",
  "code",
  "discountType",
  "value",
  "startsAt",
  "endsAt",
  "pausedAt",
  "productIds",
  "variantIds",
  "categories",
  "brands",
  "minSubtotal",
  "maxUses",
  "maxUsesPerCustomer",
  "stacksWithSale",
] as const;

export function stateOf(row: Pick<PromotionRow, "startsAt" | "endsAt" | "pausedAt">, now: Date): PromotionState {
  if (row.endsAt && row.endsAt <= now) return "ended";
  if (row.pausedAt) return "paused";
  if (row.startsAt > now) return "scheduled";
  return "running";
}

const NO_SUMMARY: PromotionSummary = { orders: 0, units: 0, revenue: 0, discount: 0 };

/**
 * What each promotion brought, orders cancelled apart: a code's from the orders that used it
 * (their lines' total less the code's discount), a sale's from the lines it lowered.
 */
async function summaries(db: Db, rows: readonly PromotionRow[]): Promise<Map<string, PromotionSummary>> {
  const result = new Map<string, PromotionSummary>();
  const codeIds = rows.filter((r) => r.kind === "code").map((r) => r.id);
  const saleIds = rows.filter((r) => r.kind === "sale").map((r) => r.id);
  const kept = ne(orders.status, "annulée");
  if (codeIds.length) {
    const byCode = await db
      .select({
        id: promotionUses.promotionId,
        orders: sql<number>`count(*)::int`,
        units: sql<number>`coalesce(sum(${orders.totalQuantity}), 0)::int`,
        revenue: sql<number>`coalesce(sum(${orders.totalPrice} - ${orders.discount}), 0)::int`,
        discount: sql<number>`coalesce(sum(${orders.discount}), 0)::int`,
      })
      .from(promotionUses)
      .innerJoin(orders, eq(orders.id, promotionUses.orderId))
      .where(and(inArray(promotionUses.promotionId, codeIds), isNull(promotionUses.releasedAt), kept))
      .groupBy(promotionUses.promotionId);
    for (const { id, ...summary } of byCode) result.set(id, summary);
  }
  if (saleIds.length) {
    const bySale = await db
      .select({
        id: sql<string>`${orderLines.salePromotionId}`,
        orders: sql<number>`count(distinct ${orderLines.orderId})::int`,
        units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
        revenue: sql<number>`coalesce(sum(${orderLines.unitPrice} * ${orderLines.quantity}), 0)::int`,
        discount: sql<number>`coalesce(sum((${orderLines.usualPrice} - ${orderLines.unitPrice}) * ${orderLines.quantity}), 0)::int`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(inArray(orderLines.salePromotionId, saleIds), kept))
      .groupBy(orderLines.salePromotionId);
    for (const { id, ...summary } of bySale) result.set(id, summary);
  }
  return result;
}

async function withSummaries(db: Db, rows: PromotionRow[]): Promise<PromotionWithSummary[]> {
  const now = new Date();
  const found = await summaries(db, rows);
  return rows.map((row) => ({ row, state: stateOf(row, now), summary: found.get(row.id) ?? NO_SUMMARY }));
}

/** Every promotion, the newest first. */
export async function listPromotions(db: Db): Promise<PromotionWithSummary[]> {
  const rows = await db
    .select()
    .from(promotions)
    .orderBy(desc(promotions.startsAt), desc(promotions.createdAt), asc(promotions.id));
  return withSummaries(db, rows);
}

export async function promotion(db: Db, id: string): Promise<PromotionWithSummary> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  if (!row) throw notFound(MSG.promotionNotFound);
  const [one] = await withSummaries(db, [row]);
  return one as PromotionWithSummary;
}

const field = (name: string, message: string) => [{ path: `body.${name}`, message }];

/**
 * The target names what exists: the products and variants chosen, the categories of the shop.
 * A sale's amount must leave something to pay for every product it names.
 */
async function checkTarget(tx: Db, input: PromotionInput): Promise<void> {
  if (input.productIds.length) {
    const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, input.productIds));
    if (found.length !== new Set(input.productIds).size)
      throw badRequest(MSG.promotionUnknownProducts, field("productIds", MSG.promotionUnknownProducts));
  }
  if (input.variantIds.length) {
    const found = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(inArray(productVariants.id, input.variantIds));
    if (found.length !== new Set(input.variantIds).size)
      throw badRequest(MSG.promotionUnknownProducts, field("variantIds", MSG.promotionUnknownProducts));
  }
  if (input.categories.length) {
    const known = await tx.select({ name: categories.name }).from(categories);
    const folded = new Set(known.map((c) => c.name.toLowerCase()));
    const unknown = input.categories.find((c) => !folded.has(c.toLowerCase()));
    if (unknown) {
      const message = MSG.promotionUnknownCategory(unknown);
      throw badRequest(message, field("categories", message));
    }
  }
  if (input.kind === "sale" && input.discountType === "amount") {
    const cheapest = await cheapestTargeted(tx, input);
    if (cheapest && cheapest.price <= input.value) {
      const message = MSG.promotionAmountAbovePrice(cheapest.name, formatPrice(cheapest.price));
      throw badRequest(message, field("value", message));
    }
  }
}

/** The cheapest variant the target names, archived products apart. */
async function cheapestTargeted(tx: Db, input: PromotionInput): Promise<{ name: string; price: number } | null> {
  const any: SQL[] = [];
  if (input.productIds.length) any.push(inArray(products.id, input.productIds));
  if (input.variantIds.length) any.push(inArray(productVariants.id, input.variantIds));
  if (input.categories.length)
    any.push(
      sql`lower(${products.category}) in (${sql.join(
        input.categories.map((c) => sql`lower(${c})`),
        sql`, `,
      )})`,
    );
  if (input.brands.length)
    any.push(
      sql`lower(${products.brandName}) in (${sql.join(
        input.brands.map((b) => sql`lower(${b})`),
        sql`, `,
      )})`,
    );
  const [row] = await tx
    .select({ name: products.productName, price: productVariants.sellingPrice })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(isNull(products.archivedAt), any.length ? sql`(${sql.join(any, sql` or `)})` : undefined))
    .orderBy(asc(productVariants.sellingPrice))
    .limit(1);
  return row ?? null;
}

const isCodeTaken = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } })?.code === "23505" ||
  (error as { cause?: { code?: string } })?.cause?.code === "23505";

const columnsOf = (input: PromotionInput) => ({
  ...input,
  code: input.kind === "code" ? input.code : null,
  startsAt: new Date(input.startsAt),
  endsAt: input.endsAt ? new Date(input.endsAt) : null,
});

/** A code already taken answers 409 with the field named, and nothing is written. */
async function refusingTakenCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isCodeTaken(error)) throw conflict(MSG.promotionCodeTaken);
    throw error;
  }
}

export async function createPromotion(db: Db, staff: Staff, input: PromotionInput): Promise<PromotionWithSummary> {
  const row = await refusingTakenCode(() =>
    db.transaction(async (tx) => {
      await checkTarget(tx, input);
      const [inserted] = await tx
        .insert(promotions)
        .values({ ...columnsOf(input), createdBy: staff.user.id })
        .returning();
      if (!inserted) throw new Error("promotion not inserted");
      await recordChange(tx, staff, { entity: "promotion", entityId: inserted.id, action: "create", after: inserted });
      return inserted;
    }),
  );
  return promotion(db, row.id);
}

/**
 * An edit keeps the uses counted so far; a total limit below them is refused by the database's
 * check, as 'épuisé' would then be wrong.
 */
export async function updatePromotion(
  db: Db,
  staff: Staff,
  id: string,
  input: PromotionInput,
): Promise<PromotionWithSummary> {
  await refusingTakenCode(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for("update");
      if (!before) throw notFound(MSG.promotionNotFound);
      if (before.kind !== input.kind) throw badRequest(MSG.promotionKindFixed, field("kind", MSG.promotionKindFixed));
      if (input.maxUses !== null && input.maxUses < before.uses) {
        const message = MSG.promotionUsesBelowCount(before.uses);
        throw badRequest(message, field("maxUses", message));
      }
      await checkTarget(tx, input);
      const [row] = await tx
        .update(promotions)
        .set({ ...columnsOf(input), updatedAt: sql`now()` })
        .where(eq(promotions.id, id))
        .returning();
      if (!row) throw notFound(MSG.promotionNotFound);
      await recordUpdate(tx, staff, {
        entity: "promotion",
        entityId: id,
        action: "update",
        before,
        after: row,
        keys: FIELDS,
      });
    }),
  );
  return promotion(db, id);
}

/** Pause, resume, or end now: an ended promotion stays ended. */
export async function changePromotionState(
  db: Db,
  staff: Staff,
  id: string,
  action: PromotionStateAction,
): Promise<PromotionWithSummary> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for("update");
    if (!before) throw notFound(MSG.promotionNotFound);
    const now = new Date();
    if (stateOf(before, now) === "ended") throw conflict(MSG.promotionAlreadyEnded);
    const change =
      action === "pause"
        ? { pausedAt: before.pausedAt ?? now }
        : action === "resume"
          ? { pausedAt: null }
          : // One not started yet ends before its start: it never runs.
            { endsAt: now };
    const [row] = await tx
      .update(promotions)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(promotions.id, id))
      .returning();
    if (!row) throw notFound(MSG.promotionNotFound);
    await recordUpdate(tx, staff, { entity: "promotion", entityId: id, action, before, after: row, keys: FIELDS });
  });
  return promotion(db, id);
}
