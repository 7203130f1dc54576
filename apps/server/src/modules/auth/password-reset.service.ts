import { createHash, randomBytes } from "node:crypto";
import { MSG, outranks } from "@shop/shared";
import { and, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { passwordResets } from "../../db/schema/auth.ts";
import { orders } from "../../db/schema/orders.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { recordChange, type Staff } from "../audit/audit.service.ts";
import { hashPassword } from "../users/passwords.ts";

/** At most one e-mail per account in this time: the form cannot be used to flood a mailbox. */
const EMAIL_EVERY_MS = 60 * 1000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A link that opens the form for `ttlSeconds` (PASSWORD_RESET_TTL_SECONDS, decision 032). */
async function newLink(
  db: Db,
  userId: string,
  channel: "email" | "whatsapp",
  createdBy: string | null,
  ttlSeconds: number,
) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await db.insert(passwordResets).values({ userId, tokenHash: hashOf(token), channel, createdBy, expiresAt });
  return { token, expiresAt };
}

/**
 * "Mot de passe oublié" by e-mail: a link for the account with this e-mail, if there is one
 * and none was made in the last minute; null otherwise. The caller answers the same either way.
 */
export async function requestEmailReset(
  db: Db,
  email: string,
  ttlSeconds: number,
): Promise<{ user: UserRow; token: string } | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) return null;
  const [recent] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, user.id),
        eq(passwordResets.channel, "email"),
        gt(passwordResets.createdAt, new Date(Date.now() - EMAIL_EVERY_MS)),
      ),
    )
    .limit(1);
  if (recent) return null;
  const { token } = await newLink(db, user.id, "email", null, ttlSeconds);
  return { user, token };
}

/**
 * A link an admin sends by WhatsApp: only for an account below their own role (an ADMIN for
 * customers, a SUPERADMIN for customers and ADMINs), never their own, so that no one can take
 * over an account as strong as theirs. With the number of the customer's last order, if any.
 * The link's making is recorded in the audit log (decision 038), never the link itself.
 */
export async function makeWhatsappReset(
  db: Db,
  staff: Staff,
  userId: string,
  ttlSeconds: number,
): Promise<{ user: UserRow; token: string; expiresAt: Date; phone: string | null }> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound(MSG.userNotFound);
  const admin = staff.user;
  if (user.id === admin.id || !outranks(admin.role, user.role)) throw forbidden(MSG.resetLinkNotAllowed);
  const [last] = await db
    .select({ phone: orders.phone })
    .from(orders)
    .where(and(eq(orders.userId, user.id), isNotNull(orders.phone)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const { token, expiresAt } = await db.transaction(async (tx) => {
    const link = await newLink(tx, user.id, "whatsapp", admin.id, ttlSeconds);
    await recordChange(tx, staff, {
      entity: "user",
      entityId: user.id,
      action: "reset-link",
      after: { channel: "whatsapp", expiresAt: link.expiresAt },
    });
    return link;
  });
  return { user, token, expiresAt, phone: last?.phone ?? null };
}

/**
 * Sets the new password of the link's account. The link is taken in the same statement that
 * checks it (unused, not expired), so two tabs sending it at once change the password once;
 * the account's other links end with it, and so does every session of the account (the
 * trigger of migration 0008 ends them when the password changes).
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, hashOf(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!taken) throw badRequest(MSG.resetLinkInvalid);
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, taken.userId), isNull(passwordResets.usedAt)));
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, taken.userId)).returning();
    if (!user) throw badRequest(MSG.resetLinkInvalid);
    return user;
  });
}
