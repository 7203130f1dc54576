/**
 * The cart's count, view and quantity change are each one statement with the session's check
 * (plugins/auth.ts, `inSession`; decision 036): they still answer nothing once the session is
 * over, here and on another app server (decision 021), nor for a forged token or a deleted
 * account; and a quantity change then changes nothing.
 */
import { MSG } from "@shop/shared";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema/auth.ts";
import { cartLines } from "../../db/schema/cart.ts";
import { users } from "../../db/schema/users.ts";
import { customerWithCart, productWithStock, useTestApp } from "../../test/harness.ts";

const ctx = useTestApp({ actors: true });
let productId: string;

beforeAll(async () => {
  ({ productId } = await productWithStock(ctx, ctx.actors.superAdmin, "Redmi Note 13", 5));
});

const READS = ["/api/view-card-product", "/api/countAddToCartProduct"] as const;

/** A customer signed in, with the product in their cart. */
async function customer(): Promise<{ id: string; token: string }> {
  const { user, token } = await customerWithCart(ctx, [[productId, 1]]);
  return { id: user.id, token };
}

describe("the cart's calls with the session's check in their statement", () => {
  it("answer the customer's cart while the session is open", async () => {
    const { token } = await customer();
    const view = await ctx.call("GET", READS[0], { token });
    expect(view.statusCode).toBe(200);
    expect(view.json().data).toHaveLength(1);
    expect(view.json().data[0].productId._id).toBe(productId);
    expect(view.json().data[0].variant).toBeDefined();
    const count = await ctx.call("GET", READS[1], { token });
    expect(count.json().data).toEqual({ count: 1 });
  });

  it("answer 401 and no cart once signed out, here and on another app server", async () => {
    const { token } = await customer();
    const peer = await ctx.peer();
    try {
      const out = await ctx.call("GET", "/api/userLogout", { token });
      expect(out.statusCode).toBe(200);
      for (const app of [ctx.app, peer.app])
        for (const url of READS) {
          const res = await ctx.call("GET", url, { app, token });
          expect(res.statusCode, url).toBe(401);
          expect(res.json()).toMatchObject({ success: false, message: MSG.authInvalid });
          expect(res.body).not.toContain(productId);
        }
    } finally {
      await peer.close();
    }
  });

  it("change no quantity once signed out: 401, the line as it was", async () => {
    const { id, token } = await customer();
    const view = await ctx.call("GET", READS[0], { token });
    const lineId: string = view.json().data[0]._id;
    await ctx.call("GET", "/api/userLogout", { token });
    const res = await ctx.call("POST", "/api/update-cart-product", { token, payload: { _id: lineId, quantity: 3 } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.authInvalid);
    const [line] = await ctx.database.db.select().from(cartLines).where(eq(cartLines.userId, id));
    expect(line?.quantity).toBe(1);
  });

  it("answer 401 once the session's end has passed, and change nothing then", async () => {
    const { id, token } = await customer();
    const lineId: string = (await ctx.call("GET", READS[0], { token })).json().data[0]._id;
    // The token itself is still within its dates: only the session's row says it is over.
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, id));
    for (const url of READS) expect((await ctx.call("GET", url, { token })).statusCode, url).toBe(401);
    const res = await ctx.call("POST", "/api/update-cart-product", { token, payload: { _id: lineId, quantity: 4 } });
    expect(res.statusCode).toBe(401);
    const [line] = await ctx.database.db.select().from(cartLines).where(eq(cartLines.userId, id));
    expect(line?.quantity).toBe(1);
  });

  it("answer 401 for a deleted account, and for a token whose signature is not the shop's", async () => {
    const { id, token } = await customer();
    const [header, payload] = token.split(".");
    const forged = `${header}.${payload}.${"A".repeat(43)}`;
    for (const url of READS) {
      const res = await ctx.call("GET", url, { token: forged });
      expect(res.statusCode, url).toBe(401);
    }
    await ctx.database.db.delete(users).where(eq(users.id, id));
    for (const url of READS) {
      const res = await ctx.call("GET", url, { token });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe(MSG.authInvalid);
    }
  });

  it("read with the session's cookie as with its Bearer token", async () => {
    const { token } = await customer();
    const res = await ctx.call("GET", READS[1], { token, tokenIn: "cookie" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ count: 1 });
  });
});
