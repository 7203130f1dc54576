import { describe, expect, it } from "vitest";
import { useTestApp } from "./test/harness.ts";

/** The API's answers to a request with a session are that account's: no cache keeps them (decision 034). */
describe("cache-control of the API's answers", () => {
  const ctx = useTestApp({ actors: true });

  it("marks an account's answers private, no-store, with a cookie or a bearer token, valid or not", async () => {
    const sessions: Record<string, string>[] = [
      { authorization: `Bearer ${ctx.actors.general}` },
      { cookie: `token=${ctx.actors.general}` },
      { cookie: "token=plus-valable" },
    ];
    for (const headers of sessions) {
      const answer = await ctx.call("GET", "/api/user-details", { headers });
      expect(answer.headers["cache-control"], JSON.stringify(headers)).toBe("private, no-store");
    }
    const cart = await ctx.call("GET", "/api/countAddToCartProduct", { token: ctx.actors.general });
    expect(cart.headers["cache-control"]).toBe("private, no-store");
  });

  it("leaves answers without a session, and the catalogue's own rule, as they are", async () => {
    const anonymous = await ctx.call("GET", "/api/shop");
    expect(anonymous.headers["cache-control"]).toBeUndefined();
    const catalogue = await ctx.call("GET", "/api/get-product", { token: ctx.actors.general });
    expect(catalogue.headers["cache-control"]).toBe("no-cache");
  });
});
