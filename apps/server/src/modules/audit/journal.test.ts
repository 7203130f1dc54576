/**
 * The 'Journal' (decision 038) through the real app: the SUPERADMIN's filtered pages, the CSV
 * export, the chain's verification, and the history of one product or order.
 */
import { MSG } from "@shop/shared";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit.ts";
import { uploadProduct, useTestApp } from "../../test/harness.ts";

const ctx = useTestApp({ actors: true });

let productId: string;
let otherProductId: string;

/** Two products of the first ADMIN, a price change, one product of the other ADMIN. */
beforeAll(async () => {
  const made = await uploadProduct(ctx, ctx.actors.admin, {
    productName: '=HYPERLINK("x")',
    price: 100000,
    sellingPrice: 100000,
  });
  expect(made.statusCode, made.body).toBe(201);
  productId = made.json().data._id;
  const changed = await ctx.call("POST", "/api/update-product", {
    token: ctx.actors.admin,
    payload: { _id: productId, sellingPrice: 80000 },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  otherProductId = (await uploadProduct(ctx, ctx.actors.otherAdmin, { productName: "Redmi 13C" })).json().data._id;
});

const journal = (query = "", token = ctx.actors.superAdmin) => ctx.call("GET", `/api/admin/journal${query}`, { token });

describe("the Journal", () => {
  it("is the SUPERADMIN's alone", async () => {
    for (const token of [ctx.actors.admin, ctx.actors.otherAdmin]) {
      for (const url of ["/api/admin/journal", "/api/admin/journal/export", "/api/admin/journal/verify"]) {
        const res = await ctx.call("GET", url, { token });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(MSG.journalSuperAdminOnly);
      }
    }
    expect((await ctx.call("GET", "/api/admin/journal", { token: ctx.actors.general })).statusCode).toBe(403);
    expect((await ctx.call("GET", "/api/admin/journal", { token: null })).statusCode).toBe(401);
  });

  it("shows the newest lines first, with who, their role then, where from, before and after", async () => {
    const res = await journal(`?entity=product&entityId=${productId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { lines, next } = res.json().data;
    expect(next).toBeNull();
    expect(lines.map((l: { action: string }) => l.action)).toEqual(["update", "create"]);
    expect(lines[0]).toMatchObject({
      actor: { _id: ctx.actors.adminUser.id, name: ctx.actors.adminUser.name, role: "ADMIN" },
      entity: "product",
      entityId: productId,
      before: { sellingPrice: 100000 },
      after: { sellingPrice: 80000 },
    });
    expect(lines[0].address).toBeTruthy();
    expect(lines[0]._id).toBeGreaterThan(lines[1]._id);
  });

  it("filters by person, entity, action and days, and pages back with `next`", async () => {
    const byOther = (await journal(`?actor=${ctx.actors.otherAdminUser.id}`)).json().data.lines;
    expect(byOther.map((l: { entityId: string }) => l.entityId)).toEqual([otherProductId]);

    const creations = (await journal("?entity=product&action=create")).json().data.lines;
    expect(creations.every((l: { action: string }) => l.action === "create")).toBe(true);
    expect(creations.map((l: { entityId: string }) => l.entityId)).toEqual(
      expect.arrayContaining([productId, otherProductId]),
    );

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    // Douala is UTC+1: today's UTC day is the shop's today or, just before midnight, tomorrow.
    const around = (await journal(`?from=${yesterday}&to=${tomorrow}&entity=product`)).json().data.lines;
    expect(around.length).toBeGreaterThanOrEqual(3);
    const past = (await journal(`?to=${yesterday}&entity=product&entityId=${productId}`)).json().data.lines;
    expect(past).toEqual([]);
    expect((await journal(`?from=${today}`)).statusCode).toBe(200);

    const first = (await journal("?limit=1&entity=product")).json().data;
    expect(first.lines).toHaveLength(1);
    expect(first.next).toBe(first.lines[0]._id);
    const second = (await journal(`?limit=1&entity=product&before=${first.next}`)).json().data;
    expect(second.lines[0]._id).toBeLessThan(first.lines[0]._id);
  });

  it("refuses filters that mean nothing, in French", async () => {
    for (const [query, message] of [
      ["?from=2026-12-01&to=2026-11-01", "La date de début doit précéder la date de fin."],
      ["?from=27/11/2026", "Choisissez une date valide (AAAA-MM-JJ)."],
      ["?action=drop-table", "Action inconnue."],
    ] as const) {
      const res = await journal(query);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().issues)).toContain(message);
    }
    expect((await journal("?entity=cart")).statusCode).toBe(400);
    expect((await journal("?actor=pas-un-id")).statusCode).toBe(400);
  });

  it("exports the lines the filters keep as CSV a spreadsheet opens, formulas kept as text", async () => {
    const res = await ctx.call("GET", `/api/admin/journal/export?entityId=${productId}`, {
      token: ctx.actors.superAdmin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="journal-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...records] = res.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(header).toBe("Ligne;Date (UTC);Personne;Rôle;Adresse;Objet;Identifiant;Action;Avant;Après");
    expect(records).toHaveLength(2);
    expect(records[0]).toContain(";Produit;");
    expect(records[0]).toContain(";Modification;");
    expect(records[1]).toContain(";Création;");
    // The product's name is a formula: in the JSON of "Après", quoted, and never first in a field.
    expect(records[1]).toContain('""productName"":""=HYPERLINK(\\""x\\"")""');
    for (const record of records) expect(record.split(";").some((f) => f.startsWith("="))).toBe(false);
  });

  it("says 'Journal intact', then names the first line changed behind the application's back", async () => {
    const intact = (await ctx.call("GET", "/api/admin/journal/verify", { token: ctx.actors.superAdmin })).json();
    expect(intact.message).toBe(MSG.journalIntact);
    expect(intact.data).toMatchObject({ intact: true, firstBroken: null });
    expect(intact.data.lines).toBeGreaterThanOrEqual(3);

    const [line] = await ctx.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.entityId, otherProductId));
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER USER`);
      await tx.execute(sql`UPDATE audit_log SET actor_role = 'GENERAL' WHERE id = ${line!.id}`);
      await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER USER`);
    });
    const broken = (await ctx.call("GET", "/api/admin/journal/verify", { token: ctx.actors.superAdmin })).json();
    expect(broken.message).toBe(MSG.journalBroken);
    expect(broken.data).toMatchObject({ intact: false, firstBroken: line!.id });
  });
});

describe("a product's and an order's history", () => {
  const history = (entity: string, id: string, token: string | null) =>
    ctx.call("GET", `/api/admin/history/${entity}/${id}`, { token });

  it("is a product's ADMIN's and the SUPERADMIN's, never another ADMIN's", async () => {
    const own = await history("product", productId, ctx.actors.admin);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.map((l: { action: string }) => l.action)).toEqual(["update", "create"]);
    expect((await history("product", productId, ctx.actors.superAdmin)).json().data).toHaveLength(2);
    const other = await history("product", productId, ctx.actors.otherAdmin);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(MSG.historyNotAllowed);
    expect((await history("product", "pas-un-produit", ctx.actors.admin)).statusCode).toBe(403);
    expect((await history("product", productId, ctx.actors.general)).statusCode).toBe(403);
  });

  it("is every admin's for an order, by its reference", async () => {
    const res = await history("order", "CMD-INCONNUE", ctx.actors.otherAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    expect((await history("cart", "x", ctx.actors.superAdmin)).statusCode).toBe(400);
  });
});
