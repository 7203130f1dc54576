import { FIELD_MSG, MSG } from "@shop/shared";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartLines } from "../../db/schema/cart.ts";
import { productBody, useTestApp } from "../../test/harness.ts";

const ctx = useTestApp({ actors: true });
let phone: string;
let watch: string;

async function createProduct(overrides: Record<string, unknown>): Promise<string> {
  const res = await ctx.call("POST", "/api/upload-product", {
    token: ctx.actors.superAdmin,
    payload: productBody(overrides),
  });
  expect(res.statusCode).toBe(201);
  return res.json().data._id;
}

beforeAll(async () => {
  phone = await createProduct({
    productName: "Galaxy A54",
    brandName: "Samsung",
    category: "SAMSUNG",
    price: 200000,
    sellingPrice: 180000,
  });
  watch = await createProduct({
    productName: "Apple Watch SE",
    brandName: "Apple",
    category: "APPLE WATCH",
    price: 150000,
    sellingPrice: 150000,
  });
});

describe("cart", () => {
  it("refuses every cart call without a token", async () => {
    for (const [method, url] of [
      ["POST", "/api/addtocart"],
      ["GET", "/api/countAddToCartProduct"],
      ["GET", "/api/view-card-product"],
      ["POST", "/api/update-cart-product"],
      ["POST", "/api/delete-cart-product"],
    ] as const) {
      const res = await ctx.call(method, url, { payload: method === "POST" ? { _id: phone } : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe(MSG.authRequired);
    }
  });

  it("adds a product once, with the product populated, and refuses a second line", async () => {
    const added = await ctx.call("POST", "/api/addtocart", {
      token: ctx.actors.general,
      payload: { productId: phone },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ success: true, message: MSG.cartAdded });
    expect(added.json().data).toMatchObject({ quantity: 1, productId: { _id: phone, productName: "Galaxy A54" } });

    const again = await ctx.call("POST", "/api/addtocart", {
      token: ctx.actors.general,
      payload: { productId: phone },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, error: true, message: MSG.cartAlready });
    const lines = await ctx.database.db.select().from(cartLines).where(eq(cartLines.userId, ctx.actors.generalUser.id));
    expect(lines).toHaveLength(1);
  });

  it("works with the cookie alone, as the original storefront sends it", async () => {
    const res = await ctx.call("GET", "/api/countAddToCartProduct", { token: ctx.actors.general, tokenIn: "cookie" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ count: 1 });
  });

  it("refuses unknown products and malformed bodies", async () => {
    const unknown = await ctx.call("POST", "/api/addtocart", {
      token: ctx.actors.general,
      payload: {
        productId: "00000000-0000-4000-8000-000000000000",
      },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.productNotFound);
    const malformed = await ctx.call("POST", "/api/addtocart", {
      token: ctx.actors.general,
      payload: { productId: "123" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(FIELD_MSG.idInvalid);
    const extra = await ctx.call("POST", "/api/addtocart", {
      token: ctx.actors.general,
      payload: {
        productId: watch,
        userId: ctx.actors.adminUser.id,
      },
    });
    expect(extra.statusCode).toBe(400);
  });

  it("counts, lists and totals a user's own lines only", async () => {
    await ctx.call("POST", "/api/addtocart", { token: ctx.actors.general, payload: { productId: watch } });
    await ctx.call("POST", "/api/addtocart", { token: ctx.actors.admin, payload: { productId: watch } });
    const count = await ctx.call("GET", "/api/countAddToCartProduct", { token: ctx.actors.general });
    expect(count.json().data.count).toBe(2);
    const view = await ctx.call("GET", "/api/view-card-product", { token: ctx.actors.general });
    expect(view.statusCode).toBe(200);
    const lines = view.json().data as { productId: { _id: string; sellingPrice: number }; userId: string }[];
    expect(lines.map((l) => l.productId._id).sort()).toEqual([phone, watch].sort());
    expect(lines.every((l) => l.userId === ctx.actors.generalUser.id)).toBe(true);
  });

  it("sets a quantity, whole and between 1 and 99", async () => {
    const [line] = (await ctx.call("GET", "/api/view-card-product", { token: ctx.actors.general })).json().data;
    const ok = await ctx.call("POST", "/api/update-cart-product", {
      token: ctx.actors.general,
      payload: { _id: line._id, quantity: 3 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.quantity).toBe(3);
    for (const quantity of [0, -1, 1.5, "2", 100, null]) {
      const bad = await ctx.call("POST", "/api/update-cart-product", {
        token: ctx.actors.general,
        payload: { _id: line._id, quantity },
      });
      expect(bad.statusCode, String(quantity)).toBe(400);
      expect(bad.json().message).toBe(FIELD_MSG.quantityInvalid);
    }
    const [row] = await ctx.database.db.select().from(cartLines).where(eq(cartLines.id, line._id));
    expect(row?.quantity).toBe(3);
  });

  it("never lets a user read or change another user's line", async () => {
    const [theirs] = (await ctx.call("GET", "/api/view-card-product", { token: ctx.actors.admin })).json().data;
    const update = await ctx.call("POST", "/api/update-cart-product", {
      token: ctx.actors.general,
      payload: { _id: theirs._id, quantity: 5 },
    });
    expect(update.statusCode).toBe(404);
    const remove = await ctx.call("POST", "/api/delete-cart-product", {
      token: ctx.actors.general,
      payload: { _id: theirs._id },
    });
    expect(remove.statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(cartLines).where(eq(cartLines.id, theirs._id));
    expect(row?.quantity).toBe(1);
  });

  it("deletes a line, then says it is unknown", async () => {
    const [line] = (await ctx.call("GET", "/api/view-card-product", { token: ctx.actors.general })).json().data;
    const removed = await ctx.call("POST", "/api/delete-cart-product", {
      token: ctx.actors.general,
      payload: { _id: line._id },
    });
    expect(removed.json()).toMatchObject({ success: true, message: MSG.cartDeleted });
    expect((await ctx.call("GET", "/api/countAddToCartProduct", { token: ctx.actors.general })).json().data.count).toBe(
      1,
    );
    const again = await ctx.call("POST", "/api/delete-cart-product", {
      token: ctx.actors.general,
      payload: { _id: line._id },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MSG.cartLineNotFound);
  });

  it("drops lines of a deleted product from every cart", async () => {
    const del = await ctx.call("POST", "/api/delete-product", {
      token: ctx.actors.superAdmin,
      payload: { _id: watch },
    });
    expect(del.statusCode).toBe(200);
    const view = await ctx.call("GET", "/api/view-card-product", { token: ctx.actors.admin });
    expect(view.json().data).toEqual([]);
  });
});
