import { randomUUID } from "node:crypto";
import path from "node:path";
import {
  formatPrice,
  MSG,
  type OrderPayment,
  PAYMENT_OPERATOR_LABELS,
  type PaymentOperator,
  type PaymentToVerify,
} from "@shop/shared";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { type OrderRow, orders } from "../../db/schema/orders.ts";
import { type PaymentRow, payments } from "../../db/schema/payments.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { UNIQUE_VIOLATION, violates } from "../../lib/pg-errors.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { recordChange, type Staff } from "../audit/audit.service.ts";
import type { OrderFile } from "../orders/files.ts";
import { moveOrderStatus } from "../orders/orders.service.ts";
import { payTokenMatches } from "./pay-token.ts";
import { toApiAdminPayment, toApiPayment } from "./payments.mapper.ts";
import { type ChargeInput, type PaymentProvider, ProviderError, type ProviderPayment } from "./provider.ts";

/*
 * Paying an order (decision 026). The rules live here: who may pay, the amount (always the
 * order's total as recorded), one attempt in progress per order, settling from what the
 * provider says (webhook, waiting screen, reconciliation alike), transfers declared by hand and
 * the admins' review. Every change of an attempt and of its order happens under the order's row
 * lock, taken before the attempt's, so concurrent servers are served one after the other.
 */

export interface PaymentsContext {
  db: Db;
  /** Null when Mobile Money through the provider is not offered (no keys). */
  provider: PaymentProvider | null;
  tokenSecret: string;
  transferNumbers: { mtn: string | null; orange: string | null };
  /** Where transfer screenshots are kept (`payment-files/…`, private). */
  files: FileStorage;
  /** Told when an online payment becomes paid (the admins' notification, decision 033). */
  onPaid?: (attempt: PaymentRow) => void;
  /** How long a pending attempt waits for its webhook before reconciliation reads it. */
  reconcileAfterMs?: number;
}

/** Who asks: the signed-in user, the order's phone number, or the payment link's token. */
export interface OrderAccess {
  userId: string | null;
  contactPhone?: string;
  token?: string;
}

/** After this long a pending attempt is read from the provider by reconciliation (by default). */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** An attempt the provider never took (no reference, or still "pending" there) fails after this. */
export const NEVER_PROCESSED_AFTER_MS = 10 * 60_000;
/** A pending attempt fails as "Délai dépassé" after this (a late 'complete' still pays or is flagged). */
export const PENDING_MAX_MS = 30 * 60_000;
/** The waiting screen's reads ask the provider at most this often per attempt. */
export const PROVIDER_READ_EVERY_MS = 4_000;

const payableStatuses = new Set<OrderRow["status"]>(["nouvelle", "confirmée"]);
const isPaid = (row: OrderRow) => row.status === "payée" || row.status === "livrée";
const operatorLabel = (operator: PaymentOperator | null) => (operator ? PAYMENT_OPERATOR_LABELS[operator] : "");

/** The order the customer may act on, or the same 404 whether it exists or not. */
export async function orderWithAccess(db: Db, secret: string, reference: string, access: OrderAccess) {
  const [row] = await db.select().from(orders).where(eq(orders.reference, reference)).limit(1);
  const allowed =
    row &&
    ((access.userId !== null && row.userId === access.userId) ||
      (access.contactPhone !== undefined && row.phone === access.contactPhone) ||
      (access.token !== undefined && payTokenMatches(secret, row.reference, access.token)));
  if (!row || !allowed) throw notFound(MSG.orderNotFound);
  return row;
}

async function attemptsOf(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(sql`${payments.createdAt} desc`, sql`${payments.id} desc`);
}

/** Why an order cannot be paid now, or null. */
function notPayable(row: OrderRow): AppError | null {
  if (isPaid(row)) return conflict(MSG.paymentAlreadyPaid);
  if (!payableStatuses.has(row.status)) return conflict(MSG.paymentNotPayable);
  if (row.deliveryKind && row.deliveryFee === null) return conflict(MSG.paymentFeeToConfirm);
  // A form order without lines is priced by the shop: nothing to charge yet.
  if (row.total <= 0) return conflict(MSG.paymentNoAmount);
  return null;
}

/** The payment screen. */
export async function orderPayment(ctx: PaymentsContext, row: OrderRow): Promise<OrderPayment> {
  const attempts = await attemptsOf(ctx.db, row.id);
  const paid = isPaid(row) || attempts.some((a) => a.state === "paid");
  return {
    reference: row.reference,
    status: row.status,
    total: row.total,
    payable: !paid && notPayable(row) === null,
    paid,
    choice: row.paymentChoice,
    payments: attempts.map(toApiPayment),
    mobileMoney: ctx.provider !== null,
    transferNumbers: {
      mtn: ctx.transferNumbers.mtn ? `+${ctx.transferNumbers.mtn}` : null,
      orange: ctx.transferNumbers.orange ? `+${ctx.transferNumbers.orange}` : null,
    },
    orderPhone: row.phone,
  };
}

/**
 * Charges the order's total to a Mobile Money number. The attempt is written first (the order
 * locked: one in progress per order, a second tap gets it back), then the provider is called:
 * `initialise` (nothing charged; its reference stored at once), then `process`, the only call
 * that charges. A provider that cannot be reached fails the attempt with nothing charged.
 */
export async function startMobileMoney(
  ctx: PaymentsContext,
  reference: string,
  access: OrderAccess,
  input: { operator: PaymentOperator; phone: string },
): Promise<{ attempt: PaymentRow; created: boolean }> {
  const provider = ctx.provider;
  if (!provider) throw new AppError(503, MSG.paymentUnavailable);
  const order = await orderWithAccess(ctx.db, ctx.tokenSecret, reference, access);

  const started = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    if (!row) throw notFound(MSG.orderNotFound);
    const [inProgress] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, row.id), eq(payments.state, "pending")));
    if (inProgress) return { attempt: inProgress, created: false, row };
    const refusal = notPayable(row);
    if (refusal) throw refusal;
    const [paidAlready] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, row.id), eq(payments.state, "paid")));
    if (paidAlready) throw conflict(MSG.paymentAlreadyPaid);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(payments).where(eq(payments.orderId, row.id));
    const [attempt] = await tx
      .insert(payments)
      .values({
        orderId: row.id,
        method: "mobile_money",
        operator: input.operator,
        phone: input.phone,
        amount: row.total,
        currency: "XAF",
        state: "pending",
        provider: provider.name,
        merchantReference: `${row.reference}-${n + 1}`,
      })
      .returning();
    await tx.update(orders).set({ paymentChoice: "mobile_money" }).where(eq(orders.id, row.id));
    if (!attempt) throw new Error("payment not written");
    return { attempt, created: true, row };
  });
  if (!started.created) return started;

  const charge: ChargeInput = {
    merchantReference: started.attempt.merchantReference ?? "",
    amount: started.attempt.amount,
    currency: "XAF",
    description: `Commande ${started.row.reference}`,
    phone: input.phone.replace(/^\+/, ""),
    operator: input.operator,
    name: started.row.name,
    email: null,
  };
  let providerReference: string;
  try {
    providerReference = await provider.initialise(charge);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await failAttempt(ctx.db, started.attempt.id, MSG.paymentProviderDown);
    throw new AppError(502, MSG.paymentProviderDown);
  }
  const [stored] = await ctx.db
    .update(payments)
    .set({ providerReference, updatedAt: sql`now()` })
    .where(eq(payments.id, started.attempt.id))
    .returning();
  try {
    await provider.process(providerReference, charge);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // The charge may or may not have been sent: the provider says which.
    const settled = await settleFromProvider(ctx, started.attempt.id).catch(() => null);
    if (settled?.providerStatus === "pending") {
      await failAttempt(ctx.db, started.attempt.id, MSG.paymentProviderDown);
      throw new AppError(502, MSG.paymentProviderDown);
    }
    return { attempt: settled ?? stored ?? started.attempt, created: true };
  }
  return { attempt: stored ?? started.attempt, created: true };
}

/** A pending attempt that charged nothing (or could not be confirmed) ends with its reason. */
async function failAttempt(db: Db, id: string, reason: string): Promise<void> {
  await db
    .update(payments)
    .set({ state: "failed", reason, settledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.state, "pending")));
}

/** The customer-facing reason of a provider's failure. */
function failureReason(outcome: "refused" | "failed" | "expired", payment: ProviderPayment): string {
  if (outcome === "expired") return MSG.paymentTimedOut;
  if (/insufficient|insuffisant|balance|solde/i.test(payment.message ?? "")) return MSG.paymentInsufficient;
  return outcome === "refused" ? MSG.paymentRefused : MSG.paymentFailed;
}

/**
 * Reads an attempt's payment from the provider and settles the attempt on that answer. The
 * one way an online attempt changes: webhooks, the waiting screen and reconciliation call it.
 */
export async function settleFromProvider(ctx: PaymentsContext, paymentId: string): Promise<PaymentRow | null> {
  const provider = ctx.provider;
  const [attempt] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!provider || !attempt?.providerReference) return attempt ?? null;
  const read = await provider.retrieve(attempt.providerReference);
  const settled = await applyProviderPayment(ctx.db, provider, attempt.id, read);
  if (settled?.state === "paid" && attempt.state !== "paid") ctx.onPaid?.(settled);
  return settled;
}

/**
 * Settles an attempt on the provider's payment, under the order's and the attempt's locks:
 * - complete, amount and currency matching the attempt and the order's total, the order still
 *   new or confirmed and not paid by another attempt: the attempt is paid and the order moves to
 *   'payée' with the operator and the transaction in its history;
 * - complete otherwise: 'to_verify' with the flag's reason (never paid by itself);
 * - a final failure fails a pending attempt with its reason; paid, rejected and flagged attempts
 *   never move back (a late 'failed' never un-pays);
 * - still pending: only the time it was read is kept.
 */
export async function applyProviderPayment(
  db: Db,
  provider: PaymentProvider,
  paymentId: string,
  read: ProviderPayment,
): Promise<PaymentRow | null> {
  const outcome = provider.outcomeOf(read);
  return db.transaction(async (tx) => {
    const [peek] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId));
    if (!peek) return null;
    const [order] = await tx.select().from(orders).where(eq(orders.id, peek.orderId)).for("update");
    const [attempt] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!order || !attempt) return null;
    const seen = { providerStatus: read.status, checkedAt: sql`now()`, updatedAt: sql`now()` };
    const update = async (values: PgUpdateSetSource<typeof payments>) => {
      const [row] = await tx
        .update(payments)
        .set({ ...seen, ...values })
        .where(eq(payments.id, attempt.id))
        .returning();
      return row ?? attempt;
    };

    const open = attempt.state === "pending" || attempt.state === "failed";
    if (!open) return update({});
    if (outcome === "pending") return update({});
    if (outcome !== "complete") {
      return attempt.state === "pending"
        ? update({ state: "failed", reason: failureReason(outcome, read), settledAt: sql`now()` })
        : update({});
    }

    // Money moved: it pays the order, or waits for an admin.
    const [otherPaid] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.state, "paid")));
    const flag =
      read.currency !== "XAF" || read.amount !== attempt.amount || attempt.amount !== order.total
        ? `Montant reçu ${read.amount} ${read.currency} au lieu de ${order.total} XAF : à vérifier avant de livrer.`
        : isPaid(order) || otherPaid
          ? "Commande déjà payée : paiement en double, à rembourser."
          : order.status === "annulée"
            ? "Commande annulée : paiement à rembourser ou commande à rétablir."
            : null;
    if (flag) return update({ state: "to_verify", flag, reason: null, settledAt: sql`now()` });

    const label = operatorLabel(attempt.operator);
    await moveOrderStatus(
      tx,
      order,
      "payée",
      { id: null, name: label || provider.name },
      `${label} — transaction ${read.reference}`,
    );
    return update({ state: "paid", reason: null, settledAt: sql`now()` });
  });
}

/** The waiting screen's poll: reads the provider now and then while the attempt is pending. */
export async function pollPayment(
  ctx: PaymentsContext,
  paymentId: string,
): Promise<{ attempt: PaymentRow; order: OrderRow }> {
  let [attempt] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!attempt) throw notFound(MSG.paymentNotFound);
  const due = !attempt.checkedAt || Date.now() - attempt.checkedAt.getTime() >= PROVIDER_READ_EVERY_MS;
  if (attempt.state === "pending" && attempt.providerReference && due) {
    attempt = (await settleFromProvider(ctx, attempt.id).catch(() => null)) ?? attempt;
  }
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, attempt.orderId));
  if (!order) throw notFound(MSG.paymentNotFound);
  return { attempt, order };
}

/**
 * A webhook: the signature checked on the raw body (null: refused, nothing read), then the
 * attempt it names is settled from the provider's own answer. Unknown references change nothing.
 */
export async function receiveWebhook(
  ctx: PaymentsContext,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<"refused" | "unknown" | "settled"> {
  const provider = ctx.provider;
  const event = provider?.verifyWebhook(rawBody, headers) ?? null;
  if (!provider || !event) return "refused";
  const byReference = event.reference
    ? and(eq(payments.provider, provider.name), eq(payments.providerReference, event.reference))
    : undefined;
  const byMerchant = event.merchantReference ? eq(payments.merchantReference, event.merchantReference) : undefined;
  const where = byReference && byMerchant ? sql`(${byReference}) or (${byMerchant})` : (byReference ?? byMerchant);
  if (!where) return "unknown";
  const [attempt] = await ctx.db.select().from(payments).where(where).limit(1);
  if (!attempt) return "unknown";
  if (!attempt.providerReference && event.reference) {
    // The webhook came before `initialise` answered us: keep its reference to read it.
    await ctx.db
      .update(payments)
      .set({ providerReference: event.reference })
      .where(and(eq(payments.id, attempt.id), sql`${payments.providerReference} is null`));
  }
  await settleFromProvider(ctx, attempt.id);
  return "settled";
}

/**
 * Settles what webhooks missed: every attempt still pending after RECONCILE_AFTER_MS is read
 * from the provider; one never taken by it fails after NEVER_PROCESSED_AFTER_MS (nothing was
 * charged), one still waiting after PENDING_MAX_MS fails as "Délai dépassé".
 */
export async function reconcile(ctx: PaymentsContext, now = new Date()): Promise<number> {
  const stale = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.state, "pending"),
        sql`${payments.createdAt} < ${new Date(now.getTime() - (ctx.reconcileAfterMs ?? RECONCILE_AFTER_MS)).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(200);
  let settled = 0;
  for (const attempt of stale) {
    const age = now.getTime() - attempt.createdAt.getTime();
    if (!attempt.providerReference) {
      if (age >= NEVER_PROCESSED_AFTER_MS) await failAttempt(ctx.db, attempt.id, MSG.paymentFailed);
      continue;
    }
    const after = await settleFromProvider(ctx, attempt.id).catch(() => null);
    if (!after) continue;
    if (after.state !== "pending") settled += 1;
    else if (after.providerStatus === "pending" && age >= NEVER_PROCESSED_AFTER_MS) {
      await failAttempt(ctx.db, attempt.id, MSG.paymentFailed);
    } else if (age >= PENDING_MAX_MS) await failAttempt(ctx.db, attempt.id, MSG.paymentTimedOut);
  }
  return settled;
}

/** Where a stored screenshot's name lives; a name is never a path, whatever the database holds. */
export const screenshotKey = (storedName: string) => `payment-files/${path.basename(storedName)}`;

/** The admins' notification of a payment received online (decision 033). */
export async function paidNotification(db: Db, attempt: PaymentRow) {
  const [order] = await db.select({ reference: orders.reference }).from(orders).where(eq(orders.id, attempt.orderId));
  const reference = order?.reference ?? "";
  const operator = operatorLabel(attempt.operator);
  return {
    title: "Paiement Mobile Money reçu",
    body: `${reference} — ${formatPrice(attempt.amount)}${operator ? ` (${operator})` : ""}`,
    url: `/admin-panel/orders/${reference}`,
    tag: `payment-${attempt.id}`,
  };
}

/** "J'ai déjà payé par transfert": waits in 'À vérifier' with the order's total. */
export async function declareTransfer(
  ctx: PaymentsContext,
  reference: string,
  access: OrderAccess,
  input: { operator: PaymentOperator; transactionId: string },
  screenshot: OrderFile | null,
): Promise<PaymentRow> {
  const order = await orderWithAccess(ctx.db, ctx.tokenSecret, reference, access);
  let stored: string | null = null;
  if (screenshot) {
    stored = `${randomUUID()}.${screenshot.ext}`;
    await ctx.files.put(screenshotKey(stored), screenshot.bytes, screenshot.mime);
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
      if (!row) throw notFound(MSG.orderNotFound);
      const refusal = notPayable(row);
      if (refusal) throw refusal;
      const open = await tx
        .select({ state: payments.state, method: payments.method })
        .from(payments)
        .where(eq(payments.orderId, row.id));
      if (open.some((a) => a.state === "paid")) throw conflict(MSG.paymentAlreadyPaid);
      if (open.some((a) => a.state === "to_verify" && a.method === "transfer")) throw conflict(MSG.transferPending);
      const [taken] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.transactionId, input.transactionId), sql`${payments.state} <> 'rejected'`));
      if (taken) throw conflict(MSG.transferIdTaken);
      const [attempt] = await tx
        .insert(payments)
        .values({
          orderId: row.id,
          method: "transfer",
          operator: input.operator,
          phone: row.phone,
          amount: row.total,
          currency: "XAF",
          state: "to_verify",
          transactionId: input.transactionId,
          screenshotPath: stored,
          screenshotType: screenshot?.mime ?? null,
        })
        .returning()
        .catch((error: unknown) => {
          // Two orders declaring the same ID at once: the unique index keeps one.
          if (violates(error, UNIQUE_VIOLATION)) throw conflict(MSG.transferIdTaken);
          throw error;
        });
      await tx.update(orders).set({ paymentChoice: "transfer" }).where(eq(orders.id, row.id));
      if (!attempt) throw new Error("payment not written");
      return attempt;
    });
  } catch (error) {
    if (stored) await ctx.files.remove([screenshotKey(stored)]);
    throw error;
  }
}

/** "Paiement à la livraison": recorded on the order; paid when the shop marks it so. */
export async function chooseCash(ctx: PaymentsContext, reference: string, access: OrderAccess): Promise<OrderRow> {
  const order = await orderWithAccess(ctx.db, ctx.tokenSecret, reference, access);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    if (!row) throw notFound(MSG.orderNotFound);
    if (isPaid(row)) throw conflict(MSG.paymentAlreadyPaid);
    if (!payableStatuses.has(row.status)) throw conflict(MSG.paymentNotPayable);
    const [updated] = await tx
      .update(orders)
      .set({ paymentChoice: "cash", updatedAt: sql`now()` })
      .where(eq(orders.id, row.id))
      .returning();
    return updated ?? row;
  });
}

/** The 'À vérifier' queue, oldest first. */
export async function paymentsToVerify(
  db: Db,
  page: number,
  limit: number,
): Promise<{ rows: PaymentToVerify[]; total: number }> {
  const where = eq(payments.state, "to_verify");
  const [rows, [totals]] = await Promise.all([
    db
      .select({ payment: payments, order: orders })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(where)
      .orderBy(asc(payments.updatedAt), asc(payments.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(payments).where(where),
  ]);
  return {
    rows: rows.map(({ payment, order }) => ({
      ...toApiAdminPayment(payment),
      order: { reference: order.reference, name: order.name, total: order.total, status: order.status },
    })),
    total: totals?.total ?? 0,
  };
}

export async function countToVerify(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payments).where(eq(payments.state, "to_verify"));
  return row?.n ?? 0;
}

/** Locks the attempt's order, then the attempt, which must be waiting for review. */
async function lockedForReview(tx: Db, id: string) {
  const [peek] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, id));
  if (!peek) throw notFound(MSG.paymentNotFound);
  const [order] = await tx.select().from(orders).where(eq(orders.id, peek.orderId)).for("update");
  const [attempt] = await tx.select().from(payments).where(eq(payments.id, id)).for("update");
  if (!order || !attempt) throw notFound(MSG.paymentNotFound);
  if (attempt.state !== "to_verify") throw conflict(MSG.paymentNotToVerify);
  return { order, attempt };
}

/** An admin approves: the attempt is paid and the order 'payée', with who did it in the history. */
export async function approvePayment(db: Db, staff: Staff, id: string): Promise<PaymentRow> {
  const actor = staff.user;
  return db.transaction(async (tx) => {
    const { order, attempt } = await lockedForReview(tx, id);
    if (!payableStatuses.has(order.status)) throw conflict(MSG.paymentApproveImpossible);
    const what = attempt.method === "transfer" ? "Transfert" : "Paiement";
    const ref = attempt.transactionId ?? attempt.providerReference ?? "";
    await moveOrderStatus(tx, order, "payée", actor, `${what} ${operatorLabel(attempt.operator)} — transaction ${ref}`);
    const [row] = await tx
      .update(payments)
      .set({
        state: "paid",
        reviewedBy: actor.id,
        reviewedByName: actor.name,
        reviewedAt: sql`now()`,
        settledAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, attempt.id))
      .returning();
    await recordReview(
      tx,
      staff,
      order.reference,
      "payment-approve",
      attempt,
      row,
      { status: order.status },
      {
        status: "payée",
      },
    );
    return row ?? attempt;
  });
}

/**
 * A review's line in the audit log, under the order (decision 038): the payment's state, and
 * the order's status when it moved with it.
 */
function recordReview(
  tx: Db,
  staff: Staff,
  reference: string,
  action: "payment-approve" | "payment-reject",
  attempt: PaymentRow,
  reviewed: PaymentRow | undefined,
  before: object = {},
  after: object = {},
) {
  return recordChange(tx, staff, {
    entity: "order",
    entityId: reference,
    action,
    before: { payment: attempt.id, state: attempt.state, ...before },
    after: {
      payment: attempt.id,
      state: reviewed?.state ?? attempt.state,
      amount: attempt.amount,
      transactionId: attempt.transactionId,
      ...(reviewed?.reason ? { reason: reviewed.reason } : {}),
      ...after,
    },
  });
}

/** An admin rejects, with the reason the customer reads on the payment screen. */
export async function rejectPayment(db: Db, staff: Staff, id: string, reason: string): Promise<PaymentRow> {
  const actor = staff.user;
  return db.transaction(async (tx) => {
    const { order, attempt } = await lockedForReview(tx, id);
    const [row] = await tx
      .update(payments)
      .set({
        state: "rejected",
        reason,
        reviewedBy: actor.id,
        reviewedByName: actor.name,
        reviewedAt: sql`now()`,
        settledAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, attempt.id))
      .returning();
    await recordReview(tx, staff, order.reference, "payment-reject", attempt, row);
    return row ?? attempt;
  });
}

/** A transfer's screenshot, for the shop's admins. */
export async function screenshotOf(
  db: Db,
  id: string,
): Promise<{ storedName: string; type: string; reference: string }> {
  const [row] = await db
    .select({ path: payments.screenshotPath, type: payments.screenshotType, reference: orders.reference })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, id));
  if (!row?.path) throw notFound(MSG.paymentScreenshotNotFound);
  return { storedName: row.path, type: row.type ?? "application/octet-stream", reference: row.reference };
}
