import type { Product } from "@shop/shared";
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema/products.ts";
import { tokenFor, uploadProduct, useTestApp } from "../../test/harness.ts";

const ctx = useTestApp();

/** A small but varied catalogue: names, brands, categories and descriptions all take part. */
const CATALOGUE = [
  ["iPhone 13 128 Go", "Apple", "IPHONE 13", "Reconditionné, garantie 6 mois."],
  ["iPhone 14", "Apple", "IPHONE 14", "Double appareil photo, Face ID."],
  ["iPhone 15 Pro Max 256 Go", "Apple", "IPHONE PROMAX", "Titane naturel, plus léger que l'iPhone 13 Pro Max."],
  ["iPhone XR 64 Go", "Apple", "IPHONE XR", "Écran Liquid Retina de 6,1 pouces."],
  ["Galaxy S24 Ultra", "Samsung", "SAMSUNG", "Stylet S Pen intégré, zoom 100x."],
  ["Galaxy A54 5G", "Samsung", "SAMSUNG", "Batterie 5000 mAh, double SIM."],
  ["Galaxy Buds FE", "Samsung", "ACCESSOIRES", "Écouteurs sans fil."],
  ["Pixel 8 Pro", "Google", "PIXEL", "Le meilleur appareil photo sous Android."],
  ["Redmi Note 13", "Xiaomi", "REDMI", "Grand écran AMOLED 120 Hz."],
  ["Huawei Nova 12", "Huawei", "HUAWEI", "Design fin, charge rapide 100 W."],
  ["AirPods Pro 2", "Apple", "ACCESSOIRES", "Réduction active du bruit."],
  ["Chargeur rapide 20 W", "Apple", "ACCESSOIRES", "Recharge votre téléphone en 30 minutes."],
  ["Apple Watch Series 9", "Apple", "APPLE WATCH", "Suivi de la santé et du sommeil."],
  ["Enceinte JBL Flip 6", "JBL", "GADGETS ÉLECTRONIQUES", "Étanche, 12 heures d'autonomie."],
  ["Xiaomi Smart Band 8", "Xiaomi", "GADGETS ÉLECTRONIQUES", "Bracelet connecté, écran AMOLED."],
  ["Coque Cœur rose", "Œuvre", "ACCESSOIRES", "Silicone souple."],
] as const;

const ALL_NAMES = CATALOGUE.map(([name]) => name);
const namesWhere = (test: (row: (typeof CATALOGUE)[number]) => boolean) => CATALOGUE.filter(test).map(([name]) => name);
const IPHONES = ALL_NAMES.filter((n) => n.startsWith("iPhone"));
const SAMSUNG = namesWhere(([, brand]) => brand === "Samsung");

beforeAll(async () => {
  const token = await tokenFor(ctx, ctx.superAdmin);
  // Through the API, one after the other, so the search columns are filled as in production.
  for (const [productName, brandName, category, description] of CATALOGUE) {
    const res = await uploadProduct(ctx, token, { productName, brandName, category, description });
    if (res.statusCode !== 201) throw new Error(`seed failed: ${res.body}`);
  }
});

const searchUrl = (q?: string, extra = "") =>
  `/api/search?${q === undefined ? "" : `q=${encodeURIComponent(q)}`}${extra}`;

async function search(q?: string, extra = "") {
  const res = await ctx.call("GET", searchUrl(q, extra));
  expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ success: true, error: false });
  const names = (body.data as Product[]).map((p) => p.productName);
  return { names, total: body.meta.total as number, meta: body.meta };
}

const sorted = (list: readonly string[]) => [...list].sort();

describe("GET /api/search: what it finds", () => {
  it.each(["IPHONE", "iphone", "iPhone", "ÍPHONE", "iphône"])(
    "ignores case and accents: %s finds the iPhones",
    async (q) => {
      const { names, total } = await search(q);
      expect(sorted(names)).toEqual(sorted(IPHONES));
      expect(total).toBe(IPHONES.length);
    },
  );

  it.each(["telephone", "téléphone", "TÉLÉPHONE", "telephones"])(
    "matches the description: %s finds the charger",
    async (q) => {
      expect((await search(q)).names).toEqual(["Chargeur rapide 20 W"]);
    },
  );

  it.each(["chargeurs", "chargeur", "Chargeurs rapides"])("stems French words: %s finds the charger", async (q) => {
    expect((await search(q)).names).toEqual(["Chargeur rapide 20 W"]);
  });

  it.each([
    ["samsng", SAMSUNG],
    ["samsumg", SAMSUNG],
    ["ipone", IPHONES],
    ["galaxi", SAMSUNG],
    ["xiaomy", ["Redmi Note 13", "Xiaomi Smart Band 8"]],
    ["huawey", ["Huawei Nova 12"]],
  ])("tolerates typos: %s", async (q, expected) => {
    expect(sorted((await search(q)).names)).toEqual(sorted(expected));
  });

  it("tolerates a typo in a multi-word query and puts the best match first", async () => {
    const { names } = await search("iphon 13");
    expect(names[0]).toBe("iPhone 13 128 Go");
  });

  it.each([
    ["sams", SAMSUNG],
    ["pix", ["Pixel 8 Pro"]],
    ["airp", ["AirPods Pro 2"]],
    ["enceinte jb", ["Enceinte JBL Flip 6"]],
  ])("finds a word still being typed: %s", async (q, expected) => {
    expect(sorted((await search(q)).names)).toEqual(sorted(expected));
  });

  it.each([
    ["a brand", "xiaomi", ["Redmi Note 13", "Xiaomi Smart Band 8"]],
    ["a category", "accessoires", ["AirPods Pro 2", "Chargeur rapide 20 W", "Galaxy Buds FE", "Coque Cœur rose"]],
    ["an accented category", "electroniques", ["Enceinte JBL Flip 6", "Xiaomi Smart Band 8"]],
  ])("finds %s", async (_label, q, expected) => {
    expect(sorted((await search(q)).names)).toEqual(sorted(expected));
  });

  it.each([
    ["coeur", ["Coque Cœur rose"]],
    ["cœur", ["Coque Cœur rose"]],
    ["oeuvre", ["Coque Cœur rose"]],
    ["ŒUVRE", ["Coque Cœur rose"]],
  ])("folds ligatures like the indexed text: %s", async (q, expected) => {
    expect((await search(q)).names).toEqual(expected);
  });

  it.each([
    ["chargeur de telephone", ["Chargeur rapide 20 W"]],
    ["appareil photo de google", ["Pixel 8 Pro"]],
    ["suivi de la sante", ["Apple Watch Series 9"]],
  ])("ignores French stop words inside a query: %s", async (q, expected) => {
    expect((await search(q)).names).toEqual(expected);
  });

  it("completes a model being typed after a word: galaxy a finds the Galaxy A54 first", async () => {
    expect((await search("galaxy a"))?.names[0]).toBe("Galaxy A54 5G");
  });

  it("requires every word: a word that matches nothing empties the result", async () => {
    expect((await search("iphone zzzzqqq")).names).toEqual([]);
  });

  it("ranks the best match first: iphone 13 puts the iPhone 13 above the iPhone 15", async () => {
    // The iPhone 15's description mentions the iPhone 13, so both match; the name weighs more.
    const { names } = await search("iphone 13");
    expect(names).toContain("iPhone 15 Pro Max 256 Go");
    expect(names[0]).toBe("iPhone 13 128 Go");
    expect(names.indexOf("iPhone 13 128 Go")).toBeLessThan(names.indexOf("iPhone 15 Pro Max 256 Go"));
  });

  it("ranks the named product first for a precise query", async () => {
    expect((await search("galaxy s24"))?.names[0]).toBe("Galaxy S24 Ultra");
    expect((await search("apple watch"))?.names[0]).toBe("Apple Watch Series 9");
  });
});

describe("GET /api/search: empty and paged", () => {
  // Decision (docs/decisions/005-search.md): an empty query finds nothing rather than everything.
  it.each([
    ["no q", undefined],
    ["an empty q", ""],
    ["a blank q", "   \t "],
    ["punctuation only", "?!…"],
    ["a lone letter", "a"],
    ["lone letters", "a b c"],
    ["stop words only", "de la"],
  ])("answers %s with an empty list", async (_label, q) => {
    const { names, total } = await search(q);
    expect(names).toEqual([]);
    expect(total).toBe(0);
  });

  it("pages the matches and meta.total counts all of them", async () => {
    const first = await search("apple", "&limit=2&page=1");
    const all = namesWhere(([, brand]) => brand === "Apple");
    expect(first.total).toBe(all.length);
    expect(first.meta).toEqual({ page: 1, limit: 2, total: all.length });
    expect(first.names).toHaveLength(2);

    const pages = [first.names];
    for (let page = 2; page <= Math.ceil(all.length / 2); page++) {
      const next = await search("apple", `&limit=2&page=${page}`);
      expect(next.total).toBe(all.length);
      pages.push(next.names);
    }
    // Every match exactly once across the pages: the ranking order is stable.
    expect(sorted(pages.flat())).toEqual(sorted(all));
  });
});

describe("GET /api/search: hostile queries", () => {
  const productCount = async () => (await ctx.database.db.select({ n: count() }).from(products))[0]?.n;

  it.each([
    "' OR 1=1 --",
    "' OR '1'='1",
    "%",
    "%%",
    "_",
    "\\",
    ";drop table products;",
    "'; DROP TABLE products; --",
    "(.*",
    "[a-",
    ".*+?",
    "a & | !b",
    "foo:*",
    "<->",
    "!!",
    "a:* | b:*",
    "iphone' | 'samsung",
    "\u0000",
    "😀📱",
    "ا",
    "½ Ⅻ ǆ ß ﬁ ℃",
    "ᴬ ⁂ ﹪ ＇ ＯＲ １＝１",
    "e\u0301",
  ])("survives %j: 200 and no match at all", async (q) => {
    // Metacharacters mean nothing, and what is left ("or", "drop", lone letters…) names no
    // product of this catalogue: anything found would be the syntax leaking into the query.
    const { names, total } = await search(q);
    expect(names).toEqual([]);
    expect(total).toBe(0);
    expect(await productCount()).toBe(ALL_NAMES.length);
  });

  it("answers a query longer than 100 characters with the results of its first 100 (decision 022)", async () => {
    const head = `samsung${" ".repeat(93)}`;
    const cut = await search(head);
    expect(cut.names.length).toBeGreaterThan(0);
    // Read whole, each of these tails would change the answer (or be refused, as before).
    for (const tail of ["a", "iphone", "pixel 8", "x".repeat(5000)]) {
      const res = await ctx.app.inject({ method: "GET", url: searchUrl(head + tail) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, error: false });
      expect((res.json().data as Product[]).map((p) => p.productName)).toEqual(cut.names);
    }
    // Cut by characters, not UTF-16 units: no half of an emoji is searched.
    const emoji = await ctx.app.inject({ method: "GET", url: searchUrl(`${"📱".repeat(99)}samsung`) });
    expect(emoji.statusCode).toBe(200);
  });

  it("refuses a repeated q (an array) and a bad page size", async () => {
    for (const url of ["/api/search?q=iphone&q=samsung", "/api/search?q=iphone&limit=1000"]) {
      const res = await ctx.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: true, data: null });
    }
  });

  it("still has its products table after all of the above", async () => {
    expect(await productCount()).toBe(ALL_NAMES.length);
    expect(sorted((await search("iphone")).names)).toEqual(sorted(IPHONES));
  });
});
