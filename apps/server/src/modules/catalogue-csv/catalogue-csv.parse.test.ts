/**
 * The import's reading and planning (decision 047) without a database: encodings, separators,
 * Shopify's own files, the formula guard's round trip, and how products are matched and refused.
 */
import { MSG } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import type { CatalogueProduct } from "../products/catalogue-rows.service.ts";
import { neutralise, unneutralise } from "./catalogue-csv.columns.ts";
import { type ImportContext, parseCatalogueCsv, readCatalogueCsv } from "./catalogue-csv.parse.ts";

const ADMIN = { id: "admin-1", role: "ADMIN" as const };

function existing(overrides: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return {
    id: "p-1",
    handle: "galaxy-s24",
    productName: "Galaxy S24",
    brandName: "Samsung",
    category: "SAMSUNG",
    description: "",
    productImage: [],
    hidden: false,
    archived: false,
    userId: ADMIN.id,
    options: [],
    variants: [{ id: "v-1", sku: "GS24", optionValues: [], price: 600000, sellingPrice: 550000, stock: 3, images: [] }],
    ...overrides,
  };
}

const context = (over: Partial<ImportContext> = {}): ImportContext => ({
  viewer: ADMIN,
  categories: ["SAMSUNG", "ACCESSOIRES", "GADGETS ÉLECTRONIQUES"],
  existing: [],
  ownOrigins: ["https://boutique.cm"],
  ...over,
});

const plan = (text: string | Buffer, over: Partial<ImportContext> = {}) =>
  parseCatalogueCsv(typeof text === "string" ? Buffer.from(text) : text, context(over));

function refusal(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error("not refused");
}

describe("the formula guard", () => {
  it("makes every formula-like cell text on export, and gives each cell back on import", () => {
    const cells = ["=1+1", "+33 6", "-50 %", "@moi", "\tx", "\rx", "'=déjà", "''+deux", "'texte", "iPhone", "", "'"];
    for (const cell of cells) {
      const out = neutralise(cell);
      expect(/^[=+\-@\t\r]/.test(out), cell).toBe(false);
      expect(unneutralise(out), cell).toBe(cell);
    }
  });
});

describe("reading the file", () => {
  it("takes UTF-8 with or without a BOM, and Windows-1252 when the bytes are not UTF-8", () => {
    const text = "Title;Vendor;Type;Variant Price\nÉcouteurs été;Sony;ACCESSOIRES;1000\n";
    const bom = readCatalogueCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
    expect([bom.encoding, bom.products[0]?.productName]).toEqual(["utf-8", "Écouteurs été"]);
    const latin = readCatalogueCsv(Buffer.from(text, "latin1"));
    expect([latin.encoding, latin.products[0]?.productName]).toEqual(["windows-1252", "Écouteurs été"]);
    // Windows-1252's own letters (œ, €) that Latin-1 lacks.
    const cp1252 = Buffer.from("Title;Vendor;Type;Variant Price\nC\x9cur 10 \x80;Sony;ACCESSOIRES;1000\n", "latin1");
    expect(readCatalogueCsv(cp1252).products[0]?.productName).toBe("Cœur 10 €");
  });

  it("finds the separator in the header line, quotes and line breaks inside cells included", () => {
    const comma = readCatalogueCsv(
      Buffer.from('Title,Vendor,Type,Variant Price,Body (HTML)\n"Câble; 2 m",Anker,ACCESSOIRES,1000,"a\nb"\n'),
    );
    expect(comma.separator).toBe("comma");
    expect(comma.products[0]).toMatchObject({ productName: "Câble; 2 m", description: { given: true, value: "a\nb" } });
    const semi = readCatalogueCsv(Buffer.from('"Title";"Vendor, Inc";Type;Variant Price\n'));
    expect(semi.separator).toBe("semicolon");
  });

  it("refuses whole an empty file, a binary one, a broken quote, or one without a price column", () => {
    expect(refusal(() => readCatalogueCsv(Buffer.from("  \n")))).toEqual({ status: 400, message: MSG.csvEmpty });
    expect(refusal(() => readCatalogueCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0])))).toEqual({
      status: 400,
      message: MSG.csvNotCsv,
    });
    expect(refusal(() => readCatalogueCsv(Buffer.from("Une lettre\nBonjour\n")))).toEqual({
      status: 400,
      message: MSG.csvNotCsv,
    });
    const broken = refusal(() => readCatalogueCsv(Buffer.from('Title;Variant Price\nA;1\n"B;2\n')));
    expect(broken.status).toBe(400);
    expect(broken.message).toMatch(/ligne \d/);
    expect(refusal(() => readCatalogueCsv(Buffer.from("Title;Vendor\nA;B\n")))).toEqual({
      status: 400,
      message: MSG.csvMissingColumns("Variant Price"),
    });
  });
});

describe("Shopify's own files", () => {
  it("reads HTML bodies as text, 'Default Title' as no options, image rows, Published, spaced prices", () => {
    const text = [
      "Handle,Title,Body (HTML),Vendor,Product Category,Type,Published,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty,Image Src,SEO Title",
      'ecouteurs,Écouteurs,"<p>Son <strong>clair</strong> &amp; net</p><ul><li>Bluetooth</li></ul>",Sony,,accessoires,FALSE,Title,Default Title,EC-1,"12 500",15000,,https://cdn.shopify.com/a.jpg,x',
      "ecouteurs,,,,,,,,,,,,,https://cdn.shopify.com/b.jpg,",
    ].join("\n");
    const result = plan(text);
    expect(result.refused).toEqual([]);
    expect(result.products[0]).toMatchObject({
      action: "create",
      handle: "ecouteurs",
      description: "Son clair & net\n- Bluetooth",
      category: "ACCESSOIRES",
      hidden: true,
      options: [],
      productImage: ["https://cdn.shopify.com/a.jpg", "https://cdn.shopify.com/b.jpg"],
      variants: [{ sku: "EC-1", optionValues: [], price: 15000, sellingPrice: 12500, stock: null }],
    });
  });

  it("takes the last step of Shopify's Product Category, and makes the handle from the title when none", () => {
    const text =
      "Title;Vendor;Product Category;Variant Price\nMontre Zorglub;Casio;Électronique > Gadgets électroniques;9000\n";
    expect(plan(text).products[0]).toMatchObject({ handle: "montre-zorglub", category: "GADGETS ÉLECTRONIQUES" });
  });
});

describe("matching the shop's products", () => {
  const header = "Handle;Title;Vendor;Type;Variant SKU;Variant Price;Variant Compare At Price;Variant Inventory Qty";

  it("finds a product by SKU before its handle, and keeps what the file has no column for", () => {
    const product = existing({ description: "Garde sa description", productImage: ["/uploads/images/x/1.webp"] });
    const text = `${header}\nautre-handle;Galaxy S24;Samsung;SAMSUNG;GS24;550000;600000;3\n`;
    const result = plan(text, { existing: [product] });
    expect(result.products[0]).toMatchObject({
      action: "unchanged",
      productId: "p-1",
      changes: [],
      description: "Garde sa description",
      productImage: ["/uploads/images/x/1.webp"],
      variants: [{ variantId: "v-1", stock: 3 }],
    });
  });

  it("says unchanged when nothing differs, update with the fields that do", () => {
    const same = plan(`${header}\ngalaxy-s24;Galaxy S24;Samsung;SAMSUNG;GS24;550000;600000;3\n`, {
      existing: [existing()],
    });
    expect(same.products[0]?.action).toBe("unchanged");
    const changed = plan(`${header}\ngalaxy-s24;Galaxy S24 FE;Samsung;samsung;GS24;550000;600000;\n`, {
      existing: [existing()],
    });
    expect(changed.products[0]).toMatchObject({ action: "update", changes: ["productName", "variants"] });
    expect(changed.products[0]?.variants[0]?.stock).toBeNull();
  });

  it("refuses SKUs and a handle naming different products, two file products naming one, others' products", () => {
    const other = existing({ id: "p-2", handle: "pixel-8", userId: "admin-2", variants: [] });
    const conflict = plan(`${header}\npixel-8;Galaxy;Samsung;SAMSUNG;GS24;1000;;\n`, { existing: [existing(), other] });
    expect(conflict.refused).toEqual([{ line: 2, handle: "pixel-8", reason: MSG.csvMatchConflict }]);

    const twice = plan(`${header}\ngalaxy-s24;A;Samsung;SAMSUNG;;1000;;\nautre;B;Samsung;SAMSUNG;GS24;1000;;\n`, {
      existing: [existing()],
    });
    expect(twice.refused).toEqual([{ line: 3, handle: "autre", reason: MSG.csvHandleDuplicate("galaxy-s24", 2) }]);

    const theirs = plan(`${header}\npixel-8;Pixel 8;Google;SAMSUNG;;1000;;\n`, { existing: [other] });
    expect(theirs.refused[0]?.reason).toBe(MSG.csvNotOwned);
    const asSuper = plan(`${header}\npixel-8;Pixel 8;Google;SAMSUNG;;1000;;\n`, {
      existing: [other],
      viewer: { id: "s", role: "SUPERADMIN" },
    });
    expect(asSuper.products[0]?.action).toBe("update");
  });
});

describe("refusing lines", () => {
  it("gives each bad line its reason and leaves its whole product out", () => {
    const text = [
      "Handle;Title;Vendor;Type;Option1 Name;Option1 Value;Variant Price;Variant Inventory Qty;Status",
      "a;A;Anker;ACCESSOIRES;Couleur;Noir;1000;2;active",
      "a;;;;;;1000;-3;",
      "b;B;;ACCESSOIRES;;;1000;;brouillon",
      "c;C;Anker;ACCESSOIRES;Couleur;;1000;;",
      "d;D;Anker;ACCESSOIRES;;;0;;",
      "e;E;Anker;ACCESSOIRES;;;;;",
    ].join("\n");
    const result = plan(text);
    expect(result.products).toEqual([]);
    expect(result.refusedProducts).toBe(5);
    expect(result.refused).toEqual([
      { line: 3, handle: "a", reason: MSG.csvOptionValueMissing("Couleur") },
      { line: 3, handle: "a", reason: MSG.csvStockInvalid("-3") },
      { line: 4, handle: "b", reason: MSG.csvBrandRequired },
      { line: 4, handle: "b", reason: MSG.csvStatusInvalid("brouillon") },
      { line: 5, handle: "c", reason: MSG.csvOptionValueMissing("Couleur") },
      { line: 6, handle: "d", reason: MSG.csvPriceInvalid("Variant Price", "0") },
      { line: 7, handle: "e", reason: MSG.csvPriceRequired },
    ]);
  });

  it("applies the product form's rules too (the same values twice), on the variant's line", () => {
    const text = [
      "Handle;Title;Vendor;Type;Option1 Name;Option1 Value;Variant Price",
      "a;A;Anker;ACCESSOIRES;Couleur;Noir;1000",
      "a;;;;;noir;1000",
    ].join("\n");
    const result = plan(text);
    expect(result.refused.map((r) => r.line)).toContain(3);
    expect(result.products).toEqual([]);
  });

  it("stores our own image URLs as paths, and keeps others for the apply step to fetch", () => {
    const text =
      "Handle;Title;Vendor;Type;Variant Price;Image Src\na;A;Anker;ACCESSOIRES;1000;https://boutique.cm/uploads/images/ab-1/2.webp\na;;;;;https://ailleurs.cm/p.jpg\n";
    expect(plan(text).products[0]?.productImage).toEqual(["/uploads/images/ab-1/2.webp", "https://ailleurs.cm/p.jpg"]);
  });
});
