import { MSG } from "@shop/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResets } from "../../db/schema/auth.ts";
import { orders } from "../../db/schema/orders.ts";
import { createTestApp, createUser, TEST_PASSWORD, tokenFor, useTestApp } from "../../test/harness.ts";
import { startTestSmtp, type TestSmtp } from "../../test/smtp-server.ts";

// A forgotten password (decision 032): a one-time link by e-mail through a local
// SMTP server started here, or made by an admin for WhatsApp.
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp?.close());
const ctx = useTestApp(() => ({
  env: { SMTP_URL: smtp.url, SMTP_FROM: "boutique@test.cm", PUBLIC_URL: "https://shop.test.cm" },
}));

const ask = (email: string, app = ctx.app) => ctx.call("POST", "/api/forgot-password", { app, payload: { email } });
const reset = (token: string, password = "nouveau-mot-de-passe", app = ctx.app) =>
  ctx.call("POST", "/api/reset-password", { app, payload: { token, password, confirmPassword: password } });
const signIn = (email: string, password: string, app = ctx.app) =>
  ctx.call("POST", "/api/signin", { app, payload: { email, password } });
const tokenIn = (text: string) => /reset-password\?token=([\w-]+)/.exec(text)?.[1] ?? "";

describe("POST /api/forgot-password, by e-mail", () => {
  it("sends a one-time link to the account's address, and answers the same for an unknown one", async () => {
    const user = await createUser(ctx, "GENERAL");
    const known = await ask(user.email);
    const unknown = await ask("personne@nulle-part.cm");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(MSG.resetRequested(1800));

    const mail = await smtp.next(user.email);
    expect(mail.from).toContain("boutique@test.cm");
    expect(mail.subject).toContain("mot de passe");
    expect(mail.text).toContain(`Bonjour ${user.name}`);
    expect(mail.text).toMatch(/https:\/\/shop\.test\.cm\/reset-password\?token=[\w-]{40,}/);
    expect(mail.text).toContain("(valable 30 minutes, une seule fois)");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.some((m) => m.to.includes("personne@nulle-part.cm"))).toBe(false);

    // Never under an address the request names: a forged Host gets the shop's own link.
    const other = await createUser(ctx, "GENERAL");
    await ctx.app.inject({
      method: "POST",
      url: "/api/forgot-password",
      headers: { host: "evil.example" },
      payload: { email: other.email },
    });
    const forged = await smtp.next(other.email);
    expect(forged.text).toMatch(/https:\/\/shop\.test\.cm\/reset-password\?token=/);
    expect(forged.text).not.toContain("evil.example");

    // Only the token's hash is kept.
    const token = tokenIn(mail.text);
    const rows = await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes the password once, ends every session of the account, and refuses the link again", async () => {
    const user = await createUser(ctx, "GENERAL");
    const session = await tokenFor(ctx, user);
    await ask(user.email);
    const token = tokenIn((await smtp.next(user.email)).text);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(MSG.passwordReset);
    expect((await signIn(user.email, "nouveau-mot-de-passe")).statusCode).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    const old = await ctx.call("GET", "/api/user-details", { token: session });
    expect(old.statusCode).toBe(401);

    const again = await reset(token, "encore-un-autre");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.resetLinkInvalid);
  });

  it("refuses an expired link and a made-up one", async () => {
    const user = await createUser(ctx, "GENERAL");
    await ask(user.email);
    const token = tokenIn((await smtp.next(user.email)).text);
    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, user.id));
    expect((await reset(token)).json().message).toBe(MSG.resetLinkInvalid);
    expect((await reset("x".repeat(43))).statusCode).toBe(400);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("lasts PASSWORD_RESET_TTL_SECONDS, as the answer, the e-mail and the WhatsApp message say", async () => {
    const brief = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: "https://shop.test.cm",
      PASSWORD_RESET_TTL_SECONDS: "1",
    });
    try {
      const user = await createUser(brief, "GENERAL");
      const asked = await ask(user.email, brief.app);
      expect(asked.json().message).toBe(MSG.resetRequested(1));
      expect(asked.json().message).toContain("Il est valable 1 seconde.");
      const mail = await smtp.next(user.email);
      expect(mail.text).toContain("(valable 1 seconde, une seule fois)");
      const made = await ctx.call("POST", `/api/admin/users/${user.id}/reset-link`, {
        app: brief.app,
        token: await tokenFor(brief, brief.superAdmin),
      });
      expect(made.json().message).toBe(MSG.resetLinkMade(1));
      expect(decodeURIComponent(made.json().data.whatsappUrl)).toContain("(valable 1 seconde, une seule fois)");
      expect(new Date(made.json().data.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(1000);

      await new Promise((resolve) => setTimeout(resolve, 1100));
      for (const token of [tokenIn(mail.text), tokenIn(made.json().data.url)]) {
        const res = await reset(token, "trop-tard-1", brief.app);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(MSG.resetLinkInvalid);
      }
      const old = await signIn(user.email, TEST_PASSWORD, brief.app);
      expect(old.statusCode).toBe(200);
    } finally {
      await brief.close();
    }
  });

  it("takes a link once when two tabs send it at the same moment", async () => {
    const user = await createUser(ctx, "GENERAL");
    await ask(user.email);
    const token = tokenIn((await smtp.next(user.email)).text);
    const codes = (await Promise.all([reset(token, "premier-essai-1"), reset(token, "second-essai-2")])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([200, 400]);
  });

  it("sends at most one e-mail a minute per account", async () => {
    const user = await createUser(ctx, "GENERAL");
    await ask(user.email);
    await ask(user.email);
    await smtp.next(user.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });

  it("checks the new password like sign-up does", async () => {
    const res = await reset("x".repeat(43), "court");
    expect(res.statusCode).toBe(400);
    const mismatch = await ctx.call("POST", "/api/reset-password", {
      payload: { token: "x".repeat(43), password: "assez-long-1", confirmPassword: "assez-long-2" },
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it("is rate-limited per visitor", async () => {
    const limited = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: "https://shop.test.cm",
      CONTACT_RATE_LIMIT_MAX: "2",
    });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await ask(`x${i}@test.cm`, limited.app)).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("without SMTP", () => {
  const plain = useTestApp();

  it("answers the same and sends nothing", async () => {
    const user = await createUser(plain, "GENERAL");
    const res = await ask(user.email, plain.app);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.resetRequested(1800));
    const rows = await plain.database.db.select().from(passwordResets);
    expect(rows).toHaveLength(0);
  });
});

describe("POST /api/admin/users/:id/reset-link, for WhatsApp", () => {
  const makeLink = (token: string | null, id: string) =>
    ctx.call("POST", `/api/admin/users/${id}/reset-link`, { token });

  it("gives an admin a one-time link and the WhatsApp message for a customer", async () => {
    const admin = await createUser(ctx, "ADMIN");
    const customer = await createUser(ctx, "GENERAL");
    const res = await makeLink(await tokenFor(ctx, admin), customer.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MSG.resetLinkMade(1800));
    const { url, whatsappUrl, expiresAt } = res.json().data;
    expect(url).toMatch(/^https:\/\/shop\.test\.cm\/reset-password\?token=[\w-]{40,}$/);
    // No order yet: WhatsApp asks whom to send it to.
    expect(whatsappUrl).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(whatsappUrl)).toContain(`Bonjour ${customer.name}`);
    expect(decodeURIComponent(whatsappUrl)).toContain(url);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60 * 1000);

    expect((await reset(tokenIn(url), "choisi-par-whatsapp")).statusCode).toBe(200);
    expect((await signIn(customer.email, "choisi-par-whatsapp")).statusCode).toBe(200);
  });

  it("writes to the number of the customer's last order when there is one", async () => {
    const admin = await createUser(ctx, "ADMIN");
    const customer = await createUser(ctx, "GENERAL");
    await ctx.database.db.insert(orders).values({
      reference: `CMD-${Date.now().toString(36).toUpperCase().slice(-6)}`,
      channel: "form",
      userId: customer.id,
      name: customer.name,
      phone: "+237677123456",
      address: "Yaoundé",
    } as typeof orders.$inferInsert);
    const res = await makeLink(await tokenFor(ctx, admin), customer.id);
    expect(res.json().data.whatsappUrl).toMatch(/^https:\/\/wa\.me\/237677123456\?text=/);
  });

  it("is only for an account below the admin's own role", async () => {
    const admin = await createUser(ctx, "ADMIN");
    const otherAdmin = await createUser(ctx, "ADMIN");
    const customer = await createUser(ctx, "GENERAL");
    const adminToken = await tokenFor(ctx, admin);
    const superToken = await tokenFor(ctx, ctx.superAdmin);
    expect((await makeLink(adminToken, otherAdmin.id)).statusCode).toBe(403);
    expect((await makeLink(adminToken, ctx.superAdmin.id)).statusCode).toBe(403);
    expect((await makeLink(adminToken, admin.id)).statusCode).toBe(403);
    expect((await makeLink(superToken, ctx.superAdmin.id)).statusCode).toBe(403);
    expect((await makeLink(superToken, otherAdmin.id)).statusCode).toBe(201);
    expect((await makeLink(await tokenFor(ctx, customer), customer.id)).statusCode).toBe(403);
    expect((await makeLink(null, customer.id)).statusCode).toBe(401);
    expect((await makeLink(adminToken, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });
});
