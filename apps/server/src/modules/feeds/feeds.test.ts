/**
 * The product feeds (decision 045) through the real app: one item per variant with the fields
 * Meta and Google require, within their rules (availability and condition words, prices in XAF,
 * absolute links, plain text), a CSV any reader parses and well-formed XML; forgotten when the
 * catalogue changes.
 */
import { parse } from "csv-parse/sync";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { productBody, useTestApp } from "../../test/harness.ts";
import { conditionOf } from "./feeds.mapper.ts";

const ctx = useTestApp({ actors: true, env: { PUBLIC_URL: "https://boutique.example.cm" } });

async function product(fields: Record<string, unknown>) {
  const res = await ctx.call("POST", "/api/upload-product", { token: ctx.actors.admin, payload: productBody(fields) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

/** Meta reads the header's field names: each row as an object. */
const parseCsv = (text: string): Record<string, string>[] => parse(text, { columns: true });

describe("the product feeds", () => {
  it("list every variant for Meta and Google, within their rules", async () => {
    const single = await product({
      productName: "iPhone 12 Reconditionné FeedTest",
      brandName: "Apple",
      category: "IPHONE 12",
      description: 'Écran "OLED", batterie neuve\n<b>garantie</b> 6 mois\u0007',
      price: 250000,
      sellingPrice: 230000,
    });
    const several = await product({
      productName: "Galaxy A15 FeedTest",
      brandName: "Samsung",
      category: "SAMSUNG",
      description: "Neuf, sous blister.",
    });
    const saved = await ctx.call("POST", `/api/admin/products/${several}/variants`, {
      token: ctx.actors.admin,
      payload: {
        options: [{ name: "Couleur", values: ["Noir", "Bleu"] }],
        variants: [
          { optionValues: ["Noir"], price: 120000, sellingPrice: 120000, stock: 4 },
          { optionValues: ["Bleu"], price: 120000, sellingPrice: 120000, stock: 0 },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [black, blue] = saved.json().data.variants as { _id: string; label: string }[];

    const meta = await ctx.call("GET", "/feeds/meta.csv");
    expect(meta.statusCode).toBe(200);
    expect(meta.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const rows = parseCsv(meta.body);
    const mine = rows.filter((r) => r.title?.includes("FeedTest"));
    expect(mine).toHaveLength(3);
    const phone = mine.find((r) => r.title === "iPhone 12 Reconditionné FeedTest")!;
    expect(phone).toMatchObject({
      availability: "in stock",
      condition: "refurbished",
      price: "250000 XAF",
      sale_price: "230000 XAF",
      link: `https://boutique.example.cm/product/${single}`,
      brand: "Apple",
      item_group_id: "",
      product_type: "IPHONE 12",
      description: 'Écran "OLED", batterie neuve garantie 6 mois',
    });
    expect(mine.find((r) => r.id === black!._id)).toMatchObject({
      title: "Galaxy A15 FeedTest — Noir",
      availability: "in stock",
      condition: "new",
      sale_price: "",
      item_group_id: several,
      link: `https://boutique.example.cm/product/${several}?variant=${black!._id}`,
    });
    expect(mine.find((r) => r.id === blue!._id)).toMatchObject({
      availability: "out of stock",
      item_group_id: several,
    });
    for (const row of rows) {
      expect(row.id!.length).toBeLessThanOrEqual(50);
      expect(row.title!.length).toBeLessThanOrEqual(150);
      expect(row.description).not.toBe("");
      expect(row.description).not.toBe(row.title);
      expect(["in stock", "out of stock"]).toContain(row.availability);
      expect(["new", "refurbished", "used"]).toContain(row.condition);
      expect(row.price).toMatch(/^\d+ XAF$/);
      expect(row.link).toMatch(/^https:\/\/boutique\.example\.cm\/product\//);
    }

    const google = await ctx.call("GET", "/feeds/google.xml");
    expect(google.statusCode).toBe(200);
    expect(google.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(XMLValidator.validate(google.body)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(google.body);
    expect(parsed.rss["@_xmlns:g"]).toBe("http://base.google.com/ns/1.0");
    const items = [parsed.rss.channel.item].flat() as Record<string, unknown>[];
    expect(items).toHaveLength(rows.length);
    const blueItem = items.find((i) => i["g:id"] === blue!._id)!;
    expect(blueItem).toMatchObject({
      "g:availability": "out_of_stock",
      "g:price": "120000 XAF",
      "g:condition": "new",
      "g:item_group_id": several,
      "g:identifier_exists": "no",
    });
  });

  it("follow the catalogue: a product changed shows in the next fetch", async () => {
    const id = await product({ productName: "Redmi Note FeedCache", category: "REDMI", brandName: "Xiaomi" });
    expect((await ctx.call("GET", "/feeds/meta.csv")).body).toContain("Redmi Note FeedCache");
    const changed = await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.admin,
      payload: { _id: id, productName: "Redmi Note Renommé FeedCache" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await ctx.call("GET", "/feeds/google.xml")).body;
    expect(after).toContain("Redmi Note Renommé FeedCache");
    expect((await ctx.call("GET", "/feeds/meta.csv")).body).not.toContain("Redmi Note FeedCache");
  });

  it("tell the condition from the owner's words", () => {
    expect(conditionOf("iPhone 13 Pro RECONDITIONNÉ")).toBe("refurbished");
    expect(conditionOf("Galaxy S21 d'occasion")).toBe("used");
    expect(conditionOf("Pixel 8 neuf sous blister")).toBe("new");
  });
});
