import { FIELD_MSG, MSG, type Review } from "@shop/shared";
import { and, count, eq } from "drizzle-orm";
import type { Response } from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import { reviews } from "../../db/schema/reviews.ts";
import { users } from "../../db/schema/users.ts";
import { createUser, productBody, tokenFor, useTestApp } from "../../test/harness.ts";

const ctx = useTestApp({ actors: true });
let phone: string;

async function createProduct(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await ctx.call("POST", "/api/upload-product", {
    token: ctx.actors.superAdmin,
    payload: productBody(overrides),
  });
  expect(res.statusCode).toBe(201);
  return res.json().data._id;
}

const save = (token: string | null, body: object) => ctx.call("POST", "/api/reviews", { token, payload: body });
const listReviews = (productId: string, query = "") =>
  ctx.call("POST", `/api/product-reviews${query}`, { payload: { productId } });
const ratingOf = async (productId: string) => {
  const res = await ctx.call("POST", "/api/product-details", { payload: { productId } });
  expect(res.statusCode).toBe(200);
  return res.json().data.rating;
};

let people = 0;
/** A signed-in customer whose display name may hold spaces and accents (the e-mail is made apart). */
async function reviewer(name: string) {
  const created = await createUser(ctx, "GENERAL", `reviewer-${++people}`);
  const [user] = await ctx.database.db.update(users).set({ name }).where(eq(users.id, created.id)).returning();
  if (!user) throw new Error("no user");
  return { user, token: await tokenFor(ctx, user) };
}

function expectIssue(res: Response, path: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().issues).toContainEqual({ path, message });
}

beforeAll(async () => {
  phone = await createProduct({ productName: "Galaxy S23", brandName: "Samsung", category: "SAMSUNG" });
});

describe("POST /api/reviews", () => {
  it("needs a signed-in customer", async () => {
    const res = await save(null, { productId: phone, rating: 5 });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.authRequired);
  });

  it("saves the stars and the trimmed comment, and thanks in French", async () => {
    const { user, token } = await reviewer("Awa Ndongo");
    const res = await save(token, { productId: phone, rating: 4, comment: "  Très bon téléphone.  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, error: false, message: MSG.reviewSaved });
    expect(res.json().data).toMatchObject({
      productId: phone,
      userId: user.id,
      userName: "Awa Ndongo",
      rating: 4,
      comment: "Très bon téléphone.",
    });
    expect(res.body).not.toContain(user.email);
  });

  it.each([
    ["0", 0],
    ["6", 6],
    ["2.5", 2.5],
    ["a string", "5"],
    ["missing", undefined],
  ])("refuses a rating of %s in French", async (_label, rating) => {
    const { user, token } = await reviewer(`note-${String(rating)}`);
    const res = await save(token, { productId: phone, rating });
    expectIssue(res, "body.rating", FIELD_MSG.ratingInvalid);
    expect(res.json().message).toBe(FIELD_MSG.ratingInvalid);
    const [row] = await ctx.database.db.select({ n: count() }).from(reviews).where(eq(reviews.userId, user.id));
    expect(row?.n).toBe(0);
  });

  it("refuses a comment over 1000 characters, a bad id and an unknown field", async () => {
    const { token } = await reviewer("Limites");
    expectIssue(
      await save(token, { productId: phone, rating: 3, comment: "x".repeat(1001) }),
      "body.comment",
      FIELD_MSG.commentTooLong,
    );
    expect((await save(token, { productId: phone, rating: 3, comment: "x".repeat(1000) })).statusCode).toBe(200);
    expectIssue(await save(token, { productId: "42", rating: 3 }), "body.productId", FIELD_MSG.idInvalid);
    const extra = await save(token, { productId: phone, rating: 3, userId: ctx.actors.adminUser.id });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().issues[0].path).toBe("body");
  });

  it("answers 404 for an unknown product", async () => {
    const { token } = await reviewer("Inconnu");
    const res = await save(token, { productId: "00000000-0000-4000-8000-000000000000", rating: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.productNotFound);
  });

  it("replaces the customer's earlier review instead of adding one", async () => {
    const product = await createProduct({ productName: "Pixel 8", category: "PIXEL" });
    const { user, token } = await reviewer("Jean Mballa");
    const first = (await save(token, { productId: product, rating: 2, comment: "Batterie faible." })).json().data;
    const second = await save(token, { productId: product, rating: 5 });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ _id: first._id, rating: 5, comment: "", createdAt: first.createdAt });
    expect(new Date(second.json().data.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(first.updatedAt).getTime(),
    );
    const rows = await ctx.database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, product), eq(reviews.userId, user.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.rating).toBe(5);
  });

  it("refreshes the product page's cached rating at once", async () => {
    const product = await createProduct({ productName: "Redmi 13C", category: "REDMI" });
    expect(await ratingOf(product)).toEqual({ average: null, count: 0 });
    // Read twice: the second answer comes from the catalogue cache.
    const cached = await ctx.call("POST", "/api/product-details", { payload: { productId: product } });
    expect(cached.headers.etag).toBeTruthy();

    const a = await reviewer("Client A");
    const b = await reviewer("Client B");
    await save(a.token, { productId: product, rating: 5 });
    expect(await ratingOf(product)).toEqual({ average: 5, count: 1 });
    await save(b.token, { productId: product, rating: 4 });
    expect(await ratingOf(product)).toEqual({ average: 4.5, count: 2 });
    await save(a.token, { productId: product, rating: 1 });
    expect(await ratingOf(product)).toEqual({ average: 2.5, count: 2 });
  });

  it("refreshes the cached rating on another app server too", async () => {
    const product = await createProduct({ productName: "Huawei Nova 11", category: "HUAWEI" });
    const peer = await ctx.peer();
    try {
      const peerRating = async () =>
        (await peer.app.inject({ method: "POST", url: "/api/product-details", payload: { productId: product } })).json()
          .data.rating;
      expect(await peerRating()).toEqual({ average: null, count: 0 });
      const { token } = await reviewer("Client C");
      await save(token, { productId: product, rating: 3 });
      await expect.poll(peerRating, { timeout: 5000 }).toEqual({ average: 3, count: 1 });
    } finally {
      await peer.close();
    }
  });
});

describe("POST /api/product-reviews", () => {
  let product: string;
  const written: Review[] = [];
  const tokens: string[] = [];
  beforeAll(async () => {
    product = await createProduct({ productName: "iPhone 15", category: "IPHONE 15" });
    for (const [name, rating] of [
      ["Aïcha", 5],
      ["Boris", 3],
      ["Carine", 4],
    ] as const) {
      const { token } = await reviewer(`${name} ${written.length}`);
      tokens.push(token);
      const res = await save(token, { productId: product, rating, comment: `Avis de ${name}` });
      written.push(res.json().data);
    }
  });

  it("lists the reviews to anyone, newest first, with the author's name and never the e-mail", async () => {
    const res = await listReviews(product);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: MSG.reviewsListed,
      meta: { page: 1, limit: 100, total: 3 },
    });
    const list: Review[] = res.json().data;
    expect(list.map((r) => r._id)).toEqual(written.map((r) => r._id).reverse());
    expect(list[0]).toEqual(written[2]);
    expect(list.map((r) => r.userName)).toEqual(["Carine 2", "Boris 1", "Aïcha 0"]);
    expect(res.body).not.toMatch(/@test\.cm|email|passwordHash/);
  });

  it("puts a changed review first", async () => {
    const boris = tokens[1] ?? "";
    await save(boris, { productId: product, rating: 2, comment: "Finalement, l'écran raye vite." });
    const list: Review[] = (await listReviews(product)).json().data;
    expect(list.map((r) => r.userName)).toEqual(["Boris 1", "Carine 2", "Aïcha 0"]);
    expect(list[0]).toMatchObject({ _id: written[1]?._id, rating: 2 });
  });

  it("pages with page and limit in the query string", async () => {
    const res = await listReviews(product, "?page=2&limit=2");
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(res.json().data.map((r: Review) => r.userName)).toEqual(["Aïcha 0"]);
    const wrong = await listReviews(product, "?limit=0");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].path).toBe("querystring.limit");
  });

  it("answers an empty list for a product without reviews, 404 for an unknown product", async () => {
    const quiet = await createProduct({ productName: "Chargeur", category: "ACCESSOIRES" });
    expect((await listReviews(quiet)).json()).toMatchObject({ data: [], meta: { total: 0 } });
    const unknown = await listReviews("00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.productNotFound);
  });
});
