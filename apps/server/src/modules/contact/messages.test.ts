import { type ContactMessage, FIELD_MSG, MSG } from "@shop/shared";
import { eq } from "drizzle-orm";
import type { Response } from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../../db/schema/contact.ts";
import { useTestApp } from "../../test/harness.ts";

const ctx = useTestApp({ actors: true });

const list = (query = "", token = ctx.actors.admin) => ctx.call("GET", `/api/admin/messages${query}`, { token });
const mark = (id: string, body: object, token = ctx.actors.admin) =>
  ctx.call("POST", `/api/admin/messages/${id}/read`, { token, payload: body });

function subjects(res: Response): string[] {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as ContactMessage[]).map((m) => m.subject);
}

function expectIssue(res: Response, path: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ success: false, error: true, data: null, message });
  expect(res.json().issues).toContainEqual({ path, message });
}

/** Ids of the messages by subject. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  // The first through the contact page itself, the others a day apart, oldest first.
  const sent = await ctx.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: { name: "Aïcha", email: "aicha@example.cm", subject: "Aujourd'hui", message: "Bonjour !" },
  });
  expect(sent.statusCode).toBe(201);
  const rows = await ctx.database.db
    .insert(contactMessages)
    .values(
      ["Il y a trois jours", "Il y a deux jours", "Hier"].map((subject, i) => ({
        name: "Paul",
        email: "paul@example.cm",
        subject,
        message: "Est-ce disponible ?",
        createdAt: new Date(Date.now() - (3 - i) * 86_400_000),
      })),
    )
    .returning();
  for (const row of [...rows, ...(await ctx.database.db.select().from(contactMessages))]) ids[row.subject] = row.id;
});

describe("GET /api/admin/messages", () => {
  it("lists the messages newest first, unread, with the page's meta", async () => {
    const res = await list();
    expect(subjects(res)).toEqual(["Aujourd'hui", "Hier", "Il y a deux jours", "Il y a trois jours"]);
    expect(res.json()).toMatchObject({
      success: true,
      message: MSG.messagesListed,
      meta: { page: 1, limit: 100, total: 4 },
    });
    expect(res.json().data[0]).toEqual({
      _id: ids["Aujourd'hui"],
      name: "Aïcha",
      email: "aicha@example.cm",
      subject: "Aujourd'hui",
      message: "Bonjour !",
      read: false,
      readAt: null,
      createdAt: expect.any(String),
    });
  });

  it("pages the list", async () => {
    expect(subjects(await list("?limit=3"))).toEqual(["Aujourd'hui", "Hier", "Il y a deux jours"]);
    const second = await list("?limit=3&page=2");
    expect(subjects(second)).toEqual(["Il y a trois jours"]);
    expect(second.json().meta).toEqual({ page: 2, limit: 3, total: 4 });
  });

  it("refuses a bad filter in French", async () => {
    const res = await list("?unread=oui");
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe("querystring.unread");
    expect(res.json().message).toMatch(/invalide/i);
    expect((await list("?limit=101")).statusCode).toBe(400);
  });

  it("is for ADMIN and SUPERADMIN only", async () => {
    expect((await list("", ctx.actors.superAdmin)).statusCode).toBe(200);
    expect((await list("", ctx.actors.general)).statusCode).toBe(403);
    expect((await ctx.call("GET", "/api/admin/messages")).statusCode).toBe(401);
  });
});

describe("POST /api/admin/messages/:id/read", () => {
  it("marks a message read, keeps its first reading time, and unread again", async () => {
    const id = ids.Hier!;
    const read = await mark(id, { read: true });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().message).toBe(MSG.messageMarkedRead);
    const first: ContactMessage = read.json().data;
    expect(first).toMatchObject({ _id: id, subject: "Hier", read: true });
    expect(Math.abs(Date.parse(first.readAt!) - Date.now())).toBeLessThan(60_000);

    // Read again (another admin, later): the first reading time stays.
    const again = await mark(id, { read: true }, ctx.actors.superAdmin);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.readAt).toBe(first.readAt);

    const unread = await mark(id, { read: false });
    expect(unread.statusCode).toBe(200);
    expect(unread.json().message).toBe(MSG.messageMarkedUnread);
    expect(unread.json().data).toMatchObject({ _id: id, read: false, readAt: null });
    const [row] = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.readAt).toBeNull();
  });

  it("narrows the list to the unread ones with unread=true", async () => {
    await mark(ids["Il y a deux jours"]!, { read: true });
    await mark(ids["Aujourd'hui"]!, { read: true });
    const unread = await list("?unread=true");
    expect(subjects(unread)).toEqual(["Hier", "Il y a trois jours"]);
    expect(unread.json().meta.total).toBe(2);
    expect(subjects(await list("?unread=false"))).toHaveLength(4);
    const all = (await list()).json().data as ContactMessage[];
    expect(all.map((m) => m.read)).toEqual([true, false, true, false]);
  });

  it("refuses a bad body or id in French, and says so for an unknown message", async () => {
    const id = ids["Il y a trois jours"]!;
    expectIssue(await mark(id, { read: "oui" }), "body.read", FIELD_MSG.readFlagInvalid);
    expectIssue(await mark(id, {}), "body.read", FIELD_MSG.readFlagInvalid);
    expect((await mark(id, { read: true, readAt: "2020-01-01" })).statusCode).toBe(400);
    expectIssue(await mark("pas-un-id", { read: true }), "params.id", FIELD_MSG.idInvalid);
    const unknown = await mark("00000000-0000-4000-8000-000000000000", { read: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: MSG.messageNotFound, data: null });
    // Nothing changed.
    const [row] = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.readAt).toBeNull();
  });

  it("is refused to customers and visitors, whose attempt changes nothing", async () => {
    const id = ids["Il y a trois jours"]!;
    expect((await mark(id, { read: true }, ctx.actors.general)).statusCode).toBe(403);
    expect((await ctx.call("POST", `/api/admin/messages/${id}/read`, { payload: { read: true } })).statusCode).toBe(
      401,
    );
    const [row] = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.readAt).toBeNull();
  });
});
