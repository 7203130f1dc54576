/**
 * Second factors (decision 040) through the real app: authenticator codes at their window's
 * edges and never twice, recovery codes used once, passkeys checked with a software
 * authenticator (forged, replayed, another origin or relying party, a counter that does not
 * grow), the sign-in's ticket, the per-account lock, the staff's requirement and its gate,
 * a SUPERADMIN's reset; every refusal recorded in the audit log.
 */
import { MSG, SECOND_FACTOR_CODES } from "@shop/shared";
import { and, desc, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { appSettings } from "../../db/schema/app-settings.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { sessions } from "../../db/schema/auth.ts";
import { recoveryCodes, secondFactors } from "../../db/schema/second-factors.ts";
import { users } from "../../db/schema/users.ts";
import { createUser, TEST_PASSWORD, tokenFor, useTestApp } from "../../test/harness.ts";
import { SoftwareAuthenticator } from "../../test/software-authenticator.ts";
import { hashPassword } from "../users/passwords.ts";
import { relyingParty } from "./relying-party.ts";

const ctx = useTestApp({ actors: true, peer: true });

/** The origin the test app's passkeys belong to (no PUBLIC_URL: localhost on its port). */
const origin = () => relyingParty(ctx.config.publicUrl, ctx.config.port, "")!.origin;

const codeAt = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs });

/** Waits, if need be, until the current 30-second step has at least 4 seconds left. */
async function awayFromStepEdge() {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 4000) await new Promise((r) => setTimeout(r, left + 200));
}

async function signIn(email: string, password = TEST_PASSWORD, remoteAddress = "41.202.1.1") {
  return ctx.call("POST", "/api/signin", { payload: { email, password }, remoteAddress });
}

async function ticketOf(email: string): Promise<string> {
  const res = await signIn(email);
  expect(res.statusCode, res.body).toBe(401);
  const body = res.json();
  expect(body.code).toBe(SECOND_FACTOR_CODES.needed);
  return body.secondFactor.ticket;
}

/** A signed-in account with an authenticator app set up: its secret and recovery codes. */
async function withTotp(role: "GENERAL" | "ADMIN" | "SUPERADMIN" = "GENERAL", confirmOffsetMs = 0) {
  const user = await createUser(ctx, role);
  const token = await tokenFor(ctx, user);
  const start = await ctx.call("POST", "/api/second-factors/totp/start", { token });
  expect(start.statusCode, start.body).toBe(200);
  const { secret, setupToken, uri, qr } = start.json().data;
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
  await awayFromStepEdge();
  const added = await ctx.call("POST", "/api/second-factors/totp", {
    token,
    payload: { setupToken, code: codeAt(secret, confirmOffsetMs), name: "Mon téléphone" },
  });
  expect(added.statusCode, added.body).toBe(201);
  return { user, token, secret, codes: added.json().data.recoveryCodes as string[] };
}

const refusals = (userId: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, "second-factor-refused")))
    .orderBy(auditLog.id);

async function sessionOf(token: string) {
  const res = await ctx.call("GET", "/api/second-factors", { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe("an authenticator app (TOTP)", () => {
  it("is saved once a code proves the app holds its secret, with ten recovery codes shown once", async () => {
    const { user, token, codes } = await withTotp();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    const overview = await sessionOf(token);
    expect(overview.factors).toEqual([expect.objectContaining({ kind: "totp", name: "Mon téléphone" })]);
    expect(overview.recoveryCodesLeft).toBe(10);
    // The session that proved the app now counts as opened with a second factor.
    expect(overview.openedWith).toBe("password+totp");
    // Nothing readable is kept: the secret is sealed, the codes hashed.
    const [row] = await ctx.database.db.select().from(secondFactors).where(eq(secondFactors.userId, user.id));
    expect(row!.totpSecret).not.toContain(codes[0]);
    const stored = await ctx.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    // The audit log has the factor's kind and name, never its secret.
    const [line] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, "second-factor-added")));
    expect(line!.after).toMatchObject({ kind: "totp", name: "Mon téléphone", spareCodesMade: true });
    expect(JSON.stringify(line)).not.toMatch(/totpSecret|secret/i);
  });

  it("refuses a wrong first code, a forged or another account's set-up, and a second app", async () => {
    const user = await createUser(ctx, "GENERAL");
    const token = await tokenFor(ctx, user);
    const { setupToken, secret } = (await ctx.call("POST", "/api/second-factors/totp/start", { token })).json().data;
    const wrong = await ctx.call("POST", "/api/second-factors/totp", {
      token,
      payload: { setupToken, code: codeAt(secret, 5 * 60_000) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.totpCodeWrong);
    const forged = await ctx.call("POST", "/api/second-factors/totp", {
      token,
      payload: { setupToken: `${setupToken.slice(0, -4)}AAAA`, code: codeAt(secret) },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(MSG.totpSetupExpired);
    const other = await tokenFor(ctx, await createUser(ctx, "GENERAL"));
    const stolen = await ctx.call("POST", "/api/second-factors/totp", {
      token: other,
      payload: { setupToken, code: codeAt(secret) },
    });
    expect(stolen.json().message).toBe(MSG.totpSetupExpired);
    const badFormat = await ctx.call("POST", "/api/second-factors/totp", {
      token,
      payload: { setupToken, code: "12ab" },
    });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().message).toBe(
      "Saisissez les 6 chiffres affichés par votre application d'authentification.",
    );
    expect(await ctx.database.db.select().from(secondFactors).where(eq(secondFactors.userId, user.id))).toEqual([]);

    const set = await withTotp();
    const again = await ctx.call("POST", "/api/second-factors/totp/start", { token: set.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.totpAlreadySet);
  });

  it("asks for the second step after the password; accepts one step either side, each step once", async () => {
    // Set up with the previous step's code: the steps before it are spent.
    const { user, secret } = await withTotp("GENERAL", -30_000);
    const first = await signIn(user.email);
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({
      success: false,
      message: MSG.secondFactorNeeded,
      code: SECOND_FACTOR_CODES.needed,
      secondFactor: { methods: ["totp", "recovery"] },
      data: null,
    });
    expect(first.headers["set-cookie"]).toBeUndefined();
    const ticket = first.json().secondFactor.ticket;
    const attempt = (code: string) =>
      ctx.call("POST", "/api/signin/second-factor", { payload: { ticket, code }, remoteAddress: "41.202.1.1" });

    await awayFromStepEdge();
    const tooOld = await attempt(codeAt(secret, -60_000));
    expect([tooOld.statusCode, tooOld.json().message]).toEqual([401, MSG.totpCodeWrong]);
    const spent = await attempt(codeAt(secret, -30_000));
    expect([spent.statusCode, spent.json().message]).toEqual([401, MSG.totpCodeReused]);
    const tooNew = await attempt(codeAt(secret, 60_000));
    expect([tooNew.statusCode, tooNew.json().message]).toEqual([401, MSG.totpCodeWrong]);
    const now = await attempt(codeAt(secret));
    expect(now.statusCode, now.body).toBe(200);
    expect(now.headers["set-cookie"]).toMatch(/^token=/);
    expect((await sessionOf(now.json().data)).openedWith).toBe("password+totp");
    // 'Mes appareils' says how each session was opened.
    const devices = (await ctx.call("GET", "/api/my-devices", { token: now.json().data })).json().data;
    expect(devices.find((d: { current: boolean }) => d.current).openedWith).toBe(
      "Mot de passe et code de l'application",
    );
    const replayed = await attempt(codeAt(secret));
    expect([replayed.statusCode, replayed.json().message]).toEqual([401, MSG.totpCodeReused]);
    const next = await attempt(codeAt(secret, 30_000));
    expect(next.statusCode, next.body).toBe(200);

    const lines = await refusals(user.id);
    expect(lines.map((l) => (l.after as { reason: string }).reason)).toEqual([
      MSG.totpCodeWrong,
      MSG.totpCodeReused,
      MSG.totpCodeWrong,
      MSG.totpCodeReused,
    ]);
    expect(lines[0]).toMatchObject({ actorId: user.id, sessionId: null, address: "41.202.1.1" });
  });

  it("leaves an account without a factor signing in as the original shop's clients expect", async () => {
    const user = await createUser(ctx, "ADMIN");
    const res = await signIn(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: MSG.signInSuccess, data: expect.any(String) });
  });
});

describe("the sign-in's ticket", () => {
  it("is refused forged, made before a password change, or with another account's factor", async () => {
    const { user, secret } = await withTotp();
    const ticket = await ticketOf(user.email);
    const forged = await ctx.call("POST", "/api/signin/second-factor", {
      payload: { ticket: `${ticket.slice(0, -3)}abc`, code: codeAt(secret, 30_000) },
    });
    expect([forged.statusCode, forged.json().message]).toEqual([401, MSG.secondFactorTicketInvalid]);
    // A session token is not a ticket.
    const token = await tokenFor(ctx, ctx.actors.generalUser);
    const session = await ctx.call("POST", "/api/signin/second-factor", {
      payload: { ticket: token, code: codeAt(secret, 30_000) },
    });
    expect(session.json().message).toBe(MSG.secondFactorTicketInvalid);
    await ctx.database.db
      .update(users)
      .set({ passwordHash: await hashPassword("un-autre-mot-de-passe") })
      .where(eq(users.id, user.id));
    const stale = await ctx.call("POST", "/api/signin/second-factor", {
      payload: { ticket, code: codeAt(secret, 30_000) },
    });
    expect([stale.statusCode, stale.json().message]).toEqual([401, MSG.secondFactorTicketInvalid]);
  });

  it("asks exactly one way to answer", async () => {
    const res = await ctx.call("POST", "/api/signin/second-factor", {
      payload: { ticket: "t", code: "123456", recoveryCode: "AAAA-BBBB-CCCC" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Saisissez un code, un code de récupération ou utilisez votre clé d'accès.");
  });
});

describe("recovery codes", () => {
  it("each opens one session, once; a code used twice or unknown is refused and recorded", async () => {
    const { user, token, codes } = await withTotp();
    const ticket = await ticketOf(user.email);
    const use = (recoveryCode: string) =>
      ctx.call("POST", "/api/signin/second-factor", { payload: { ticket, recoveryCode } });
    const ok = await use(codes[3]!.toLowerCase().replace(/-/g, " "));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await sessionOf(ok.json().data)).openedWith).toBe("password+recovery");
    const twice = await use(codes[3]!);
    expect([twice.statusCode, twice.json().message]).toEqual([401, MSG.recoveryCodeUsed]);
    const unknown = await use("2222-3333-4444");
    expect([unknown.statusCode, unknown.json().message]).toEqual([401, MSG.recoveryCodeWrong]);
    expect((await sessionOf(token)).recoveryCodesLeft).toBe(9);
    const [used] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, "recovery-code-used")));
    expect(used!.after).toEqual({ spareCodesLeft: 9 });
    expect((await refusals(user.id)).length).toBe(2);

    const renewed = await ctx.call("POST", "/api/second-factors/recovery-codes", { token });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().data.codes;
    expect(fresh).toHaveLength(10);
    const old = await use(codes[4]!);
    expect(old.json().message).toBe(MSG.recoveryCodeWrong);
    expect((await use(fresh[0]!)).statusCode).toBe(200);
  });

  it("are not made for an account without a factor", async () => {
    const token = await tokenFor(ctx, await createUser(ctx, "GENERAL"));
    const res = await ctx.call("POST", "/api/second-factors/recovery-codes", { token });
    expect([res.statusCode, res.json().message]).toEqual([409, MSG.recoveryCodesNeedFactor]);
  });
});

describe("ten wrong second factors", () => {
  it("lock the account's second step for 15 minutes, on every app server", async () => {
    const { user, secret } = await withTotp();
    const ticket = await ticketOf(user.email);
    for (let i = 0; i < 10; i++) {
      const res = await ctx.call("POST", "/api/signin/second-factor", {
        payload: { ticket, recoveryCode: `2222-3333-${String(4000 + i).replace(/[01]/g, "5")}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const right = await ctx.call("POST", "/api/signin/second-factor", {
      payload: { ticket, code: codeAt(secret, 30_000) },
    });
    expect([right.statusCode, right.json().message]).toEqual([429, MSG.secondFactorLocked]);
    const other = await ctx.call("POST", "/api/signin/second-factor", {
      payload: { ticket, code: codeAt(secret, 30_000) },
      app: ctx.peerApp,
    });
    expect(other.statusCode).toBe(429);
    // Each try the lock refused is recorded, apart from the refusals that make the lock.
    const lines = await ctx.database.db
      .select({ action: auditLog.action, after: auditLog.after, address: auditLog.address })
      .from(auditLog)
      .where(eq(auditLog.entityId, user.id));
    const count = (action: string) => lines.filter((line) => line.action === action).length;
    expect([count("second-factor-refused"), count("second-factor-locked")]).toEqual([10, 2]);
    expect(lines.find((line) => line.action === "second-factor-locked")?.after).toEqual({
      method: "totp",
      reason: MSG.secondFactorLocked,
    });
  });
});

describe("passkeys", () => {
  async function withPasskey(role: "GENERAL" | "ADMIN" = "GENERAL", key = new SoftwareAuthenticator()) {
    const user = await createUser(ctx, role);
    const token = await tokenFor(ctx, user);
    const options = (await ctx.call("POST", "/api/second-factors/passkey/options", { token })).json().data;
    expect(options.rp.id).toBe("localhost");
    const added = await ctx.call("POST", "/api/second-factors/passkey", {
      token,
      payload: { name: "Mon Samsung", response: key.register(options, origin()) },
    });
    expect(added.statusCode, added.body).toBe(201);
    return { user, token, key, added: added.json().data };
  }

  async function assertionOptions(ticket?: string) {
    const res = await ctx.call("POST", "/api/signin/passkey-options", { payload: ticket ? { ticket } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  it("is added from the authenticator's answer and then answers the second step", async () => {
    const { user, token, key, added } = await withPasskey();
    expect(added.factor).toMatchObject({ kind: "passkey", name: "Mon Samsung" });
    expect(added.recoveryCodes).toHaveLength(10);
    expect((await sessionOf(token)).openedWith).toBe("password+passkey");

    const ticket = await ticketOf(user.email);
    const options = await assertionOptions(ticket);
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: key.id })]);
    const answer = key.assert(options, origin());
    const res = await ctx.call("POST", "/api/signin/second-factor", { payload: { ticket, passkey: answer } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await sessionOf(res.json().data)).openedWith).toBe("password+passkey");
    // The same answer again: its challenge has served.
    const replay = await ctx.call("POST", "/api/signin/second-factor", { payload: { ticket, passkey: answer } });
    expect([replay.statusCode, replay.json().message]).toEqual([401, MSG.passkeyChallengeExpired]);
  });

  it("refuses a forged signature, another origin or relying party, a counter that does not grow, an unknown key", async () => {
    const { user, key } = await withPasskey();
    const ticket = await ticketOf(user.email);
    const tryWith = async (bend: Parameters<SoftwareAuthenticator["assert"]>[2], by = key) => {
      const options = await assertionOptions(ticket);
      const res = await ctx.call("POST", "/api/signin/second-factor", {
        payload: { ticket, passkey: by.assert(options, origin(), bend) },
      });
      return [res.statusCode, res.json().message];
    };
    expect(await tryWith({ forge: true })).toEqual([401, MSG.passkeyRefused]);
    expect(await tryWith({ origin: "https://boutique-piege.cm" })).toEqual([401, MSG.passkeyRefused]);
    expect(await tryWith({ rpId: "boutique-piege.cm" })).toEqual([401, MSG.passkeyRefused]);
    expect(await tryWith({ challenge: "dW4tYXV0cmUtZGVmaQ" })).toEqual([401, MSG.passkeyChallengeExpired]);
    expect(await tryWith({})).toEqual([200, MSG.secondFactorAccepted]);
    // A clone of the key answers with a counter already seen.
    expect(await tryWith({ counter: 1 })).toEqual([401, MSG.passkeyRefused]);
    expect(await tryWith({}, new SoftwareAuthenticator())).toEqual([401, MSG.passkeyUnknown]);
    expect((await refusals(user.id)).length).toBe(6);
  });

  it("registered for another origin or relying party, or with another's challenge, is refused and recorded", async () => {
    const user = await createUser(ctx, "GENERAL");
    const token = await tokenFor(ctx, user);
    const key = new SoftwareAuthenticator();
    const add = async (bend: Parameters<SoftwareAuthenticator["register"]>[2]) => {
      const options = (await ctx.call("POST", "/api/second-factors/passkey/options", { token })).json().data;
      const res = await ctx.call("POST", "/api/second-factors/passkey", {
        token,
        payload: { response: key.register(options, origin(), bend) },
      });
      return [res.statusCode, res.json().message];
    };
    expect(await add({ origin: "https://boutique-piege.cm" })).toEqual([400, MSG.passkeyRefused]);
    expect(await add({ rpId: "boutique-piege.cm" })).toEqual([400, MSG.passkeyRefused]);
    expect(await add({ challenge: "dW4tYXV0cmUtZGVmaQ" })).toEqual([400, MSG.passkeyChallengeExpired]);
    expect(await ctx.database.db.select().from(secondFactors).where(eq(secondFactors.userId, user.id))).toEqual([]);
    expect((await refusals(user.id)).map((l) => (l.after as { method: string }).method)).toEqual([
      "passkey-registration",
      "passkey-registration",
      "passkey-registration",
    ]);
    // The same key once, then again: already there.
    expect(await add({})).toEqual([201, MSG.passkeyAdded]);
    expect(await add({})).toEqual([409, MSG.passkeyTaken]);
  });

  it("signs a customer in alone (discoverable, the phone's lock asked), never without the lock", async () => {
    const { user, key } = await withPasskey("GENERAL", new SoftwareAuthenticator({ counter: false }));
    const options = await assertionOptions();
    expect(options.userVerification).toBe("required");
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await ctx.call("POST", "/api/signin/passkey", { payload: { response: key.assert(options, origin()) } });
    expect(res.statusCode, res.body).toBe(200);
    const session = await sessionOf(res.json().data);
    expect(session.openedWith).toBe("passkey");
    const noLock = await ctx.call("POST", "/api/signin/passkey", {
      payload: { response: key.assert(await assertionOptions(), origin(), { userVerified: false }) },
    });
    expect([noLock.statusCode, noLock.json().message]).toEqual([401, MSG.passkeyRefused]);
    // A challenge of the second step does not serve a sign-in without password.
    const ticket = await ticketOf(user.email);
    const crossed = await ctx.call("POST", "/api/signin/passkey", {
      payload: { response: key.assert(await assertionOptions(ticket), origin()) },
    });
    expect(crossed.json().message).toBe(MSG.passkeyChallengeExpired);
  });
});

describe("my factors", () => {
  it("are renamed and removed by their owner alone; the last one takes the recovery codes with it", async () => {
    const { user, token } = await withTotp();
    const [factor] = (await sessionOf(token)).factors;
    const other = await tokenFor(ctx, await createUser(ctx, "GENERAL"));
    expect(
      (await ctx.call("PATCH", `/api/second-factors/${factor._id}`, { token: other, payload: { name: "X" } }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.call("DELETE", `/api/second-factors/${factor._id}`, { token: other })).statusCode).toBe(404);
    const renamed = await ctx.call("PATCH", `/api/second-factors/${factor._id}`, {
      token,
      payload: { name: " Pixel " },
    });
    expect(renamed.json().data.name).toBe("Pixel");
    const empty = await ctx.call("PATCH", `/api/second-factors/${factor._id}`, { token, payload: { name: " " } });
    expect(empty.statusCode).toBe(400);
    const removed = await ctx.call("DELETE", `/api/second-factors/${factor._id}`, { token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await sessionOf(token)).toMatchObject({ factors: [], recoveryCodesLeft: 0 });
    // Password alone again.
    expect((await signIn(user.email)).statusCode).toBe(200);
  });
});

describe("the staff's requirement", () => {
  const setMode = (mode: "required" | "optional") =>
    ctx.database.db
      .insert(appSettings)
      .values({ key: "staff_second_factor", value: mode })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: mode } });

  it("keeps an admin signed in with a password alone out of every admin call until a factor is set up", async () => {
    const admin = await createUser(ctx, "ADMIN");
    const token = await tokenFor(ctx, admin);
    await setMode("required");
    try {
      const gated = await ctx.call("GET", "/api/admin/orders", { token });
      expect(gated.statusCode).toBe(403);
      expect(gated.json()).toMatchObject({ code: SECOND_FACTOR_CODES.setup, message: MSG.secondFactorSetupRequired });
      // The customer's calls and the set-up stay open.
      expect((await ctx.call("GET", "/api/user-details", { token })).statusCode).toBe(200);
      const overview = await sessionOf(token);
      expect(overview).toMatchObject({ required: true, openedWith: "password", factors: [] });
      const { secret, setupToken } = (await ctx.call("POST", "/api/second-factors/totp/start", { token })).json().data;
      await awayFromStepEdge();
      const added = await ctx.call("POST", "/api/second-factors/totp", {
        token,
        payload: { setupToken, code: codeAt(secret) },
      });
      expect(added.statusCode).toBe(201);
      expect((await ctx.call("GET", "/api/admin/orders", { token })).statusCode).toBe(200);
      // The last factor stays while the shop requires one.
      const [factor] = (await sessionOf(token)).factors;
      const removal = await ctx.call("DELETE", `/api/second-factors/${factor._id}`, { token });
      expect([removal.statusCode, removal.json().message]).toEqual([409, MSG.lastFactorRequired]);
      // A customer is never asked.
      const customer = await tokenFor(ctx, await createUser(ctx, "GENERAL"));
      expect((await sessionOf(customer)).required).toBe(false);
    } finally {
      await setMode("optional");
    }
  });

  it("leads an admin without a factor to set one up right at sign-in; nobody else is told", async () => {
    const admin = await createUser(ctx, "ADMIN");
    const customer = await createUser(ctx, "GENERAL");
    expect((await signIn(admin.email)).json()).not.toHaveProperty("secondFactorSetup");
    await setMode("required");
    try {
      const res = await signIn(admin.email);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: MSG.signInSuccess, secondFactorSetup: true });
      // The session is open, for the set-up only.
      const token = body.data as string;
      expect((await sessionOf(token)).required).toBe(true);
      expect((await ctx.call("GET", "/api/admin/orders", { token })).statusCode).toBe(403);
      expect((await signIn(customer.email)).json()).not.toHaveProperty("secondFactorSetup");
    } finally {
      await setMode("optional");
    }
  });

  it("is the SUPERADMIN's to change, recorded, starting from STAFF_SECOND_FACTOR", async () => {
    const superToken = await tokenFor(ctx, ctx.superAdmin);
    const read = await ctx.call("GET", "/api/admin/second-factor-setting", { token: superToken });
    expect(read.json().data).toEqual({ mode: "optional", defaultMode: "optional" });
    const adminToken = await tokenFor(ctx, ctx.actors.adminUser);
    const refused = await ctx.call("PUT", "/api/admin/second-factor-setting", {
      token: adminToken,
      payload: { mode: "required" },
    });
    expect([refused.statusCode, refused.json().message]).toEqual([403, MSG.secondFactorSuperAdminOnly]);
    const bad = await ctx.call("PUT", "/api/admin/second-factor-setting", {
      token: superToken,
      payload: { mode: "oui" },
    });
    expect([bad.statusCode, bad.json().message]).toEqual([400, "Choisissez « exigé » ou « facultatif »."]);
    try {
      const set = await ctx.call("PUT", "/api/admin/second-factor-setting", {
        token: superToken,
        payload: { mode: "required" },
      });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({ message: MSG.secondFactorSettingSaved(true), data: { mode: "required" } });
      const [line] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, "staff-second-factor"))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(line).toMatchObject({
        actorId: ctx.superAdmin.id,
        before: { mode: "optional" },
        after: { mode: "required" },
      });
      // Its own session, opened with a password alone, is now kept out too.
      const after = await ctx.call("GET", "/api/admin/second-factor-setting", { token: superToken });
      expect(after.json().code).toBe(SECOND_FACTOR_CODES.setup);
    } finally {
      await setMode("optional");
    }
  });
});

describe("a SUPERADMIN's reset (a lost phone)", () => {
  it("removes another account's factors and codes, signs it out everywhere, and is recorded", async () => {
    const { user, token } = await withTotp("ADMIN");
    const superToken = await tokenFor(ctx, ctx.superAdmin);
    const seen = await ctx.call("GET", `/api/admin/users/${user.id}/second-factors`, { token: superToken });
    expect(seen.json().data).toMatchObject({
      factors: [expect.objectContaining({ kind: "totp" })],
      recoveryCodesLeft: 10,
    });
    expect(JSON.stringify(seen.json())).not.toMatch(/secret|publicKey/i);
    const byAdmin = await ctx.call("POST", `/api/admin/users/${user.id}/second-factors/reset`, {
      token: await tokenFor(ctx, ctx.actors.otherAdminUser),
    });
    expect(byAdmin.statusCode).toBe(403);
    const own = await ctx.call("POST", `/api/admin/users/${ctx.superAdmin.id}/second-factors/reset`, {
      token: superToken,
    });
    expect([own.statusCode, own.json().message]).toEqual([403, MSG.ownFactorsReset]);
    const reset = await ctx.call("POST", `/api/admin/users/${user.id}/second-factors/reset`, { token: superToken });
    expect([reset.statusCode, reset.json().message]).toEqual([200, MSG.factorsReset]);
    expect((await ctx.call("GET", "/api/second-factors", { token })).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await ctx.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    const [line] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, "second-factors-reset")));
    expect(line).toMatchObject({
      actorId: ctx.superAdmin.id,
      before: { factors: [expect.objectContaining({ kind: "totp", name: "Mon téléphone" })], spareCodes: 10 },
    });
    expect((await signIn(user.email)).statusCode).toBe(200);
  });
});
