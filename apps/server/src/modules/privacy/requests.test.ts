/**
 * Requests from customers without an account (decision 041) through the real app: asked on the
 * order status page with a reference and its number (a forged number asks nothing), listed for
 * the SUPERADMIN alone with their deadline, answered once — an erasure anonymising every order
 * of the number and leaving it nowhere, refused whole while an order is open.
 */
import { ERASED_NAME, MSG, PRIVACY_REQUEST_DAYS } from "@shop/shared";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit.ts";
import { orders } from "../../db/schema/orders.ts";
import { privacyRequests } from "../../db/schema/privacy.ts";
import { call, productWithStock, useTestApp } from "../../test/harness.ts";
import { orderFileKey } from "../orders/files.ts";
import { unzip, whereFound } from "./test-kit.ts";

const ctx = useTestApp({ actors: true });
const DAY = 86_400_000;
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

let guests = 0;
/** A customer without an account: two order forms with a file, and a 'Prévenez-moi' number. */
async function guest() {
  const n = ++guests;
  const person = {
    name: `Brice Guest${n}`,
    phone: `69955${String(1000 + n).padStart(4, "0")}`,
    address: `Akwa, rue ${n}7`,
  };
  const references: string[] = [];
  for (const note of ["premier", "second"]) {
    const res = await call(ctx.app, "POST", "/api/orders", {
      multipart: [
        { name: "name", value: person.name },
        { name: "number", value: person.phone },
        { name: "text", value: person.address },
        { name: "message", value: `${note} ${person.name}` },
        { name: "file", filename: "cni.png", type: "image/png", bytes: png },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    references.push(res.json().data.reference);
  }
  const soldOut = await productWithStock(ctx, ctx.actors.superAdmin, `Écouteurs ${n}`, 0);
  const alert = await ctx.call("POST", "/api/stock-alerts", {
    payload: { variantId: soldOut.variantId, phone: person.phone },
  });
  expect(alert.statusCode, alert.body).toBeLessThan(300);
  return { person, references, e164: `+237${person.phone}` };
}

const ask = (payload: Record<string, unknown>) => ctx.call("POST", "/api/privacy-requests", { payload });

async function setStatus(reference: string, status: "annulée" | "livrée") {
  const res = await ctx.call("POST", `/api/admin/orders/${reference}/status`, {
    token: ctx.actors.admin,
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("a request from the order status page", () => {
  it("is received with its deadline when the reference and the number match, once per kind", async () => {
    const g = await guest();
    const res = await ask({ reference: g.references[0], phone: g.person.phone, kind: "access" });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json().data;
    expect(receipt.kind).toBe("access");
    const due = new Date(receipt.dueAt).getTime() - new Date(receipt.createdAt).getTime();
    expect(Math.round(due / DAY)).toBe(PRIVACY_REQUEST_DAYS);
    expect(res.json().message).toMatch(/^Demande reçue\. Nous vous répondrons .* au plus tard le \d\d\/\d\d\/\d{4}\.$/);

    // Asked again, with the other order's reference: the same request, nothing new.
    const again = await ask({ reference: g.references[1], phone: `+237 ${g.person.phone}`, kind: "access" });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data._id).toBe(receipt._id);
    expect(again.json().message).toMatch(/^Nous avons déjà cette demande/);
    const rows = await ctx.database.db.select().from(privacyRequests).where(eq(privacyRequests.phone, g.e164));
    expect(rows).toHaveLength(1);
  });

  it("is refused, saying nothing of the order, with another number or an unknown reference", async () => {
    const g = await guest();
    const other = await guest();
    for (const payload of [
      { reference: g.references[0], phone: other.person.phone, kind: "erasure" },
      { reference: "CMD-ZZZZZZ", phone: g.person.phone, kind: "erasure" },
    ]) {
      const res = await ask(payload);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(MSG.privacyRequestNoOrder);
    }
    const bad = await ask({ reference: g.references[0], phone: g.person.phone, kind: "tout" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toContainEqual({ path: "body.kind", message: "Choisissez votre demande." });
    expect(await ctx.database.db.select().from(privacyRequests).where(eq(privacyRequests.phone, g.e164))).toEqual([]);
  });
});

describe("'Données personnelles': the requests", () => {
  it("are the SUPERADMIN's alone, oldest due first, with the name and how many orders the number has", async () => {
    const g = await guest();
    expect(
      (
        await ask({
          reference: g.references[0],
          phone: g.person.phone,
          kind: "correction",
          message: "Mon nom s'écrit Bryce",
        })
      ).statusCode,
    ).toBe(201);
    for (const token of [null, ctx.actors.general, ctx.actors.admin]) {
      const res = await ctx.call("GET", "/api/admin/privacy-requests", { token });
      expect(res.statusCode, res.body).toBe(token ? 403 : 401);
    }
    const res = await ctx.call("GET", "/api/admin/privacy-requests", { token: ctx.actors.superAdmin });
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().data;
    const mine = listed.find((r: { phone: string }) => r.phone === g.e164);
    expect(mine).toMatchObject({
      kind: "correction",
      status: "received",
      name: g.person.name,
      message: "Mon nom s'écrit Bryce",
      overdue: false,
      ordersCount: 2,
      answeredAt: null,
    });
    const dues = listed.map((r: { dueAt: string }) => r.dueAt);
    expect(dues).toEqual([...dues].sort());
  });

  it("an access: the archive holds every order of the number with its files, and its reading is in the log", async () => {
    const g = await guest();
    const asked = await ask({ reference: g.references[0], phone: g.person.phone, kind: "access" });
    const id = asked.json().data._id;
    const admin = await ctx.call("GET", `/api/admin/privacy-requests/${id}/archive`, { token: ctx.actors.admin });
    expect(admin.statusCode).toBe(403);
    const res = await ctx.call("GET", `/api/admin/privacy-requests/${id}/archive`, { token: ctx.actors.superAdmin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    const entries = await unzip(res.rawPayload);
    const data = JSON.parse(entries.get("donnees.json")!.toString());
    expect(data.orders.map((o: { reference: string }) => o.reference).sort()).toEqual([...g.references].sort());
    expect(data.account).toMatchObject({ name: g.person.name, email: "" });
    expect(data.stockAlerts).toHaveLength(1);
    expect([...entries.keys()].filter((k) => k.startsWith("fichiers/"))).toHaveLength(2);
    expect(entries.get("donnees.html")!.toString()).toContain(g.person.address);
    const [read] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "file-read")));
    expect(read).toMatchObject({ entity: "privacy", actorRole: "SUPERADMIN" });

    const done = await ctx.call("POST", `/api/admin/privacy-requests/${id}/answer`, {
      token: ctx.actors.superAdmin,
      payload: { outcome: "done", note: "Archive envoyée par WhatsApp" },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      status: "answered",
      answer: "Archive envoyée par WhatsApp",
      answeredBy: "Super Admin",
    });
    const twice = await ctx.call("POST", `/api/admin/privacy-requests/${id}/answer`, {
      token: ctx.actors.superAdmin,
      payload: { outcome: "refused", note: "non" },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MSG.privacyRequestAlreadyAnswered);
    const open = await ctx.call("GET", "/api/admin/privacy-requests", { token: ctx.actors.superAdmin });
    expect(open.json().data.map((r: { _id: string }) => r._id)).not.toContain(id);
    const all = await ctx.call("GET", "/api/admin/privacy-requests?show=all", { token: ctx.actors.superAdmin });
    expect(all.json().data.map((r: { _id: string }) => r._id)).toContain(id);
  });

  it("a refusal needs its reason", async () => {
    const g = await guest();
    const id = (await ask({ reference: g.references[0], phone: g.person.phone, kind: "objection" })).json().data._id;
    const res = await ctx.call("POST", `/api/admin/privacy-requests/${id}/answer`, {
      token: ctx.actors.superAdmin,
      payload: { outcome: "refused", note: " " },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({
      path: "body.note",
      message: "Dites au client pourquoi sa demande est refusée.",
    });
    const [row] = await ctx.database.db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
    expect(row?.status).toBe("received");
  });

  it("an erasure: refused whole while an order is open; then every order anonymised, the number and files gone everywhere", async () => {
    const g = await guest();
    const id = (await ask({ reference: g.references[0], phone: g.person.phone, kind: "erasure" })).json().data._id;
    const answer = () =>
      ctx.call("POST", `/api/admin/privacy-requests/${id}/answer`, {
        token: ctx.actors.superAdmin,
        payload: { outcome: "done", note: "" },
      });
    await setStatus(g.references[0]!, "annulée");
    const early = await answer();
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toBe(MSG.privacyGuestOrderOpen(g.references[1]!));
    // Nothing half-erased: the closed order still names the customer.
    const [kept] = await ctx.database.db.select().from(orders).where(eq(orders.reference, g.references[0]!));
    expect(kept).toMatchObject({ name: g.person.name, phone: g.e164 });

    await setStatus(g.references[1]!, "livrée");
    const before = await ctx.database.db.select().from(orders).where(eq(orders.phone, g.e164));
    const done = await answer();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe("Données effacées : 2 commandes anonymisées.");
    expect(done.json().data).toMatchObject({ status: "answered", phone: null, name: null, ordersCount: 0 });
    for (const reference of g.references) {
      const [row] = await ctx.database.db.select().from(orders).where(eq(orders.reference, reference));
      const was = before.find((o) => o.reference === reference)!;
      expect(row).toMatchObject({
        name: ERASED_NAME,
        phone: null,
        address: "",
        message: "",
        filePath: null,
        total: was.total,
      });
      expect(await ctx.app.files.get(orderFileKey(was.filePath!))).toBeNull();
    }
    for (const needle of [g.person.name, g.person.phone, g.person.address]) {
      expect(await whereFound(ctx.database.db, needle), needle).toEqual([]);
    }
    const [logged] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "request-answered")));
    expect(logged?.after).toMatchObject({ kind: "erasure", ordersAnonymised: 2 });
  });

  it("an unknown request is a French 404", async () => {
    const res = await ctx.call("POST", "/api/admin/privacy-requests/00000000-0000-4000-8000-000000000000/answer", {
      token: ctx.actors.superAdmin,
      payload: { outcome: "done" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.privacyRequestNotFound);
  });
});
