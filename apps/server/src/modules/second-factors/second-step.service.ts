import { createHash } from "node:crypto";
import {
  MSG,
  type OpenedWith,
  SECOND_FACTOR_CODES,
  type SecondFactorChallenge,
  type SecondFactorInput,
} from "@shop/shared";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from "@simplewebauthn/server";
import { and, count, eq, isNull, or, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { recoveryCodes, secondFactors } from "../../db/schema/second-factors.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { AppError, unauthorized } from "../../lib/errors.ts";
import { recentLines, recordChange } from "../audit/audit.service.ts";
import type { FactorsContext } from "./factors.context.ts";
import { secondStepMethods } from "./factors.service.ts";
import { recoveryCodeHash } from "./recovery-codes.ts";
import { totpStep } from "./totp.ts";
import { clientChallenge, saveChallenge, takeChallenge } from "./webauthn-challenges.ts";

/** The second step follows the password within this time. */
const TICKET_TTL_SECONDS = 5 * 60;
/** Wrong second factors per account before its second step is refused for LOCK_MINUTES. */
const MAX_REFUSALS = 10;
const LOCK_MINUTES = 15;

/** A password hash's fingerprint: a ticket made before a password change names another. */
const passwordMark = (hash: string) => createHash("sha256").update(hash).digest("base64url").slice(0, 22);

/**
 * The password of an account with a factor was right: a ticket for the second step, not a
 * session, answered as a 401 (clients of the original shop show its message).
 */
export async function secondStepError(ctx: FactorsContext, user: UserRow): Promise<AppError | null> {
  const methods = await secondStepMethods(ctx.db, user.id);
  if (methods.length === 0) return null;
  const ticket = await new SignJWT({ pwd: passwordMark(user.passwordHash), typ: "second-factor" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(`${TICKET_TTL_SECONDS}s`)
    .sign(ctx.ticketKey);
  const secondFactor: SecondFactorChallenge = { ticket, methods };
  return new AppError(401, MSG.secondFactorNeeded, undefined, { code: SECOND_FACTOR_CODES.needed, secondFactor });
}

/** The account a ticket names, as it is now; refused when expired, forged or its password changed. */
async function ticketUser(ctx: FactorsContext, ticket: string): Promise<UserRow> {
  try {
    const { payload } = await jwtVerify(ticket, ctx.ticketKey, { algorithms: ["HS256"] });
    if (payload.typ !== "second-factor" || typeof payload.sub !== "string") throw new Error("not a ticket");
    const [user] = await ctx.db.select().from(users).where(eq(users.id, payload.sub));
    if (user && passwordMark(user.passwordHash) === payload.pwd) return user;
  } catch {
    // Below.
  }
  throw unauthorized(MSG.secondFactorTicketInvalid);
}

/** Where a sign-in attempt comes from, for the audit log's lines. */
export interface Attempt {
  address: string | null;
}

type Method = "totp" | "recovery" | "passkey";

type Account = Pick<UserRow, "id" | "role" | "name">;

/**
 * A refused try, recorded under the account in its own statement (it stays whatever happens
 * next) and answered with its French message: a wrong factor, or a try the lock turned away.
 */
async function refused(
  ctx: FactorsContext,
  user: Account,
  attempt: Attempt,
  line: { action: "second-factor-refused" | "second-factor-locked"; method: Method | "passkey-registration" },
  message: string,
  status: number,
): Promise<AppError> {
  await recordChange(
    ctx.db,
    { user, sessionId: null, address: attempt.address },
    { entity: "user", entityId: user.id, action: line.action, after: { method: line.method, reason: message } },
  );
  return new AppError(status, message);
}

/** A wrong second factor. */
const refusal = (
  ctx: FactorsContext,
  user: Account,
  attempt: Attempt,
  method: Method | "passkey-registration",
  message: string,
  status = 401,
) => refused(ctx, user, attempt, { action: "second-factor-refused", method }, message, status);

/** A refusal helper bound to one account and attempt (the factors' routes pass it on). */
export const refuser =
  (ctx: FactorsContext, user: Account, attempt: Attempt, method: Method | "passkey-registration") =>
  (message: string, status?: number) =>
    refusal(ctx, user, attempt, method, message, status);

/**
 * Ten wrong factors in the last 15 minutes lock the account's second step (on every app server).
 * A try refused by the lock is recorded too, under an action of its own: the owner sees that
 * someone kept trying, and those lines do not prolong the lock.
 */
async function assertNotLocked(ctx: FactorsContext, user: Account, attempt: Attempt, method: Method): Promise<void> {
  const refusals = await recentLines(
    ctx.db,
    { entity: "user", entityId: user.id, action: "second-factor-refused" },
    LOCK_MINUTES,
  );
  if (refusals < MAX_REFUSALS) return;
  throw await refused(ctx, user, attempt, { action: "second-factor-locked", method }, MSG.secondFactorLocked, 429);
}

/**
 * The sign-in's second step: the ticket's account answers with a code, a recovery code or a
 * passkey. Answers the account and how its session is opened.
 */
export async function passSecondStep(
  ctx: FactorsContext,
  input: SecondFactorInput,
  attempt: Attempt,
): Promise<{ user: UserRow; openedWith: OpenedWith }> {
  const user = await ticketUser(ctx, input.ticket);
  const method: Method = input.code !== undefined ? "totp" : input.recoveryCode !== undefined ? "recovery" : "passkey";
  await assertNotLocked(ctx, user, attempt, method);
  if (input.code !== undefined) {
    await checkTotp(ctx, user, input.code, attempt);
    return { user, openedWith: "password+totp" };
  }
  if (input.recoveryCode !== undefined) {
    await useRecoveryCode(ctx, user, input.recoveryCode, attempt);
    return { user, openedWith: "password+recovery" };
  }
  await checkAssertion(ctx, input.passkey as unknown as AuthenticationResponseJSON, "second-factor", user, attempt);
  return { user, openedWith: "password+passkey" };
}

/**
 * A signed-in person confirms a grave act (deleting their account, decision 041) with their
 * second factor instead of their password: counted and locked as the sign-in's second step.
 */
export async function confirmWithSecondFactor(
  ctx: FactorsContext,
  user: UserRow,
  input: { code?: string; recoveryCode?: string },
  attempt: Attempt,
): Promise<void> {
  await assertNotLocked(ctx, user, attempt, input.recoveryCode !== undefined ? "recovery" : "totp");
  if (input.code !== undefined) await checkTotp(ctx, user, input.code, attempt);
  else if (input.recoveryCode !== undefined) await useRecoveryCode(ctx, user, input.recoveryCode, attempt);
  else throw new AppError(400, MSG.totpCodeWrong);
}

async function checkTotp(ctx: FactorsContext, user: UserRow, code: string, attempt: Attempt): Promise<void> {
  const [factor] = await ctx.db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, user.id), eq(secondFactors.kind, "totp")));
  const secret = factor?.totpSecret ? ctx.totpSecrets.open(factor.totpSecret) : null;
  const step = factor && secret ? totpStep(secret, code) : null;
  if (!factor || step === null) throw await refusal(ctx, user, attempt, "totp", MSG.totpCodeWrong);
  // Only a step after the last one accepted: a code seen over a shoulder, or sent twice, opens
  // nothing (the condition and the write are one statement, whichever app server runs it).
  const [moved] = await ctx.db
    .update(secondFactors)
    .set({ totpLastStep: step, lastUsedAt: sql`now()` })
    .where(and(eq(secondFactors.id, factor.id), sql`${secondFactors.totpLastStep} < ${step}`))
    .returning({ id: secondFactors.id });
  if (!moved) throw await refusal(ctx, user, attempt, "totp", MSG.totpCodeReused);
}

async function useRecoveryCode(ctx: FactorsContext, user: UserRow, code: string, attempt: Attempt): Promise<void> {
  const codeHash = recoveryCodeHash(code);
  const mine = and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, codeHash));
  const left = await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(mine, isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    if (!used) return null;
    const [rest] = await tx
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
    await recordChange(
      tx,
      { user, sessionId: null, address: attempt.address },
      {
        entity: "user",
        entityId: user.id,
        action: "recovery-code-used",
        after: { spareCodesLeft: rest?.n ?? 0 },
      },
    );
    return rest?.n ?? 0;
  });
  if (left !== null) return;
  const [known] = await ctx.db.select({ id: recoveryCodes.id }).from(recoveryCodes).where(mine);
  throw await refusal(ctx, user, attempt, "recovery", known ? MSG.recoveryCodeUsed : MSG.recoveryCodeWrong);
}

/**
 * The options `navigator.credentials.get()` takes: with a ticket, that account's passkeys (the
 * second step); without, any passkey of this shop, which names its account (a sign-in without
 * password, where the phone's lock must be asked: user verification required).
 */
export async function passkeyAssertionOptions(ctx: FactorsContext, ticket?: string) {
  if (!ctx.rp) throw new AppError(409, MSG.passkeysNeedPublicUrl);
  const user = ticket ? await ticketUser(ctx, ticket) : null;
  const passkeys = user
    ? await ctx.db
        .select({ id: secondFactors.credentialId, transports: secondFactors.transports })
        .from(secondFactors)
        .where(and(eq(secondFactors.userId, user.id), eq(secondFactors.kind, "passkey")))
    : [];
  const options = await generateAuthenticationOptions({
    rpID: ctx.rp.id,
    allowCredentials: passkeys.flatMap((p) => (p.id ? [{ id: p.id, transports: p.transports ?? undefined }] : [])),
    userVerification: user ? "preferred" : "required",
  });
  await saveChallenge(ctx.db, options.challenge, user ? "second-factor" : "sign-in", user?.id ?? null);
  return options as typeof options & Record<string, unknown>;
}

/**
 * Checks a passkey's answer: a passkey this shop knows (of `expected`'s account for the second
 * step), signed over a challenge given for this purpose and not used yet, from the shop's
 * origin, with a counter that grows when the authenticator keeps one. Answers the account.
 */
async function checkAssertion(
  ctx: FactorsContext,
  response: AuthenticationResponseJSON,
  purpose: "second-factor" | "sign-in",
  expected: UserRow | null,
  attempt: Attempt,
): Promise<UserRow> {
  const rp = ctx.rp;
  if (!rp) throw new AppError(409, MSG.passkeysNeedPublicUrl);
  const [factor] = await ctx.db
    .select({ factor: secondFactors, user: users })
    .from(secondFactors)
    .innerJoin(users, eq(users.id, secondFactors.userId))
    .where(and(eq(secondFactors.credentialId, response.id), eq(secondFactors.kind, "passkey")));
  const owner = factor?.user ?? null;
  const refuse = async (message: string) => {
    const who = expected ?? owner;
    return who ? refusal(ctx, who, attempt, "passkey", message) : unauthorized(message);
  };
  if (!factor || !owner || (expected && owner.id !== expected.id)) throw await refuse(MSG.passkeyUnknown);
  // A sign-in without password has no ticket: the key's account is known only now.
  if (!expected) await assertNotLocked(ctx, owner, attempt, "passkey");
  const challenge = clientChallenge(response.response?.clientDataJSON);
  if (!challenge || !(await takeChallenge(ctx.db, challenge, purpose, expected ? expected.id : null))) {
    throw await refuse(MSG.passkeyChallengeExpired);
  }
  const stored = factor.factor;
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credentialId ?? "",
        publicKey: new Uint8Array(Buffer.from(stored.publicKey ?? "", "base64url")),
        counter: stored.counter,
        transports: stored.transports ?? undefined,
      },
      requireUserVerification: purpose === "sign-in",
    });
    if (!verified.verified) throw new Error("not verified");
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    throw await refuse(MSG.passkeyRefused);
  }
  // The counter moves only forward, in one statement: a cloned key answering with a counter
  // already seen is refused even when two servers check at once.
  const [moved] = await ctx.db
    .update(secondFactors)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(secondFactors.id, stored.id),
        or(sql`${secondFactors.counter} < ${newCounter}`, sql`${newCounter} = 0 and ${secondFactors.counter} = 0`),
      ),
    )
    .returning({ id: secondFactors.id });
  if (!moved) throw await refuse(MSG.passkeyRefused);
  return owner;
}

/** A sign-in with a passkey alone (a discoverable credential and the phone's lock). */
export async function signInWithPasskey(
  ctx: FactorsContext,
  response: Record<string, unknown>,
  attempt: Attempt,
): Promise<UserRow> {
  return checkAssertion(ctx, response as unknown as AuthenticationResponseJSON, "sign-in", null, attempt);
}
