import { FIELD_MSG, MSG } from "@shop/shared";
import { count, eq } from "drizzle-orm";
import type { Response } from "light-my-request";
import { describe, expect, it } from "vitest";
import { contactMessages } from "../../db/schema/contact.ts";
import { useTestApp } from "../../test/harness.ts";

const ctx = useTestApp();

const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Aïcha Mbarga",
  email: "aicha@example.cm",
  subject: "Disponibilité iPhone 13",
  message: "Bonjour, l'iPhone 13 bleu est-il encore disponible ?",
  ...overrides,
});

const send = (payload: unknown, app = ctx.app, remoteAddress?: string) =>
  ctx.call("POST", "/api/contact", { app, payload: payload as object, remoteAddress });

async function storedCount(context = ctx): Promise<number> {
  const [row] = await context.database.db.select({ n: count() }).from(contactMessages);
  return row?.n ?? 0;
}

/** Runs a request that must fail and checks that no message was stored. */
async function withoutWrites(action: () => Promise<Response>, context = ctx): Promise<Response> {
  const before = await storedCount(context);
  const res = await action();
  expect(await storedCount(context)).toBe(before);
  return res;
}

function expectIssue(res: Response, path: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ success: false, error: true, data: null });
  expect(res.json().issues).toContainEqual({ path, message });
}

describe("POST /api/contact", () => {
  it("keeps the message of a visitor without an account, trimmed, and thanks in French", async () => {
    const res = await send({
      name: "  Jean-Paul Essomba ",
      email: "  Jean.Paul@Example.CM ",
      subject: "\tLivraison à Bastos  ",
      message: "  Livrez-vous à Bastos le samedi ?\n",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ success: true, error: false, message: MSG.contactSent, data: null });

    const rows = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "jean.paul@example.cm"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Jean-Paul Essomba",
      email: "jean.paul@example.cm",
      subject: "Livraison à Bastos",
      message: "Livrez-vous à Bastos le samedi ?",
      readAt: null,
    });
  });

  it.each([
    ["name", "missing", { name: undefined }, FIELD_MSG.nameRequired],
    ["name", "blank", { name: "   " }, FIELD_MSG.nameRequired],
    ["name", "a number", { name: 42 }, FIELD_MSG.nameRequired],
    ["email", "missing", { email: undefined }, FIELD_MSG.emailInvalid],
    ["email", "not an address", { email: "aicha-at-example.cm" }, FIELD_MSG.emailInvalid],
    ["email", "blank", { email: "  " }, FIELD_MSG.emailInvalid],
    ["subject", "missing", { subject: undefined }, FIELD_MSG.subjectRequired],
    ["subject", "blank", { subject: " \n " }, FIELD_MSG.subjectRequired],
    ["message", "missing", { message: undefined }, FIELD_MSG.messageRequired],
    ["message", "blank", { message: "    " }, FIELD_MSG.messageRequired],
    ["message", "an object", { message: { $ne: "" } }, FIELD_MSG.messageRequired],
  ])("refuses a %s that is %s with its French message and stores nothing", async (field, _label, change, message) => {
    const res = await withoutWrites(() => send(validBody(change)));
    expectIssue(res, `body.${field}`, message);
    expect(res.json().message).toBe(res.json().issues[0].message);
  });

  it("names every wrong field at once", async () => {
    const res = await withoutWrites(() => send({}));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual([
      "body.name",
      "body.email",
      "body.subject",
      "body.message",
    ]);
  });

  it("refuses a field the form does not have", async () => {
    const res = await withoutWrites(() => send(validBody({ readAt: "2024-01-01T00:00:00Z" })));
    expect(res.statusCode).toBe(400);
    const [issue] = res.json().issues;
    expect(issue.path).toBe("body");
    expect(issue.message).toContain("readAt");
    expect(issue.message).toMatch(/[Cc]lé/); // the French wording of zod's locale
  });

  it.each([
    ["name", 100, FIELD_MSG.contactNameTooLong],
    ["subject", 150, FIELD_MSG.subjectTooLong],
    ["message", 5000, FIELD_MSG.messageTooLong],
  ])("accepts a %s of %i characters and refuses one more, saying so", async (field, max, message) => {
    expect((await send(validBody({ [field]: "é".repeat(max) }))).statusCode).toBe(201);
    const res = await withoutWrites(() => send(validBody({ [field]: "é".repeat(max + 1) })));
    expectIssue(res, `body.${field}`, message);
    expect(message).toContain(String(max));
  });

  it("answers a body over 64 KB with 413 and stores nothing", async () => {
    const res = await withoutWrites(() => send(validBody({ message: "x".repeat(70_000) })));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MSG.bodyTooLarge);
  });

  it.each([
    ["broken JSON", '{"name": "Aïcha", ', MSG.invalidJson],
    ["a list", JSON.stringify([validBody()]), undefined],
  ])("refuses %s with 400 and stores nothing", async (_label, payload, message) => {
    const res = await withoutWrites(() =>
      ctx.app.inject({ method: "POST", url: "/api/contact", headers: { "content-type": "application/json" }, payload }),
    );
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const operation = doc.paths["/api/contact"]?.post;
    expect(operation?.tags).toEqual(["contact"]);
    expect(Object.keys(operation?.requestBody?.content?.["application/json"]?.schema?.properties ?? {})).toEqual([
      "name",
      "email",
      "subject",
      "message",
    ]);
  });
});

describe("rate limiting of the contact form", () => {
  const limited = useTestApp({ env: { CONTACT_RATE_LIMIT_MAX: "3" } });

  it("refuses the 4th message from one address with 429, stores it not, and still hears others", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await send(validBody({ subject: `Question ${i}` }), limited.app, "10.0.0.1")).statusCode).toBe(201);
    }
    const fourth = await withoutWrites(() => send(validBody(), limited.app, "10.0.0.1"), limited);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ success: false, error: true, message: MSG.tooManyRequests, data: null });
    expect((await send(validBody(), limited.app, "10.0.0.2")).statusCode).toBe(201);
    expect(await storedCount(limited)).toBe(4);
  });
});
