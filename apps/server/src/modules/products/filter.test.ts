import { type Category, PRICE_SORTS, type Product } from "@shop/shared";
import type { Response } from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import { tokenFor, uploadProduct, useTestApp } from "../../test/harness.ts";

const ctx = useTestApp();
let admin: string;
/** Product names by their id, to read an answer's order. */
const names = new Map<string, string>();

async function createProduct(productName: string, category: Category, sellingPrice: number): Promise<void> {
  const res = await uploadProduct(ctx, admin, { productName, category, sellingPrice, price: sellingPrice + 10_000 });
  expect(res.statusCode, res.body).toBe(201);
  names.set(res.json().data._id, productName);
}

const filter = (query: string, category: unknown = ["SAMSUNG", "PIXEL"]) =>
  ctx.call("POST", `/api/filter-product${query}`, { payload: { category } });

const order = (res: Response) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Product[]).map((p) => names.get(p._id));
};

beforeAll(async () => {
  admin = await tokenFor(ctx, ctx.superAdmin);
  // One after the other, so the creation order is their age; "A" and "C" cost the same.
  await createProduct("A", "SAMSUNG", 150_000);
  await createProduct("B", "PIXEL", 90_000);
  await createProduct("C", "SAMSUNG", 150_000);
  await createProduct("D", "PIXEL", 300_000);
  await createProduct("E", "SAMSUNG", 120_000);
  await createProduct("F", "ACCESSOIRES", 5_000);
});

describe("POST /api/filter-product?sort=", () => {
  it.each([
    // Equal prices: the newer product first ("C" before "A") whichever the direction.
    ["asc", ["B", "E", "C", "A", "D"]],
    ["dsc", ["D", "C", "A", "E", "B"]],
  ])("sort=%s orders by selling price, page after page", async (sort, expected) => {
    expect(order(await filter(`?sort=${sort}`))).toEqual(expected);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await filter(`?sort=${sort}&limit=2&page=${page}`);
      expect(res.json().meta).toEqual({ page, limit: 2, total: 5 });
      pages.push(order(res));
    }
    expect(pages).toEqual([expected.slice(0, 2), expected.slice(2, 4), expected.slice(4)]);
    expect(order(await filter(`?limit=2&page=4&sort=${sort}`))).toEqual([]);
  });

  it("without sort keeps newest first", async () => {
    expect(order(await filter(""))).toEqual(["E", "D", "C", "B", "A"]);
    expect(order(await filter("?page=2&limit=2"))).toEqual(["C", "B"]);
  });

  it("sorts within the asked categories only, a single category too", async () => {
    expect(order(await filter("?sort=dsc", "SAMSUNG"))).toEqual(["C", "A", "E"]);
    expect(order(await filter("?sort=asc", []))).toEqual([]);
  });

  it.each(["prix", "ASC", "desc", "", "1"])("refuses sort=%j with 400 and a French message", async (sort) => {
    const res = await filter(`?sort=${encodeURIComponent(sort)}`);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, error: true, data: null });
    expect(body.issues).toHaveLength(1);
    expect(body.issues[0].path).toBe("querystring.sort");
    expect(body.issues[0].message).toMatch(/^Option invalide/);
    for (const value of PRICE_SORTS) expect(body.issues[0].message).toContain(value);
    expect(body.message).toBe(body.issues[0].message);
  });

  it("keeps each order apart in the catalogue cache, and forgets them all on a product change", async () => {
    const urls = ["", "?sort=asc", "?sort=dsc"];
    const first = await Promise.all(urls.map((q) => filter(q)));
    const again = await Promise.all(urls.map((q) => filter(q)));
    expect(again.map(order)).toEqual(first.map(order));
    expect(new Set(first.map((r) => r.headers.etag)).size).toBe(3);
    // A cached answer comes back with the ETag it was stored under.
    expect(again.map((r) => r.headers.etag)).toEqual(first.map((r) => r.headers.etag));

    await createProduct("G", "PIXEL", 1_000);
    expect(order(await filter("?sort=asc"))[0]).toBe("G");
    expect(order(await filter("?sort=dsc")).at(-1)).toBe("G");
    expect(order(await filter(""))[0]).toBe("G");
  });
});
