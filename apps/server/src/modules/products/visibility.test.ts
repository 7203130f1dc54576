/**
 * Hidden, archived and duplicated products (decision 046) through the real app: a hidden
 * product leaves every public read, the cart, the sitemap and the feeds and comes back when
 * shown; an order of a cart holding a product taken off sale meanwhile is refused, naming it;
 * deleting a product that orders name archives it (its orders keep their line and link); a copy
 * is hidden, owned by its maker, with the same variants and no stock.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit.ts";
import { orderLines } from "../../db/schema/orders.ts";
import { products, productVariants } from "../../db/schema/products.ts";
import { customerWithCart, productWithStock, uploadProduct, useTestApp } from "../../test/harness.ts";

const ctx = useTestApp({ actors: true });

async function product(name: string, token = ctx.actors.admin): Promise<string> {
  const res = await uploadProduct(ctx, token, { productName: name, brandName: "Tecno", category: "SMARTPHONES" });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

const setHidden = (id: string, hidden: boolean, token = ctx.actors.admin) =>
  ctx.call("POST", "/api/update-product", { token, payload: { _id: id, hidden } });

async function seenPublicly(id: string, word: string) {
  const [all, details, search, sitemap, feed] = await Promise.all([
    ctx.call("GET", "/api/get-product?limit=100"),
    ctx.call("POST", "/api/product-details", { payload: { productId: id } }),
    ctx.call("GET", `/api/search?q=${word}`),
    ctx.call("GET", "/sitemap.xml"),
    ctx.call("GET", "/feeds/meta.csv"),
  ]);
  return {
    list: all.json().data.some((p: { _id: string }) => p._id === id),
    details: details.statusCode,
    search: search.json().data.some((p: { _id: string }) => p._id === id),
    sitemap: sitemap.body.includes(id),
    feed: feed.body.includes(id),
  };
}

describe("a hidden product", () => {
  it("leaves every public read and comes back when shown; the change is logged", async () => {
    const id = await product("Tecno Camon Ornithorynque");
    expect(await seenPublicly(id, "ornithorynque")).toEqual({
      list: true,
      details: 200,
      search: true,
      sitemap: true,
      feed: true,
    });
    const res = await setHidden(id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ hidden: true, archived: false });
    expect(await seenPublicly(id, "ornithorynque")).toEqual({
      list: false,
      details: 404,
      search: false,
      sitemap: false,
      feed: false,
    });
    // The back-office finds it among the hidden ones.
    const grid = await ctx.call("GET", "/api/admin/products?visibility=hidden&q=ornithorynque", {
      token: ctx.actors.admin,
    });
    expect(grid.json().data.map((p: { _id: string }) => p._id)).toEqual([id]);
    // Its form still reads it, with its variants; another ADMIN's does not.
    const form = await ctx.call("GET", `/api/admin/products/${id}`, { token: ctx.actors.admin });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data).toMatchObject({ _id: id, hidden: true });
    expect(form.json().data.variants).toHaveLength(1);
    expect((await ctx.call("GET", `/api/admin/products/${id}`, { token: ctx.actors.otherAdmin })).statusCode).toBe(403);

    await setHidden(id, false);
    expect((await seenPublicly(id, "ornithorynque")).details).toBe(200);
    const lines = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, id), eq(auditLog.action, "update")));
    expect(lines.map((l) => [l.before, l.after])).toEqual([
      [{ hidden: false }, { hidden: true }],
      [{ hidden: true }, { hidden: false }],
    ]);
  });

  it("can be created hidden, and only its owner (or a SUPERADMIN) shows it", async () => {
    const res = await uploadProduct(ctx, ctx.actors.admin, { productName: "Brouillon Axolotl", hidden: true });
    expect(res.json().data.hidden).toBe(true);
    const id = res.json().data._id;
    expect((await setHidden(id, false, ctx.actors.otherAdmin)).statusCode).toBe(403);
    expect((await setHidden(id, false, ctx.actors.superAdmin)).statusCode).toBe(200);
  });

  it("cannot be put in a cart, and an order of a cart holding it since is refused, naming it", async () => {
    const { productId } = await productWithStock(ctx, ctx.actors.admin, "Tecno Pop Fennec", 5);
    const other = await productWithStock(ctx, ctx.actors.admin, "Tecno Pop Suricate", 5);
    const { token } = await customerWithCart(ctx, [
      [productId, 1],
      [other.productId, 1],
    ]);
    await setHidden(productId, true, ctx.actors.superAdmin);
    const order = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    expect(order.statusCode).toBe(409);
    expect(order.json().message).toBe(`« Tecno Pop Fennec » n'est plus en vente : retirez-le du panier.`);
    const [variant] = await ctx.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, other.productId));
    expect(variant?.stock).toBe(5);

    const { token: late } = await customerWithCart(ctx);
    const add = await ctx.call("POST", "/api/addtocart", { token: late, payload: { productId } });
    expect(add.statusCode).toBe(404);
    expect(add.json().message).toBe("Produit introuvable.");
  });
});

describe("deleting a product", () => {
  it("deletes one no order names", async () => {
    const id = await product("Tecno Spark Pangolin");
    const res = await ctx.call("POST", "/api/delete-product", { token: ctx.actors.admin, payload: { _id: id } });
    expect(res.json()).toMatchObject({ data: { archived: false }, message: "Produit supprimé avec succès." });
    expect(await ctx.database.db.select().from(products).where(eq(products.id, id))).toEqual([]);
  });

  it("archives one that orders name: off the storefront and the grid, kept for its orders", async () => {
    const { productId } = await productWithStock(ctx, ctx.actors.admin, "Tecno Pop Lémurien", 5);
    const { token } = await customerWithCart(ctx, [[productId, 1]]);
    const order = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    expect(order.statusCode, order.body).toBe(201);
    const { token: other } = await customerWithCart(ctx, [[productId, 1]]);

    const res = await ctx.call("POST", "/api/delete-product", {
      token: ctx.actors.superAdmin,
      payload: { _id: productId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { archived: true },
      message: "Produit archivé : des commandes le mentionnent, il quitte la boutique mais reste dans leur historique.",
    });
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, productId));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    const lines = await ctx.database.db.select().from(orderLines).where(eq(orderLines.productId, productId));
    expect(lines).toHaveLength(1);
    // Other carts forget it; the storefront and the default grid no longer show it.
    const cart = await ctx.call("GET", "/api/view-card-product", { token: other });
    expect(cart.json().data).toEqual([]);
    expect((await ctx.call("POST", "/api/product-details", { payload: { productId } })).statusCode).toBe(404);
    const grid = (visibility = "") =>
      ctx.call("GET", `/api/admin/products?limit=100${visibility}`, { token: ctx.actors.superAdmin });
    expect((await grid()).json().data.some((p: { _id: string }) => p._id === productId)).toBe(false);
    const archived = (await grid("&visibility=archived")).json().data;
    expect(archived.find((p: { _id: string }) => p._id === productId)).toMatchObject({ archived: true });
    const logged = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, productId), eq(auditLog.action, "archive")));
    expect(logged).toHaveLength(1);
  });
});

describe("'Dupliquer'", () => {
  it("makes a hidden copy owned by its maker, with the same options and variants and no stock", async () => {
    const id = await product("Tecno Pova Okapi");
    const saved = await ctx.call("POST", `/api/admin/products/${id}/variants`, {
      token: ctx.actors.admin,
      payload: {
        options: [{ name: "Couleur", values: ["Noir", "Bleu"] }],
        variants: [
          { optionValues: ["Noir"], price: 120000, sellingPrice: 110000, stock: 4, images: [] },
          { optionValues: ["Bleu"], price: 125000, sellingPrice: 115000, stock: null, images: [] },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await ctx.call("POST", `/api/admin/products/${id}/duplicate`, { token: ctx.actors.superAdmin });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().data;
    expect(copy).toMatchObject({
      productName: "Tecno Pova Okapi (copie)",
      hidden: true,
      options: [{ name: "Couleur", values: ["Noir", "Bleu"] }],
      sellingPrice: 110000,
    });
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, copy._id));
    expect(row?.userId).toBe(ctx.superAdmin.id);
    expect(row?.searchText).toContain("noir bleu");
    const variants = await ctx.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, copy._id))
      .orderBy(productVariants.position);
    expect(variants.map((v) => [v.optionValues, v.sellingPrice, v.stock])).toEqual([
      [["Noir"], 110000, 0],
      [["Bleu"], 115000, null],
    ]);
    // Not on the storefront until shown.
    expect((await ctx.call("POST", "/api/product-details", { payload: { productId: copy._id } })).statusCode).toBe(404);
  });

  it("is refused to another ADMIN, and answers 404 for a product that does not exist", async () => {
    const id = await product("Tecno Phantom Tapir");
    const refused = await ctx.call("POST", `/api/admin/products/${id}/duplicate`, { token: ctx.actors.otherAdmin });
    expect(refused.statusCode).toBe(403);
    const missing = await ctx.call("POST", `/api/admin/products/${crypto.randomUUID()}/duplicate`, {
      token: ctx.actors.admin,
    });
    expect(missing.statusCode).toBe(404);
  });
});
