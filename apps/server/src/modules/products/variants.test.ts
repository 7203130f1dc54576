import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { FIELD_MSG, MSG } from "@shop/shared";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartLines } from "../../db/schema/cart.ts";
import { orderLines } from "../../db/schema/orders.ts";
import { products, productVariants } from "../../db/schema/products.ts";
import { createUser, freshDatabase, INJECT_ORIGIN, tokenFor, uploadProduct, useTestApp } from "../../test/harness.ts";

/** Decision 024: every product has variants; stock lives on them and never goes below zero. */

const ctx = useTestApp({ actors: true });

const variantsOf = (productId: string) =>
  ctx.database.db.select().from(productVariants).where(eq(productVariants.productId, productId));

async function newProduct(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await uploadProduct(ctx, ctx.actors.admin, overrides);
  expect(res.statusCode).toBe(201);
  return res.json().data._id;
}

describe("a product's default variant", () => {
  it("is made with the product, whatever made it: no option values, its prices, stock not tracked", async () => {
    const id = await newProduct({ price: 300000, sellingPrice: 275000 });
    const [variant, ...others] = await variantsOf(id);
    expect(others).toEqual([]);
    expect(variant).toMatchObject({ optionValues: [], price: 300000, sellingPrice: 275000, stock: null, images: [] });
    // A product written straight to the database (the seed, a script) has one too.
    const [direct] = await ctx.database.db
      .insert(products)
      .values({
        productName: "Câble USB-C",
        brandName: "Anker",
        category: "ACCESSOIRES",
        price: 5000,
        sellingPrice: 4000,
      })
      .returning({ id: products.id });
    expect(await variantsOf(direct?.id ?? "")).toEqual([expect.objectContaining({ optionValues: [], price: 5000 })]);
  });

  it("follows the product's prices while it has no options (older clients' update-product)", async () => {
    const id = await newProduct();
    const res = await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.admin,
      payload: { _id: id, price: 250000, sellingPrice: 199000 },
    });
    expect(res.statusCode).toBe(200);
    expect(await variantsOf(id)).toEqual([expect.objectContaining({ price: 250000, sellingPrice: 199000 })]);
  });

  it("goes with its product", async () => {
    const id = await newProduct();
    await ctx.call("POST", "/api/delete-product", { token: ctx.actors.admin, payload: { _id: id } });
    expect(await variantsOf(id)).toEqual([]);
  });
});

describe("stock", () => {
  it("can never go below zero, whatever writes it", async () => {
    const id = await newProduct();
    const [variant] = await variantsOf(id);
    await ctx.database.db
      .update(productVariants)
      .set({ stock: 1 })
      .where(eq(productVariants.id, variant?.id ?? ""));
    await expect(
      ctx.database.db
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} - 2` })
        .where(eq(productVariants.id, variant?.id ?? "")),
    ).rejects.toThrow();
    expect((await variantsOf(id))[0]?.stock).toBe(1);
  });
});

describe("a cart line names a variant", () => {
  it("given only the product (older clients), the cheapest that can be bought", async () => {
    const id = await newProduct({ price: 900000, sellingPrice: 800000 });
    // Options as the back-office will write them: the cheapest is sold out.
    await ctx.database.db
      .update(products)
      .set({ options: [{ name: "Stockage", values: ["128 Go", "256 Go", "512 Go"] }] })
      .where(eq(products.id, id));
    await ctx.database.db.delete(productVariants).where(eq(productVariants.productId, id));
    const made = await ctx.database.db
      .insert(productVariants)
      .values([
        { productId: id, position: 0, optionValues: ["128 Go"], price: 700000, sellingPrice: 650000, stock: 0 },
        { productId: id, position: 1, optionValues: ["256 Go"], price: 800000, sellingPrice: 750000, stock: 4 },
        { productId: id, position: 2, optionValues: ["512 Go"], price: 900000, sellingPrice: 850000, stock: null },
      ])
      .returning();
    const added = await ctx.call("POST", "/api/addtocart", { token: ctx.actors.general, payload: { productId: id } });
    expect(added.statusCode).toBe(201);
    const [line] = await ctx.database.db
      .select()
      .from(cartLines)
      .where(and(eq(cartLines.userId, ctx.actors.generalUser.id), eq(cartLines.productId, id)));
    expect(line?.variantId).toBe(made[1]?.id);

    // The order copies the variant and its values, at the variant's price.
    const ordered = await ctx.call("POST", "/api/orders/from-cart", {
      token: ctx.actors.general,
      payload: { channel: "whatsapp" },
    });
    expect(ordered.statusCode).toBe(201);
    const orderId = ordered.json().data._id;
    const lines = await ctx.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(lines.find((l) => l.productId === id)).toMatchObject({
      variantId: made[1]?.id,
      variantLabel: "256 Go",
      unitPrice: 750000,
    });
  });
});

describe("what customers read of a product's variants", () => {
  it("options, each variant's prices and availability, never a count above 3; the cache follows orders", async () => {
    const id = await newProduct({ productName: "iPhone 15", price: 900000, sellingPrice: 800000 });
    await ctx.database.db
      .update(products)
      .set({
        options: [{ name: "Stockage", values: ["128 Go", "256 Go", "512 Go"] }],
        price: 650000,
        sellingPrice: 600000,
      })
      .where(eq(products.id, id));
    await ctx.database.db.delete(productVariants).where(eq(productVariants.productId, id));
    await ctx.database.db.insert(productVariants).values([
      { productId: id, position: 0, optionValues: ["128 Go"], price: 650000, sellingPrice: 600000, stock: 0 },
      { productId: id, position: 1, optionValues: ["256 Go"], price: 750000, sellingPrice: 700000, stock: 2 },
      {
        productId: id,
        position: 2,
        optionValues: ["512 Go"],
        price: 850000,
        sellingPrice: 800000,
        stock: 17,
        images: ["/uploads/images/i15-512/800.webp"],
      },
    ]);
    await ctx.app.catalogueChanged();
    const details = async () => {
      const res = await ctx.app.inject({ method: "POST", url: "/api/product-details", payload: { productId: id } });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const first = await details();
    const product = first.json().data;
    expect(product).toMatchObject({
      options: [{ name: "Stockage", values: ["128 Go", "256 Go", "512 Go"] }],
      sellingPrice: 600000,
      sellingPriceMax: 800000,
      stockStatus: "in_stock",
      stockLeft: null,
    });
    expect(
      product.variants.map((v: Record<string, unknown>) => [v.label, v.sellingPrice, v.stockStatus, v.stockLeft]),
    ).toEqual([
      ["128 Go", 600000, "out", null],
      ["256 Go", 700000, "low", 2],
      ["512 Go", 800000, "in_stock", null],
    ]);
    expect(product.variants[2].images).toEqual([`${INJECT_ORIGIN}/uploads/images/i15-512/800.webp`]);
    // The count of 17 is nowhere in the answer, under any name.
    const numbers = (value: unknown): unknown[] =>
      value && typeof value === "object" ? Object.values(value).flatMap(numbers) : [value];
    expect(numbers(product)).not.toContain(17);
    expect(first.body).not.toMatch(/"stock"/);

    // An order of the 256 Go (the cheapest that can be bought) shows at once: 'Plus que 1'.
    const added = await ctx.call("POST", "/api/addtocart", {
      token: ctx.actors.otherAdmin,
      payload: { productId: id },
    });
    expect(added.json().data.variant).toMatchObject({ label: "256 Go", stockStatus: "low", stockLeft: 2 });
    const ordered = await ctx.call("POST", "/api/orders/from-cart", {
      token: ctx.actors.otherAdmin,
      payload: { channel: "phone" },
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const after = (await details()).json().data;
    expect(after.variants[1]).toMatchObject({ stockStatus: "low", stockLeft: 1 });
    expect(after).toMatchObject({ stockStatus: "in_stock" });
  });
});

describe("POST /api/admin/products/:id/variants", () => {
  const save = (productId: string, body: object, token = ctx.actors.admin) =>
    ctx.call("POST", `/api/admin/products/${productId}/variants`, { token, payload: body });
  const OPTIONS = [
    { name: "Stockage", values: ["256 Go", "512 Go"] },
    { name: "Couleur", values: ["Noir", "Bleu"] },
  ];
  const v = (optionValues: string[], sellingPrice: number, stock: number | null, extra: object = {}) => ({
    optionValues,
    price: sellingPrice + 50000,
    sellingPrice,
    stock,
    ...extra,
  });

  it("sells a product in capacities and colours: variants, prices, stock and history", async () => {
    const id = await newProduct({ productName: "iPhone 15" });
    const [defaultVariant] = await variantsOf(id);
    const res = await save(id, {
      options: OPTIONS,
      variants: [
        v(["256 Go", "noir"], 700000, 3, { _id: defaultVariant?.id }),
        v(["256 Go", "Bleu"], 700000, 0),
        v(["512 Go", "Noir"], 850000, 5, { images: [`${INJECT_ORIGIN}/uploads/images/i15-noir/800.webp`] }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const product = res.json().data;
    expect(product).toMatchObject({
      options: OPTIONS,
      price: 750000,
      sellingPrice: 700000,
      sellingPriceMax: 850000,
      stockStatus: "in_stock",
    });
    expect(product.variants.map((x: { label: string; stockStatus: string }) => [x.label, x.stockStatus])).toEqual([
      ["256 Go, Noir", "low"],
      ["256 Go, Bleu", "out"],
      ["512 Go, Noir", "in_stock"],
    ]);
    // The default variant was kept (its carts and history), now the 256 Go black.
    expect(product.variants[0]._id).toBe(defaultVariant?.id);
    const rows = await variantsOf(id);
    expect(rows.find((r) => r.optionValues[1] === "Bleu")?.stock).toBe(0);
    expect(rows.find((r) => r.optionValues[0] === "512 Go")?.images).toEqual(["/uploads/images/i15-noir/800.webp"]);
    const history = await ctx.call("GET", `/api/admin/stock/movements?productId=${id}`, { token: ctx.actors.admin });
    expect(
      history
        .json()
        .data.map((m: { label: string; delta: number; note: string }) => [m.label, m.delta, m.note])
        .sort(),
    ).toEqual([
      ["256 Go, Noir", 3, "Fiche produit"],
      ["512 Go, Noir", 5, "Fiche produit"],
    ]);

    // Swapping two variants' values, and dropping one: the unique values never get in the way.
    const [first, second] = product.variants;
    const swapped = await save(id, {
      options: OPTIONS,
      variants: [
        v(["256 Go", "Bleu"], 700000, 3, { _id: first._id }),
        v(["256 Go", "Noir"], 710000, 0, { _id: second._id }),
      ],
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json().data.variants.map((x: { _id: string; label: string }) => [x._id, x.label])).toEqual([
      [first._id, "256 Go, Bleu"],
      [second._id, "256 Go, Noir"],
    ]);
    expect(await variantsOf(id)).toHaveLength(2);
  });

  it("refuses a save when an order changed a count since the form was opened", async () => {
    const id = await newProduct({ productName: "Galaxy S24" });
    const [only] = await variantsOf(id);
    await save(id, { options: [], variants: [v([], 500000, 5, { _id: only?.id })] });
    const added = await ctx.call("POST", "/api/addtocart", { token: ctx.actors.general, payload: { productId: id } });
    expect(added.statusCode).toBe(201);
    await ctx.call("POST", "/api/orders/from-cart", { token: ctx.actors.general, payload: { channel: "whatsapp" } });
    const stale = await save(id, { options: [], variants: [v([], 480000, 8, { _id: only?.id, stockSeen: 5 })] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MSG.stockChangedMeanwhile);
    expect(await variantsOf(id)).toEqual([expect.objectContaining({ stock: 4, sellingPrice: 500000 })]);
    const fresh = await save(id, { options: [], variants: [v([], 480000, 8, { _id: only?.id, stockSeen: 4 })] });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data).toMatchObject({ sellingPrice: 480000, stockStatus: "in_stock", options: [] });
  });

  it.each([
    [
      "a variant missing an option's value",
      { options: OPTIONS, variants: [v(["256 Go"], 1000, 1)] },
      "body.variants.0.optionValues",
      "variantValuesMismatch",
    ],
    [
      "a value its option does not have",
      { options: OPTIONS, variants: [v(["1 To", "Noir"], 1000, 1)] },
      "body.variants.0.optionValues",
      "variantValuesMismatch",
    ],
    [
      "two variants with the same values",
      { options: OPTIONS, variants: [v(["256 Go", "Noir"], 1000, 1), v(["256 go", "noir"], 1000, 1)] },
      "body.variants.1.optionValues",
      "variantDuplicate",
    ],
    [
      "two variants without options",
      { options: [], variants: [v([], 1000, 1), v([], 2000, 1)] },
      "body.variants",
      "variantWithoutOptions",
    ],
    [
      "two options of the same name",
      { options: [OPTIONS[0], { name: "stockage", values: ["1"] }], variants: [v(["256 Go", "1"], 1000, 1)] },
      "body.options",
      "optionNameDuplicate",
    ],
  ] as const)("refuses %s in French, writing nothing", async (_case, body, path, key) => {
    const id = await newProduct();
    const res = await save(id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message: FIELD_MSG[key] });
    expect(await variantsOf(id)).toHaveLength(1);
  });

  it("refuses a selling price above the price, and another ADMIN's product", async () => {
    const id = await newProduct();
    const above = await save(id, {
      options: [],
      variants: [{ optionValues: [], price: 1000, sellingPrice: 2000, stock: null }],
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().issues).toContainEqual({
      path: "body.variants.0.sellingPrice",
      message: MSG.sellingAbovePrice,
    });
    const foreign = await save(id, { options: [], variants: [v([], 1000, 1)] }, ctx.actors.otherAdmin);
    expect(foreign.statusCode).toBe(403);
    expect((await variantsOf(id))[0]?.stock).toBeNull();
  });

  it("search finds a product by its variants' words, and forgets the ones no longer sold", async () => {
    const id = await newProduct({ productName: "iPhone 15 Plus", category: "IPHONE 15" });
    await save(id, {
      options: OPTIONS,
      variants: [v(["256 Go", "Noir"], 700000, 2), v(["512 Go", "Bleu"], 800000, 2)],
    });
    const search = async (q: string) => {
      const res = await ctx.app.inject({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
      return res.json().data.map((p: { _id: string }) => p._id);
    };
    expect(await search("iphone 15 plus noir 256")).toContain(id);
    expect(await search("iphone plus bleu 512")).toContain(id);
    // A typo in a variant's word is corrected like one in a name.
    expect(await search("iphone plus bleue")).toContain(id);
    await save(id, { options: [{ name: "Couleur", values: ["Noir"] }], variants: [v(["Noir"], 700000, 2)] });
    expect(await search("iphone plus bleu 512")).not.toContain(id);
  });

  it("a customer chooses the variant; a sold-out one or another product's is refused", async () => {
    const id = await newProduct({ productName: "Galaxy A35" });
    const made = await save(id, {
      options: [{ name: "Couleur", values: ["Noir", "Lilas", "Jaune"] }],
      variants: [v(["Noir"], 200000, 5), v(["Lilas"], 210000, 0), v(["Jaune"], 220000, null)],
    });
    const [noir, lilas, jaune] = made.json().data.variants;
    const customer = await createUser(ctx, "GENERAL");
    const token = await tokenFor(ctx, customer);
    const add = (payload: object) => ctx.call("POST", "/api/addtocart", { token, payload });
    const chosen = await add({ productId: id, variantId: jaune._id });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().data.variant).toMatchObject({ _id: jaune._id, label: "Jaune", sellingPrice: 220000 });
    // Another colour of the same product is another line.
    expect((await add({ productId: id, variantId: noir._id })).statusCode).toBe(201);
    expect((await add({ productId: id, variantId: noir._id })).json().message).toBe(MSG.cartAlready);
    const soldOut = await add({ productId: id, variantId: lilas._id });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe("« Galaxy A35 — Lilas » est épuisé.");
    const other = await newProduct();
    const foreign = await add({ productId: other, variantId: noir._id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MSG.variantNotFound);
    const cart = await ctx.call("GET", "/api/view-card-product", { token });
    expect(
      cart
        .json()
        .data.map((l: { variant: { label: string } }) => l.variant.label)
        .sort(),
    ).toEqual(["Jaune", "Noir"]);
  });

  it("each cart line carries its product's every variant, newest line first, in the view and a quantity change", async () => {
    const id = await newProduct({ productName: "Galaxy S24" });
    const made = await save(id, {
      options: [{ name: "Capacité", values: ["128 Go", "256 Go", "512 Go"] }],
      variants: [v(["128 Go"], 450000, 5), v(["256 Go"], 520000, 1), v(["512 Go"], 610000, 0)],
    });
    const [small, middle] = made.json().data.variants;
    const token = await tokenFor(ctx, await createUser(ctx, "GENERAL"));
    const add = (variantId: string) =>
      ctx.call("POST", "/api/addtocart", { token, payload: { productId: id, variantId } });
    expect((await add(small._id)).statusCode).toBe(201);
    expect((await add(middle._id)).statusCode).toBe(201);
    const view = (await ctx.call("GET", "/api/view-card-product", { token })).json().data as {
      _id: string;
      variant: { label: string };
      productId: { sellingPriceMax: number; productName: string };
    }[];
    expect(view.map((l) => l.variant.label)).toEqual(["256 Go", "128 Go"]);
    for (const line of view)
      expect(line.productId).toMatchObject({ productName: "Galaxy S24", sellingPriceMax: 610000 });
    const changed = await ctx.call("POST", "/api/update-cart-product", {
      token,
      payload: { _id: view[1]?._id, quantity: 2 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ quantity: 2, variant: { label: "128 Go" } });
    expect(changed.json().data.productId).toEqual(view[1]?.productId);
  });

  it("a variant no longer sold leaves the carts; orders keep their copy", async () => {
    const id = await newProduct({ productName: "Pixel 9" });
    const made = await save(id, {
      options: [{ name: "Couleur", values: ["Noir", "Rose"] }],
      variants: [v(["Noir"], 500000, 5), v(["Rose"], 400000, 5)],
    });
    const rose = made.json().data.variants.find((x: { label: string }) => x.label === "Rose");
    const customer = await createUser(ctx, "GENERAL");
    const token = await tokenFor(ctx, customer);
    await ctx.call("POST", "/api/addtocart", { token, payload: { productId: id } });
    const ordered = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    expect(ordered.json().data.lines[0]).toMatchObject({ variantId: rose._id, variantLabel: "Rose" });
    await save(id, { options: [{ name: "Couleur", values: ["Noir"] }], variants: [v(["Noir"], 500000, 5)] });
    const cart = await ctx.call("GET", "/api/view-card-product", { token });
    expect(cart.json().data).toEqual([]);
    const mine = await ctx.call("GET", "/api/my-orders", { token });
    expect(mine.json().data[0].lines[0]).toMatchObject({
      variantId: null,
      variantLabel: "Rose",
      productName: "Pixel 9",
    });
  });
});

describe("migration 0009 on a shop's existing data", () => {
  it("gives every product its default variant, and names it on cart and order lines", async () => {
    const { database, drop } = await freshDatabase();
    const folder = await mkdtemp(path.join(tmpdir(), "shop-migrations-"));
    try {
      // The migrations as they were before 0009.
      const current = new URL("../../db/migrations", import.meta.url).pathname;
      await cp(current, folder, { recursive: true });
      const journalPath = path.join(folder, "meta/_journal.json");
      const journal = JSON.parse(await readFile(journalPath, "utf8"));
      journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < "0009");
      await writeFile(journalPath, JSON.stringify(journal));
      await database.migrate(folder);
      const db = database.db;
      await db.execute(sql`insert into users (id, name, email, password_hash) values
        ('00000000-0000-4000-8000-000000000001', 'Awa', 'awa@test.cm', 'x')`);
      await db.execute(sql`insert into products (id, product_name, brand_name, category, price, selling_price) values
        ('00000000-0000-4000-8000-0000000000a1', 'iPhone 13', 'Apple', 'IPHONE 13', 300000, 275000),
        ('00000000-0000-4000-8000-0000000000a2', 'Galaxy S23', 'Samsung', 'SAMSUNG', 400000, 380000)`);
      await db.execute(sql`insert into cart_lines (user_id, product_id, quantity) values
        ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', 2)`);
      await db.execute(sql`insert into orders (id, reference, channel, name, total_quantity, total_price) values
        ('00000000-0000-4000-8000-0000000000f1', 'CMD-2345', 'whatsapp', 'Awa', 1, 380000)`);
      await db.execute(sql`insert into order_lines (order_id, product_id, product_name, unit_price, quantity, position) values
        ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000a2', 'Galaxy S23', 380000, 1, 0)`);

      await database.migrate();

      const variants = await db.select().from(productVariants);
      expect(variants).toHaveLength(2);
      const byProduct = new Map(variants.map((v) => [v.productId, v]));
      expect(byProduct.get("00000000-0000-4000-8000-0000000000a1")).toMatchObject({
        optionValues: [],
        price: 300000,
        sellingPrice: 275000,
        stock: null,
      });
      const [cartLine] = await db.select().from(cartLines);
      expect(cartLine?.variantId).toBe(byProduct.get("00000000-0000-4000-8000-0000000000a1")?.id);
      expect(cartLine?.quantity).toBe(2);
      const [orderLine] = await db.select().from(orderLines);
      expect(orderLine).toMatchObject({
        variantId: byProduct.get("00000000-0000-4000-8000-0000000000a2")?.id,
        variantLabel: "",
        productName: "Galaxy S23",
      });
      const [{ options } = { options: null }] = await db.select({ options: products.options }).from(products).limit(1);
      expect(options).toEqual([]);
    } finally {
      await database.close();
      await drop();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
