/**
 * The catalogue CSV (decision 047) through the real app: the export streamed as the grid
 * filters it, read back with csv-parse; its preview saying that the same file changes nothing
 * (the round trip); a Windows-1252 file; files refused whole; products refused line by line;
 * an ADMIN's own products only; who may call.
 */
import { CATALOGUE_CSV_MAX_ROWS, MSG } from "@shop/shared";
import { parse } from "csv-parse/sync";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, productVariants } from "../../db/schema/products.ts";
import { INJECT_ORIGIN, uploadProduct, useTestApp } from "../../test/harness.ts";
import { catalogueBatches } from "../products/catalogue-rows.service.ts";
import { exportHeaders } from "./catalogue-csv.columns.ts";

const ctx = useTestApp({ actors: true });

const IMAGE = "/uploads/images/0b6f4c1e-7a52-4c1a-9d7e-2f1f0c2d9a11/1.webp";
const TRAP = '=HYPERLINK("http://pirate.example/x","Cliquez")';
const ids: Record<string, string> = {};

async function make(key: string, token: string, fields: Record<string, unknown>) {
  const res = await uploadProduct(ctx, token, fields);
  expect(res.statusCode, res.body).toBe(201);
  ids[key] = res.json().data._id;
  return ids[key]!;
}

beforeAll(async () => {
  const { admin, otherAdmin } = ctx.actors;
  const phone = await make("phone", admin, {
    productName: "iPhone 13 Écran « Zorglub »",
    brandName: "Apple",
    category: "IPHONE 13",
    description: "Reconditionné ; garantie 6 mois.\n- Batterie neuve",
    productImage: [IMAGE, "https://cdn.example.com/face.jpg", "https://cdn.example.com/dos.jpg"],
  });
  const variants = await ctx.call("POST", `/api/admin/products/${phone}/variants`, {
    token: admin,
    payload: {
      options: [
        { name: "Stockage", values: ["128 Go", "256 Go"] },
        { name: "Couleur", values: ["Noir"] },
      ],
      variants: [
        { optionValues: ["128 Go", "Noir"], price: 300000, sellingPrice: 275000, stock: 5, images: [] },
        {
          optionValues: ["256 Go", "Noir"],
          price: 350000,
          sellingPrice: 350000,
          stock: null,
          images: ["https://cdn.example.com/256.jpg"],
        },
      ],
    },
  });
  expect(variants.statusCode, variants.body).toBe(200);
  await ctx.database.db
    .update(productVariants)
    .set({ sku: sql`'ZRG-' || ${productVariants.optionValues}[1]` })
    .where(eq(productVariants.productId, phone));

  const trap = await make("trap", admin, {
    productName: TRAP,
    brandName: "+Marque",
    category: "ACCESSOIRES",
    description: "-50 % ce mois-ci",
    price: 5000,
    sellingPrice: 4000,
  });
  await ctx.database.db.update(products).set({ hidden: true }).where(eq(products.id, trap));
  const archived = await make("archived", admin, { productName: "Ancien Zorglub archivé" });
  await ctx.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived));
  await make("others", otherAdmin, { productName: "Câble d'un autre Zorglub", category: "ACCESSOIRES" });
});

async function exported(token: string, query = "") {
  const res = await ctx.call("GET", `/api/admin/products/export.csv${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const rowsOf = (body: string, delimiter = ";") =>
  parse(body, { bom: true, delimiter, relax_column_count: true }) as string[][];

const preview = (token: string | null, bytes: Buffer, filename = "produits.csv") =>
  ctx.call("POST", "/api/admin/products/import/preview", {
    token,
    multipart: [{ name: "file", filename, type: "text/csv", bytes }],
  });

describe("export", () => {
  it("streams an ADMIN's own products as Shopify's CSV: UTF-8 with BOM, `;`, one row per variant, archived ones never", async () => {
    const res = await exported(ctx.actors.admin);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="produits-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual(exportHeaders());
    const col = (row: string[] | undefined, name: string) => row?.[header!.indexOf(name)];

    // Its handle, made from its name by the database (migration 0027).
    const phoneRows = rows.filter((r) => col(r, "Handle") === "iphone-13-ecran-zorglub");
    expect(col(phoneRows[0], "Title")).toBe("iPhone 13 Écran « Zorglub »");
    // Two variants, three images: a third row with only the handle and the picture.
    expect(phoneRows).toHaveLength(3);
    expect(col(phoneRows[0], "Body (HTML)")).toBe("Reconditionné ; garantie 6 mois.\n- Batterie neuve");
    expect(col(phoneRows[0], "Status")).toBe("active");
    expect(col(phoneRows[0], "Option1 Name")).toBe("Stockage");
    expect(col(phoneRows[0], "Option2 Value")).toBe("Noir");
    expect(col(phoneRows[0], "Variant SKU")).toBe("ZRG-128 Go");
    expect(col(phoneRows[0], "Variant Price")).toBe("275000");
    expect(col(phoneRows[0], "Variant Compare At Price")).toBe("300000");
    expect(col(phoneRows[0], "Variant Inventory Qty")).toBe("5");
    expect(col(phoneRows[0], "Image Src")).toBe(`${INJECT_ORIGIN}${IMAGE}`);
    expect(col(phoneRows[1], "Title")).toBe("");
    expect(col(phoneRows[1], "Variant Inventory Qty")).toBe("");
    expect(col(phoneRows[1], "Variant Image")).toBe("https://cdn.example.com/256.jpg");
    expect(col(phoneRows[2], "Variant Price")).toBe("");
    expect(col(phoneRows[2], "Image Src")).toBe("https://cdn.example.com/dos.jpg");

    // The formula stays text: written after an apostrophe, as every cell starting with = + - @.
    const trap = rows.find((r) => col(r, "Title")?.includes("HYPERLINK"));
    expect(col(trap, "Title")).toBe(`'${TRAP}`);
    expect(col(trap, "Vendor")).toBe("'+Marque");
    expect(col(trap, "Body (HTML)")).toBe("'-50 % ce mois-ci");
    expect(col(trap, "Status")).toBe("draft");

    const titles = rows.map((r) => col(r, "Title"));
    expect(titles).not.toContain("Ancien Zorglub archivé");
    expect(titles).not.toContain("Câble d'un autre Zorglub");
  });

  it("gives a SUPERADMIN every product, with commas when asked, and follows the grid's filters", async () => {
    const all = await exported(ctx.actors.superAdmin, "?separator=comma");
    const [header, ...rows] = rowsOf(all.body, ",");
    expect(header).toEqual(exportHeaders());
    const titles = rows.map((r) => r[1]);
    expect(titles).toContain("Câble d'un autre Zorglub");
    expect(titles).not.toContain("Ancien Zorglub archivé");

    const hidden = rowsOf((await exported(ctx.actors.superAdmin, "?visibility=hidden")).body).slice(1);
    expect(hidden.map((r) => r[1])).toEqual([`'${TRAP}`]);
    const archived = rowsOf((await exported(ctx.actors.superAdmin, "?visibility=archived")).body);
    expect(archived).toHaveLength(1);
    const searched = rowsOf((await exported(ctx.actors.superAdmin, "?q=zorglub&category=ACCESSOIRES")).body);
    expect(searched.slice(1).map((r) => r[1])).toEqual(["Câble d'un autre Zorglub"]);
  });

  it("reads the catalogue in keyset pages: every product once, newest first, whatever the page size", async () => {
    const read = async (size: number) => {
      const seen: string[] = [];
      for await (const batch of catalogueBatches(
        ctx.database.db,
        ctx.superAdmin,
        { q: undefined, category: undefined, brand: undefined },
        size,
      )) {
        expect(batch.length).toBeLessThanOrEqual(size);
        seen.push(...batch.map((p) => p.id));
      }
      return seen;
    };
    const whole = await read(500);
    expect(whole.length).toBeGreaterThanOrEqual(3);
    expect(await read(1)).toEqual(whole);
    expect(await read(2)).toEqual(whole);
  });

  it("refuses a bad filter in French", async () => {
    const res = await ctx.call("GET", "/api/admin/products/export.csv?separator=tab", { token: ctx.actors.admin });
    expect(res.statusCode).toBe(400);
  });
});

describe("import preview", () => {
  it("says that the file the export made changes nothing (the round trip), and writes nothing", async () => {
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    const file = (await exported(ctx.actors.admin)).rawPayload;
    const res = await preview(ctx.actors.admin, file);
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = res.json();
    expect(message).toBe(MSG.cataloguePreviewed);
    expect(data.refused).toEqual([]);
    expect(data.counts).toMatchObject({ create: 0, update: 0, unchanged: 2, refused: 0 });
    expect(data.encoding).toBe("utf-8");
    expect(data.separator).toBe("semicolon");
    const trap = data.unchanged.find((p: { productId: string }) => p.productId === ids.trap);
    expect(trap).toMatchObject({ productName: TRAP, brandName: "+Marque", hidden: true });
    const phone = data.unchanged.find((p: { productId: string }) => p.productId === ids.phone);
    expect(phone.productImage[0]).toBe(IMAGE);
    expect(phone.variants.map((v: { sku: string }) => v.sku)).toEqual(["ZRG-128 Go", "ZRG-256 Go"]);
    const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(after).toEqual(before);

    // And with commas, as a SUPERADMIN (who may update any product).
    const comma = await preview(
      ctx.actors.superAdmin,
      (await exported(ctx.actors.superAdmin, "?separator=comma")).rawPayload,
    );
    expect(comma.json().data.counts).toMatchObject({ create: 0, update: 0, refused: 0, unchanged: 3 });
  });

  it("plans updates (found by SKU, then by handle) and creations from an edited file", async () => {
    const text = (await exported(ctx.actors.admin)).body
      .replace("ZRG-128 Go;275000", "ZRG-128 Go;260000")
      .concat(
        ["nouveau-zorglub", "Zorglub neuf", "", "Zorglub", "PIXEL", "active", "", "", "", "", "", "", "", "90000"]
          .concat(["", "", "", "", ""])
          .join(";"),
        "\r\n",
      );
    const res = await preview(ctx.actors.admin, Buffer.from(text));
    const { data } = res.json();
    expect(data.counts).toMatchObject({ create: 1, update: 1, unchanged: 1, refused: 0 });
    expect(data.update[0]).toMatchObject({ productId: ids.phone, changes: ["variants"] });
    expect(data.update[0].variants[0]).toMatchObject({ sku: "ZRG-128 Go", sellingPrice: 260000, price: 300000 });
    expect(data.create[0]).toMatchObject({
      action: "create",
      productId: null,
      handle: "nouveau-zorglub",
      category: "PIXEL",
      options: [],
      variants: [{ variantId: null, price: 90000, sellingPrice: 90000, stock: null, optionValues: [] }],
    });
  });

  it("reads a Windows-1252 file with `;` (French Excel's 'CSV'), English or French headers", async () => {
    const text =
      "Handle;Titre;Marque;Catégorie;Prix;Ancien prix;Stock\r\ncable-tresse;Câble tressé été;Anker;accessoires;4500;5000;12\r\n";
    const res = await preview(ctx.actors.admin, Buffer.from(text, "latin1"));
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.encoding).toBe("windows-1252");
    expect(data.create[0]).toMatchObject({
      productName: "Câble tressé été",
      category: "ACCESSOIRES",
      variants: [{ price: 5000, sellingPrice: 4500, stock: 12 }],
    });
  });

  it("refuses whole a file that is not a CSV, too big, too long, or without its columns", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const notCsv = await preview(ctx.actors.admin, png, "photo.png");
    expect([notCsv.statusCode, notCsv.json().message]).toEqual([400, MSG.csvNotCsv]);

    const big = Buffer.alloc(10 * 1024 * 1024 + 10, "a");
    const tooBig = await preview(ctx.actors.admin, big);
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([413, MSG.csvTooLarge]);

    const long = `Title;Vendor;Type;Variant Price\n${"Zorglub;Anker;ACCESSOIRES;1000\n".repeat(CATALOGUE_CSV_MAX_ROWS + 1)}`;
    const tooLong = await preview(ctx.actors.admin, Buffer.from(long));
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, MSG.csvTooManyRows(CATALOGUE_CSV_MAX_ROWS)]);

    const columns = await preview(ctx.actors.admin, Buffer.from("Title;Vendor\nZorglub;Anker\n"));
    expect([columns.statusCode, columns.json().message]).toEqual([400, MSG.csvMissingColumns("Variant Price")]);

    const none = await ctx.call("POST", "/api/admin/products/import/preview", {
      token: ctx.actors.admin,
      multipart: [{ name: "note", value: "rien" }],
    });
    expect(none.statusCode).toBe(400);
  });

  it("refuses products line by line, with French reasons and the line's number", async () => {
    const text = [
      "Handle,Title,Vendor,Type,Option1 Name,Option1 Value,Option4 Name,Option4 Value,Variant SKU,Variant Price,Variant Compare At Price,Image Src",
      "moins,Prix négatif,Anker,ACCESSOIRES,,,,,,-1,,",
      "lettres,Prix en lettres,Anker,ACCESSOIRES,,,,,,abc,,",
      "inconnue,Catégorie inconnue,Anker,TÉLÉVISEURS,,,,,,1000,,",
      "trop-cher,Vendu trop cher,Anker,ACCESSOIRES,,,,,,2000,1000,",
      "sans-titre,,Anker,ACCESSOIRES,,,,,,1000,,",
      "double,Doublon,Anker,ACCESSOIRES,Couleur,Noir,,,DBL-1,1000,,",
      "double,,,,,Bleu,,,DBL-1,1000,,",
      "options,Quatre options,Anker,ACCESSOIRES,Couleur,Noir,Taille,XL,,1000,,",
      "image,Image locale,Anker,ACCESSOIRES,,,,,,1000,,file:///C:/photo.jpg",
      "bonne,Bonne ligne,Anker,ACCESSOIRES,,,,,,1000,,",
    ].join("\n");
    const res = await preview(ctx.actors.admin, Buffer.from(text));
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.separator).toBe("comma");
    expect(data.counts).toMatchObject({ rows: 10, create: 1, refused: 8 });
    expect(data.refused).toEqual([
      { line: 2, handle: "moins", reason: MSG.csvPriceInvalid("Variant Price", "-1") },
      { line: 3, handle: "lettres", reason: MSG.csvPriceInvalid("Variant Price", "abc") },
      { line: 4, handle: "inconnue", reason: MSG.csvCategoryUnknown("TÉLÉVISEURS") },
      { line: 5, handle: "trop-cher", reason: MSG.csvSellingAbovePrice(2000, 1000) },
      { line: 6, handle: "sans-titre", reason: MSG.csvTitleRequired },
      { line: 8, handle: "double", reason: MSG.csvSkuDuplicate("DBL-1", 7) },
      { line: 9, handle: "options", reason: MSG.csvTooManyOptions(3) },
      { line: 10, handle: "image", reason: MSG.csvImageNotHttp("file:///C:/photo.jpg") },
    ]);
    expect(data.create.map((p: { handle: string }) => p.handle)).toEqual(["bonne"]);
  });

  it("lets an ADMIN update only its own products", async () => {
    const file = (await exported(ctx.actors.admin)).rawPayload;
    const { data } = (await preview(ctx.actors.otherAdmin, file)).json();
    expect(data.counts).toMatchObject({ create: 0, update: 0, unchanged: 0, refused: 2 });
    expect(data.refused.map((r: { reason: string }) => r.reason)).toEqual([MSG.csvNotOwned, MSG.csvNotOwned]);
  });

  it("refuses an archived product named by its handle", async () => {
    const [row] = await ctx.database.db
      .select({ handle: products.handle })
      .from(products)
      .where(eq(products.id, ids.archived!));
    const text = `Handle;Title;Vendor;Type;Variant Price\n${row!.handle};Ancien Zorglub archivé;Apple;IPHONE 13;1000\n`;
    const { data } = (await preview(ctx.actors.admin, Buffer.from(text))).json();
    expect(data.refused).toEqual([{ line: 2, handle: row!.handle, reason: MSG.csvProductArchived }]);
  });
});

describe("keys", () => {
  it("gives every product a handle from its name, numbered when taken, and the variants' form keeps SKUs", async () => {
    const first = await make("twin1", ctx.actors.admin, { productName: "Jumeau Zorglub" });
    const second = await make("twin2", ctx.actors.admin, { productName: "Jumeau  Zorglub !" });
    const rows = await ctx.database.db
      .select({ id: products.id, handle: products.handle })
      .from(products)
      .where(inArray(products.id, [first, second]));
    const handleOf = (id: string) => rows.find((r) => r.id === id)?.handle;
    expect(handleOf(first)).toBe("jumeau-zorglub");
    expect(handleOf(second)).toBe(`jumeau-zorglub-${second.slice(0, 8)}`);

    const phone = ids.phone!;
    const res = await ctx.call("POST", `/api/admin/products/${phone}/variants`, {
      token: ctx.actors.admin,
      payload: {
        options: [
          { name: "Stockage", values: ["256 Go", "128 Go"] },
          { name: "Couleur", values: ["Noir"] },
        ],
        // Kept by their values, in a new order: their SKUs stay with them.
        variants: [
          { optionValues: ["256 Go", "Noir"], price: 350000, sellingPrice: 340000, stock: null, images: [] },
          { optionValues: ["128 Go", "Noir"], price: 300000, sellingPrice: 275000, stock: 5, images: [] },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const skus = await ctx.database.db
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(eq(productVariants.productId, phone))
      .orderBy(productVariants.position);
    expect(skus.map((s) => s.sku)).toEqual(["ZRG-256 Go", "ZRG-128 Go"]);
  });
});

describe("who may", () => {
  it("asks for a session, and refuses customers", async () => {
    for (const [token, status] of [
      [null, 401],
      [ctx.actors.general, 403],
    ] as const) {
      expect((await ctx.call("GET", "/api/admin/products/export.csv", { token })).statusCode).toBe(status);
      expect((await preview(token, Buffer.from("Title;Variant Price\nx;1\n"))).statusCode).toBe(status);
    }
  });
});
