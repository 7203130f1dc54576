import { randomBytes } from "node:crypto";
import {
  AVATAR_MAX_BYTES,
  FIELD_MSG,
  MSG,
  type MyAccountInput,
  type MyPasswordInput,
  type Role,
  type SignInInput,
  type SignUpInput,
} from "@shop/shared";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { badRequest, conflict, forbidden, notFound, unauthorized } from "../../lib/errors.ts";
import { decodeDataUrl, removeUpload, storeAvatar } from "../../lib/images.ts";
import { UNIQUE_VIOLATION, violates } from "../../lib/pg-errors.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { recordChange, type Staff } from "../audit/audit.service.ts";
import { forgetDevicesOf } from "../push/push.service.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

/** Sign-up always creates a GENERAL user; the picture is stored as a file, never as base64. */
export async function signUp(db: Db, files: FileStorage, input: SignUpInput): Promise<UserRow> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw conflict(MSG.emailTaken);

  let profilePic: string | null = null;
  if (input.profilePic) {
    const bytes = decodeDataUrl(input.profilePic);
    if (!bytes) throw badRequest(FIELD_MSG.profilePicInvalid);
    profilePic = await storeAvatar(files, bytes, AVATAR_MAX_BYTES);
  }
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        role: "GENERAL",
        profilePic,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  } catch (error) {
    if (profilePic) await removeUpload(files, profilePic);
    if (violates(error, UNIQUE_VIOLATION)) throw conflict(MSG.emailTaken);
    throw error;
  }
}

/**
 * 'Mes données': the person corrects their name, e-mail or photo (decision 041). A new e-mail
 * needs the password (it is where reset links go); the old photo's file goes once the new one
 * is saved.
 */
export async function updateOwnAccount(
  db: Db,
  files: FileStorage,
  userId: string,
  input: MyAccountInput,
): Promise<UserRow> {
  const [current] = await db.select().from(users).where(eq(users.id, userId));
  if (!current) throw unauthorized(MSG.authInvalid);
  if (input.email !== current.email) {
    if (!input.currentPassword) throw unauthorized(MSG.emailChangeNeedsPassword);
    if (!(await verifyPassword(current.passwordHash, input.currentPassword)))
      throw unauthorized(MSG.currentPasswordWrong);
  }
  let profilePic = current.profilePic;
  let stored: string | null = null;
  if (input.profilePic !== undefined) {
    if (input.profilePic === "") profilePic = null;
    else {
      const bytes = decodeDataUrl(input.profilePic);
      if (!bytes) throw badRequest(FIELD_MSG.profilePicInvalid);
      stored = await storeAvatar(files, bytes, AVATAR_MAX_BYTES);
      profilePic = stored;
    }
  }
  try {
    const [row] = await db
      .update(users)
      .set({ name: input.name, email: input.email, profilePic })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw unauthorized(MSG.authInvalid);
    if (current.profilePic && current.profilePic !== row.profilePic) await removeUpload(files, current.profilePic);
    return row;
  } catch (error) {
    if (stored) await removeUpload(files, stored);
    if (violates(error, UNIQUE_VIOLATION)) throw conflict(MSG.emailTaken);
    throw error;
  }
}

/**
 * A new password chosen while signed in, confirmed by the current one. The database then ends
 * every session of the account (migration 0008): the caller opens a new one for this device.
 */
export async function changeOwnPassword(db: Db, userId: string, input: MyPasswordInput): Promise<UserRow> {
  const [current] = await db.select().from(users).where(eq(users.id, userId));
  if (!current) throw unauthorized(MSG.authInvalid);
  if (!(await verifyPassword(current.passwordHash, input.currentPassword)))
    throw unauthorized(MSG.currentPasswordWrong);
  const [row] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password) })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw unauthorized(MSG.authInvalid);
  return row;
}

export async function signIn(db: Db, input: SignInInput): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (!(await verifyPassword(row?.passwordHash, input.password)) || !row) {
    throw unauthorized(MSG.signInFailed);
  }
  return row;
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
}

/**
 * Only a SUPERADMIN changes roles, never their own, and never so that no SUPERADMIN is
 * left. The SUPERADMIN rows are locked for the check, so two demotions at once cannot both
 * pass it. The change is recorded in the audit log (decision 038).
 */
export async function changeRole(db: Db, staff: Staff, userId: string, role: Role): Promise<UserRow> {
  const actor = staff.user;
  if (actor.role !== "SUPERADMIN") throw forbidden(MSG.rolesSuperAdminOnly);
  if (actor.id === userId) throw forbidden(MSG.ownRole);
  return db.transaction(async (tx) => {
    const superAdmins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "SUPERADMIN")).for("update");
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!target) throw notFound(MSG.userNotFound);
    if (target.role === "SUPERADMIN" && role !== "SUPERADMIN" && superAdmins.length <= 1) {
      throw conflict(MSG.lastSuperAdmin);
    }
    // `actor` was read when the request was authenticated: another SUPERADMIN may have
    // demoted them since. The locked rows are the truth (checked after the rule above so
    // that a stale actor trying to remove the last SUPERADMIN is told why).
    if (!superAdmins.some((s) => s.id === actor.id)) throw forbidden(MSG.rolesSuperAdminOnly);
    const [updated] = await tx.update(users).set({ role }).where(eq(users.id, userId)).returning();
    if (!updated) throw notFound(MSG.userNotFound);
    // No longer an admin: their devices are told nothing more (decision 033).
    if (role === "GENERAL") await forgetDevicesOf(tx, userId);
    if (target.role !== role) {
      await recordChange(tx, staff, {
        entity: "user",
        entityId: userId,
        action: "role",
        before: { role: target.role },
        after: { role },
      });
    }
    return updated;
  });
}

/** Any lock id will do as long as every app server uses the same one. */
const FIRST_ADMIN_LOCK = 4_815_162_342;

/**
 * On a database with no SUPERADMIN, creates the first one from ADMIN_EMAIL/ADMIN_PASSWORD.
 * Without a configured password one is generated and returned so it can be shown once.
 */
export async function ensureFirstSuperAdmin(
  db: Db,
  admin: { email: string; password?: string; name: string },
): Promise<{ created: false } | { created: true; user: UserRow; generatedPassword?: string }> {
  // Several app servers (or processes) may start at once on an empty database: one creates it.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, "SUPERADMIN"));
    if (count > 0) return { created: false as const };
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, admin.email)).limit(1);
    if (taken) {
      throw new Error(
        `ADMIN_EMAIL ${admin.email} belongs to an existing user: choose another address for the first super admin`,
      );
    }
    const generatedPassword = admin.password ? undefined : randomBytes(12).toString("base64url");
    const [user] = await tx
      .insert(users)
      .values({
        name: admin.name,
        email: admin.email,
        passwordHash: await hashPassword(admin.password ?? generatedPassword ?? ""),
        role: "SUPERADMIN",
      })
      .returning();
    if (!user) throw new Error("could not create the first super admin");
    return { created: true as const, user, generatedPassword };
  });
}
