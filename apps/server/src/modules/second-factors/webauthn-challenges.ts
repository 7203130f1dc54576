import { and, eq, gt, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { webauthnChallenges } from "../../db/schema/second-factors.ts";

/** A ceremony's challenge waits this long for its answer. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

type Purpose = (typeof webauthnChallenges.$inferInsert)["purpose"];

/** Keeps a challenge given to a browser (those past their time are swept on the way). */
export async function saveChallenge(db: Db, challenge: string, purpose: Purpose, userId: string | null) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
}

/**
 * Takes a challenge for its one answer: deleted in the statement that finds it, so that the
 * same answer replayed, on this app server or another, finds nothing. False when it was not
 * given for this purpose and account, has expired, or has already served.
 */
export async function takeChallenge(db: Db, challenge: string, purpose: Purpose, userId: string | null) {
  const owner: SQL = userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId);
  const taken = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        owner,
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return taken.length === 1;
}

/** The challenge a browser's answer says it signed (its clientDataJSON), or null if unreadable. */
export function clientChallenge(clientDataJSON: unknown): string | null {
  if (typeof clientDataJSON !== "string") return null;
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof data.challenge === "string" && data.challenge.length <= 512 ? data.challenge : null;
  } catch {
    return null;
  }
}
