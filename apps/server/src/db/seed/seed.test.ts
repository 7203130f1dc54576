import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CATEGORIES, IMAGE_WIDTHS } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../client.ts";
import { type ProductRow, products } from "../schema.ts";
import { DEMO_PRODUCTS } from "./demo-catalogue.ts";
import { seedDemoCatalogue } from "./seed.ts";

const CARD_MAX_BYTES = 30 * 1024;

describe("seedDemoCatalogue", () => {
  let database: Database;
  let uploadsDir: string;
  let rows: ProductRow[];
  let inserted: number;

  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
    await database.migrate();
    uploadsDir = await mkdtemp(path.join(os.tmpdir(), "shop-seed-"));
    ({ inserted } = await seedDemoCatalogue({ db: database.db, uploadsDir, ownerId: null }));
    rows = await database.db.select().from(products);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
  });

  it("inserts at least 60 products, 3 or more in every category", () => {
    expect(inserted).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    for (const category of CATEGORIES) {
      expect(rows.filter((row) => row.category === category).length, category).toBeGreaterThanOrEqual(3);
    }
  });

  it("prices are whole francs, some discounted and some not", () => {
    for (const row of rows) {
      expect(Number.isInteger(row.price) && row.price > 0, row.productName).toBe(true);
      expect(Number.isInteger(row.sellingPrice) && row.sellingPrice > 0, row.productName).toBe(true);
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
    const urls = new Set(rows.flatMap((row) => row.productImage));
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

  it("does nothing once the shop has products", async () => {
    expect(await seedDemoCatalogue({ db: database.db, uploadsDir, ownerId: null })).toEqual({ inserted: 0 });
    expect(await database.db.$count(products)).toBe(rows.length);
  });
});
