import { and, eq, getTableColumns, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { sessions } from "../../db/schema/auth.ts";
import { type UserRow, users } from "../../db/schema/users.ts";

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
): Promise<{ id: string } | null> {
  return db.transaction(async (tx) => {
    await tx.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
    const [current] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash), eq(users.role, user.role)))
      .for("share");
    if (!current) return null;
    const [row] = await tx.insert(sessions).values({ userId: user.id, expiresAt }).returning({ id: sessions.id });
    return row ?? null;
  });
}

const userOfSessionQuery = prepared((db) =>
  db
    .select(getTableColumns(users))
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        eq(sessions.userId, sql.placeholder("userId")),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare("user_of_session"),
);

/** The user of a session that is still open: one indexed query, the session joined to its user. */
export async function userOfSession(db: Db, sessionId: string, userId: string): Promise<UserRow | null> {
  const [row] = await userOfSessionQuery(db).execute({ sessionId, userId });
  return row ?? null;
}

/** Ends sessions (log-out): their tokens are refused from now on, on every app server. */
export async function closeSessions(db: Db, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length > 0) await db.delete(sessions).where(inArray(sessions.id, [...sessionIds]));
}
