import { CATEGORIES, type Category, FIELD_MSG, MSG, PAGE_SIZE_DEFAULT, type Product } from "@shop/shared";
import { eq } from "drizzle-orm";
import type { Response } from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema/products.ts";
import { reviews } from "../../db/schema/reviews.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { createUser, INJECT_ORIGIN, productBody, tokenFor, useTestApp } from "../../test/harness.ts";

const ctx = useTestApp({ actors: true });

// ---------------------------------------------------------------------------------------------
// Helpers

type ActorName = "anonymous" | "general" | "admin" | "otherAdmin" | "superAdmin";

/** A syntactically valid id that no product has. */
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

function userIdOf(actor: ActorName): string | null {
  const ids: Record<ActorName, string | null> = {
    anonymous: null,
    general: ctx.actors.generalUser.id,
    admin: ctx.actors.adminUser.id,
    otherAdmin: ctx.actors.otherAdminUser.id,
    superAdmin: ctx.superAdmin.id,
  };
  return ids[actor];
}

async function createProduct(token: string, overrides: Record<string, unknown> = {}): Promise<Product> {
  const res = await ctx.call("POST", "/api/upload-product", { token, payload: productBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Product;
}

/** Creates products one after the other, so their creation order is their age. */
async function createInOrder(token: string, bodies: Record<string, unknown>[]): Promise<Product[]> {
  const created: Product[] = [];
  for (const body of bodies) created.push(await createProduct(token, body));
  return created;
}

const allRows = () => ctx.database.db.select().from(products).orderBy(products.id);

async function rowById(id: string) {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
  return row;
}

const resetProducts = () => ctx.database.db.delete(products);

/** Runs a request that must fail and checks that the products table is exactly as before. */
async function withoutWrites(action: () => Promise<Response>): Promise<Response> {
  const before = await allRows();
  const res = await action();
  expect(await allRows()).toEqual(before);
  return res;
}

function expectFailure(res: Response, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ success: false, error: true, data: null });
  if (message !== undefined) expect(body.message).toBe(message);
}

/** A validation failure that names the field and the French message of FIELD_MSG / MSG. */
function expectIssue(res: Response, path: string, message: string) {
  expectFailure(res, 400);
  expect(res.json().issues).toContainEqual({ path, message });
}

const ids = (res: Response) => (res.json().data as Product[]).map((p) => p._id);
const newestFirst = (list: Product[]) => [...list].reverse().map((p) => p._id);

// ---------------------------------------------------------------------------------------------

describe("permissions of the product management calls", () => {
  type Endpoint = "upload" | "update" | "delete";

  /** The request each endpoint sends about a product owned by `admin`, and its success answer. */
  const ENDPOINTS: Record<Endpoint, { url: string; body(target: Product): object; status: number; message: string }> = {
    upload: {
      url: "/api/upload-product",
      body: () => productBody({ productName: "Créé pendant le test" }),
      status: 201,
      message: MSG.productCreated,
    },
    update: {
      url: "/api/update-product",
      body: (target) => ({ _id: target._id, productName: "Renommé" }),
      status: 200,
      message: MSG.productUpdated,
    },
    delete: {
      url: "/api/delete-product",
      body: (target) => ({ _id: target._id }),
      status: 200,
      message: MSG.productDeleted,
    },
  };

  interface Case {
    endpoint: Endpoint;
    actor: ActorName;
    denied?: { status: number; message: string };
  }
  const cases: Case[] = (["upload", "update", "delete"] as const).flatMap((endpoint): Case[] => [
    { endpoint, actor: "anonymous", denied: { status: 401, message: MSG.authRequired } },
    { endpoint, actor: "general", denied: { status: 403, message: MSG.forbidden } },
    { endpoint, actor: "admin" },
    // Creating has no owner to check; changing another admin's product does.
    endpoint === "upload"
      ? { endpoint, actor: "otherAdmin" }
      : {
          endpoint,
          actor: "otherAdmin",
          // A refused delete says "supprimer", a refused update "modifier".
          denied: { status: 403, message: endpoint === "delete" ? MSG.productNotOwnedDelete : MSG.productNotOwned },
        },
    { endpoint, actor: "superAdmin" },
  ]);

  it.each(cases)("$endpoint by $actor", async ({ endpoint, actor, denied }) => {
    const target = await createProduct(ctx.actors.admin, { productName: "Produit de l'admin" });
    const spec = ENDPOINTS[endpoint];
    const before = await allRows();
    const res = await ctx.call("POST", spec.url, { token: ctx.actors[actor], payload: spec.body(target) });

    if (denied) {
      expectFailure(res, denied.status, denied.message);
      expect(await allRows()).toEqual(before);
      return;
    }
    expect(res.statusCode, res.body).toBe(spec.status);
    expect(res.json()).toMatchObject({ success: true, error: false, message: spec.message });
    if (endpoint === "upload") {
      const created = res.json().data as Product;
      expect(created.userId).toBe(userIdOf(actor));
      expect((await rowById(created._id))?.userId).toBe(userIdOf(actor));
    } else if (endpoint === "update") {
      const row = await rowById(target._id);
      expect(row?.productName).toBe("Renommé");
      expect(row?.userId).toBe(ctx.actors.adminUser.id); // a SUPERADMIN's edit does not take the product over
    } else {
      expect(await rowById(target._id)).toBeUndefined();
    }
  });

  it("refuses the original client's delete call, which sends no token, and keeps the product", async () => {
    const target = await createProduct(ctx.actors.admin);
    const sent: Record<string, string>[] = [
      {},
      { authorization: "Bearer null" },
      { authorization: "Bearer undefined" },
    ];
    for (const headers of sent) {
      const res = await ctx.call("POST", "/api/delete-product", { headers, payload: { _id: target._id } });
      expectFailure(res, 401, MSG.authRequired);
    }
    expect(await rowById(target._id)).toBeDefined();
  });

  it("accepts the delete call of a signed-in admin whose session travels in the cookie", async () => {
    // The original client sends `credentials` but no bearer: the httpOnly session cookie suffices.
    const target = await createProduct(ctx.actors.admin);
    const res = await ctx.call("POST", "/api/delete-product", {
      token: ctx.actors.admin,
      tokenIn: "cookie",
      payload: { _id: target._id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowById(target._id)).toBeUndefined();
  });

  it("refuses a forged or garbage token with 401", async () => {
    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/upload-product", { token: "pas-un-jeton", payload: productBody() }),
    );
    expectFailure(res, 401, MSG.authInvalid);
  });
});

describe("POST /api/upload-product", () => {
  it("creates the product with the creator as owner, ignoring the userId the admin form sends", async () => {
    const res = await ctx.call("POST", "/api/upload-product", {
      token: ctx.actors.admin,
      payload: productBody({ userId: ctx.actors.otherAdminUser.id }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as Product;
    expect(res.json()).toMatchObject({ success: true, error: false, message: MSG.productCreated });
    expect(created).toMatchObject({
      productName: "iPhone 13 128 Go",
      brandName: "Apple",
      category: "IPHONE 13",
      productImage: [],
      price: 300000,
      sellingPrice: 275000,
      userId: ctx.actors.adminUser.id,
    });
    expect((await rowById(created._id))?.userId).toBe(ctx.actors.adminUser.id);
  });

  it("accepts prices sent as digit strings, as the original forms do, and stores numbers", async () => {
    const created = await createProduct(ctx.actors.admin, { price: "250000", sellingPrice: " 199000 " });
    expect(created.price).toBe(250000);
    expect(created.sellingPrice).toBe(199000);
    const row = await rowById(created._id);
    expect([row?.price, row?.sellingPrice]).toEqual([250000, 199000]);
  });

  it("refuses a selling price above the old price and writes nothing", async () => {
    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/upload-product", {
        token: ctx.actors.admin,
        payload: productBody({ price: 100000, sellingPrice: 100001 }),
      }),
    );
    expectFailure(res, 400, MSG.sellingAbovePrice);
  });

  it("accepts a selling price equal to the old price (no discount)", async () => {
    const created = await createProduct(ctx.actors.admin, { price: 150000, sellingPrice: 150000 });
    expect([created.price, created.sellingPrice]).toEqual([150000, 150000]);
  });

  it.each([
    ["zero", 0],
    ["negative", -5000],
    ["a fraction", 1.5],
    ["digits followed by letters", "12abc"],
    ["a decimal string", "1.5"],
    ["an empty string", ""],
    ["a boolean", true],
    ["null", null],
    ["an array", [250000]],
    ["above a billion", 1_000_000_001],
  ])("refuses a price that is %s", async (_label, price) => {
    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/upload-product", {
        token: ctx.actors.admin,
        payload: productBody({ price, sellingPrice: 1000 }),
      }),
    );
    expectIssue(res, "body.price", FIELD_MSG.priceInvalid);
  });

  it("refuses an invalid selling price with the same message", async () => {
    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/upload-product", { token: ctx.actors.admin, payload: productBody({ sellingPrice: -1 }) }),
    );
    expectIssue(res, "body.sellingPrice", FIELD_MSG.priceInvalid);
  });

  it.each(["TABLETTES", "iphone 13", "", 13])("refuses the unknown category %j", async (category) => {
    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/upload-product", { token: ctx.actors.admin, payload: productBody({ category }) }),
    );
    expectIssue(res, "body.category", FIELD_MSG.categoryInvalid);
  });

  it.each([
    ["productName", FIELD_MSG.productNameRequired],
    ["brandName", FIELD_MSG.brandNameRequired],
  ])("requires %s, and blank does not count", async (field, message) => {
    for (const value of [undefined, "   "]) {
      const res = await withoutWrites(() =>
        ctx.call("POST", "/api/upload-product", { token: ctx.actors.admin, payload: productBody({ [field]: value }) }),
      );
      expectIssue(res, `body.${field}`, message);
    }
  });

  it.each([
    ["productName", 120, FIELD_MSG.productNameTooLong],
    ["brandName", 60, FIELD_MSG.brandNameTooLong],
    ["description", 5000, FIELD_MSG.descriptionTooLong],
  ])("takes a %s of %i characters and says why one more is refused", async (field, max, message) => {
    const longest = await createProduct(ctx.actors.admin, { [field]: "a".repeat(max) });
    expect(longest[field as "productName"]).toHaveLength(max);
    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/upload-product", {
        token: ctx.actors.admin,
        payload: productBody({ [field]: "a".repeat(max + 1) }),
      }),
    );
    expectIssue(res, `body.${field}`, message);
  });

  it("refuses a field it does not know (no mass assignment) and writes nothing", async () => {
    for (const extra of [{ isAdmin: true }, { role: "SUPERADMIN" }, { searchVector: "x" }]) {
      const res = await withoutWrites(() =>
        ctx.call("POST", "/api/upload-product", { token: ctx.actors.admin, payload: productBody(extra) }),
      );
      expectFailure(res, 400);
    }
  });

  it("never takes the id or the timestamps from the client", async () => {
    // `_id` has no business in a creation: refused, and no product gets that id.
    const withId = await withoutWrites(() =>
      ctx.call("POST", "/api/upload-product", { token: ctx.actors.admin, payload: productBody({ _id: UNKNOWN_ID }) }),
    );
    expectFailure(withId, 400);
    expect(await rowById(UNKNOWN_ID)).toBeUndefined();

    // Timestamps may be echoed by old clients: accepted and ignored.
    const startedAt = Date.now();
    const created = await createProduct(ctx.actors.admin, {
      createdAt: "2001-01-01T00:00:00.000Z",
      updatedAt: "2001-01-01T00:00:00.000Z",
    });
    for (const stamp of [created.createdAt, created.updatedAt]) {
      expect(new Date(stamp).getTime()).toBeGreaterThanOrEqual(startedAt - 60_000);
    }
    expect((await rowById(created._id))?.createdAt.getUTCFullYear()).not.toBe(2001);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example/x.png",
    'https://cdn.example/x.png" onerror="alert(1)',
    "/uploads/images/../../etc/passwd",
    "ftp://cdn.example/x.png",
  ])("refuses the image URL %s", async (url) => {
    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/upload-product", {
        token: ctx.actors.admin,
        payload: productBody({ productImage: [url] }),
      }),
    );
    expectIssue(res, "body.productImage.0", FIELD_MSG.imageUrlInvalid);
  });

  it("accepts our own uploads and http(s) URLs, up to 10 images, and refuses an 11th", async () => {
    const image = (i: number) => `https://res.cloudinary.com/shop/image/upload/v1/p${i}.jpg`;
    const ten = [
      "/uploads/images/2b1f7c1e-1c1a-4a70-9a3b-0f6a8f1e2d3c/800.webp",
      ...Array.from({ length: 9 }, (_, i) => image(i)),
    ];
    const created = await createProduct(ctx.actors.admin, { productImage: ten });
    // Order kept (the first image is the main one); our own upload answered under the request's origin.
    expect(created.productImage).toEqual([`${INJECT_ORIGIN}${ten[0]}`, ...ten.slice(1)]);

    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/upload-product", {
        token: ctx.actors.admin,
        payload: productBody({ productImage: [...ten, image(10)] }),
      }),
    );
    expectIssue(res, "body.productImage", FIELD_MSG.tooManyImages);
  });
});

describe("POST /api/update-product", () => {
  it("accepts the whole product spread by the admin form, without changing owner or creation date", async () => {
    const original = await createProduct(ctx.actors.admin);
    // What the original edit modal sends: the product as it was read, Mongo leftovers included.
    const res = await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.admin,
      payload: {
        ...original,
        __v: 0,
        userId: ctx.actors.otherAdminUser.id,
        createdAt: "2001-01-01T00:00:00.000Z",
        productName: "iPhone 13 128 Go (comme neuf)",
        sellingPrice: "260000",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, error: false, message: MSG.productUpdated });
    const row = await rowById(original._id);
    expect(row).toMatchObject({
      productName: "iPhone 13 128 Go (comme neuf)",
      sellingPrice: 260000,
      price: original.price,
      userId: ctx.actors.adminUser.id,
    });
    expect(row?.createdAt.toISOString()).toBe(original.createdAt);
  });

  it("does not let an admin take another admin's product by sending its own userId", async () => {
    const original = await createProduct(ctx.actors.admin);
    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/update-product", {
        token: ctx.actors.otherAdmin,
        payload: { ...original, userId: ctx.actors.otherAdminUser.id },
      }),
    );
    expectFailure(res, 403, MSG.productNotOwned);
  });

  it("changes only the fields sent", async () => {
    const original = await createProduct(ctx.actors.admin, { productImage: ["https://cdn.example/a.jpg"] });
    const res = await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.admin,
      payload: { _id: original._id, price: 320000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data as Product;
    const { price, updatedAt, ...rest } = updated;
    const { price: oldPrice, updatedAt: oldUpdatedAt, ...oldRest } = original;
    expect(price).toBe(320000);
    expect(rest).toEqual(oldRest);
    expect(new Date(updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(oldUpdatedAt).getTime());
    expect((await rowById(original._id))?.price).toBe(320000);
  });

  it.each([
    ["only the id", {}],
    ["only read-only echoes", { userId: "someone", createdAt: "hier", __v: 3 }],
  ])("accepts an update with %s and changes nothing", async (_label, extra) => {
    const original = await createProduct(ctx.actors.admin);
    const res = await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.admin,
      payload: { _id: original._id, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(original);
  });

  it("answers 400, not 500, when two partial updates race into sellingPrice > price", async () => {
    // Each update is valid against the stored product; together they break the rule. Several
    // pairs at once, so that on PostgreSQL at least some of them really interleave.
    const targets = await createInOrder(
      ctx.actors.admin,
      Array.from({ length: 8 }, () => ({})),
    ); // 300000 / 275000
    const pairs = await Promise.all(
      targets.map((t) =>
        Promise.all([
          ctx.call("POST", "/api/update-product", {
            token: ctx.actors.admin,
            payload: { _id: t._id, sellingPrice: 290000 },
          }),
          ctx.call("POST", "/api/update-product", { token: ctx.actors.admin, payload: { _id: t._id, price: 280000 } }),
        ]),
      ),
    );
    for (const [i, pair] of pairs.entries()) {
      const statuses = pair.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([200, 400], pair.map((r) => r.body).join(" ")).toContain(statuses[1]);
      for (const r of pair.filter((r) => r.statusCode === 400)) expect(r.json().message).toBe(MSG.sellingAbovePrice);
      const row = await rowById(targets[i]?._id ?? "");
      expect(row?.sellingPrice).toBeLessThanOrEqual(row?.price ?? 0);
    }
  });

  it.each([
    ["a selling price above the stored price", { sellingPrice: 300001 }],
    ["a price below the stored selling price", { price: 274999 }],
    ["both prices, the selling one higher", { price: 100000, sellingPrice: 200000 }],
  ])("refuses %s and changes nothing", async (_label, change) => {
    const original = await createProduct(ctx.actors.admin); // price 300000, selling 275000
    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/update-product", { token: ctx.actors.admin, payload: { _id: original._id, ...change } }),
    );
    expectFailure(res, 400, MSG.sellingAbovePrice);
  });

  it("answers 404 for an unknown id", async () => {
    for (const token of [ctx.actors.superAdmin, ctx.actors.admin]) {
      const res = await withoutWrites(() =>
        ctx.call("POST", "/api/update-product", { token, payload: { _id: UNKNOWN_ID, price: 1000 } }),
      );
      expectFailure(res, 404, MSG.productNotFound);
    }
  });

  it.each(["123", "64f1c0a2b3c4d5e6f7a8b9c0", "", { $ne: null }])("refuses the malformed id %j", async (_id) => {
    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/update-product", { token: ctx.actors.superAdmin, payload: { _id, price: 1000 } }),
    );
    expectIssue(res, "body._id", FIELD_MSG.idInvalid);
  });

  it("refuses an invalid field value in an update", async () => {
    const original = await createProduct(ctx.actors.admin);
    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/update-product", {
        token: ctx.actors.admin,
        payload: { _id: original._id, category: "TABLETTES" },
      }),
    );
    expectIssue(res, "body.category", FIELD_MSG.categoryInvalid);
  });
});

describe("POST /api/delete-product", () => {
  it("removes the product: its details then answer 404", async () => {
    const target = await createProduct(ctx.actors.admin);
    const res = await ctx.call("POST", "/api/delete-product", {
      token: ctx.actors.admin,
      payload: { _id: target._id },
    });
    expect(res.json()).toEqual({ success: true, error: false, message: MSG.productDeleted, data: { archived: false } });
    expect(await rowById(target._id)).toBeUndefined();
    expectFailure(
      await ctx.call("POST", "/api/product-details", { payload: { productId: target._id } }),
      404,
      MSG.productNotFound,
    );
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    expectFailure(
      await withoutWrites(() =>
        ctx.call("POST", "/api/delete-product", { token: ctx.actors.superAdmin, payload: { _id: UNKNOWN_ID } }),
      ),
      404,
      MSG.productNotFound,
    );
    expectIssue(
      await withoutWrites(() =>
        ctx.call("POST", "/api/delete-product", { token: ctx.actors.superAdmin, payload: { _id: "abc" } }),
      ),
      "body._id",
      FIELD_MSG.idInvalid,
    );
  });
});

describe("GET /api/get-product", () => {
  let mine: Product[];
  let others: Product[];
  let everyone: Product[];

  beforeAll(async () => {
    await resetProducts();
    // Interleaved owners, so "newest first" and "only mine" are both visible in the order.
    const owners = [
      ctx.actors.admin,
      ctx.actors.otherAdmin,
      ctx.actors.admin,
      ctx.actors.superAdmin,
      ctx.actors.otherAdmin,
      ctx.actors.admin,
    ];
    everyone = [];
    for (const [i, token] of owners.entries())
      everyone.push(await createProduct(token, { productName: `Produit ${i}` }));
    mine = everyone.filter((p) => p.userId === ctx.actors.adminUser.id);
    others = everyone.filter((p) => p.userId === ctx.actors.otherAdminUser.id);
  });

  it.each([
    ["anonymous", null],
    ["GENERAL", "general"],
    ["SUPERADMIN", "superAdmin"],
  ] as const)("lists every product, newest first, for %s", async (_label, actor) => {
    const res = await ctx.call("GET", "/api/get-product", { token: actor ? ctx.actors[actor] : null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, error: false, message: MSG.productsListed });
    expect(ids(res)).toEqual(newestFirst(everyone));
    expect(res.json().meta).toEqual({ page: 1, limit: PAGE_SIZE_DEFAULT, total: everyone.length });
  });

  it("lists only an ADMIN's own products", async () => {
    const res = await ctx.call("GET", "/api/get-product", { token: ctx.actors.admin });
    expect(ids(res)).toEqual(newestFirst(mine));
    expect(res.json().meta.total).toBe(mine.length);
    expect(ids(await ctx.call("GET", "/api/get-product", { token: ctx.actors.otherAdmin }))).toEqual(
      newestFirst(others),
    );
  });

  it.each([
    ["garbage", { authorization: "Bearer n'importe-quoi" }],
    ["the original client's null", { authorization: "Bearer null" }],
    ["a well-formed but forged JWT", { authorization: `Bearer ${forgedJwt()}` }],
    ["a garbage cookie", { cookie: "token=abc" }],
  ])("treats %s token as anonymous", async (_label, headers) => {
    const res = await ctx.call("GET", "/api/get-product", { headers });
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual(newestFirst(everyone));
  });

  it("lists every product for an ADMIN whose session is over: signed out, or demoted", async () => {
    const seller = await createUser(ctx, "ADMIN");
    const own = await createProduct(await tokenFor(ctx, seller), { productName: "Produit du vendeur" });
    const [signedOut, demoted] = [await tokenFor(ctx, seller), await tokenFor(ctx, seller)];
    expect(ids(await ctx.call("GET", "/api/get-product", { token: signedOut }))).toEqual([own._id]);

    await ctx.call("GET", "/api/userLogout", { token: signedOut });
    const all = [...everyone, own];
    expect(ids(await ctx.call("GET", "/api/get-product", { token: signedOut }))).toEqual(newestFirst(all));
    expect(ids(await ctx.call("GET", "/api/get-product", { token: demoted }))).toEqual([own._id]);
    await ctx.database.db.update(users).set({ role: "GENERAL" }).where(eq(users.id, seller.id));
    expect(ids(await ctx.call("GET", "/api/get-product", { token: demoted }))).toEqual(newestFirst(all));
    // Promoted again: only a new sign-in's token reads the own list.
    await ctx.database.db.update(users).set({ role: "ADMIN" }).where(eq(users.id, seller.id));
    expect(ids(await ctx.call("GET", "/api/get-product", { token: demoted }))).toEqual(newestFirst(all));
    expect(ids(await ctx.call("GET", "/api/get-product", { token: await tokenFor(ctx, seller) }))).toEqual([own._id]);
    await ctx.database.db.delete(products).where(eq(products.id, own._id));
  });

  it("pages with ?limit and ?page and reports the total", async () => {
    const res = await ctx.call("GET", "/api/get-product?limit=2&page=2");
    expect(ids(res)).toEqual(newestFirst(everyone).slice(2, 4));
    expect(res.json().meta).toEqual({ page: 2, limit: 2, total: everyone.length });
    const beyond = await ctx.call("GET", "/api/get-product?limit=2&page=9");
    expect(beyond.json().data).toEqual([]);
    expect(beyond.json().meta.total).toBe(everyone.length);
  });

  it.each(["limit=1000", "limit=0", "limit=abc", "page=0", "page=-1", "page=1.5"])("refuses ?%s", async (query) => {
    expectFailure(await ctx.call("GET", `/api/get-product?${query}`), 400);
  });
});

/** A JWT signed with another secret: well-formed, but not ours. */
function forgedJwt(): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ sub: UNKNOWN_ID, exp: 4_102_444_800 })}.${"x".repeat(43)}`;
}

describe("catalogue by category", () => {
  /** Created oldest first; categories deliberately out of the storefront's order. */
  const SEED: { productName: string; category: Category }[] = [
    { productName: "Câble USB-C", category: "ACCESSOIRES" },
    { productName: "iPhone 13 bleu", category: "IPHONE 13" },
    { productName: "Galaxy S24", category: "SAMSUNG" },
    { productName: "Enceinte JBL", category: "GADGETS ÉLECTRONIQUES" },
    { productName: "iPhone 13 rose", category: "IPHONE 13" },
    { productName: "iPhone 16", category: "NOUVEAUX IPHONE" },
    { productName: "AirPods Pro 2", category: "ACCESSOIRES" },
  ];
  let seeded: Product[];
  const named = (...names: string[]) =>
    names.map((n) => {
      const p = seeded.find((s) => s.productName === n);
      if (!p) throw new Error(`not seeded: ${n}`);
      return p._id;
    });

  beforeAll(async () => {
    await resetProducts();
    seeded = await createInOrder(ctx.actors.superAdmin, SEED);
  });

  it("GET /api/get-categoryProduct: the newest product of each category, in the storefront's order", async () => {
    const res = await ctx.call("GET", "/api/get-categoryProduct");
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual(named("iPhone 16", "iPhone 13 rose", "Galaxy S24", "Enceinte JBL", "AirPods Pro 2"));
    const categories = (res.json().data as Product[]).map((p) => p.category);
    expect(categories).toEqual(CATEGORIES.filter((c) => categories.includes(c)));
  });

  it("POST /api/category-product: only that category, newest first", async () => {
    const res = await ctx.call("POST", "/api/category-product", { payload: { category: "IPHONE 13" } });
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual(named("iPhone 13 rose", "iPhone 13 bleu"));
    expect(res.json().meta.total).toBe(2);
    // The accented category must survive the round trip.
    expect(
      ids(await ctx.call("POST", "/api/category-product", { payload: { category: "GADGETS ÉLECTRONIQUES" } })),
    ).toEqual(named("Enceinte JBL"));
    expect(ids(await ctx.call("POST", "/api/category-product", { payload: { category: "PIXEL" } }))).toEqual([]);
  });

  // Reads are lenient as the original's were (decision 022): older clients ask for their own categories.
  it.each(
    ["airpodes", "watches", "mobiles", "IPHONE 7", "samsung", "GADGETS ELECTRONIQUES", "", "x".repeat(5000)].map(
      (category) => ({ category, label: JSON.stringify(category).slice(0, 30) }),
    ),
  )(
    "POST /api/category-product answers an empty list for a category the shop does not have: $label",
    async ({ category }) => {
      const res = await ctx.call("POST", "/api/category-product", { payload: { category } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, error: false, data: [], meta: { page: 1, total: 0 } });
    },
  );

  it.each([
    ["a number", { category: 13 }],
    ["a list", { category: ["SAMSUNG"] }],
    ["missing", {}],
  ])("POST /api/category-product refuses a category that is %s", async (_label, body) => {
    expectIssue(
      await ctx.call("POST", "/api/category-product", { payload: body }),
      "body.category",
      FIELD_MSG.categoryInvalid,
    );
  });

  it.each([
    ["a list: the union of its categories", ["SAMSUNG", "ACCESSOIRES"], ["AirPods Pro 2", "Galaxy S24", "Câble USB-C"]],
    ["a single string", "SAMSUNG", ["Galaxy S24"]],
    ["an empty list: nothing", [], []],
    ["a category listed twice, once", ["SAMSUNG", "SAMSUNG"], ["Galaxy S24"]],
    ["a list with categories the shop does not have: the known ones'", ["SAMSUNG", "IPHONE 7"], ["Galaxy S24"]],
    ["unknown ones first", ["watches", "airpodes", "ACCESSOIRES"], ["AirPods Pro 2", "Câble USB-C"]],
    ["only unknown ones: nothing", ["IPHONE 7", "mobiles"], []],
    ["an unknown one alone: nothing", "TABLETTES", []],
  ])("POST /api/filter-product with %s", async (_label, category, expected) => {
    const res = await ctx.call("POST", "/api/filter-product", { payload: { category } });
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res)).toEqual(named(...expected));
    expect(res.json().meta.total).toBe(expected.length);
  });

  it("POST /api/filter-product sorts the known categories of a mixed list by price", async () => {
    const res = await ctx.call("POST", "/api/filter-product?sort=asc", {
      payload: { category: ["IPHONE 7", "IPHONE 13", "SAMSUNG"] },
    });
    const prices = (res.json().data as Product[]).map((p) => p.sellingPrice);
    expect(prices).toHaveLength(3);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it.each([
    ["a number in the list", ["SAMSUNG", 13], "body.category.1", FIELD_MSG.categoryInvalid],
    ["an object", { name: "SAMSUNG" }, "body.category", undefined],
    ["101 names", Array.from({ length: 101 }, (_, i) => `C${i}`), "body.category", FIELD_MSG.tooManyCategories],
  ])("POST /api/filter-product refuses %s", async (_label, category, path, message) => {
    const res = await ctx.call("POST", "/api/filter-product", { payload: { category } });
    expectFailure(res, 400);
    expect(res.json().issues[0].path).toBe(path);
    if (message) expect(res.json().message).toBe(message);
  });

  it("POST /api/product-details: the product, 404 when unknown, 400 when malformed", async () => {
    const [first] = seeded;
    const res = await ctx.call("POST", "/api/product-details", { payload: { productId: first?._id } });
    expect(res.statusCode).toBe(200);
    const { variants, ...details } = res.json().data;
    expect(details).toEqual({ ...first, rating: { average: null, count: 0 } });
    // A product without options: its one variant, with no values, its prices, not tracked.
    expect(variants).toEqual([
      {
        _id: expect.any(String),
        optionValues: [],
        label: "",
        price: first?.price,
        sellingPrice: first?.sellingPrice,
        images: [],
        stockStatus: "untracked",
        stockLeft: null,
        sale: null,
      },
    ]);
    expect(first).toMatchObject({ options: [], stockStatus: "untracked", stockLeft: null });
    expect(first?.sellingPriceMax).toBe(first?.sellingPrice);
    expectFailure(
      await ctx.call("POST", "/api/product-details", { payload: { productId: UNKNOWN_ID } }),
      404,
      MSG.productNotFound,
    );
    expectIssue(
      await ctx.call("POST", "/api/product-details", { payload: { productId: "abc" } }),
      "body.productId",
      FIELD_MSG.idInvalid,
    );
  });
});

describe("POST /api/product-details: the customers' rating", () => {
  let rated: Product;
  let other: Product;
  let reviewers: UserRow[];

  const ratingOf = async (product: Product) => {
    const res = await ctx.call("POST", "/api/product-details", { payload: { productId: product._id } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.rating;
  };
  /** No endpoint writes reviews yet: straight into the table, then the cache is told. */
  async function review(product: Product, user: UserRow, rating: number) {
    await ctx.database.db.insert(reviews).values({ productId: product._id, userId: user.id, rating });
    await ctx.app.catalogueChanged();
  }

  beforeAll(async () => {
    rated = await createProduct(ctx.actors.superAdmin, { productName: "Pixel 8 noté" });
    other = await createProduct(ctx.actors.superAdmin, { productName: "Redmi Note 13 noté" });
    reviewers = [ctx.actors.generalUser, ctx.actors.adminUser, ctx.actors.otherAdminUser];
  });

  it("is null with a count of 0 when nobody has reviewed the product", async () => {
    expect(await ratingOf(rated)).toEqual({ average: null, count: 0 });
  });

  it("averages the reviews to one decimal (5, 4, 4 gives 4.3) and counts them", async () => {
    const [a, b, c] = reviewers as [UserRow, UserRow, UserRow];
    await review(rated, a, 5);
    await review(rated, b, 4);
    await review(rated, c, 4);
    expect(await ratingOf(rated)).toEqual({ average: 4.3, count: 3 });
  });

  it("counts only the reviews of that product", async () => {
    await review(other, reviewers[0] as UserRow, 1);
    expect(await ratingOf(other)).toEqual({ average: 1, count: 1 });
    expect(await ratingOf(rated)).toEqual({ average: 4.3, count: 3 });
  });

  it("rounds half away from zero, as the page's French display does (4.25 gives 4.3)", async () => {
    const fresh = await createProduct(ctx.actors.superAdmin, { productName: "Galaxy A55 noté" });
    const authors = [...reviewers, await createUser(ctx, "GENERAL")];
    for (const [i, stars] of [5, 4, 4, 4].entries()) await review(fresh, authors[i] as UserRow, stars);
    expect(await ratingOf(fresh)).toEqual({ average: 4.3, count: 4 });
  });
});

describe("hostile input", () => {
  const json = { "content-type": "application/json" };

  it.each([
    ["/api/upload-product", '{"productName": "iPhone", '],
    ["/api/upload-product", "{'productName': 'iPhone'}"],
    ["/api/update-product", "undefined"],
    ["/api/product-details", '{"productId": }'],
    ["/api/filter-product", ""],
    ["/api/upload-product", '{"__proto__": {"isAdmin": true}, "productName": "iPhone"}'],
  ])("%s answers broken JSON %j with 400 and writes nothing", async (url, payload) => {
    const res = await withoutWrites(() =>
      ctx.call("POST", url, { token: ctx.actors.superAdmin, headers: json, payload }),
    );
    expectFailure(res, 400, MSG.invalidJson);
  });

  it("answers a 200 KB body with 413 and writes nothing", async () => {
    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/upload-product", {
        token: ctx.actors.superAdmin,
        payload: productBody({ description: "é".repeat(100_000) }),
      }),
    );
    expectFailure(res, 413, MSG.bodyTooLarge);
  });

  it("refuses a description over 5000 characters", async () => {
    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/upload-product", {
        token: ctx.actors.superAdmin,
        payload: productBody({ description: "x".repeat(5001) }),
      }),
    );
    expectFailure(res, 400);
  });

  it.each([
    ["/api/upload-product", productBody({ productName: ["iPhone"] })],
    ["/api/upload-product", productBody({ productImage: "https://cdn.example/a.jpg" })],
    ["/api/upload-product", productBody({ description: { $gt: "" } })],
    ["/api/upload-product", [productBody()]],
    ["/api/update-product", { _id: ["00000000-0000-4000-8000-000000000000"] }],
    ["/api/delete-product", { _id: { $ne: null } }],
    ["/api/product-details", { productId: { $ne: null } }],
    ["/api/product-details", { productId: 42 }],
    ["/api/category-product", { category: { $in: ["SAMSUNG"] } }],
    ["/api/filter-product", { category: [13] }],
    ["/api/filter-product", { category: null }],
  ])("%s refuses the wrongly typed body %j with 400", async (url, payload) => {
    const res = await withoutWrites(() => ctx.call("POST", url, { token: ctx.actors.superAdmin, payload }));
    expectFailure(res, 400);
    expect(res.json().issues?.length).toBeGreaterThan(0);
  });

  it("answers a non-JSON content type with 415 and writes nothing", async () => {
    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/upload-product", {
        token: ctx.actors.superAdmin,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "productName=iPhone&price=1",
      }),
    );
    expectFailure(res, 415, MSG.unsupportedMediaType);
  });
});
