import { promisify } from "node:util";
import { brotliDecompress, gunzip } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, createUser, tokenFor, uploadProduct, useTestApp } from "../test/harness.ts";

const ctx = useTestApp({ actors: true });
let productId: string;

const details = (app = ctx.app, headers: Record<string, string> = {}) =>
  ctx.call("POST", "/api/product-details", { app, payload: { productId }, headers });

beforeAll(async () => {
  const res = await uploadProduct(ctx, ctx.actors.admin, {
    productName: "Pixel 8",
    brandName: "Google",
    category: "PIXEL",
  });
  productId = res.json().data._id;
});

describe("catalogue cache", () => {
  it("answers a repeated read with the same bytes and an ETag, and 304 when the client has them", async () => {
    const first = await details();
    const second = await details();
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toMatch(/^W\/".+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["cache-control"]).toBe("no-cache");
    const revalidated = await details(ctx.app, { "if-none-match": String(second.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
  });

  it("sends compressed bytes to clients that accept them", async () => {
    const plain = await details();
    const br = await details(ctx.app, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect((await promisify(brotliDecompress)(br.rawPayload)).toString()).toBe(plain.body);
    const gz = await details(ctx.app, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect((await promisify(gunzip)(gz.rawPayload)).toString()).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it("keys answers by URL and body", async () => {
    const all = await ctx.app.inject("/api/get-product");
    const page = await ctx.app.inject("/api/get-product?limit=1&page=2");
    expect(page.json().meta).toMatchObject({ page: 2, limit: 1 });
    expect(all.json().meta).toMatchObject({ page: 1, limit: 100 });
    const pixel = await ctx.app.inject({
      method: "POST",
      url: "/api/category-product",
      payload: { category: "PIXEL" },
    });
    const samsung = await ctx.app.inject({
      method: "POST",
      url: "/api/category-product",
      payload: { category: "SAMSUNG" },
    });
    expect(pixel.json().data).toHaveLength(1);
    expect(samsung.json().data).toHaveLength(0);
  });

  it("shows a product write at once, to every reader", async () => {
    const before = await details();
    expect(before.json().data.sellingPrice).toBe(275000);
    const search = await ctx.app.inject("/api/search?q=pixel");
    expect(search.json().data[0].sellingPrice).toBe(275000);
    const update = await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.admin,
      payload: { _id: productId, sellingPrice: 260000 },
    });
    expect(update.statusCode).toBe(200);
    const after = await details();
    expect(after.json().data.sellingPrice).toBe(260000);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await ctx.app.inject("/api/search?q=pixel")).json().data[0].sellingPrice).toBe(260000);
  });

  it("does not let a refused write clear or change anything", async () => {
    const before = await details();
    const refused = await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.otherAdmin,
      payload: { _id: productId, sellingPrice: 1000 },
    });
    expect(refused.statusCode).toBe(403);
    expect((await details()).body).toBe(before.body);
  });

  it("never serves an ADMIN's own list to others, nor the shared list to an ADMIN", async () => {
    await uploadProduct(ctx, ctx.actors.otherAdmin, {
      productName: "Galaxy A15",
      brandName: "Samsung",
      category: "SAMSUNG",
    });
    const everyone = await ctx.app.inject("/api/get-product");
    expect(everyone.json().data).toHaveLength(2);
    const own = await ctx.call("GET", "/api/get-product", { token: ctx.actors.admin });
    expect(own.json().data.map((p: { productName: string }) => p.productName)).toEqual(["Pixel 8"]);
    const other = await ctx.call("GET", "/api/get-product", { token: ctx.actors.otherAdmin });
    expect(other.json().data.map((p: { productName: string }) => p.productName)).toEqual(["Galaxy A15"]);
    expect((await ctx.app.inject("/api/get-product")).json().data).toHaveLength(2);
  });

  it("tells the other app servers on the same database when the catalogue changes", async () => {
    const peer = await ctx.peer();
    try {
      const cached = await details(peer.app);
      await details(peer.app); // now served from the peer's cache
      const price = cached.json().data.sellingPrice as number;
      await ctx.call("POST", "/api/update-product", {
        token: ctx.actors.superAdmin,
        payload: { _id: productId, sellingPrice: price - 1000 },
      });
      // The notification crosses a database connection: give it a moment.
      let seen = price;
      for (let i = 0; i < 40 && seen === price; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = (await details(peer.app)).json().data.sellingPrice;
      }
      expect(seen).toBe(price - 1000);
    } finally {
      await peer.close();
    }
  });

  it("serves a customer's get-product from the cache without a database round trip for the token", async () => {
    // The proof: with the database gone, the customer's read still answers from the cache,
    // while an ADMIN's, whose session must be looked up, fails.
    const own = await createTestApp();
    const [customer, seller] = [await createUser(own, "GENERAL"), await createUser(own, "ADMIN")];
    const [customerToken, sellerToken] = [await tokenFor(own, customer), await tokenFor(own, seller)];
    const list = (token: string) => call(own.app, "GET", "/api/get-product", { token });
    try {
      expect((await own.app.inject("/api/get-product")).statusCode).toBe(200); // now cached
      await own.database.close();
      const read = await list(customerToken);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ success: true, data: [] });
      expect((await list(sellerToken)).statusCode).toBe(500);
    } finally {
      own.database.close = async () => {}; // closed above already
      await own.close();
    }
  });
});
