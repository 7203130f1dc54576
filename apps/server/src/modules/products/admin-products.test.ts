/**
 * 'Gestion des Produits' at scale (decision 044) through the real app: the storefront's search
 * (typos, accents), filters on category, brand, stock state and promotion, the sorts, the
 * paging that keeps them, an ADMIN's own products only, and French refusals of a bad filter.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariants } from "../../db/schema/products.ts";
import { uploadProduct, useTestApp } from "../../test/harness.ts";

const ctx = useTestApp({ actors: true });
/** Words of their own, so that other files' products never match. */
const tag = "Zorglub";

interface Made {
  id: string;
  name: string;
}
const made: Record<string, Made> = {};

async function make(key: string, token: string, fields: Record<string, unknown>, stock: (number | null)[]) {
  const res = await uploadProduct(ctx, token, fields);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data._id as string;
  const [variant] = await ctx.database.db.select().from(productVariants).where(eq(productVariants.productId, id));
  await ctx.database.db
    .update(productVariants)
    .set({ stock: stock[0] ?? null })
    .where(eq(productVariants.id, variant!.id));
  made[key] = { id, name: fields.productName as string };
}

beforeAll(async () => {
  const { admin, otherAdmin } = ctx.actors;
  await make(
    "galaxy",
    admin,
    {
      productName: `Samsung Galaxy S24 ${tag}`,
      brandName: "Samsung",
      category: "SAMSUNG",
      price: 600000,
      sellingPrice: 550000,
    },
    [10],
  );
  await make(
    "iphone",
    admin,
    {
      productName: `iPhone 13 Écran ${tag}`,
      brandName: "Apple",
      category: "IPHONE 13",
      price: 300000,
      sellingPrice: 300000,
    },
    [2],
  );
  await make(
    "pixel",
    admin,
    { productName: `Pixel 8 ${tag}`, brandName: "Google", category: "PIXEL", price: 400000, sellingPrice: 350000 },
    [0],
  );
  await make(
    "cable",
    otherAdmin,
    { productName: `Câble USB-C ${tag}`, brandName: "Anker", category: "ACCESSOIRES", price: 5000, sellingPrice: 5000 },
    [null],
  );
});

const list = async (query: string, token = ctx.actors.superAdmin) => {
  const res = await ctx.call("GET", `/api/admin/products?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return { names: res.json().data.map((p: { productName: string }) => p.productName) as string[], body: res.json() };
};
const names = (...keys: string[]) => keys.map((k) => made[k]!.name);

describe("'Gestion des Produits': find a product", () => {
  it("searches as the storefront does: a typo, no accents, any case", async () => {
    expect((await list(`q=${tag}`)).names.sort()).toEqual(names("galaxy", "iphone", "pixel", "cable").sort());
    expect((await list(`q=galaxi ${tag}`)).names).toEqual(names("galaxy"));
    expect((await list(`q=ECRAN ${tag}`)).names).toEqual(names("iphone"));
    expect((await list(`q=cable ${tag}`)).names).toEqual(names("cable"));
    expect((await list("q=?!")).names).toEqual([]);
  });

  it("filters by category, brand, stock state and promotion, together with the search", async () => {
    expect((await list(`q=${tag}&category=PIXEL`)).names).toEqual(names("pixel"));
    expect((await list(`q=${tag}&brand=samsung`)).names).toEqual(names("galaxy"));
    expect((await list(`q=${tag}&stock=out`)).names).toEqual(names("pixel"));
    expect((await list(`q=${tag}&stock=low`)).names).toEqual(names("iphone"));
    expect((await list(`q=${tag}&stock=in_stock`)).names).toEqual(names("galaxy"));
    expect((await list(`q=${tag}&stock=untracked`)).names).toEqual(names("cable"));
    expect((await list(`q=${tag}&promo=yes`)).names.sort()).toEqual(names("galaxy", "pixel").sort());
    expect((await list(`q=${tag}&promo=no&category=`)).names.sort()).toEqual(names("iphone", "cable").sort());
    expect((await list(`q=${tag}&category=INCONNUE`)).names).toEqual([]);
  });

  it("sorts by name, price either way and stock, the lowest first", async () => {
    expect((await list(`q=${tag}&sort=price`)).names).toEqual(names("cable", "iphone", "pixel", "galaxy"));
    expect((await list(`q=${tag}&sort=price_desc`)).names).toEqual(names("galaxy", "pixel", "iphone", "cable"));
    expect((await list(`q=${tag}&sort=name`)).names).toEqual(names("cable", "iphone", "pixel", "galaxy"));
    expect((await list(`q=${tag}&sort=stock`)).names).toEqual(names("pixel", "iphone", "galaxy", "cable"));
    // Without a search, newest first.
    const newest = (await list("limit=4")).names;
    expect(newest[0]).toBe(made.cable!.name);
  });

  it("pages through the matches, the total counting them all", async () => {
    const first = await list(`q=${tag}&sort=price&limit=3&page=1`);
    expect(first.names).toEqual(names("cable", "iphone", "pixel"));
    expect(first.body.meta).toEqual({ page: 1, limit: 3, total: 4 });
    const second = await list(`q=${tag}&sort=price&limit=3&page=2`);
    expect(second.names).toEqual(names("galaxy"));
    const past = await list(`q=${tag}&limit=3&page=9`);
    expect(past.names).toEqual([]);
    expect(past.body.meta.total).toBe(4);
  });

  it("shows an ADMIN its own products only, a SUPERADMIN all; customers and visitors none", async () => {
    expect((await list(`q=${tag}`, ctx.actors.admin)).names.sort()).toEqual(names("galaxy", "iphone", "pixel").sort());
    expect((await list(`q=${tag}`, ctx.actors.otherAdmin)).names).toEqual(names("cable"));
    expect((await ctx.call("GET", "/api/admin/products", { token: ctx.actors.general })).statusCode).toBe(403);
    expect((await ctx.call("GET", "/api/admin/products")).statusCode).toBe(401);
    const brands = await ctx.call("GET", "/api/admin/products/brands", { token: ctx.actors.otherAdmin });
    expect(brands.json().data).toEqual(["Anker"]);
  });

  it("refuses an unknown filter or sort in French", async () => {
    for (const [query, path] of [
      ["stock=beaucoup", "querystring.stock"],
      ["sort=couleur", "querystring.sort"],
      ["promo=peut-etre", "querystring.promo"],
    ] as const) {
      const res = await ctx.call("GET", `/api/admin/products?${query}`, { token: ctx.actors.superAdmin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().issues).toContainEqual({ path, message: "Ce filtre n'existe pas." });
    }
  });
});
