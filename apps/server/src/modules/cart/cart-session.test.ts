/**
 * The cart's two reads look the cart up beside the session rather than after it (plugins/
 * auth.ts, `asSignedIn`): they still answer nothing once the session is over, here and on
 * another app server (decision 021), nor for a forged or expired token, and a changed role
 * or a deleted account applies at once.
 */
import { MSG } from "@shop/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.ts";
import {
  bearer,
  createActors,
  createTestApp,
  createUser,
  productWithStock,
  type TestContext,
  tokenFor,
} from "../../test/harness.ts";

let ctx: TestContext;
let productId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const actors = await createActors(ctx);
  ({ productId } = await productWithStock(ctx, actors.superAdmin, "Redmi Note 13", 5));
});
afterAll(() => ctx?.close());

const READS = ["/api/view-card-product", "/api/countAddToCartProduct"] as const;

/** A customer signed in, with the product in their cart. */
async function customerWithCart(): Promise<{ id: string; token: string }> {
  const user = await createUser(ctx, "GENERAL");
  const token = await tokenFor(ctx, user);
  const added = await ctx.app.inject({
    method: "POST",
    url: "/api/addtocart",
    headers: bearer(token),
    payload: { productId },
  });
  expect(added.statusCode).toBe(201);
  return { id: user.id, token };
}

describe("the cart's reads beside the session", () => {
  it("answer the customer's cart while the session is open", async () => {
    const { token } = await customerWithCart();
    const view = await ctx.app.inject({ method: "GET", url: READS[0], headers: bearer(token) });
    expect(view.statusCode).toBe(200);
    expect(view.json().data).toHaveLength(1);
    expect(view.json().data[0].productId._id).toBe(productId);
    expect(view.json().data[0].variant).toBeDefined();
    const count = await ctx.app.inject({ method: "GET", url: READS[1], headers: bearer(token) });
    expect(count.json().data).toEqual({ count: 1 });
  });

  it("answer 401 and no cart once signed out, here and on another app server", async () => {
    const { token } = await customerWithCart();
    const peer = await ctx.peer();
    try {
      const out = await ctx.app.inject({ method: "GET", url: "/api/userLogout", headers: bearer(token) });
      expect(out.statusCode).toBe(200);
      for (const app of [ctx.app, peer.app])
        for (const url of READS) {
          const res = await app.inject({ method: "GET", url, headers: bearer(token) });
          expect(res.statusCode, url).toBe(401);
          expect(res.json()).toMatchObject({ success: false, message: MSG.authInvalid });
          expect(res.body).not.toContain(productId);
        }
    } finally {
      await peer.close();
    }
  });

  it("answer 401 for a deleted account, and for a token whose signature is not the shop's", async () => {
    const { id, token } = await customerWithCart();
    const [header, payload] = token.split(".");
    const forged = `${header}.${payload}.${"A".repeat(43)}`;
    for (const url of READS) {
      const res = await ctx.app.inject({ method: "GET", url, headers: bearer(forged) });
      expect(res.statusCode, url).toBe(401);
    }
    await ctx.database.db.delete(users).where(eq(users.id, id));
    for (const url of READS) {
      const res = await ctx.app.inject({ method: "GET", url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe(MSG.authInvalid);
    }
  });

  it("read with the session's cookie as with its Bearer token", async () => {
    const { token } = await customerWithCart();
    const res = await ctx.app.inject({ method: "GET", url: READS[1], cookies: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ count: 1 });
  });
});
