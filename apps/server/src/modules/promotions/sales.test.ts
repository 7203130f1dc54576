import { MSG } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { customerWithCart, uploadProduct, useTestApp } from "../../test/harness.ts";

/**
 * Decision 051: a sale on prices — what the catalogue, the cart, the order and the feeds say
 * while it runs, and that it starts and ends on time on every app server, through the caches.
 */

const ctx = useTestApp({ actors: true, peer: true });

const at = (ms: number) => new Date(Date.now() + ms).toISOString();
let serial = 0;

async function sale(overrides: Record<string, unknown>): Promise<string> {
  const res = await ctx.call("POST", "/api/admin/promotions", {
    token: ctx.actors.superAdmin,
    payload: {
      kind: "sale",
      name: `Soldes ${++serial}`,
      discountType: "percent",
      value: 10,
      startsAt: at(-60_000),
      endsAt: at(3_600_000),
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

/** A product of its own brand (so that each test's sale names it alone), 100 000 sold at 99 999. */
async function product(brand: string): Promise<string> {
  const res = await uploadProduct(ctx, ctx.actors.superAdmin, {
    productName: `Téléphone ${brand}`,
    brandName: brand,
    category: "SAMSUNG",
    price: 120_000,
    sellingPrice: 99_999,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

const details = (productId: string, app = ctx.app) =>
  ctx.call("POST", "/api/product-details", { payload: { productId }, app }).then((r) => r.json().data);

const waitUntil = (iso: string) => new Promise((resolve) => setTimeout(resolve, Date.parse(iso) - Date.now() + 50));

describe("while a sale runs", () => {
  it("the catalogue answers the sale price, the usual one struck, and the sale", async () => {
    const id = await product("Marque A");
    const saleId = await sale({ brands: ["marque a"], name: "Black Friday" });
    const shown = await details(id);
    expect(shown).toMatchObject({
      sellingPrice: 89_999, // 99 999 less 10 000 (10 %, rounded up in the customer's favour)
      price: 99_999,
      sale: { promotionId: saleId, name: "Black Friday", discountType: "percent", value: 10 },
    });
    expect(shown.variants[0]).toMatchObject({ sellingPrice: 89_999, price: 99_999, sale: { promotionId: saleId } });
    const search = await ctx.call("GET", "/api/search?q=Marque A");
    expect(search.json().data.find((p: { _id: string }) => p._id === id)).toMatchObject({ sellingPrice: 89_999 });
  });

  it("the back-office reads the usual prices, which it edits", async () => {
    const id = await product("Marque B");
    await sale({ brands: ["Marque B"] });
    const admin = await ctx.call("GET", `/api/admin/products/${id}`, { token: ctx.actors.superAdmin });
    expect(admin.json().data).toMatchObject({ sellingPrice: 99_999, price: 120_000, sale: null });
    const staffList = await ctx.call("GET", "/api/get-product?limit=100", { token: ctx.actors.superAdmin });
    expect(staffList.json().data.find((p: { _id: string }) => p._id === id)).toMatchObject({ sellingPrice: 99_999 });
    const publicList = await ctx.call("GET", "/api/get-product?limit=100");
    expect(publicList.json().data.find((p: { _id: string }) => p._id === id)).toMatchObject({ sellingPrice: 89_999 });
  });

  it("the cart and the order carry the sale price, the usual one and the sale's line", async () => {
    const id = await product("Marque C");
    const saleId = await sale({ brands: ["Marque C"], discountType: "amount", value: 9_999, name: "Rentrée" });
    const { token } = await customerWithCart(ctx, [[id, 2]]);
    const cart = await ctx.call("GET", "/api/view-card-product", { token });
    expect(cart.json().data[0].variant).toMatchObject({ sellingPrice: 90_000, price: 99_999 });
    const placed = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data).toMatchObject({
      totalPrice: 180_000,
      total: 180_000,
      discount: 0,
      lines: [{ unitPrice: 90_000, usualPrice: 99_999, quantity: 2 }],
      discounts: [{ promotionId: saleId, kind: "sale", name: "Rentrée", code: null, amount: 19_998 }],
    });
    const summary = await ctx.call("GET", `/api/admin/promotions/${saleId}`, { token: ctx.actors.admin });
    expect(summary.json().data.summary).toEqual({ orders: 1, units: 2, revenue: 180_000, discount: 19_998 });
  });

  it("a code adds to it only if the owner said so", async () => {
    const id = await product("Marque D");
    await sale({ brands: ["Marque D"] });
    const alone = await ctx.call("POST", "/api/admin/promotions", {
      token: ctx.actors.admin,
      payload: { kind: "code", name: "Seul", code: "SEUL-D", discountType: "percent", value: 5, startsAt: at(-1000) },
    });
    const adds = await ctx.call("POST", "/api/admin/promotions", {
      token: ctx.actors.admin,
      payload: {
        kind: "code",
        name: "Cumul",
        code: "CUMUL-D",
        discountType: "percent",
        value: 5,
        startsAt: at(-1000),
        stacksWithSale: true,
      },
    });
    expect([alone.statusCode, adds.statusCode]).toEqual([201, 201]);
    const { token } = await customerWithCart(ctx, [[id, 1]]);
    const refused = await ctx.call("POST", "/api/promo-code/check", { token, payload: { code: "seul-d" } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.promoCodeNoLine);
    const added = await ctx.call("POST", "/api/promo-code/check", { token, payload: { code: "cumul-d" } });
    // 5 % of the sale price 89 999, rounded up.
    expect(added.json().data).toMatchObject({ discount: 4_500, subtotal: 89_999 });
  });

  it("the feeds give the sale price with the sale's dates", async () => {
    const id = await product("Marque E");
    const saleId = await sale({ brands: ["Marque E"] });
    const promotion = (await ctx.call("GET", `/api/admin/promotions/${saleId}`, { token: ctx.actors.admin })).json()
      .data;
    const csv = (await ctx.call("GET", "/feeds/meta.csv")).body;
    expect(csv.split("\n")[0]).toContain("sale_price,sale_price_effective_date,");
    const row = csv.split("\n").find((line) => line.includes(`/product/${id}`)) ?? "";
    expect(row).toContain(`89999 XAF,${promotion.startsAt}/${promotion.endsAt},`);
    const xml = (await ctx.call("GET", "/feeds/google.xml")).body;
    expect(xml).toContain(
      `<g:sale_price>89999 XAF</g:sale_price><g:sale_price_effective_date>${promotion.startsAt}/${promotion.endsAt}</g:sale_price_effective_date>`,
    );
  });
});

describe("on time, through the caches, on every app server", () => {
  it("starts and ends by itself", async () => {
    const id = await product("Marque F");
    const startsAt = at(1_500);
    const endsAt = at(3_500);
    await sale({ brands: ["Marque F"], startsAt, endsAt });
    // Read (and so cached) on both servers before it starts.
    expect((await details(id)).sellingPrice).toBe(99_999);
    expect((await details(id, ctx.peerApp)).sellingPrice).toBe(99_999);
    await waitUntil(startsAt);
    expect((await details(id)).sellingPrice).toBe(89_999);
    expect((await details(id, ctx.peerApp)).sellingPrice).toBe(89_999);
    await waitUntil(endsAt);
    expect((await details(id)).sale).toBeNull();
    expect((await details(id, ctx.peerApp)).sellingPrice).toBe(99_999);
  });

  it("paused or ended early, it stops at once everywhere", async () => {
    const id = await product("Marque G");
    const saleId = await sale({ brands: ["Marque G"] });
    expect((await details(id, ctx.peerApp)).sellingPrice).toBe(89_999);
    await ctx.call("POST", `/api/admin/promotions/${saleId}/pause`, { token: ctx.actors.admin });
    expect((await details(id, ctx.peerApp)).sellingPrice).toBe(99_999);
    await ctx.call("POST", `/api/admin/promotions/${saleId}/resume`, { token: ctx.actors.admin });
    expect((await details(id, ctx.peerApp)).sellingPrice).toBe(89_999);
    await ctx.call("POST", `/api/admin/promotions/${saleId}/end`, { token: ctx.actors.admin });
    expect((await details(id)).sellingPrice).toBe(99_999);
  });
});
