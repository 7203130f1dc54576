import {
  type AdminPrivacyRequest,
  ERASED_NAME,
  MSG,
  PRIVACY_REQUEST_DAYS,
  type PrivacyRequestInput,
  type PrivacyRequestKind,
} from "@shop/shared";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema/orders.ts";
import { type PrivacyRequestRow, privacyRequests } from "../../db/schema/privacy.ts";
import { stockAlerts } from "../../db/schema/stock.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { recordChange, type Staff } from "../audit/audit.service.ts";
import { anonymiseOrders } from "./erasure.service.ts";
import { type ObjectionKeys, objectContacts } from "./objections.service.ts";

/**
 * Requests about personal data from customers without an account (decision 041): made on the
 * order status page with an order's reference and the number it was placed with — both must
 * match, so a reference alone asks nothing for anyone — and answered in 'Données personnelles'.
 */

const DAY_MS = 86_400_000;

export interface Receipt {
  request: PrivacyRequestRow;
  /** The same request was already waiting: nothing new was recorded. */
  existing: boolean;
}

export async function askAsGuest(db: Db, input: Required<PrivacyRequestInput>, now = new Date()): Promise<Receipt> {
  const [order] = await db
    .select({ id: orders.id, reference: orders.reference })
    .from(orders)
    .where(and(eq(orders.reference, input.reference), eq(orders.phone, input.phone)))
    .limit(1);
  // The same answer whether the reference exists or not: a forged number learns nothing.
  if (!order) throw notFound(MSG.privacyRequestNoOrder);
  const [waiting] = await db
    .select()
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.phone, input.phone),
        eq(privacyRequests.kind, input.kind),
        eq(privacyRequests.status, "received"),
      ),
    )
    .limit(1);
  if (waiting) return { request: waiting, existing: true };
  const [request] = await db
    .insert(privacyRequests)
    .values({
      kind: input.kind,
      orderId: order.id,
      reference: order.reference,
      phone: input.phone,
      message: input.message,
      dueAt: new Date(now.getTime() + PRIVACY_REQUEST_DAYS * DAY_MS),
    })
    .returning();
  return { request: request!, existing: false };
}

/** The back-office's list: what is still to answer by its due date, or everything, newest first. */
export async function requestsFor(db: Db, show: "open" | "all") {
  const rows = await db
    .select({ request: privacyRequests, name: orders.name })
    .from(privacyRequests)
    .leftJoin(orders, eq(orders.id, privacyRequests.orderId))
    .where(show === "open" ? eq(privacyRequests.status, "received") : undefined)
    .orderBy(...(show === "open" ? [asc(privacyRequests.dueAt)] : [desc(privacyRequests.createdAt)]))
    .limit(500);
  const phones = [...new Set(rows.flatMap((r) => (r.request.phone ? [r.request.phone] : [])))];
  const counts = phones.length
    ? await db
        .select({ phone: orders.phone, orders: count() })
        .from(orders)
        .where(inArray(orders.phone, phones))
        .groupBy(orders.phone)
    : [];
  const ordersOf = new Map(counts.map((c) => [c.phone, c.orders]));
  return rows.map((r) => ({ ...r, ordersCount: r.request.phone ? (ordersOf.get(r.request.phone) ?? 0) : 0 }));
}

export type ListedRequest = Awaited<ReturnType<typeof requestsFor>>[number];

export async function requestById(db: Db, id: string): Promise<ListedRequest> {
  const [row] = await db
    .select({ request: privacyRequests, name: orders.name })
    .from(privacyRequests)
    .leftJoin(orders, eq(orders.id, privacyRequests.orderId))
    .where(eq(privacyRequests.id, id));
  if (!row) throw notFound(MSG.privacyRequestNotFound);
  const [counted] = row.request.phone
    ? await db.select({ orders: count() }).from(orders).where(eq(orders.phone, row.request.phone))
    : [];
  return { ...row, ordersCount: counted?.orders ?? 0 };
}

export function toAdminRequest({ request, name, ordersCount }: ListedRequest, now = new Date()): AdminPrivacyRequest {
  return {
    _id: request.id,
    kind: request.kind,
    status: request.status,
    reference: request.reference,
    phone: request.phone,
    name: name && name !== ERASED_NAME ? name : null,
    message: request.message,
    createdAt: request.createdAt.toISOString(),
    dueAt: request.dueAt.toISOString(),
    overdue: request.status === "received" && request.dueAt.getTime() < now.getTime(),
    answeredAt: request.answeredAt?.toISOString() ?? null,
    answeredBy: request.answeredByName,
    answer: request.answer,
    ordersCount,
  };
}

export interface AnswerContext {
  db: Db;
  files: FileStorage;
  keys: ObjectionKeys;
}

/**
 * The owner's answer, carried out: an erasure anonymises every order placed with the number
 * (refused whole while one is open or being paid), an objection stops messages to it, an access
 * or a correction is recorded as done (the archive sent, the correction made). Once only.
 */
export async function answerRequest(
  ctx: AnswerContext,
  staff: Staff,
  id: string,
  answer: { outcome: "done" | "refused"; note: string },
): Promise<{ answered: ListedRequest; ordersAnonymised: number | null }> {
  const { keys, erased } = await ctx.db.transaction(async (tx) => {
    const [request] = await tx.select().from(privacyRequests).where(eq(privacyRequests.id, id)).for("update");
    if (!request) throw notFound(MSG.privacyRequestNotFound);
    if (request.status !== "received") throw conflict(MSG.privacyRequestAlreadyAnswered);
    let keys: string[] = [];
    let erased = 0;
    if (answer.outcome === "done" && request.phone) {
      if (request.kind === "erasure") ({ keys, erased } = await eraseGuest(tx, request.phone));
      if (request.kind === "objection") await objectContacts(tx, ctx.keys, [request.phone], "request");
    }
    const erasedPhone = answer.outcome === "done" && request.kind === "erasure";
    await tx
      .update(privacyRequests)
      .set({
        status: answer.outcome === "done" ? "answered" : "refused",
        answeredAt: new Date(),
        answeredBy: staff.user.id,
        answeredByName: staff.user.name,
        answer: answer.note,
        // The request itself stops naming the number it erased.
        ...(erasedPhone ? { phone: null } : {}),
      })
      .where(eq(privacyRequests.id, id));
    await recordChange(tx, staff, {
      entity: "privacy",
      entityId: id,
      action: answer.outcome === "done" ? "request-answered" : "request-refused",
      after: { kind: request.kind as PrivacyRequestKind, ...(erasedPhone ? { ordersAnonymised: erased } : {}) },
    });
    return { keys, erased: erasedPhone ? erased : null };
  });
  await ctx.files.remove(keys);
  return { answered: await requestById(ctx.db, id), ordersAnonymised: erased };
}

/** Every order placed with the number, anonymised as an account's are. */
async function eraseGuest(tx: Db, phone: string): Promise<{ keys: string[]; erased: number }> {
  const placed = await tx.select().from(orders).where(eq(orders.phone, phone)).for("update");
  const keys = await anonymiseOrders(tx, placed, {
    paying: MSG.privacyGuestPaymentPending,
    open: MSG.privacyGuestOrderOpen,
  });
  await tx.delete(stockAlerts).where(eq(stockAlerts.phone, phone));
  // Other requests from the same number stop naming it too.
  await tx.update(privacyRequests).set({ phone: null }).where(eq(privacyRequests.phone, phone));
  return { keys, erased: placed.length };
}
