import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { AVATAR_MAX_BYTES, FIELD_MSG, MSG, signUpInput } from "@shop/shared";
import { eq, sql } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sessions } from "../../db/schema/auth.ts";
import { users } from "../../db/schema/users.ts";
import {
  bearer,
  createUser,
  INJECT_ORIGIN,
  pathOf,
  TEST_PASSWORD,
  type TestContext,
  tokenFor,
  userById,
  useTestApp,
} from "../../test/harness.ts";
import { hashPassword } from "../users/passwords.ts";
import { openSession } from "./sessions.service.ts";

type Response = Awaited<ReturnType<TestContext["app"]["inject"]>>;

const ctx = useTestApp();
let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
});

let emailCounter = 0;
const freshEmail = () => `client-${++emailCounter}-${randomBytes(3).toString("hex")}@exemple.cm`;

function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Awa Nkolo",
    email: freshEmail(),
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    ...overrides,
  };
}

const signUp = (payload: unknown, app = ctx) => app.call("POST", "/api/signup", { payload: payload as object });
const signIn = (email: string, password: string, app = ctx, remoteAddress?: string) =>
  app.call("POST", "/api/signin", { payload: { email, password }, remoteAddress });
const userDetails = (headers: Record<string, string> = {}, cookies?: Record<string, string>) =>
  ctx.call("GET", "/api/user-details", { headers, cookies });

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString("base64")}`;

async function userCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

async function findByEmail(email: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Files in uploads/avatars; the folder only appears with the first stored picture. */
async function avatarFiles(): Promise<string[]> {
  const dir = path.join(ctx.config.uploadsDir, "avatars");
  return existsSync(dir) ? (await readdir(dir)).sort() : [];
}

function expectFailure(res: Response, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ success: false, error: true, message, data: null });
}

/** The message the API must answer with: the shared contract's own first issue. */
function contractMessage(body: unknown): string {
  const parsed = signUpInput.safeParse(body);
  if (parsed.success) throw new Error("this body is valid for the contract");
  return parsed.error.issues[0]!.message;
}

/** No password, no hash, under any key or as any value, anywhere in what the client reads. */
function expectNoSecrets(rawBody: string, password = TEST_PASSWORD) {
  expect(rawBody).not.toMatch(/password/i);
  expect(rawBody).not.toMatch(/\$argon2|\$2[aby]\$|\$scrypt/);
  expect(rawBody).not.toContain(password);
}

const USER_KEYS = ["_id", "createdAt", "email", "name", "profilePic", "role", "updatedAt"];

/**
 * Refused sign-ups must leave no trace: no user row, no stored picture. Runs `send` and
 * checks both around it.
 */
async function expectNothingWritten(send: () => Promise<Response>): Promise<Response> {
  const [usersBefore, filesBefore] = [await userCount(), await avatarFiles()];
  const res = await send();
  expect(await userCount()).toBe(usersBefore);
  expect(await avatarFiles()).toEqual(filesBefore);
  return res;
}

describe("POST /api/signup", () => {
  it("creates a GENERAL user with a normalised e-mail and answers without any secret", async () => {
    const res = await signUp(signUpBody({ email: "  Awa.Nkolo@Exemple.CM  " }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, error: false, message: MSG.signUpSuccess });
    expect(Object.keys(body.data).sort()).toEqual(USER_KEYS);
    expect(body.data).toMatchObject({
      name: "Awa Nkolo",
      email: "awa.nkolo@exemple.cm",
      role: "GENERAL",
      profilePic: "",
    });
    expectNoSecrets(res.body);

    const row = await findByEmail("awa.nkolo@exemple.cm");
    expect(row).toMatchObject({ id: body.data._id, role: "GENERAL", profilePic: null });
    // Stored as a hash, never as the password itself.
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("accepts an empty profile picture as none", async () => {
    const res = await signUp(signUpBody({ profilePic: "" }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.profilePic).toBe("");
    expect((await userById(ctx, res.json().data._id))?.profilePic).toBeNull();
  });

  it("refuses a body that asks for a role, and creates nobody", async () => {
    const body = signUpBody({ role: "SUPERADMIN" });
    const res = await expectNothingWritten(() => signUp(body));
    expectFailure(res, 400, contractMessage(body));
    expect(res.json().issues).toEqual([{ path: "body", message: contractMessage(body) }]);
    expect(await findByEmail(body.email)).toBeUndefined();
  });

  it("refuses an e-mail already taken, even written with other case and spaces", async () => {
    const email = freshEmail();
    expect((await signUp(signUpBody({ email }))).statusCode).toBe(201);
    for (const variant of [email, `  ${email.toUpperCase()} `]) {
      const res = await expectNothingWritten(() => signUp(signUpBody({ email: variant, name: "Doublon" })));
      expectFailure(res, 409, MSG.emailTaken);
    }
    expect((await findByEmail(email))?.name).toBe("Awa Nkolo");
  });

  it("lets only one of two simultaneous sign-ups with the same e-mail through, and keeps one picture", async () => {
    const email = freshEmail();
    const filesBefore = await avatarFiles();
    // Both pass the e-mail check before either inserts: the loser must remove the picture it stored.
    const body = signUpBody({ email, profilePic: dataUrl("image/png", png) });
    const results = await Promise.all([signUp(body), signUp(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(MSG.emailTaken);
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, email));
    expect(row?.n).toBe(1);
    const added = (await avatarFiles()).filter((f) => !filesBefore.includes(f));
    expect(added.map((f) => `${INJECT_ORIGIN}/uploads/avatars/${f}`)).toEqual([
      results.find((r) => r.statusCode === 201)?.json().data.profilePic,
    ]);
  });

  it("refuses mismatched passwords with the original message, exactly", async () => {
    const body = signUpBody({ confirmPassword: `${TEST_PASSWORD}-autre` });
    const res = await expectNothingWritten(() => signUp(body));
    expectFailure(res, 400, MSG.passwordsMismatch);
    expect(res.json().issues).toContainEqual({ path: "body.confirmPassword", message: MSG.passwordsMismatch });
  });

  it.each([
    ["an empty body", {}, FIELD_MSG.nameRequired],
    ["a blank name", signUpBody({ name: "   " }), FIELD_MSG.nameRequired],
    ["a number as name", signUpBody({ name: 42 }), FIELD_MSG.nameRequired],
    ["an array as e-mail", signUpBody({ email: ["a@b.cm"] }), FIELD_MSG.emailInvalid],
    ["a malformed e-mail", signUpBody({ email: "pas-un-email" }), FIELD_MSG.emailInvalid],
    ["a missing password", signUpBody({ password: undefined }), FIELD_MSG.passwordRequired],
    ["a short password", signUpBody({ password: "court", confirmPassword: "court" }), FIELD_MSG.passwordTooShort],
    [
      "a profile picture that is not an image URL",
      signUpBody({ profilePic: "https://x.cm/a.png" }),
      FIELD_MSG.profilePicInvalid,
    ],
  ])("refuses %s with a French message and writes nothing", async (_case, body, message) => {
    const res = await expectNothingWritten(() => signUp(body));
    expectFailure(res, 400, message);
    expect(res.json().issues.length).toBeGreaterThan(0);
  });

  it("stores a real PNG profile picture as a square WebP file served with a long cache", async () => {
    const res = await signUp(signUpBody({ profilePic: dataUrl("image/png", png) }));
    expect(res.statusCode).toBe(201);
    const { _id } = res.json().data;
    // Answered as an absolute URL (decision 022), stored as a path.
    expect(res.json().data.profilePic).toMatch(/^http:\/\/localhost:80\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    const profilePic = pathOf(res.json().data.profilePic);
    expect((await userById(ctx, _id))?.profilePic).toBe(profilePic);
    // The picture is a file now: its base64 is neither echoed nor stored.
    expect(res.body).not.toContain("base64");

    const file = path.join(ctx.config.uploadsDir, profilePic.replace(/^\/uploads\//, ""));
    expect(await sharp(file).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });

    const served = await ctx.app.inject({ method: "GET", url: profilePic });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toMatch(/immutable/);
    expect(Number(/max-age=(\d+)/.exec(String(served.headers["cache-control"]))?.[1])).toBeGreaterThanOrEqual(
      30 * 24 * 3600,
    );
  });

  it("refuses a text file disguised as a PNG and keeps no file", async () => {
    const fake = dataUrl("image/png", Buffer.from("Ceci n'est pas une image, juste du texte.\n".repeat(20)));
    const res = await expectNothingWritten(() => signUp(signUpBody({ profilePic: fake })));
    expectFailure(res, 400, MSG.imageInvalid);
  });

  it("refuses an SVG carrying a script, base64 or not", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
    const base64 = await expectNothingWritten(() =>
      signUp(signUpBody({ profilePic: dataUrl("image/svg+xml", Buffer.from(svg)) })),
    );
    expectFailure(base64, 400, MSG.imageInvalid);
    const plain = await expectNothingWritten(() =>
      signUp(signUpBody({ profilePic: `data:image/svg+xml,${encodeURIComponent(svg)}` })),
    );
    expectFailure(plain, 400, FIELD_MSG.profilePicInvalid);
  });

  it("refuses a picture one byte over AVATAR_MAX_BYTES and writes nothing", async () => {
    // A real PNG header followed by padding, so only the size can be the reason.
    const bytes = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length)]);
    const res = await expectNothingWritten(() => signUp(signUpBody({ profilePic: dataUrl("image/png", bytes) })));
    expectFailure(res, 413, MSG.imageTooLarge);
  });

  it("refuses a picture far over the limit before reading it", async () => {
    const bytes = Buffer.alloc(AVATAR_MAX_BYTES * 2);
    const res = await expectNothingWritten(() => signUp(signUpBody({ profilePic: dataUrl("image/png", bytes) })));
    expectFailure(res, 413, MSG.bodyTooLarge);
  });
});

async function sessionsOf(userId: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}

describe("POST /api/signin", () => {
  it("answers the token in data and sets it as an httpOnly, SameSite=Lax cookie", async () => {
    const user = await createUser(ctx, "GENERAL");
    const res = await signIn(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, error: false, message: MSG.signInSuccess });
    expect(body.data).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(decodeJwt(body.data).sub).toBe(user.id);
    expectNoSecrets(res.body);

    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toContain(`token=${body.data}`);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/);
    // The cookie lives as long as the token it carries.
    expect(cookie).toContain(`Max-Age=${ctx.config.token.ttlSeconds}`);
  });

  it("signs `_id` into the token, read as the original French storefront reads it, and no e-mail", async () => {
    for (let i = 0; i < 5; i++) {
      const user = await createUser(ctx, "GENERAL");
      const token = (await signIn(user.email, TEST_PASSWORD)).json().data as string;
      // The French storefront's admin list: JSON.parse(atob(token.split('.')[1]))._id
      const claims = JSON.parse(atob(token.split(".")[1] ?? ""));
      expect(claims._id).toBe(user.id);
      expect(claims.sub).toBe(user.id);
      expect(claims.role).toBe("GENERAL");
      expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.stringify(claims)).not.toContain(user.email);
    }
  });

  it("keeps one session per sign-in, and sweeps sessions past their end at the next sign-in", async () => {
    const user = await createUser(ctx, "GENERAL");
    await ctx.database.db.insert(sessions).values({ userId: user.id, expiresAt: new Date(Date.now() - 1000) });
    expect(await sessionsOf(user.id)).toBe(1);
    await tokenFor(ctx, await createUser(ctx, "GENERAL"));
    expect(await sessionsOf(user.id)).toBe(0);
    await tokenFor(ctx, user);
    await tokenFor(ctx, user);
    expect(await sessionsOf(user.id)).toBe(2);
  });

  it("answers a wrong password and an unknown e-mail the same way", async () => {
    const user = await createUser(ctx, "GENERAL");
    const wrong = await signIn(user.email, "mauvais-mot-de-passe");
    const unknown = await signIn("personne@exemple.cm", TEST_PASSWORD);
    expectFailure(wrong, 401, MSG.signInFailed);
    expectFailure(unknown, 401, MSG.signInFailed);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.headers["set-cookie"]).toBeUndefined();
  });

  it("accepts the e-mail in any case and with spaces", async () => {
    const email = freshEmail();
    expect((await signUp(signUpBody({ email }))).statusCode).toBe(201);
    const res = await signIn(`  ${email.toUpperCase()}  `, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
  });

  it("refuses malformed JSON with a French message", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/signin",
      headers: { "content-type": "application/json" },
      payload: '{"email": "a@b.cm", "password":',
    });
    expectFailure(res, 400, MSG.invalidJson);
  });
});

describe("rate limiting of sign-in and sign-up", () => {
  const limited = useTestApp({ env: { AUTH_RATE_LIMIT_MAX: "3" } });

  const tooMany = { success: false, error: true, message: MSG.tooManyRequests, data: null };

  it("refuses the 4th sign-in from one address, even with the right password, but not others", async () => {
    const { email } = limited.superAdmin;
    for (let i = 0; i < 3; i++) {
      expect((await signIn(email, "mauvais-mot-de-passe", limited, "10.0.0.1")).statusCode).toBe(401);
    }
    const fourth = await signIn(email, TEST_PASSWORD, limited, "10.0.0.1");
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(tooMany);
    expect((await signIn(email, TEST_PASSWORD, limited, "10.0.0.2")).statusCode).toBe(200);
  });

  it("refuses the 4th sign-up from one address and creates nobody", async () => {
    const send = (payload: object) => limited.call("POST", "/api/signup", { payload, remoteAddress: "10.0.0.3" });
    for (let i = 0; i < 3; i++) expect((await send(signUpBody())).statusCode).toBe(201);
    const body = signUpBody();
    const fourth = await send(body);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(tooMany);
    const [row] = await limited.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row).toBeUndefined();
  });
});

describe("GET /api/user-details", () => {
  let user: Awaited<ReturnType<typeof createUser>>;
  let token: string;
  beforeAll(async () => {
    user = await createUser(ctx, "GENERAL");
    token = await tokenFor(ctx, user);
  });

  const key = () => new TextEncoder().encode(ctx.config.token.secret);
  const now = () => Math.floor(Date.now() / 1000);
  const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

  function expectUser(res: Response) {
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, error: false, message: MSG.userDetails });
    expect(res.json().data).toMatchObject({ _id: user.id, email: user.email, role: "GENERAL" });
    expect(Object.keys(res.json().data).sort()).toEqual(USER_KEYS);
    expectNoSecrets(res.body);
  }

  it("reads the token from the cookie alone", async () => {
    expectUser(await userDetails({}, { token }));
  });

  it("reads the token from the Authorization header alone", async () => {
    expectUser(await userDetails(bearer(token)));
  });

  it("treats `Bearer null` (the original client without a token) as no token, and falls back to the cookie", async () => {
    expectFailure(await userDetails({ authorization: "Bearer null" }), 401, MSG.authRequired);
    expectUser(await userDetails({ authorization: "Bearer null" }, { token }));
  });

  it("asks to sign in when there is no token", async () => {
    expectFailure(await userDetails(), 401, MSG.authRequired);
  });

  /** The session of the token signed in beforeAll: forgeries below name a real, open session. */
  const sessionId = () => String(decodeJwt(token).jti);

  it("accepts a token it signed itself (the control for the forgeries below)", async () => {
    const own = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setJti(sessionId())
      .setExpirationTime(now() + 60)
      .sign(key());
    expectUser(await userDetails(bearer(own)));
  });

  it.each([
    [
      "signed with another secret",
      () =>
        new SignJWT({})
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(user.id)
          .setJti(sessionId())
          .setExpirationTime(now() + 3600)
          .sign(randomBytes(32)),
    ],
    [
      "expired",
      () =>
        new SignJWT({})
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(user.id)
          .setJti(sessionId())
          .setIssuedAt(now() - 7200)
          .setExpirationTime(now() - 3600)
          .sign(key()),
    ],
    [
      "forged with alg none",
      async () =>
        `${b64url({ alg: "none", typ: "JWT" })}.${b64url({ sub: user.id, jti: sessionId(), exp: now() + 3600 })}.`,
    ],
    [
      "signed right but naming no user id",
      () =>
        new SignJWT({})
          .setProtectedHeader({ alg: "HS256" })
          .setExpirationTime(now() + 3600)
          .sign(key()),
    ],
    [
      "signed right but naming no session (as tokens were signed before sessions were kept)",
      () =>
        new SignJWT({ _id: user.id })
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(user.id)
          .setExpirationTime(now() + 3600)
          .sign(key()),
    ],
    [
      "signed right but naming a session that was never opened",
      () =>
        new SignJWT({})
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(user.id)
          .setJti(randomUUID())
          .setExpirationTime(now() + 3600)
          .sign(key()),
    ],
    [
      "signed right, naming this user's session for another user id",
      () =>
        new SignJWT({})
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(randomUUID())
          .setJti(sessionId())
          .setExpirationTime(now() + 3600)
          .sign(key()),
    ],
    ["garbage", async () => "pas.un.jeton"],
  ])("refuses a token %s as an invalid session", async (_case, make) => {
    const forged = await make();
    expectFailure(await userDetails(bearer(forged)), 401, MSG.authInvalid);
    expectFailure(await userDetails({}, { token: forged }), 401, MSG.authInvalid);
  });

  it("refuses a token once it expires, even after it was accepted (and its signature remembered)", async () => {
    const soon = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setJti(sessionId())
      .setExpirationTime(now() + 60)
      .sign(key());
    expectUser(await userDetails(bearer(soon)));
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      expectFailure(await userDetails(bearer(soon)), 401, MSG.authInvalid);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses the token of a user who was deleted", async () => {
    const gone = await createUser(ctx, "GENERAL");
    const goneToken = await tokenFor(ctx, gone);
    expect((await userDetails(bearer(goneToken))).statusCode).toBe(200);
    await ctx.database.db.delete(users).where(eq(users.id, gone.id));
    expectFailure(await userDetails(bearer(goneToken)), 401, MSG.authInvalid);
  });
});

describe("a change of role or password ends the user's sessions", () => {
  const allUsers = (token: string, app = ctx.app) => ctx.call("GET", "/api/all-user", { app, token });
  const setUser = (id: string, values: Partial<typeof users.$inferInsert>) =>
    ctx.database.db.update(users).set(values).where(eq(users.id, id));

  it("refuses a token issued before a promotion or a demotion, on every app server; a new sign-in has the new role", async () => {
    const peer = await ctx.peer();
    try {
      const user = await createUser(ctx, "GENERAL");
      const before = await tokenFor(ctx, user);
      expectFailure(await allUsers(before), 403, MSG.forbidden);

      await setUser(user.id, { role: "ADMIN" });
      expectFailure(await allUsers(before), 401, MSG.authInvalid);
      expectFailure(await allUsers(before, peer.app), 401, MSG.authInvalid);
      const promoted = await tokenFor(ctx, user);
      expect((await allUsers(promoted, peer.app)).statusCode).toBe(200);

      await setUser(user.id, { role: "GENERAL" });
      expectFailure(await allUsers(promoted), 401, MSG.authInvalid);
      expectFailure(await allUsers(promoted, peer.app), 401, MSG.authInvalid);
    } finally {
      await peer.close();
    }
  });

  it("refuses a token issued before a password change, on each of the user's devices", async () => {
    const user = await createUser(ctx, "GENERAL");
    const [phone, laptop] = [await tokenFor(ctx, user), await tokenFor(ctx, user)];
    await setUser(user.id, { passwordHash: await hashPassword("un-nouveau-mot-de-passe") });
    expectFailure(await userDetails(bearer(phone)), 401, MSG.authInvalid);
    expectFailure(await userDetails({}, { token: laptop }), 401, MSG.authInvalid);
  });

  it("keeps the sessions through a change of anything else (name, picture) or a role set to what it was", async () => {
    const user = await createUser(ctx, "GENERAL");
    const token = await tokenFor(ctx, user);
    await setUser(user.id, { name: "Nouveau nom", profilePic: "/uploads/avatars/x.webp", role: "GENERAL" });
    expect((await userDetails(bearer(token))).json().data).toMatchObject({ name: "Nouveau nom" });
  });

  it("opens no session for a sign-in whose password was changed while it was being checked", async () => {
    const user = await createUser(ctx, "GENERAL");
    const checkedHash = user.passwordHash;
    await setUser(user.id, { passwordHash: await hashPassword("un-nouveau-mot-de-passe") });
    const expiresAt = new Date(Date.now() + 60_000);
    expect(await openSession(ctx.database.db, { ...user, passwordHash: checkedHash }, expiresAt)).toBeNull();
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it("opens no session for a sign-in whose role was changed while it was being checked", async () => {
    // The token carries the role read at sign-in: it must never outlive that role.
    const user = await createUser(ctx, "GENERAL");
    await setUser(user.id, { role: "ADMIN" });
    const expiresAt = new Date(Date.now() + 60_000);
    expect(await openSession(ctx.database.db, user, expiresAt)).toBeNull();
    expect(await sessionsOf(user.id)).toBe(0);
  });
});

describe("GET /api/userLogout", () => {
  function expectCleared(res: Response) {
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, error: false, message: MSG.logoutSuccess, data: null });
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/^token=;/);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/);
    const expires = /Expires=([^;]+)/i.exec(cookie)?.[1];
    const maxAge = /Max-Age=(\d+)/i.exec(cookie)?.[1];
    expect(maxAge === "0" || (expires !== undefined && Date.parse(expires) < Date.now())).toBe(true);
  }

  it("clears the token cookie of a signed-in user", async () => {
    const token = await tokenFor(ctx, await createUser(ctx, "GENERAL"));
    expectCleared(await ctx.call("GET", "/api/userLogout", { token, tokenIn: "cookie" }));
  });

  it("works without any token", async () => {
    expectCleared(await ctx.call("GET", "/api/userLogout"));
  });

  it("works with a token that is bad or already signed out", async () => {
    const token = await tokenFor(ctx, await createUser(ctx, "GENERAL"));
    const logout = () => ctx.call("GET", "/api/userLogout", { token });
    expectCleared(await logout());
    expectCleared(await logout());
    expectCleared(await ctx.call("GET", "/api/userLogout", { token: "pas.un.jeton" }));
  });

  it("ends the session: the same token replayed by hand is refused, here and on another app server", async () => {
    const peer = await ctx.peer();
    try {
      const user = await createUser(ctx, "GENERAL");
      const token = await tokenFor(ctx, user);
      const details = (app: typeof ctx.app) => ctx.call("GET", "/api/user-details", { app, token });
      expect((await details(peer.app)).statusCode).toBe(200);

      expectCleared(await ctx.call("GET", "/api/userLogout", { token }));
      expectFailure(await details(ctx.app), 401, MSG.authInvalid);
      expectFailure(await details(peer.app), 401, MSG.authInvalid);
      expectFailure(
        await ctx.call("GET", "/api/user-details", { app: peer.app, token, tokenIn: "cookie" }),
        401,
        MSG.authInvalid,
      );
      expect(await sessionsOf(user.id)).toBe(0);
    } finally {
      await peer.close();
    }
  });

  it("ends only the session signed out: the same customer's other device stays signed in", async () => {
    const user = await createUser(ctx, "GENERAL");
    const [phone, laptop] = [await tokenFor(ctx, user), await tokenFor(ctx, user)];
    expectCleared(await ctx.call("GET", "/api/userLogout", { token: phone, tokenIn: "cookie" }));
    expectFailure(await userDetails({}, { token: phone }), 401, MSG.authInvalid);
    expect((await userDetails(bearer(laptop))).statusCode).toBe(200);
  });

  it("ends both sessions when a client sends a Bearer token and a different cookie", async () => {
    const user = await createUser(ctx, "GENERAL");
    const [stored, cookie] = [await tokenFor(ctx, user), await tokenFor(ctx, user)];
    expectCleared(await ctx.call("GET", "/api/userLogout", { token: stored, cookies: { token: cookie } }));
    expectFailure(await userDetails(bearer(stored)), 401, MSG.authInvalid);
    expectFailure(await userDetails({}, { token: cookie }), 401, MSG.authInvalid);
  });
});
