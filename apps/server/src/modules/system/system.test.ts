import { MSG } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/harness.ts";

const ctx = useTestApp({ env: { CORS_ORIGINS: "https://vitrine.example.cm" } });

describe("system", () => {
  it("reports health when the database answers", async () => {
    const res = await ctx.app.inject("/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      error: false,
      message: MSG.healthy,
      data: { database: "ok", files: "local", rateLimits: "local" },
    });
  });

  it("serves the shop identity from the configuration", async () => {
    const res = await ctx.app.inject("/api/shop");
    expect(res.json().data).toMatchObject({ name: ctx.config.shop.name, phone: "237699000000" });
  });

  it("publishes an OpenAPI document that lists every endpoint of the contract", async () => {
    const doc = (await ctx.app.inject("/api/openapi.json")).json();
    const paths = Object.keys(doc.paths);
    for (const p of [
      "/api/signup",
      "/api/signin",
      "/api/user-details",
      "/api/userLogout",
      "/api/all-user",
      "/api/update-user",
      "/api/upload-product",
      "/api/get-product",
      "/api/update-product",
      "/api/get-categoryProduct",
      "/api/category-product",
      "/api/product-details",
      "/api/filter-product",
      "/api/addtocart",
      "/api/countAddToCartProduct",
      "/api/view-card-product",
      "/api/update-cart-product",
      "/api/delete-cart-product",
      "/api/delete-product",
      "/api/search",
      "/api/upload-image",
    ]) {
      expect(paths).toContain(p);
    }
  });

  it("answers unknown routes with a 404 envelope in French", async () => {
    const res = await ctx.app.inject("/api/nope");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: true, message: MSG.notFoundRoute, data: null });
  });

  it("refuses bodies over the limit with 413 and a French message", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/signin",
      payload: { email: "a@b.cm", password: "x".repeat(200_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MSG.bodyTooLarge);
  });

  it("refuses a body of an unknown type with 415, and a plain-text body as invalid", async () => {
    const xml = await ctx.app.inject({
      method: "POST",
      url: "/api/signin",
      headers: { "content-type": "application/xml" },
      payload: "<email>a</email>",
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toBe(MSG.unsupportedMediaType);
    const text = await ctx.app.inject({
      method: "POST",
      url: "/api/signin",
      headers: { "content-type": "text/plain" },
      payload: "email=a",
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ success: false, error: true, data: null });
    expect(text.json().message).toMatch(/[éèàç]|invalide|attendu/i);
  });

  it("allows cross-origin calls with credentials only from configured origins", async () => {
    const allowed = await ctx.app.inject({ url: "/api/health", headers: { origin: "https://vitrine.example.cm" } });
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://vitrine.example.cm");
    expect(allowed.headers["access-control-allow-credentials"]).toBe("true");
    const other = await ctx.app.inject({ url: "/api/health", headers: { origin: "https://evil.example" } });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("CORS by default", () => {
  const plain = useTestApp();

  it("sends no CORS header when no origin is configured", async () => {
    const res = await plain.call("GET", "/api/health", { headers: { origin: "https://vitrine.example.cm" } });
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
