import {
  CLOSED_ORDER_STATUSES,
  RETENTION_LIMITS,
  RETENTION_NAMES,
  type RetentionName,
  type RetentionState,
  type RetentionValues,
} from "@shop/shared";
import { and, eq, inArray, isNotNull, like, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { appSettings } from "../../db/schema/app-settings.ts";
import { passwordResets, sessions } from "../../db/schema/auth.ts";
import { cartLines } from "../../db/schema/cart.ts";
import { contactMessages } from "../../db/schema/contact.ts";
import { orderStatusChanges, orders } from "../../db/schema/orders.ts";
import { payments } from "../../db/schema/payments.ts";
import { webauthnChallenges } from "../../db/schema/second-factors.ts";
import { lastDone } from "../../jobs/queue.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { recordChange, recordSystemChange, type Staff } from "../audit/audit.service.ts";
import { orderFileKey } from "../orders/files.ts";
import { screenshotKey } from "../payments/payments.service.ts";

/**
 * How long the shop keeps what names a person (decision 041, docs/privacy.md): each a setting
 * (`app_settings`, key `retention.<name>`) within the contract's bounds (RETENTION_LIMITS), with
 * its default there.
 */
export const RETENTION_DEFAULTS = Object.fromEntries(
  RETENTION_NAMES.map((name) => [name, RETENTION_LIMITS[name].default]),
) as RetentionValues;

export type RetentionSettings = RetentionValues;
export const RETENTION_PREFIX = "retention.";

export async function retentionSettings(db: Db): Promise<RetentionSettings> {
  const rows = await db
    .select()
    .from(appSettings)
    .where(like(appSettings.key, `${RETENTION_PREFIX}%`));
  const settings: RetentionSettings = { ...RETENTION_DEFAULTS };
  for (const row of rows) {
    const name = row.key.slice(RETENTION_PREFIX.length) as RetentionName;
    const value = Number(row.value);
    const limits = RETENTION_LIMITS[name];
    if (limits && Number.isInteger(value) && value >= limits.min && value <= limits.max) settings[name] = value;
  }
  return settings;
}

/** The owner's new durations (validated by the contract), each change in the audit log. */
export async function saveRetention(db: Db, staff: Staff, input: Partial<RetentionValues>): Promise<RetentionSettings> {
  return db.transaction(async (tx) => {
    const before = await retentionSettings(tx);
    const changed = RETENTION_NAMES.filter((n) => input[n] !== undefined && input[n] !== before[n]);
    for (const name of changed) {
      const value = String(input[name]);
      await tx
        .insert(appSettings)
        .values({ key: `${RETENTION_PREFIX}${name}`, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value } });
    }
    const after = { ...before, ...Object.fromEntries(changed.map((n) => [n, input[n]])) } as RetentionSettings;
    if (changed.length) {
      await recordChange(tx, staff, {
        entity: "privacy",
        entityId: "retention",
        action: "update",
        before: Object.fromEntries(changed.map((n) => [n, before[n]])),
        after: Object.fromEntries(changed.map((n) => [n, after[n]])),
      });
    }
    return after;
  });
}

/** The daily job's last finished run, as the back-office shows it. */
export async function lastRetentionRun(db: Db): Promise<RetentionState["lastRun"]> {
  const run = await lastDone(db, RETENTION_JOB);
  if (!run) return null;
  const removed = Object.fromEntries(
    Object.entries((run.result ?? {}) as Record<string, unknown>).filter(
      (entry): entry is [string, number] => typeof entry[1] === "number",
    ),
  );
  return { at: run.at.toISOString(), removed };
}

/** The kind of the daily job that applies these durations (jobs/handlers.ts). */
export const RETENTION_JOB = "retention";

/** What one run removed. */
export interface RetentionReport {
  orderFiles: number;
  screenshots: number;
  contactMessages: number;
  sessionAddresses: number;
  cartLines: number;
  closedOrders: number;
  expiredSessions: number;
  expiredLinks: number;
}

const DAY_MS = 86_400_000;
const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/**
 * Applies every retention at `now` (the daily job; a test's clock). Idempotent: a second run at
 * the same time removes nothing. Rows first, in one transaction; the files once it committed
 * (a file left by a failure is one the next run no longer names, hence files last). Writes one
 * line to the audit log when anything went.
 */
export async function applyRetention(db: Db, files: FileStorage, now = new Date()): Promise<RetentionReport> {
  const settings = await retentionSettings(db);
  const { report, keys } = await db.transaction(async (tx) => {
    // When each order was closed: its last change to 'livrée' or 'annulée'.
    const closedBefore = (at: string) =>
      and(
        inArray(orders.status, [...CLOSED_ORDER_STATUSES]),
        sql`(select max(${orderStatusChanges.createdAt}) from ${orderStatusChanges}
              where ${orderStatusChanges.orderId} = ${orders.id}
                and ${orderStatusChanges.toStatus} in ('livrée', 'annulée')) < ${at}::timestamptz`,
      );
    const keys: string[] = [];

    const filesBefore = before(now, settings.orderFilesDays);
    const filed = await tx
      .select({ id: orders.id, filePath: orders.filePath })
      .from(orders)
      .where(and(isNotNull(orders.filePath), closedBefore(filesBefore)))
      .for("update");
    if (filed.length) {
      keys.push(...filed.map((o) => orderFileKey(o.filePath as string)));
      await tx
        .update(orders)
        .set({ filePath: null, fileName: null, fileType: null })
        .where(
          inArray(
            orders.id,
            filed.map((o) => o.id),
          ),
        );
    }
    const shots = await tx
      .select({ id: payments.id, path: payments.screenshotPath })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(isNotNull(payments.screenshotPath), closedBefore(filesBefore)))
      .for("update", { of: payments });
    if (shots.length) {
      keys.push(...shots.map((p) => screenshotKey(p.path as string)));
      await tx
        .update(payments)
        .set({ screenshotPath: null, screenshotType: null })
        .where(
          inArray(
            payments.id,
            shots.map((p) => p.id),
          ),
        );
    }

    // Whole orders past the accounts' time: their files too (lines, history and payments follow).
    const old = await tx
      .select({ id: orders.id, filePath: orders.filePath })
      .from(orders)
      .where(closedBefore(before(now, settings.closedOrdersYears * 365.25)))
      .for("update");
    if (old.length) {
      const ids = old.map((o) => o.id);
      const oldShots = await tx
        .select({ path: payments.screenshotPath })
        .from(payments)
        .where(and(inArray(payments.orderId, ids), isNotNull(payments.screenshotPath)));
      keys.push(
        ...old.flatMap((o) => (o.filePath ? [orderFileKey(o.filePath)] : [])),
        ...oldShots.map((p) => screenshotKey(p.path as string)),
      );
      await tx.delete(orders).where(inArray(orders.id, ids));
    }

    const messages = await tx
      .delete(contactMessages)
      .where(lt(contactMessages.createdAt, sql`${before(now, settings.contactMessagesDays)}::timestamptz`))
      .returning({ id: contactMessages.id });
    const addresses = await tx
      .update(sessions)
      .set({ address: null })
      .where(
        and(
          isNotNull(sessions.address),
          lt(sessions.createdAt, sql`${before(now, settings.sessionAddressesDays)}::timestamptz`),
        ),
      )
      .returning({ id: sessions.id });
    const carts = await tx
      .delete(cartLines)
      .where(lt(cartLines.updatedAt, sql`${before(now, settings.abandonedCartsDays)}::timestamptz`))
      .returning({ id: cartLines.id });
    // Housekeeping: what no longer opens anything.
    const at = now.toISOString();
    const expiredSessions = await tx
      .delete(sessions)
      .where(lt(sessions.expiresAt, sql`${at}::timestamptz`))
      .returning({ id: sessions.id });
    const links = await tx
      .delete(passwordResets)
      .where(or(lt(passwordResets.expiresAt, sql`${at}::timestamptz`), isNotNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    await tx.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`${at}::timestamptz`));

    const report: RetentionReport = {
      orderFiles: filed.length,
      screenshots: shots.length,
      contactMessages: messages.length,
      sessionAddresses: addresses.length,
      cartLines: carts.length,
      closedOrders: old.length,
      expiredSessions: expiredSessions.length,
      expiredLinks: links.length,
    };
    if (Object.values(report).some((n) => n > 0)) {
      await recordSystemChange(tx, { entity: "privacy", entityId: "retention", action: "retention", after: report });
    }
    return { report, keys };
  });
  await files.remove(keys);
  return report;
}
