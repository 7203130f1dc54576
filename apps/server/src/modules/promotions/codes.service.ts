import { type CodeLine, codeDiscount, formatPrice, MSG, normalizeCode } from "@shop/shared";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type PromotionRow, promotions, promotionUses } from "../../db/schema/promotions.ts";
import { AppError } from "../../lib/errors.ts";
import { stateOf } from "./promotions.service.ts";

/*
 * A code on an order (decision 051): found as typed, checked against the cart, and counted in
 * the order's transaction so that a limit is never passed, whatever the number of app servers.
 */

/** Who orders: a per-customer limit counts by phone and by account. */
export interface CodeCustomer {
  /** "+237XXXXXXXXX" or null. */
  phone: string | null;
  userId: string | null;
}

export interface AppliedCode {
  promotion: PromotionRow;
  /** Francs off the lines' total. */
  discount: number;
  deliveryFree: boolean;
}

/** Clients act on `code` (offer to order without the code); others read the French message. */
export const codeRefused = (message: string) => new AppError(409, message, undefined, { code: "promo-code-refused" });

/** The code as typed, or a refusal that names why it gives nothing now. */
async function runningCode(db: Db, typed: string, now: Date): Promise<PromotionRow> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.kind, "code"), eq(promotions.code, normalizeCode(typed))));
  if (!row) throw codeRefused(MSG.promoCodeUnknown);
  const state = stateOf(row, now);
  if (state === "ended") throw codeRefused(MSG.promoCodeExpired);
  if (state === "scheduled") throw codeRefused(MSG.promoCodeNotYet);
  if (state === "paused") throw codeRefused(MSG.promoCodePaused);
  if (row.maxUses !== null && row.uses >= row.maxUses) throw codeRefused(MSG.promoCodeExhausted);
  return row;
}

/** What the code gives these lines, or the refusal. */
function discountOf(row: PromotionRow, lines: readonly CodeLine[]): AppliedCode {
  const outcome = codeDiscount(
    {
      type: row.discountType,
      value: row.value,
      minSubtotal: row.minSubtotal,
      stacksWithSale: row.stacksWithSale,
      target: row,
    },
    lines,
  );
  if (!outcome.ok) {
    throw codeRefused(
      outcome.reason === "minimum" ? MSG.promoCodeMinimum(formatPrice(row.minSubtotal ?? 0)) : MSG.promoCodeNoLine,
    );
  }
  return { promotion: row, discount: outcome.discount, deliveryFree: outcome.deliveryFree };
}

/** The uses not given back that this phone or this account made. */
async function usesBy(db: Db, promotionId: string, customer: CodeCustomer): Promise<number> {
  const who = [
    customer.phone ? eq(promotionUses.phone, customer.phone) : undefined,
    customer.userId ? eq(promotionUses.userId, customer.userId) : undefined,
  ].filter((c) => c !== undefined);
  if (!who.length) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(promotionUses)
    .where(and(eq(promotionUses.promotionId, promotionId), isNull(promotionUses.releasedAt), or(...who)));
  return row?.n ?? 0;
}

/**
 * The code check as the customer types it: what it would give this cart now. Counts nothing;
 * the order counts (useCode).
 */
export async function checkCode(
  db: Db,
  typed: string,
  lines: readonly CodeLine[],
  customer: CodeCustomer,
  now = new Date(),
): Promise<AppliedCode> {
  const row = await runningCode(db, typed, now);
  const applied = discountOf(row, lines);
  if (row.maxUsesPerCustomer !== null && (await usesBy(db, row.id, customer)) >= row.maxUsesPerCustomer)
    throw codeRefused(MSG.promoCodeUsedByPhone);
  return applied;
}

/**
 * Takes one use of the code for an order, inside the order's transaction `tx`, before the order
 * is written: the per-customer count under a lock on this phone and this account (two orders
 * from one phone take turns), then one atomic increment that never passes the total limit. A
 * refusal throws, and the transaction writes nothing. `recordUse` ties the use to the order.
 */
export async function takeCode(
  tx: Db,
  typed: string,
  lines: readonly CodeLine[],
  customer: CodeCustomer,
  now = new Date(),
): Promise<AppliedCode> {
  const row = await runningCode(tx, typed, now);
  const applied = discountOf(row, lines);
  if (row.maxUsesPerCustomer !== null) {
    if (!customer.phone)
      throw new AppError(400, MSG.promoCodeNeedsPhone, [{ path: "body.phone", message: MSG.promoCodeNeedsPhone }]);
    for (const who of [customer.phone, customer.userId].filter(Boolean).sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${row.id}:${who}`}, 0))`);
    }
    if ((await usesBy(tx, row.id, customer)) >= row.maxUsesPerCustomer) throw codeRefused(MSG.promoCodeUsedByPhone);
  }
  const [counted] = await tx
    .update(promotions)
    .set({ uses: sql`${promotions.uses} + 1` })
    .where(
      and(
        eq(promotions.id, row.id),
        isNull(promotions.pausedAt),
        sql`(${promotions.maxUses} is null or ${promotions.uses} < ${promotions.maxUses})`,
        sql`(${promotions.endsAt} is null or ${promotions.endsAt} > now())`,
      ),
    )
    .returning({ id: promotions.id });
  if (!counted) throw codeRefused(MSG.promoCodeExhausted);
  return applied;
}

/** The use taken by `takeCode`, tied to the order it was taken for. */
export async function recordUse(tx: Db, applied: AppliedCode, orderId: string, customer: CodeCustomer): Promise<void> {
  await tx.insert(promotionUses).values({
    promotionId: applied.promotion.id,
    orderId,
    userId: customer.userId,
    phone: customer.phone,
  });
}

/** A cancelled order gives its code's use back (once). */
export async function releaseUses(tx: Db, orderId: string): Promise<void> {
  const released = await tx
    .update(promotionUses)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(promotionUses.orderId, orderId), isNull(promotionUses.releasedAt)))
    .returning({ promotionId: promotionUses.promotionId });
  for (const { promotionId } of released) {
    await tx
      .update(promotions)
      .set({ uses: sql`greatest(${promotions.uses} - 1, 0)` })
      .where(eq(promotions.id, promotionId));
  }
}
