import { MSG } from "@shop/shared";
import { and, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions } from "../../db/schema/auth.ts";
import { users } from "../../db/schema/users.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { recordChange, type Staff } from "../audit/audit.service.ts";
import { noteAccountUse } from "./sessions.service.ts";

/**
 * 'Mes appareils' (decision 039): the open sessions of an account and their end, for the
 * account's owner and, for an admin's account, any SUPERADMIN (each end then in the audit log).
 */

export type DeviceRow = Pick<
  typeof sessions.$inferSelect,
  "id" | "userAgent" | "address" | "createdAt" | "lastUsedAt" | "openedWith"
>;

export function openSessionsOf(db: Db, userId: string): Promise<DeviceRow[]> {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      address: sessions.address,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      openedWith: sessions.openedWith,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/**
 * Ends sessions of the account: one (`only`), or every one but `keep` (the one asking, which
 * stays signed in). Answers the ids ended; their tokens are refused at once on every server.
 */
async function endSessions(
  db: Db,
  userId: string,
  which: { only: string } | { keep: string | null },
): Promise<string[]> {
  const ended = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        "only" in which ? eq(sessions.id, which.only) : which.keep ? ne(sessions.id, which.keep) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.map((s) => s.id);
}

/** The owner ends one of their sessions; 404 when it is not (or no longer) theirs. */
export async function endOwnSession(db: Db, userId: string, sessionId: string): Promise<void> {
  const ended = await endSessions(db, userId, { only: sessionId });
  if (ended.length === 0) throw notFound(MSG.deviceNotFound);
}

/** The owner ends every other session of theirs; answers how many. */
export async function endOtherSessions(db: Db, userId: string, current: string | null): Promise<number> {
  return (await endSessions(db, userId, { keep: current })).length;
}

/** An admin's account, for a SUPERADMIN's look at its devices; 404 unknown, 403 a customer's. */
async function staffAccount(db: Db, userId: string): Promise<void> {
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound(MSG.userNotFound);
  if (user.role === "GENERAL") throw forbidden(MSG.devicesOfStaffOnly);
}

export async function staffSessionsOf(db: Db, userId: string): Promise<DeviceRow[]> {
  await staffAccount(db, userId);
  return openSessionsOf(db, userId);
}

/**
 * A SUPERADMIN ends an admin's sessions (a lost phone, a departure): one, or all of them
 * (`sessionId` null), recorded in the audit log with the change.
 */
export async function endStaffSessions(
  db: Db,
  staff: Staff,
  userId: string,
  sessionId: string | null,
): Promise<number> {
  await staffAccount(db, userId);
  return db.transaction(async (tx) => {
    const ended = await endSessions(tx, userId, sessionId ? { only: sessionId } : { keep: null });
    if (sessionId && ended.length === 0) throw notFound(MSG.deviceNotFound);
    if (ended.length > 0) {
      await recordChange(tx, staff, {
        entity: "user",
        entityId: userId,
        action: "sessions-ended",
        after: { sessions: ended },
      });
    }
    return ended.length;
  });
}

/** How stale a session's last use may be before a request writes it again (decision 039). */
export const LAST_USE_EVERY_MS = 5 * 60 * 1000;

/**
 * Notes a session's use, and its account's (an account unused for years is erased, decision
 * 041; a use clears its warning); the conditions keep most calls from writing anything.
 */
export async function touchSession(db: Db, sessionId: string): Promise<void> {
  const [touched] = await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, sql`now() - interval '1 minute'`)))
    .returning({ userId: sessions.userId });
  if (touched) await noteAccountUse(db, touched.userId);
}
