/**
 * Bulk changes on 'Gestion des Produits' (decision 048) through the real app: the preview says
 * how many and shows a few without writing; a price change by a percentage or an amount moves
 * every variant, rounded, never above the old price nor below 1 franc; a category move, hide
 * and show, a stock count, a deletion that archives ordered products; all of it or nothing;
 * one audit line per product; an ADMIN's own products only; the caches forget the change.
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit.ts";
import { products, productVariants } from "../../db/schema/products.ts";
import { stockMovements } from "../../db/schema/stock.ts";
import { customerWithCart, uploadProduct, useTestApp } from "../../test/harness.ts";
import { verifyLog } from "../audit/audit.service.ts";

const ctx = useTestApp({ actors: true, peer: true });
/** A word of their own, so that other files' products never match the filter. */
const tag = "Quetzal";
const ids: Record<string, string> = {};

async function make(key: string, fields: Record<string, unknown>, token = ctx.actors.admin) {
  const res = await uploadProduct(ctx, token, { brandName: "Infinix", category: "SMARTPHONES", ...fields });
  expect(res.statusCode, res.body).toBe(201);
  ids[key] = res.json().data._id;
}

const bulk = (payload: object, token = ctx.actors.admin) =>
  ctx.call("POST", "/api/admin/products/bulk", { token, payload });
const preview = (payload: object, token = ctx.actors.admin) =>
  ctx.call("POST", "/api/admin/products/bulk/preview", { token, payload });
const row = async (id: string) => (await ctx.database.db.select().from(products).where(eq(products.id, id)))[0];
const variantsOf = (id: string) =>
  ctx.database.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(productVariants.position);

beforeAll(async () => {
  await make("hot", { productName: `Hot 40 ${tag}`, price: 100000, sellingPrice: 90000 });
  await make("note", { productName: `Note 30 ${tag}`, price: 150000, sellingPrice: 150000 });
  await make("zero", { productName: `Zero 30 ${tag}`, price: 200000, sellingPrice: 199999 });
  await make("theirs", { productName: `Smart 8 ${tag}`, price: 50000, sellingPrice: 45000 }, ctx.actors.otherAdmin);
  // One with options: each variant moves.
  const saved = await ctx.call("POST", `/api/admin/products/${ids.zero}/variants`, {
    token: ctx.actors.admin,
    payload: {
      options: [{ name: "Stockage", values: ["256 Go", "512 Go"] }],
      variants: [
        { optionValues: ["256 Go"], price: 200000, sellingPrice: 199999, stock: 3, images: [] },
        { optionValues: ["512 Go"], price: 250000, sellingPrice: 230000, stock: null, images: [] },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

describe("the preview", () => {
  it("counts the products of the filter (an ADMIN's own), shows a few before and after, writes nothing", async () => {
    const res = await preview({ filter: { q: tag }, action: { kind: "price", mode: "percent", value: -10 } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.count).toBe(3);
    const hot = data.sample.find((s: { _id: string }) => s._id === ids.hot);
    expect(hot).toMatchObject({ sellingPrice: 90000, sellingPriceAfter: 81000 });
    expect((await row(ids.hot!))?.sellingPrice).toBe(90000);
    // The SUPERADMIN's filter holds every admin's.
    const all = await preview({ filter: { q: tag }, action: { kind: "hide" } }, ctx.actors.superAdmin);
    expect(all.json().data.count).toBe(4);
  });

  it("says how many selling prices a raise stops at the old price", async () => {
    const res = await preview({ ids: [ids.note, ids.hot], action: { kind: "price", mode: "amount", value: 5000 } });
    // note: 150000 → capped at 150000; hot: 90000 → 95000 (under 100000).
    expect(res.json().data.capped).toBe(1);
  });
});

describe("a bulk change", () => {
  it("lowers every variant's selling price by a percentage, rounded to whole francs; products follow their cheapest", async () => {
    const res = await bulk({ ids: [ids.hot, ids.zero], action: { kind: "price", mode: "percent", value: -15 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { count: 2 }, message: "2 produits modifiés." });
    expect((await row(ids.hot!))?.sellingPrice).toBe(76500);
    const zero = await variantsOf(ids.zero!);
    // 199999 × 0.85 = 169999.15 → 169999; 230000 × 0.85 = 195500.
    expect(zero.map((v) => [v.price, v.sellingPrice])).toEqual([
      [200000, 169999],
      [250000, 195500],
    ]);
    expect(await row(ids.zero!)).toMatchObject({ price: 200000, sellingPrice: 169999 });
    // The storefront sees the new price at once, on the other app server too.
    await expect
      .poll(async () => {
        const details = await ctx.call("POST", "/api/product-details", {
          app: ctx.peerApp,
          payload: { productId: ids.hot },
        });
        return details.json().data.sellingPrice;
      })
      .toBe(76500);
  });

  it("raises by an amount without ever going above the old price, old prices too when asked", async () => {
    await bulk({ ids: [ids.note], action: { kind: "price", mode: "amount", value: 10000 } });
    expect(await row(ids.note!)).toMatchObject({ price: 150000, sellingPrice: 150000 });
    await bulk({ ids: [ids.note], action: { kind: "price", mode: "amount", value: 10000, field: "both" } });
    expect(await row(ids.note!)).toMatchObject({ price: 160000, sellingPrice: 160000 });
    const [variant] = await variantsOf(ids.note!);
    expect(variant).toMatchObject({ price: 160000, sellingPrice: 160000 });
  });

  it("never takes a price below 1 franc", async () => {
    await bulk({ ids: [ids.note], action: { kind: "price", mode: "percent", value: -100 } });
    expect((await row(ids.note!))?.sellingPrice).toBe(1);
    await bulk({ ids: [ids.note], action: { kind: "price", mode: "amount", value: 149999 } });
    expect((await row(ids.note!))?.sellingPrice).toBe(150000);
  });

  it("moves to a category, refuses an unknown one with nothing written", async () => {
    const moved = await bulk({ ids: [ids.hot, ids.note], action: { kind: "category", category: "ACCESSOIRES" } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await row(ids.hot!))?.category).toBe("ACCESSOIRES");
    const refused = await bulk({ ids: [ids.hot, ids.note], action: { kind: "category", category: "TABLETTES" } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Catégorie inconnue.");
    expect((await row(ids.note!))?.category).toBe("ACCESSOIRES");
  });

  it("hides and shows every product of a filter", async () => {
    await bulk({ filter: { q: tag }, action: { kind: "hide" } });
    for (const key of ["hot", "note", "zero"]) expect((await row(ids[key]!))?.hidden).toBe(true);
    expect((await row(ids.theirs!))?.hidden).toBe(false);
    await bulk({ filter: { q: tag, visibility: "hidden" }, action: { kind: "show" } });
    for (const key of ["hot", "note", "zero"]) expect((await row(ids[key]!))?.hidden).toBe(false);
  });

  it("sets every variant's stock, each change a movement of the history", async () => {
    const res = await bulk({ ids: [ids.zero], action: { kind: "stock", stock: 7 } });
    expect(res.statusCode, res.body).toBe(200);
    const variants = await variantsOf(ids.zero!);
    expect(variants.map((v) => v.stock)).toEqual([7, 7]);
    const moves = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(
        inArray(
          stockMovements.variantId,
          variants.map((v) => v.id),
        ),
      );
    expect(
      moves
        .filter((m) => m.note === "Changement groupé")
        .map((m) => m.delta)
        .sort(),
    ).toEqual([4, 7]);
  });

  it("refuses an ADMIN's change naming another's product, with nothing written", async () => {
    const res = await bulk({ ids: [ids.hot, ids.theirs], action: { kind: "hide" } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      "1 des produits cochés ne sont pas les vôtres : vous ne pouvez modifier que vos propres produits.",
    );
    expect((await row(ids.hot!))?.hidden).toBe(false);
  });

  it("refuses a bad change with French messages", async () => {
    for (const [payload, status, message] of [
      [{ action: { kind: "hide" } }, 400, "Cochez des produits"],
      [{ ids: [ids.hot], filter: {}, action: { kind: "hide" } }, 400, "Cochez des produits"],
      [{ ids: [ids.hot], action: { kind: "price", mode: "percent", value: "abc" } }, 400, "Indiquez de combien"],
      [{ ids: [ids.hot], action: { kind: "stock", stock: -1 } }, 400, "Le stock doit être"],
      [{ ids: [ids.hot], action: { kind: "explode" } }, 400, "Choisissez un changement"],
      [{ filter: { q: "introuvablexyz" }, action: { kind: "hide" } }, 400, "Aucun produit ne correspond"],
    ] as const) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.body).toContain(message);
    }
    expect(
      (await ctx.call("POST", "/api/admin/products/bulk", { token: ctx.actors.general, payload: {} })).statusCode,
    ).toBe(403);
  });

  it("writes one audit line per product changed, and the chain still verifies", async () => {
    await bulk({ ids: [ids.hot, ids.note, ids.zero], action: { kind: "category", category: "REDMI" } });
    const lines = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), inArray(auditLog.entityId, [ids.hot!, ids.note!, ids.zero!])));
    const moves = lines.filter((l) => (l.after as { category?: string } | null)?.category === "REDMI");
    expect(moves).toHaveLength(3);
    expect((await verifyLog(ctx.database.db)).intact).toBe(true);
  });

  it("deletes the products no order names and archives the others", async () => {
    await make("gone", { productName: `Gone ${tag}` });
    await make("sold", { productName: `Sold ${tag}` });
    const { token } = await customerWithCart(ctx, [[ids.sold!, 1]]);
    expect(
      (await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } })).statusCode,
    ).toBe(201);
    const look = await preview({ ids: [ids.gone, ids.sold], action: { kind: "delete" } });
    expect(look.json().data).toMatchObject({ count: 2, archived: 1 });
    const res = await bulk({ ids: [ids.gone, ids.sold], action: { kind: "delete" } });
    expect(res.json().data).toEqual({ count: 2, archived: 1, deleted: 1 });
    expect(await row(ids.gone!)).toBeUndefined();
    expect((await row(ids.sold!))?.archivedAt).toBeInstanceOf(Date);
  });

  it("never names an archived product, ticked or by the archived filter", async () => {
    const archived = await row(ids.sold!);
    expect(archived?.archivedAt).toBeInstanceOf(Date);
    const byFilter = await bulk({ filter: { q: tag, visibility: "archived" }, action: { kind: "show" } });
    expect(byFilter.statusCode).toBe(400);
    expect(byFilter.json().message).toBe("Aucun produit ne correspond : rien n'a changé.");
    const looked = await preview({ filter: { visibility: "archived" }, action: { kind: "delete" } });
    expect(looked.statusCode).toBe(400);
    const ticked = await bulk({ ids: [ids.sold], action: { kind: "hide" } });
    expect(ticked.statusCode).toBe(404);
    expect(await row(ids.sold!)).toEqual(archived);
  });
});
