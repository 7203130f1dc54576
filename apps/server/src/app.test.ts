import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actors, createActors, createTestApp, type TestContext } from "./test/harness.ts";

/** The API's answers to a request with a session are that account's: no cache keeps them (decision 034). */
describe("cache-control of the API's answers", () => {
  let ctx: TestContext;
  let actors: Actors;
  beforeAll(async () => {
    ctx = await createTestApp();
    actors = await createActors(ctx);
  });
  afterAll(() => ctx.close());

  it("marks an account's answers private, no-store, with a cookie or a bearer token, valid or not", async () => {
    const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: "GET", url, headers });
    const sessions: Record<string, string>[] = [
      { authorization: `Bearer ${actors.general}` },
      { cookie: `token=${actors.general}` },
      { cookie: "token=plus-valable" },
    ];
    for (const headers of sessions) {
      const answer = await get("/api/user-details", headers);
      expect(answer.headers["cache-control"], JSON.stringify(headers)).toBe("private, no-store");
    }
    const cart = await get("/api/countAddToCartProduct", { authorization: `Bearer ${actors.general}` });
    expect(cart.headers["cache-control"]).toBe("private, no-store");
  });

  it("leaves answers without a session, and the catalogue's own rule, as they are", async () => {
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/shop" });
    expect(anonymous.headers["cache-control"]).toBeUndefined();
    const catalogue = await ctx.app.inject({
      method: "GET",
      url: "/api/get-product",
      headers: { authorization: `Bearer ${actors.general}` },
    });
    expect(catalogue.headers["cache-control"]).toBe("no-cache");
  });
});
