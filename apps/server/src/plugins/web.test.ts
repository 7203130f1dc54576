import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { uploadProduct, useTestApp } from "../test/harness.ts";

/**
 * Who may keep the storefront's pages, and the data React Router fetches when the visitor moves
 * to another page (decision 034): the phone's service worker keeps what it is allowed to, a
 * shared cache nothing of a session. Through the real app, the storefront rendered by Vite's
 * development server with the page cache on, as in production.
 */
describe("cache-control of pages and page data", () => {
  const ctx = useTestApp({ actors: true, peer: "storefront" });
  let productId: string;

  beforeAll(async () => {
    productId = (await uploadProduct(ctx, ctx.actors.admin, { productName: "Redmi Note 13" })).json().data._id;
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.call("GET", url, { app: ctx.peerApp, headers });
  const customerCookie = () => ({ cookie: `theme=clair; token=${ctx.actors.general}` });
  const adminCookie = () => ({ cookie: `token=${ctx.actors.admin}` });

  function expectMarked(res: LightMyRequestResponse, cacheControl: string, type: RegExp) {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers["content-type"]).toMatch(type);
    expect(res.headers["cache-control"]).toBe(cacheControl);
  }
  const HTML = /^text\/html/;
  const DATA = /^text\/x-script/;

  it("an anonymous visitor's page may be kept, and is asked again: no-cache, kept by the server too", async () => {
    const url = `/product/${productId}`;
    const rendered = await get(url);
    expectMarked(rendered, "no-cache", HTML);
    expect(rendered.body).toContain("Redmi Note 13");
    // The same bytes from the page cache, and its 304.
    const kept = await get(url);
    expectMarked(kept, "no-cache", HTML);
    expect(kept.headers.etag).toBe(rendered.headers.etag);
    const revalidated = await get(url, { "if-none-match": String(kept.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers["cache-control"]).toBe("no-cache");
    // A page the server does not keep but the phone may (the order form, decision 034).
    expectMarked(await get("/order"), "no-cache", HTML);
  });

  it("a page asked with a session, even one no longer valid, is kept by nobody", async () => {
    const url = "/about";
    for (const headers of [
      customerCookie(),
      { cookie: "token=plus-valide" },
      { authorization: `Bearer ${ctx.actors.general}` },
      { authorization: "Bearer plus-valide" },
    ]) {
      const res = await get(url, headers);
      expectMarked(res, "private, no-store", HTML);
      expect(res.headers.etag, JSON.stringify(headers)).toBeUndefined();
    }
    // The anonymous page is still shared, before and after.
    expectMarked(await get(url), "no-cache", HTML);
    // A cookie whose name only ends in "token" is not a session.
    expectMarked(await get(url, { cookie: "csrftoken=x" }), "no-cache", HTML);
  });

  it("the data of a move to another page: no-cache without a session, private, no-store with one", async () => {
    // React Router's single fetch: the page's address with `.data` (the home page's is `/_.data`),
    // and the routes whose loaders it wants.
    for (const url of [`/product/${productId}.data`, "/_.data", "/product.data?_routes=routes%2Fcatalogue"]) {
      const anonymous = await get(url);
      expectMarked(anonymous, "no-cache", DATA);
      expect(anonymous.body).not.toContain("general-");
      expectMarked(await get(url, customerCookie()), "private, no-store", DATA);
      expectMarked(await get(url, { cookie: "token=plus-valide" }), "private, no-store", DATA);
      expectMarked(await get(url, { authorization: `Bearer ${ctx.actors.general}` }), "private, no-store", DATA);
    }
    const signedIn = await get("/_.data", customerCookie());
    expect(signedIn.body).toContain(ctx.actors.generalUser.name);
  });

  it("the cart and the back-office, pages of one session, are kept by nobody, nor their data", async () => {
    const cart = await get("/cart", customerCookie());
    expectMarked(cart, "private, no-store", HTML);
    expect(cart.body).toContain(ctx.actors.generalUser.name);
    expectMarked(await get("/cart.data", customerCookie()), "private, no-store", DATA);
    for (const url of ["/admin-panel/orders", "/admin-panel/all-products"]) {
      const page = await get(url, adminCookie());
      expectMarked(page, "private, no-store", HTML);
      expect(page.body).toContain(ctx.actors.adminUser.name);
      expectMarked(await get(`${url}.data`, adminCookie()), "private, no-store", DATA);
    }
  });
});
