/**
 * Categories as data (decision 046) through the real app: the storefront's list in the owner's
 * order, creation with a slug made from the name, a rename that carries its products (and the
 * other app server's cached answers forget the old name), the order, a hidden category that
 * takes its products off every public read but keeps them for the back-office, a deletion
 * refused while products name it, the SUPERADMIN's alone, every change in the audit log.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit.ts";
import { categories } from "../../db/schema/categories.ts";
import { products } from "../../db/schema/products.ts";
import { uploadProduct, useTestApp } from "../../test/harness.ts";

const ctx = useTestApp({ actors: true, peer: true });

const DEFAULTS = [
  "NOUVEAUX IPHONE",
  "IPHONE 15",
  "IPHONE 14",
  "IPHONE 13",
  "IPHONE 12",
  "IPHONE 11",
  "IPHONE XR",
  "IPHONE 8",
  "SMARTPHONES",
  "IPHONE PROMAX",
  "SAMSUNG",
  "PIXEL",
  "REDMI",
  "HUAWEI",
  "GADGETS ÉLECTRONIQUES",
  "APPLE WATCH",
  "ACCESSOIRES",
];

const create = (body: object, token = ctx.actors.superAdmin) =>
  ctx.call("POST", "/api/admin/categories", { token, payload: body });
const update = (id: string, body: object, token = ctx.actors.superAdmin) =>
  ctx.call("PUT", `/api/admin/categories/${id}`, { token, payload: body });
const shownNames = async (app?: typeof ctx.app) =>
  ((await ctx.call("GET", "/api/categories", { app })).json().data as { name: string }[]).map((c) => c.name);

async function productIn(category: string, name: string): Promise<string> {
  const res = await uploadProduct(ctx, ctx.actors.admin, {
    productName: name,
    brandName: "Apple",
    category,
    price: 900000,
    sellingPrice: 850000,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

/** Every public read that lists products, as the storefront and the original clients call them. */
async function publicReads(category: string, word: string) {
  const [all, ofCategory, filtered, highlights, search] = await Promise.all([
    ctx.call("GET", "/api/get-product?limit=100"),
    ctx.call("POST", "/api/category-product", { payload: { category } }),
    ctx.call("POST", "/api/filter-product", { payload: { category: [category] } }),
    ctx.call("GET", "/api/get-categoryProduct"),
    ctx.call("GET", `/api/search?q=${encodeURIComponent(word)}`),
  ]);
  const names = (res: typeof all) => (res.json().data as { productName: string }[]).map((p) => p.productName);
  return {
    all: names(all),
    ofCategory: names(ofCategory),
    filtered: names(filtered),
    highlights: names(highlights),
    search: names(search),
  };
}

describe("the storefront's categories", () => {
  it("are the spec's 17 by default, in its order, with slugs", async () => {
    const res = await ctx.call("GET", "/api/categories");
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { name: string; slug: string; image: string | null }[];
    expect(data.map((c) => c.name)).toEqual(DEFAULTS);
    expect(data.find((c) => c.name === "GADGETS ÉLECTRONIQUES")?.slug).toBe("gadgets-electroniques");
    expect(data.every((c) => c.image === null)).toBe(true);
  });
});

describe("'Catégories' (SUPERADMIN)", () => {
  it("creates a category last in the order, its slug made from its name, and logs it", async () => {
    const res = await create({ name: "  IPHONE 16  " });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({ name: "IPHONE 16", slug: "iphone-16", hidden: false, productCount: 0 });
    expect((await shownNames()).at(-1)).toBe("IPHONE 16");
    const lines = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "category"), eq(auditLog.entityId, made._id)));
    expect(lines.map((l) => l.action)).toEqual(["create"]);
  });

  it("numbers a slug made from a name whose slug is taken, and refuses a taken name or slug with 409", async () => {
    const first = await create({ name: "Écouteurs" });
    expect(first.json().data.slug).toBe("ecouteurs");
    const second = await create({ name: "ÉCOUTEURS !" });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.slug).toBe("ecouteurs-2");
    const sameName = await create({ name: "Écouteurs" });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe("Une catégorie porte déjà ce nom.");
    const sameSlug = await create({ name: "Casques", slug: "ecouteurs" });
    expect(sameSlug.statusCode).toBe(409);
    expect(sameSlug.json().message).toBe("Une catégorie utilise déjà ce slug.");
  });

  it("refuses a blank name, a long one and a bad slug with French field messages, writing nothing", async () => {
    const before = await ctx.database.db.select().from(categories);
    for (const [body, message] of [
      [{ name: "   " }, "Le nom de la catégorie est obligatoire."],
      [{ name: "x".repeat(61) }, "Le nom de la catégorie est trop long (60 caractères au plus)."],
      [{ name: "Tablettes", slug: "Tablettes Pro" }, "slug"],
    ] as const) {
      const res = await create(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message === "slug" ? "Le slug ne peut contenir" : message);
    }
    expect(await ctx.database.db.select().from(categories)).toHaveLength(before.length);
  });

  it("renames a category: its products follow, and the other app server forgets the old name", async () => {
    const made = (await create({ name: "TABLETTES" })).json().data;
    const id = await productIn("TABLETTES", "iPad Air Quokka");
    // The other server has the old list in its cache.
    expect(await shownNames(ctx.peerApp)).toContain("TABLETTES");
    const res = await update(made._id, { name: "TABLETTES & IPAD" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: "TABLETTES & IPAD", slug: "tablettes", productCount: 1 });
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
    expect(row?.category).toBe("TABLETTES & IPAD");
    // Found by its new category's words.
    const search = await ctx.call("GET", "/api/search?q=quokka");
    expect(search.json().data[0]).toMatchObject({ category: "TABLETTES & IPAD" });
    await expect.poll(() => shownNames(ctx.peerApp)).toContain("TABLETTES & IPAD");
    expect(await shownNames(ctx.peerApp)).not.toContain("TABLETTES");
  });

  it("hides a category: it and its products leave every public read, the back-office keeps them", async () => {
    const made = (await create({ name: "CONSOLES" })).json().data;
    await productIn("CONSOLES", "PlayStation Wombat");
    let reads = await publicReads("CONSOLES", "wombat");
    expect(reads.all).toContain("PlayStation Wombat");
    expect(reads.ofCategory).toEqual(["PlayStation Wombat"]);
    expect(reads.highlights).toContain("PlayStation Wombat");
    expect(reads.search).toEqual(["PlayStation Wombat"]);

    expect((await update(made._id, { hidden: true })).json().data.hidden).toBe(true);
    expect(await shownNames()).not.toContain("CONSOLES");
    reads = await publicReads("CONSOLES", "wombat");
    expect(reads).toEqual({
      all: expect.any(Array),
      ofCategory: [],
      filtered: [],
      highlights: expect.any(Array),
      search: [],
    });
    expect(reads.all).not.toContain("PlayStation Wombat");
    expect(reads.highlights).not.toContain("PlayStation Wombat");
    const sitemap = await ctx.call("GET", "/sitemap.xml");
    expect(sitemap.body).not.toContain("CONSOLES");

    // The back-office still lists it and its product.
    const admin = await ctx.call("GET", "/api/admin/categories", { token: ctx.actors.admin });
    expect(admin.json().data.find((c: { name: string }) => c.name === "CONSOLES")).toMatchObject({
      hidden: true,
      productCount: 1,
    });
    const grid = await ctx.call("GET", "/api/admin/products?q=wombat", { token: ctx.actors.superAdmin });
    expect(grid.json().data.map((p: { productName: string }) => p.productName)).toEqual(["PlayStation Wombat"]);

    await update(made._id, { hidden: false });
    expect((await publicReads("CONSOLES", "wombat")).ofCategory).toEqual(["PlayStation Wombat"]);
  });

  it("reorders: every category once, or nothing changes", async () => {
    const list = (await ctx.call("GET", "/api/admin/categories", { token: ctx.actors.superAdmin })).json().data as {
      _id: string;
      name: string;
    }[];
    const reversed = [...list].reverse().map((c) => c._id);
    const res = await ctx.call("PUT", "/api/admin/categories/order", {
      token: ctx.actors.superAdmin,
      payload: { ids: reversed },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((c: { _id: string }) => c._id)).toEqual(reversed);
    expect((await shownNames())[0]).toBe(list.at(-1)?.name);

    for (const ids of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), crypto.randomUUID()]]) {
      const refused = await ctx.call("PUT", "/api/admin/categories/order", {
        token: ctx.actors.superAdmin,
        payload: { ids },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("L'ordre doit nommer chaque catégorie une seule fois.");
    }
    // Back to the spec's order for the other tests.
    await ctx.call("PUT", "/api/admin/categories/order", {
      token: ctx.actors.superAdmin,
      payload: { ids: list.map((c) => c._id) },
    });
    expect((await shownNames()).slice(0, DEFAULTS.length)).toEqual(DEFAULTS);
  });

  it("refuses to delete a category that still has products, saying how many; deletes an empty one", async () => {
    const made = (await create({ name: "DRONES" })).json().data;
    await productIn("DRONES", "DJI Mini Platypus");
    await productIn("DRONES", "DJI Air Platypus");
    const refused = await ctx.call("DELETE", `/api/admin/categories/${made._id}`, { token: ctx.actors.superAdmin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Cette catégorie contient encore 2 produits : déplacez-les dans une autre catégorie avant de la supprimer.",
    );
    const empty = (await create({ name: "VIDE" })).json().data;
    const res = await ctx.call("DELETE", `/api/admin/categories/${empty._id}`, { token: ctx.actors.superAdmin });
    expect(res.statusCode).toBe(200);
    expect(await shownNames()).not.toContain("VIDE");
    const gone = await ctx.call("DELETE", `/api/admin/categories/${empty._id}`, { token: ctx.actors.superAdmin });
    expect(gone.statusCode).toBe(404);
  });

  it("lets an ADMIN read the list but change nothing; a GENERAL user nothing at all", async () => {
    expect((await ctx.call("GET", "/api/admin/categories", { token: ctx.actors.admin })).statusCode).toBe(200);
    const refused = await create({ name: "INTERDITE" }, ctx.actors.admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Seul un super administrateur peut modifier les catégories.");
    expect((await ctx.call("GET", "/api/admin/categories", { token: ctx.actors.general })).statusCode).toBe(403);
    expect((await ctx.call("GET", "/api/admin/categories")).statusCode).toBe(401);
  });

  it("refuses a product in a category the shop does not have, with the field's message", async () => {
    const res = await uploadProduct(ctx, ctx.actors.admin, { category: "TABLETTES" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Catégorie inconnue.");
  });
});
