import { CLOSED_ORDER_STATUSES, ERASED_NAME, MSG } from "@shop/shared";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactMessages } from "../../db/schema/contact.ts";
import { type OrderRow, orderStatusChanges, orders } from "../../db/schema/orders.ts";
import { payments } from "../../db/schema/payments.ts";
import { privacyRequests } from "../../db/schema/privacy.ts";
import { promotionUses } from "../../db/schema/promotions.ts";
import { stockAlerts, stockMovements } from "../../db/schema/stock.ts";
import { users } from "../../db/schema/users.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { uploadKey } from "../../lib/storage.ts";
import { recordChange, recordSystemChange, type Staff } from "../audit/audit.service.ts";
import { orderFileKey } from "../orders/files.ts";
import { screenshotKey } from "../payments/payments.service.ts";

/** What an erasure did, for the audit log and the answer. */
export interface Erasure {
  ordersAnonymised: number;
  filesRemoved: number;
}

/**
 * Erases an account and what names its person (decision 041, docs/privacy.md): the account and
 * everything hanging from it (cart, sessions, devices, second factors, reviews, reset links)
 * go with its row; its orders stay for the accounts with their lines and totals, but without
 * name, phone, address, message, landmark or files; its 'Contact' messages and 'Prévenez-moi'
 * numbers go. One transaction: refused whole, with the reason, while an order is still open or
 * being paid (the shop owes a delivery, the customer a payment), so nothing is half-erased.
 * The files go once the rows have, so that a refusal never loses one.
 */
export async function eraseAccount(
  db: Db,
  files: FileStorage,
  /** Who asked: the person, or null for the shop itself (an account unused for years). */
  actor: Staff | null,
  userId: string,
): Promise<Erasure> {
  const { keys, erasure } = await db.transaction(async (tx) => {
    const [account] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!account) throw notFound(MSG.userNotFound);
    if (account.role === "SUPERADMIN") {
      const superAdmins = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, "SUPERADMIN"))
        .for("update");
      if (superAdmins.length <= 1) throw conflict(MSG.accountDeleteLastSuperAdmin);
    }
    // Locked as a payment locks its order: an erasure and a payment on the same order take turns.
    const owned = await tx.select().from(orders).where(eq(orders.userId, userId)).for("update");
    const ids = owned.map((o) => o.id);
    const keys = await anonymiseOrders(tx, owned, {
      paying: MSG.accountDeletePaymentPending,
      open: MSG.accountDeleteOrderOpen,
    });
    const photo = account.profilePic ? uploadKey(account.profilePic) : null;
    if (photo) keys.push(photo);
    const phones = [...new Set(owned.flatMap((o) => (o.phone ? [o.phone] : [])))];

    // A number still on another customer's order is theirs too: only this person's go.
    const shared = phones.length
      ? await tx
          .select({ phone: orders.phone })
          .from(orders)
          .where(and(inArray(orders.phone, phones), notInArray(orders.id, ids)))
      : [];
    const onlyTheirs = phones.filter((p) => !shared.some((s) => s.phone === p));
    if (onlyTheirs.length) {
      await tx.delete(stockAlerts).where(inArray(stockAlerts.phone, onlyTheirs));
      await tx.update(privacyRequests).set({ phone: null }).where(inArray(privacyRequests.phone, onlyTheirs));
    }
    await tx.delete(contactMessages).where(eq(contactMessages.email, account.email));
    // Their name leaves the histories that kept it as it was: the stock their orders took, and,
    // for a member of staff, the orders and payments they handled (the ids go with the row).
    await tx
      .update(orderStatusChanges)
      .set({ changedByName: ERASED_NAME })
      .where(eq(orderStatusChanges.changedBy, userId));
    await tx.update(payments).set({ reviewedByName: ERASED_NAME }).where(eq(payments.reviewedBy, userId));
    await tx.update(stockMovements).set({ byName: ERASED_NAME }).where(eq(stockMovements.byUserId, userId));

    const erasure: Erasure = { ordersAnonymised: ids.length, filesRemoved: keys.length };
    const change = { entity: "user", entityId: userId, action: "erase", after: erasure };
    await (actor ? recordChange(tx, actor, change) : recordSystemChange(tx, change));
    await tx.delete(users).where(eq(users.id, userId));
    return { keys, erasure };
  });
  await files.remove(keys);
  return erasure;
}

/**
 * Orders kept for the accounts without whom they named (no name, phone, address, message,
 * landmark, file or screenshot): refused whole, with the reason, while one is still open or
 * being paid. The orders must be locked by the caller's transaction. Returns the storage keys
 * of the files to remove once it has committed.
 */
export async function anonymiseOrders(
  tx: Db,
  owned: OrderRow[],
  say: { paying: (reference: string) => string; open: (reference: string) => string },
): Promise<string[]> {
  const ids = owned.map((o) => o.id);
  const attempts = ids.length ? await tx.select().from(payments).where(inArray(payments.orderId, ids)) : [];
  // Money on its way: charged by the operator now, or a transfer the shop has still to check.
  const paying = attempts.find((p) => p.state === "pending" || p.state === "to_verify");
  if (paying) throw conflict(say.paying(owned.find((o) => o.id === paying.orderId)?.reference ?? ""));
  const open = owned.find((o) => !CLOSED_ORDER_STATUSES.includes(o.status));
  if (open) throw conflict(say.open(open.reference));
  if (ids.length) {
    await tx
      .update(orders)
      .set({
        name: ERASED_NAME,
        phone: null,
        address: "",
        message: "",
        filePath: null,
        fileName: null,
        fileType: null,
        deliveryNeighbourhood: null,
        deliveryLandmark: null,
      })
      .where(inArray(orders.id, ids));
    await tx
      .update(payments)
      .set({ phone: null, screenshotPath: null, screenshotType: null })
      .where(inArray(payments.orderId, ids));
    // A code's use stays counted (its limit still holds) without the number it was counted by.
    await tx.update(promotionUses).set({ phone: null }).where(inArray(promotionUses.orderId, ids));
  }
  return [
    ...owned.flatMap((o) => (o.filePath ? [orderFileKey(o.filePath)] : [])),
    ...attempts.flatMap((p) => (p.screenshotPath ? [screenshotKey(p.screenshotPath)] : [])),
  ];
}
