import { OPENED_WITH, type OpenedWith } from "@shop/shared";
import { and, eq, exists, getTableColumns, gt, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { sessions } from "../../db/schema/auth.ts";
import { type UserRow, users } from "../../db/schema/users.ts";

/** The browser that signs in, as its request shows it ('Mes appareils', decision 039). */
export interface SessionDevice {
  userAgent: string;
  address: string | null;
}

/** A user agent longer than this is cut: it is shown, never parsed for access. */
const USER_AGENT_MAX = 400;

/**
 * Opens a session for a user whose password was just checked against `user.passwordHash`,
 * and whose role was read as `user.role` (the token carries it). The user's row is
 * share-locked while the session is written: a change of password or role running at the same
 * moment either waits for this one (and then ends it, through the trigger of migration 0008)
 * or has committed first, and then the row no longer matches and no session is opened (null).
 * So an open session's token always names its user's current role. Sessions past their end
 * are swept here, on the way: sign-ins are rare.
 */
export function openSession(
  db: Db,
  user: Pick<UserRow, "id" | "passwordHash" | "role">,
  expiresAt: Date,
  device: SessionDevice = { userAgent: "", address: null },
  openedWith: OpenedWith = "password",
): Promise<{ id: string } | null> {
  return db.transaction(async (tx) => {
    await tx.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
    const [current] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash), eq(users.role, user.role)))
      .for("share");
    if (!current) return null;
    const [row] = await tx
      .insert(sessions)
      .values({
        userId: user.id,
        expiresAt,
        userAgent: device.userAgent.slice(0, USER_AGENT_MAX),
        address: device.address,
        openedWith,
      })
      .returning({ id: sessions.id });
    await noteAccountUse(tx, user.id);
    return row ?? null;
  });
}

/** Who a verified token says is signed in; whether that session is still open is not known yet. */
export interface SessionClaim {
  sessionId: string;
  userId: string;
}

/**
 * What a query made in the same statement as the session's check answers (`fromOpenSession`):
 * the session's user and the query's value, or null when the session does not hold.
 */
export type InSession<T> = { user: UserRow; value: T } | null;

/** The session named by the `sessionId` and `userId` placeholders, still open. */
const isOpen = (): SQL =>
  and(
    eq(sessions.id, sql.placeholder("sessionId")),
    eq(sessions.userId, sql.placeholder("userId")),
    gt(sessions.expiresAt, sql`now()`),
  ) as SQL;

const userColumns = getTableColumns(users);

/**
 * The start of a query that reads a signed-in user's data in the same statement as the check
 * of their session (decisions 021 and 036): its rows come from the open session joined to its
 * user, so none comes back once the session has ended or expired, or when the account is gone.
 * Each row holds `user` and the caller's `fields`; the caller joins its tables to
 * `sessions.userId` and prepares it with the `sessionId` and `userId` placeholders of a
 * `SessionClaim`. One round trip where the check and the read took two.
 */
export function fromOpenSession<T extends SelectedFields>(db: Pick<Db, "select">, fields: T) {
  return db
    .select({ user: userColumns, ...fields })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), isOpen()));
}

/**
 * The condition a change puts in its own statement so that it changes nothing unless the
 * session of the `sessionId` and `userId` placeholders is open at that moment.
 */
export function sessionIsOpen(db: Db): SQL {
  return exists(db.select({ one: sql`1` }).from(sessions).where(isOpen()));
}

/** The signed-in user's id (the session row's), for the joins of a query begun with `fromOpenSession`. */
export const signedInUserId = sessions.userId;

const userOfSessionQuery = prepared((db) =>
  fromOpenSession(db, { openedWith: sessions.openedWith }).limit(1).prepare("user_of_session"),
);

/**
 * The user of a session that is still open, and how it was opened (the staff's gate, decision
 * 040): one indexed query, the session joined to its user.
 */
export async function userOfSession(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<{ user: UserRow; openedWith: OpenedWith } | null> {
  const [row] = await userOfSessionQuery(db).execute({ sessionId, userId });
  if (!row) return null;
  const openedWith = (OPENED_WITH as readonly string[]).includes(row.openedWith) ? row.openedWith : "password";
  return { user: row.user, openedWith: openedWith as OpenedWith };
}

/** Ends sessions (log-out): their tokens are refused from now on, on every app server. */
export async function closeSessions(db: Db, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length > 0) await db.delete(sessions).where(inArray(sessions.id, [...sessionIds]));
}

/**
 * A session opened with a password alone that has just proven a second factor (its owner added
 * one): it now counts as opened with it (decision 040). Part of the caller's transaction.
 */
export async function markSessionOpenedWith(db: Db, sessionId: string, openedWith: OpenedWith): Promise<void> {
  await db
    .update(sessions)
    .set({ openedWith })
    .where(and(eq(sessions.id, sessionId), eq(sessions.openedWith, "password")));
}

/** Ends every session of an account (its factors reset); answers how many were open. */
export async function closeSessionsOf(db: Db, userId: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}

/** The account was used today: written at most once a day. */
export async function noteAccountUse(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    // updated_at says when the person last changed their account: kept as it is.
    .set({ lastActiveAt: sql`now()`, inactivityWarnedAt: null, updatedAt: sql`${users.updatedAt}` })
    .where(and(eq(users.id, userId), lt(users.lastActiveAt, sql`now() - interval '1 day'`)));
}
