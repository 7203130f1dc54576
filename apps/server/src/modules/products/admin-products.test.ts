/**
 * 'Gestion des Produits' at scale (decision 044) through the real app: the storefront's search
 * (typos, accents), filters on category, brand, stock state and promotion, the sorts, the
 * paging that keeps them, an ADMIN's own products only, and French refusals of a bad filter;
 * which products each visibility shows; and the stored stock state (migration 0026) right after
 * every path that changes a count.
 */
import { LOW_STOCK_MAX, overallAvailability } from "@shop/shared";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, productVariants } from "../../db/schema/products.ts";
import { customerWithCart, productWithStock, uploadProduct, useTestApp } from "../../test/harness.ts";

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

describe("'Gestion des Produits': which products it shows", () => {
  const word = "Wombat";
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    for (const key of ["shown", "hidden", "archived", "archivedHidden"]) {
      const res = await uploadProduct(ctx, ctx.actors.admin, { productName: `${key} ${word}` });
      expect(res.statusCode, res.body).toBe(201);
      ids[key] = res.json().data._id;
    }
    const { db } = ctx.database;
    await db.update(products).set({ hidden: true }).where(eq(products.id, ids.hidden!));
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, ids.archived!));
    await db.update(products).set({ hidden: true, archivedAt: new Date() }).where(eq(products.id, ids.archivedHidden!));
  });
  const shown = async (query: string) => {
    const { names, body } = await list(`q=${word}${query}`);
    expect(body.meta.total).toBe(names.length);
    return names.map((n) => n.replace(` ${word}`, "")).sort();
  };

  it("all but the archived by default; shown, hidden (drafts) or archived when asked", async () => {
    expect(await shown("")).toEqual(["hidden", "shown"]);
    expect(await shown("&visibility=shown")).toEqual(["shown"]);
    expect(await shown("&visibility=hidden")).toEqual(["hidden"]);
    expect(await shown("&visibility=archived")).toEqual(["archived", "archivedHidden"]);
    // Without a search too, and for the ADMIN who made them.
    const hidden = await list("visibility=hidden&limit=100", ctx.actors.admin);
    expect(hidden.names).toContain(`hidden ${word}`);
    expect(hidden.names).not.toContain(`shown ${word}`);
  });

  it("refuses an unknown visibility in French", async () => {
    const res = await ctx.call("GET", "/api/admin/products?visibility=partout", { token: ctx.actors.superAdmin });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path: "querystring.visibility", message: "Ce filtre n'existe pas." });
  });
});

describe("'Gestion des Produits': the stored stock state follows every change of a count", () => {
  const word = "Quokka";
  const stored = async (productId: string) => {
    const [row] = await ctx.database.db
      .select({ state: products.stockState, total: products.stockTotal })
      .from(products)
      .where(eq(products.id, productId));
    return row;
  };
  /** What the grid's filter finds of the product, state by state. */
  const filtered = async (name: string) => {
    const states: string[] = [];
    for (const state of ["untracked", "in_stock", "low", "out"]) {
      if ((await list(`q=${encodeURIComponent(name)}&stock=${state}`)).names.includes(name)) states.push(state);
    }
    return states;
  };
  const expectState = async (productId: string, name: string, state: string, total: number | null) => {
    expect(await stored(productId)).toEqual({ state, total });
    expect(await filtered(name)).toEqual([state]);
  };
  const variantsOf = (productId: string) =>
    ctx.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(productVariants.position);
  const saveVariants = async (productId: string, stocks: (number | null)[]) => {
    const values = ["Noir", "Bleu", "Rouge"].slice(0, stocks.length);
    const res = await ctx.call("POST", `/api/admin/products/${productId}/variants`, {
      token: ctx.actors.superAdmin,
      payload: {
        options: [{ name: "Couleur", values }],
        variants: stocks.map((stock, i) => ({
          optionValues: [values[i]],
          price: 100000,
          sellingPrice: 90000,
          stock,
        })),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const adjust = async (variantId: string, change: { delta: number } | { stock: number | null }) => {
    const res = await ctx.call("POST", "/api/admin/stock/adjust", {
      token: ctx.actors.superAdmin,
      payload: { variantId, ...change, note: "Inventaire" },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const order = async (productId: string, variantId: string, quantity: number) => {
    const { token } = await customerWithCart(ctx);
    const added = await ctx.call("POST", "/api/addtocart", { token, payload: { productId, variantId } });
    expect(added.statusCode, added.body).toBe(201);
    if (quantity > 1) {
      const res = await ctx.call("POST", "/api/update-cart-product", {
        token,
        payload: { _id: added.json().data._id, quantity },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { token };
  };
  const place = (token: string) =>
    ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });

  it("a new product's default variant is not tracked", async () => {
    const name = `Nouveau ${word}`;
    const { productId } = await productWithStock(ctx, ctx.actors.superAdmin, name, null);
    await expectState(productId, name, "untracked", null);
  });

  it("after the variants' form: mixed reads as in stock, then low, then sold out, then not tracked", async () => {
    const name = `Formulaire ${word}`;
    const { productId } = await productWithStock(ctx, ctx.actors.superAdmin, name, 7);
    await expectState(productId, name, "in_stock", 7);
    // One tracked variant and one not: in stock, as customers read it; the total counts the tracked one.
    await saveVariants(productId, [2, null]);
    await expectState(productId, name, "in_stock", 2);
    await saveVariants(productId, [1, 1, 1]);
    await expectState(productId, name, "low", 3);
    // A variant removed, the others at zero.
    await saveVariants(productId, [0, 0]);
    await expectState(productId, name, "out", 0);
    await saveVariants(productId, [null, null]);
    await expectState(productId, name, "untracked", null);
  });

  it(`after an adjustment: low at ${LOW_STOCK_MAX} and under, in stock above, not tracked when stopped`, async () => {
    const name = `Ajustement ${word}`;
    const { productId, variantId } = await productWithStock(ctx, ctx.actors.superAdmin, name, LOW_STOCK_MAX);
    await expectState(productId, name, "low", LOW_STOCK_MAX);
    await adjust(variantId, { delta: 1 });
    await expectState(productId, name, "in_stock", LOW_STOCK_MAX + 1);
    await adjust(variantId, { stock: 0 });
    await expectState(productId, name, "out", 0);
    await adjust(variantId, { stock: null });
    await expectState(productId, name, "untracked", null);
  });

  it("after an order that takes the last unit, and its cancellation", async () => {
    const name = `Dernier ${word}`;
    const { productId, variantId } = await productWithStock(ctx, ctx.actors.superAdmin, name, 1);
    await expectState(productId, name, "low", 1);
    const { token } = await order(productId, variantId, 1);
    const placed = await place(token);
    expect(placed.statusCode, placed.body).toBe(201);
    await expectState(productId, name, "out", 0);
    const cancelled = await ctx.call("POST", `/api/admin/orders/${placed.json().data.reference}/status`, {
      token: ctx.actors.superAdmin,
      payload: { status: "annulée" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expectState(productId, name, "low", 1);
  });

  it("two orders of two variants of one product at once: both counted", async () => {
    const name = `Deux ${word}`;
    const { productId } = await productWithStock(ctx, ctx.actors.superAdmin, name, null);
    await saveVariants(productId, [1, 1]);
    const [first, second] = await variantsOf(productId);
    const a = await order(productId, first!.id, 1);
    const b = await order(productId, second!.id, 1);
    const placed = await Promise.all([place(a.token), place(b.token)]);
    expect(placed.map((r) => r.statusCode)).toEqual([201, 201]);
    await expectState(productId, name, "out", 0);
  });

  it("sorted by the stored total, the fewest first, the untracked last", async () => {
    const { names } = await list(`q=${word}&sort=stock&limit=100`);
    const totals = await Promise.all(
      names.map(async (n) => {
        const [row] = await ctx.database.db
          .select({ total: products.stockTotal })
          .from(products)
          .where(eq(products.productName, n));
        return row?.total ?? null;
      }),
    );
    const tracked = totals.filter((t) => t !== null);
    expect(tracked).toEqual([...tracked].sort((x, y) => x - y));
    expect(totals.slice(tracked.length).every((t) => t === null)).toBe(true);
  });

  it("is overallAvailability's for every product of the shop, however it was made", async () => {
    const { db } = ctx.database;
    const rows = await db
      .select({ id: products.id, state: products.stockState, total: products.stockTotal })
      .from(products);
    const variants = await db
      .select({ productId: productVariants.productId, stock: productVariants.stock })
      .from(productVariants);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const stocks = variants.filter((v) => v.productId === row.id).map((v) => v.stock);
      const tracked = stocks.filter((s) => s !== null);
      expect(row, row.id).toEqual({
        id: row.id,
        state: overallAvailability(stocks).stockStatus,
        total: tracked.length ? tracked.reduce((a, b) => a + b, 0) : null,
      });
    }
  });
});
