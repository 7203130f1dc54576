import {
  type FactorAdded,
  MSG,
  type OpenedWith,
  type SecurityOverview,
  type TotpConfirmInput,
  type TotpSetup,
} from "@shop/shared";
import {
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { recoveryCodes, type SecondFactorRow, secondFactors } from "../../db/schema/second-factors.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { UNIQUE_VIOLATION, violates } from "../../lib/pg-errors.ts";
import { recordChange, recordUpdate, type Staff } from "../audit/audit.service.ts";
import { closeSessionsOf, markSessionOpenedWith } from "../auth/sessions.service.ts";
import type { FactorsContext } from "./factors.context.ts";
import { newRecoveryCodes, recoveryCodeHash } from "./recovery-codes.ts";
import { auditedFactor, toApiFactor } from "./second-factors.mapper.ts";
import { secondFactorRequiredOf } from "./setting.service.ts";
import { newTotpSecret, totpEnrolment, totpStep } from "./totp.ts";
import { clientChallenge, saveChallenge, takeChallenge } from "./webauthn-challenges.ts";

/** A secret shown as a QR code waits this long for its first code. */
const TOTP_SETUP_TTL_MS = 10 * 60 * 1000;

const factorsOf = (db: Db, userId: string) =>
  db.select().from(secondFactors).where(eq(secondFactors.userId, userId)).orderBy(secondFactors.createdAt);

async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** 'Sécurité du compte': my factors, my recovery codes left, what the shop asks of me. */
export async function securityOverview(
  ctx: FactorsContext,
  user: Pick<UserRow, "id" | "role">,
  openedWith: OpenedWith,
): Promise<SecurityOverview> {
  const [rows, left, required] = await Promise.all([
    factorsOf(ctx.db, user.id),
    recoveryCodesLeft(ctx.db, user.id),
    secondFactorRequiredOf(ctx.db, user.role, ctx.fallbackMode),
  ]);
  return { factors: rows.map(toApiFactor), recoveryCodesLeft: left, required, openedWith };
}

/** A SUPERADMIN's look at an account's factors. */
export async function factorsOfAccount(db: Db, userId: string) {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!account) throw notFound(MSG.userNotFound);
  const [rows, left] = await Promise.all([factorsOf(db, userId), recoveryCodesLeft(db, userId)]);
  return { factors: rows.map(toApiFactor), recoveryCodesLeft: left };
}

/**
 * Saves a factor just proven, in one transaction with its audit line; the account's first
 * factor comes with its ten recovery codes (answered once, kept hashed). The session that
 * added it now counts as opened with a second factor: it has just shown it holds one.
 */
async function saveFactor(
  ctx: FactorsContext,
  staff: Staff,
  values: Omit<typeof secondFactors.$inferInsert, "userId">,
  openedWith: OpenedWith,
): Promise<FactorAdded> {
  const userId = staff.user.id;
  try {
    return await ctx.db.transaction(async (tx) => {
      // The account's factors are changed one at a time: two "first" factors at once cannot
      // both make recovery codes.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
      const [existing] = await tx.select({ n: count() }).from(secondFactors).where(eq(secondFactors.userId, userId));
      const [row] = await tx
        .insert(secondFactors)
        .values({ ...values, userId })
        .returning();
      if (!row) throw new Error("factor not saved");
      let codes: string[] | null = null;
      if (!existing?.n) {
        codes = newRecoveryCodes();
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryCodeHash(c) })));
      }
      if (staff.sessionId) await markSessionOpenedWith(tx, staff.sessionId, openedWith);
      await recordChange(tx, staff, {
        entity: "user",
        entityId: userId,
        action: "second-factor-added",
        after: { ...auditedFactor(row), spareCodesMade: codes !== null },
      });
      return { factor: toApiFactor(row), recoveryCodes: codes };
    });
  } catch (error) {
    if (violates(error, UNIQUE_VIOLATION, "second_factors_one_totp_key")) throw conflict(MSG.totpAlreadySet);
    if (violates(error, UNIQUE_VIOLATION, "second_factors_credential_key")) throw conflict(MSG.passkeyTaken);
    throw error;
  }
}

interface SetupToken {
  u: string;
  s: string;
  e: number;
}

/** A new authenticator app: its secret and QR code, saved only once a code proves the app has it. */
export async function startTotp(ctx: FactorsContext, user: Pick<UserRow, "id" | "email">): Promise<TotpSetup> {
  const [has] = await ctx.db
    .select({ id: secondFactors.id })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, user.id), eq(secondFactors.kind, "totp")));
  if (has) throw conflict(MSG.totpAlreadySet);
  const secret = newTotpSecret();
  const { uri, qr } = await totpEnrolment(secret, ctx.issuer, user.email);
  const token: SetupToken = { u: user.id, s: secret, e: Date.now() + TOTP_SETUP_TTL_MS };
  return { secret, uri, qr, setupToken: ctx.setupTokens.seal(JSON.stringify(token)) };
}

export async function confirmTotp(ctx: FactorsContext, staff: Staff, input: TotpConfirmInput): Promise<FactorAdded> {
  const opened = ctx.setupTokens.open(input.setupToken);
  const token = opened ? (JSON.parse(opened) as SetupToken) : null;
  if (!token || token.u !== staff.user.id || token.e < Date.now()) throw badRequest(MSG.totpSetupExpired);
  const step = totpStep(token.s, input.code);
  if (step === null) {
    throw badRequest(MSG.totpCodeWrong, [{ path: "body.code", message: MSG.totpCodeWrong }]);
  }
  return saveFactor(
    ctx,
    staff,
    {
      kind: "totp",
      name: input.name ?? "Application d'authentification",
      totpSecret: ctx.totpSecrets.seal(token.s),
      // The code just typed cannot then open a session.
      totpLastStep: step,
      lastUsedAt: new Date(),
    },
    "password+totp",
  );
}

const uuidBytes = (id: string) => new Uint8Array(Buffer.from(id.replace(/-/g, ""), "hex"));

function requireRelyingParty(ctx: FactorsContext) {
  if (!ctx.rp) throw new AppError(409, MSG.passkeysNeedPublicUrl);
  return ctx.rp;
}

/** The options `navigator.credentials.create()` takes; its challenge is kept for one answer. */
export async function passkeyRegistrationOptions(ctx: FactorsContext, user: Pick<UserRow, "id" | "email" | "name">) {
  const rp = requireRelyingParty(ctx);
  const existing = await factorsOf(ctx.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: uuidBytes(user.id),
    attestationType: "none",
    excludeCredentials: existing.flatMap((f) =>
      f.kind === "passkey" && f.credentialId ? [{ id: f.credentialId, transports: f.transports ?? undefined }] : [],
    ),
    // Discoverable when the device can: the same passkey then signs in without a password.
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await saveChallenge(ctx.db, options.challenge, "register", user.id);
  return options as typeof options & Record<string, unknown>;
}

/**
 * Saves a passkey from the browser's answer: its challenge must be one this account was
 * given (once), its origin and relying party the shop's; anything else is refused, recorded.
 */
export async function addPasskey(
  ctx: FactorsContext,
  staff: Staff,
  input: { name?: string; response: Record<string, unknown> },
  refuse: (message: string, status?: number) => Promise<AppError>,
): Promise<FactorAdded> {
  const rp = requireRelyingParty(ctx);
  const response = input.response as unknown as RegistrationResponseJSON;
  const challenge = clientChallenge(response.response.clientDataJSON);
  if (!challenge || !(await takeChallenge(ctx.db, challenge, "register", staff.user.id))) {
    throw await refuse(MSG.passkeyChallengeExpired, 400);
  }
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw await refuse(MSG.passkeyRefused, 400);
  }
  if (!verified.verified) throw await refuse(MSG.passkeyRefused, 400);
  const { credential } = verified.registrationInfo;
  return saveFactor(
    ctx,
    staff,
    {
      kind: "passkey",
      name: input.name ?? "Clé d'accès",
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? null,
    },
    "password+passkey",
  );
}

async function ownFactor(tx: Db, userId: string, id: string): Promise<SecondFactorRow> {
  const [row] = await tx
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.id, id), eq(secondFactors.userId, userId)))
    .for("update");
  if (!row) throw notFound(MSG.factorNotFound);
  return row;
}

export function renameFactor(ctx: FactorsContext, staff: Staff, id: string, name: string) {
  return ctx.db.transaction(async (tx) => {
    const row = await ownFactor(tx, staff.user.id, id);
    const [after] = await tx.update(secondFactors).set({ name }).where(eq(secondFactors.id, id)).returning();
    if (!after) throw notFound(MSG.factorNotFound);
    await recordUpdate(tx, staff, {
      entity: "user",
      entityId: staff.user.id,
      action: "second-factor-renamed",
      before: { factorId: id, name: row.name },
      after: { factorId: id, name },
      keys: ["name"],
    });
    return toApiFactor(after);
  });
}

/**
 * Removes one of my factors. While the shop requires one of the staff, an admin keeps at least
 * one; with the last factor go the recovery codes (the sign-in then asks for no second step).
 */
export function removeFactor(ctx: FactorsContext, staff: Staff, id: string): Promise<void> {
  const userId = staff.user.id;
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const row = await ownFactor(tx, userId, id);
    const [all] = await tx.select({ n: count() }).from(secondFactors).where(eq(secondFactors.userId, userId));
    const last = (all?.n ?? 0) <= 1;
    if (last && (await secondFactorRequiredOf(tx, staff.user.role, ctx.fallbackMode))) {
      throw conflict(MSG.lastFactorRequired);
    }
    await tx.delete(secondFactors).where(eq(secondFactors.id, id));
    if (last) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await recordChange(tx, staff, {
      entity: "user",
      entityId: userId,
      action: "second-factor-removed",
      before: auditedFactor(row),
      after: last ? { spareCodesRemoved: true } : null,
    });
  });
}

/** Ten new recovery codes, the old ones void; for an account that has a factor. */
export function renewRecoveryCodes(ctx: FactorsContext, staff: Staff): Promise<string[]> {
  const userId = staff.user.id;
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [has] = await tx.select({ n: count() }).from(secondFactors).where(eq(secondFactors.userId, userId));
    if (!has?.n) throw conflict(MSG.recoveryCodesNeedFactor);
    const codes = newRecoveryCodes();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryCodeHash(c) })));
    await recordChange(tx, staff, { entity: "user", entityId: userId, action: "recovery-codes-renewed" });
    return codes;
  });
}

/**
 * A lost phone: a SUPERADMIN removes another account's factors and recovery codes and ends
 * its sessions; the account signs in again with its password (and, when the shop requires it
 * of the staff, sets a factor up at once). Recorded in the audit log.
 */
export function resetFactors(db: Db, staff: Staff, userId: string): Promise<void> {
  if (staff.user.role !== "SUPERADMIN") throw forbidden(MSG.secondFactorSuperAdminOnly);
  if (staff.user.id === userId) throw forbidden(MSG.ownFactorsReset);
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (!account) throw notFound(MSG.userNotFound);
    const removed = await tx.delete(secondFactors).where(eq(secondFactors.userId, userId)).returning();
    const codes = await tx
      .delete(recoveryCodes)
      .where(eq(recoveryCodes.userId, userId))
      .returning({ id: recoveryCodes.id });
    const ended = await closeSessionsOf(tx, userId);
    await recordChange(tx, staff, {
      entity: "user",
      entityId: userId,
      action: "second-factors-reset",
      before: { factors: removed.map(auditedFactor), spareCodes: codes.length },
      after: { sessionsEnded: ended },
    });
  });
}

/** Whether an account has a factor, and which ways it can answer the sign-in's second step. */
export async function secondStepMethods(db: Db, userId: string): Promise<("totp" | "passkey" | "recovery")[]> {
  const rows = await db
    .select({ kind: secondFactors.kind })
    .from(secondFactors)
    .where(eq(secondFactors.userId, userId));
  if (rows.length === 0) return [];
  const kinds = new Set(rows.map((r) => r.kind));
  const left = await recoveryCodesLeft(db, userId);
  return [
    ...(kinds.has("passkey") ? (["passkey"] as const) : []),
    ...(kinds.has("totp") ? (["totp"] as const) : []),
    ...(left > 0 ? (["recovery"] as const) : []),
  ];
}
