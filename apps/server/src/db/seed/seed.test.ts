import { stat } from "node:fs/promises";
import path from "node:path";
import { CATEGORIES, IMAGE_WIDTHS } from "@shop/shared";
import { asc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pathOf, useTestApp } from "../../test/harness.ts";
import { type ProductRow, type ProductVariantRow, products, productVariants, stockMovements } from "../schema.ts";
import { DEMO_PRODUCTS } from "./demo-catalogue.ts";
import { DEMO_FREE_FROM } from "./demo-delivery.ts";
import { seedDemoCatalogue } from "./seed.ts";

const CARD_MAX_BYTES = 30 * 1024;

describe("seedDemoCatalogue", () => {
  // The real app on a fresh database (PGlite, or PostgreSQL with DATABASE_URL).
  const ctx = useTestApp();
  let uploadsDir: string;
  let rows: ProductRow[];
  let variants: ProductVariantRow[];
  let inserted: number;
  const named = (name: string) => {
    const row = rows.find((r) => r.productName === name);
    if (!row) throw new Error(`no demo product named ${name}`);
    return { row, variants: variants.filter((v) => v.productId === row.id) };
  };

  beforeAll(async () => {
    // Seeded as `npm run db:seed` does: owned by the first super admin.
    uploadsDir = ctx.config.uploadsDir;
    ({ inserted } = await seedDemoCatalogue({ db: ctx.database.db, files: ctx.app.files, ownerId: ctx.superAdmin.id }));
    rows = await ctx.database.db.select().from(products);
    variants = await ctx.database.db
      .select()
      .from(productVariants)
      .orderBy(asc(productVariants.productId), asc(productVariants.position));
  }, 180_000);

  it("inserts about 60 products with distinct names, 2 or more in every one of the 17 categories", () => {
    expect(inserted).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(55);
    expect(new Set(rows.map((row) => row.productName)).size).toBe(rows.length);
    expect(CATEGORIES).toHaveLength(17);
    for (const category of CATEGORIES) {
      expect(rows.filter((row) => row.category === category).length, category).toBeGreaterThanOrEqual(2);
    }
  });

  it("iPhone 15 is one product in capacities and colours, with the variants, prices and stock of the contract", () => {
    const { row, variants: sold } = named("iPhone 15");
    expect(row).toMatchObject({ category: "IPHONE 15", brandName: "Apple", price: 430000, sellingPrice: 395000 });
    expect(row.options).toEqual([
      { name: "Stockage", values: ["128 Go", "256 Go", "512 Go"] },
      { name: "Couleur", values: ["Noir", "Bleu", "Rose"] },
    ]);
    expect(sold.map((v) => [v.optionValues, v.price, v.sellingPrice, v.stock])).toEqual([
      [["128 Go", "Noir"], 430000, 395000, 8],
      [["128 Go", "Bleu"], 430000, 395000, 5],
      [["128 Go", "Rose"], 430000, 395000, 2],
      [["256 Go", "Noir"], 470000, 470000, 6],
      [["256 Go", "Bleu"], 470000, 470000, 0],
      [["512 Go", "Noir"], 560000, 560000, 1],
    ]);
    // Each colour has its own photo (the back in that colour), the same in every capacity.
    const photo = (values: string[]) => sold.find((v) => v.optionValues.join() === values.join())?.images;
    for (const v of sold) expect(v.images, v.optionValues.join()).toHaveLength(1);
    expect(photo(["256 Go", "Noir"])).toEqual(photo(["128 Go", "Noir"]));
    expect(photo(["512 Go", "Noir"])).toEqual(photo(["128 Go", "Noir"]));
    expect(photo(["256 Go", "Bleu"])).toEqual(photo(["128 Go", "Bleu"]));
    expect(new Set(["Noir", "Bleu", "Rose"].map((c) => photo(["128 Go", c])?.[0])).size).toBe(3);
    expect(row.variantTerms.split(" ")).toEqual(
      ["128 Go", "Noir", "Bleu", "Rose", "256 Go", "512 Go"].flatMap((t) => t.split(" ")),
    );
  });

  it("phones are sold in variants at different prices, the product at its cheapest; single items have one variant", () => {
    const withOptions = rows.filter((row) => row.options.length > 0);
    expect(withOptions.length).toBeGreaterThanOrEqual(10);
    expect(withOptions.some((row) => row.brandName === "Samsung")).toBe(true);
    for (const row of rows) {
      const own = variants.filter((v) => v.productId === row.id);
      if (row.options.length === 0) {
        expect(
          own.map((v) => v.optionValues),
          row.productName,
        ).toEqual([[]]);
        expect(own[0], row.productName).toMatchObject({ price: row.price, sellingPrice: row.sellingPrice, images: [] });
        continue;
      }
      expect(own.length, row.productName).toBeGreaterThanOrEqual(2);
      const cheapest = [...own].sort((a, b) => a.sellingPrice - b.sellingPrice)[0];
      expect([row.price, row.sellingPrice], row.productName).toEqual([cheapest?.price, cheapest?.sellingPrice]);
      for (const v of own) {
        expect(v.optionValues.length, row.productName).toBe(row.options.length);
        for (const [k, value] of v.optionValues.entries()) {
          expect(row.options[k]?.values, row.productName).toContain(value);
        }
        expect(Number.isInteger(v.sellingPrice) && v.sellingPrice > 0 && v.sellingPrice <= v.price).toBe(true);
      }
    }
    expect(
      withOptions.some(
        (row) => new Set(variants.filter((v) => v.productId === row.id).map((v) => v.sellingPrice)).size > 1,
      ),
    ).toBe(true);
  });

  it("variants count their stock, some low and some sold out; a few single items too; the rest is not tracked; no movement", async () => {
    const ofVariants = variants.filter((v) => v.optionValues.length > 0);
    expect(ofVariants.every((v) => v.stock !== null)).toBe(true);
    expect(ofVariants.some((v) => v.stock === 0)).toBe(true);
    expect(ofVariants.filter((v) => (v.stock ?? 0) >= 3).length).toBeGreaterThan(ofVariants.length / 2);
    expect(named("iPhone 16e 128 Go").variants[0]?.stock).toBe(2);
    expect(named("JBL Go 4").variants[0]?.stock).toBe(0);
    const singles = variants.filter((v) => v.optionValues.length === 0);
    expect(singles.filter((v) => v.stock !== null).length).toBeLessThanOrEqual(5);
    expect(singles.filter((v) => v.stock === null).length).toBeGreaterThan(singles.length / 2);
    expect(await ctx.database.db.$count(stockMovements)).toBe(0);
  });

  it("customers read the availability: 'Plus que 2', 'Épuisé', a variant sold out, prices 'à partir de'", async () => {
    const list = await ctx.app.inject({ method: "GET", url: "/api/get-product?limit=100" });
    expect(list.statusCode).toBe(200);
    const answered = list.json().data as {
      productName: string;
      stockStatus: string;
      stockLeft?: number;
      sellingPriceMax: number;
      sellingPrice: number;
    }[];
    const byName = (name: string) => answered.find((p) => p.productName === name);
    expect(byName("iPhone 16e 128 Go")).toMatchObject({ stockStatus: "low", stockLeft: 2 });
    expect(byName("JBL Go 4")).toMatchObject({ stockStatus: "out" });
    expect(byName("AirPods 4")).toMatchObject({ stockStatus: "untracked" });
    expect(byName("iPhone 15")).toMatchObject({
      stockStatus: "in_stock",
      sellingPrice: 395000,
      sellingPriceMax: 560000,
    });
    const details = await ctx.app.inject({
      method: "POST",
      url: "/api/product-details",
      payload: { productId: named("iPhone 15").row.id },
    });
    expect(details.statusCode, details.body).toBe(200);
    const sold = details.json().data.variants as { label: string; stockStatus: string; images: string[] }[];
    expect(sold.find((v) => v.label === "256 Go, Bleu")).toMatchObject({ stockStatus: "out" });
    expect(sold.find((v) => v.label === "128 Go, Rose")).toMatchObject({ stockStatus: "low" });
    // The variant's photo is served.
    const photo = await ctx.app.inject({ method: "GET", url: pathOf(sold[0]?.images[0] ?? "") });
    expect(photo.statusCode).toBe(200);
  });

  it("search finds the iPhone 15 by its capacity and colour", async () => {
    const search = async (q: string) => {
      const res = await ctx.app.inject({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
      return (res.json().data as { productName: string }[]).map((p) => p.productName);
    };
    const found = await search("iphone 15 noir 256");
    expect(found[0]).toBe("iPhone 15");
    expect(await search("galaxy a55 lilas")).toContain("Galaxy A55 5G");
  });

  it("prices are whole francs, some discounted and some not", () => {
    for (const row of [...rows, ...variants]) {
      const name = "productName" in row ? row.productName : row.id;
      expect(Number.isInteger(row.price) && row.price > 0, name).toBe(true);
      expect(Number.isInteger(row.sellingPrice) && row.sellingPrice > 0, name).toBe(true);
      expect(row.sellingPrice).toBeLessThanOrEqual(row.price);
    }
    const discounted = rows.filter((row) => row.sellingPrice < row.price).length;
    expect(discounted).toBeGreaterThan(0);
    expect(discounted).toBeLessThan(rows.length);
  });

  it("descriptions are French sentences", () => {
    for (const row of rows) {
      expect(row.description.length, row.productName).toBeGreaterThan(40);
      expect(row.description, row.productName).toMatch(/Garantie \d+ mois/);
      expect(row.description, row.productName).toMatch(/\b(de|et|la|le|les|avec|pour)\b/);
    }
  });

  it("every picture is stored at every width, the card one small", async () => {
    const urls = new Set([...rows.flatMap((row) => row.productImage), ...variants.flatMap((v) => v.images)]);
    for (const row of rows) expect(row.productImage.length, row.productName).toBeGreaterThanOrEqual(1);
    for (const url of urls) {
      const match = /^\/uploads\/images\/([\w-]+)\/800\.webp$/.exec(url);
      expect(match, url).not.toBeNull();
      const dir = path.join(uploadsDir, "images", match?.[1] ?? "");
      for (const width of Object.values(IMAGE_WIDTHS)) {
        const file = await stat(path.join(dir, `${width}.webp`));
        expect(file.size).toBeGreaterThan(0);
        if (width === IMAGE_WIDTHS.card) expect(file.size, url).toBeLessThanOrEqual(CARD_MAX_BYTES);
      }
    }
  });

  it("lists the products newest first in the order of the demo data", async () => {
    const sorted = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    expect(new Set(rows.map((row) => row.createdAt.getTime())).size).toBe(rows.length);
    expect(sorted.map((row) => row.productName)).toEqual(DEMO_PRODUCTS.map((product) => product.productName));
  });

  it("offers a realistic delivery: three zones of Yaoundé, pickup, shipping to confirm, free from an amount", async () => {
    const offer = (await ctx.app.inject("/api/delivery-options")).json().data;
    expect(offer.options.map((o: { kind: string }) => o.kind)).toEqual(["zone", "zone", "zone", "pickup", "shipping"]);
    expect(offer.options[1]).toMatchObject({ name: "Zone 2", fee: 1500, delay: "24 h" });
    expect(offer.options[1].neighbourhoods).toContain("Bastos");
    expect(offer.options[4]).toMatchObject({ name: "Expédition hors Yaoundé", fee: null });
    expect(offer.freeFrom).toBe(DEMO_FREE_FROM);
    // Each neighbourhood in one zone only: its fee is never in doubt.
    const names = offer.options.flatMap((o: { neighbourhoods: string[] }) => o.neighbourhoods);
    expect(new Set(names).size).toBe(names.length);
  });

  it("does nothing once the shop has products", async () => {
    expect(await seedDemoCatalogue({ db: ctx.database.db, files: ctx.app.files, ownerId: null })).toEqual({
      inserted: 0,
    });
    expect(await ctx.database.db.$count(products)).toBe(rows.length);
    expect(await ctx.database.db.$count(productVariants)).toBe(variants.length);
  });
});
