import { createHash } from "node:crypto";
import { get as httpGet } from "node:http";
import { promisify } from "node:util";
import { brotliDecompress, gunzip } from "node:zlib";
import { IN_PROCESS_API_KEY, type InProcessApiTransport } from "@shop/shared";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { products } from "../db/schema.ts";
import { createUser, storefrontDevServer, tokenFor, uploadProduct, useTestApp } from "../test/harness.ts";
import { pageKey, sealPage } from "./page-cache.ts";

describe("pageKey", () => {
  it("keeps the storefront's public pages, with their query sorted and tracking left out", () => {
    expect(pageKey("/")).toBe("/");
    expect(pageKey("/product/abc")).toBe("/product/abc");
    expect(pageKey("/product-category?sort=price&category=SAMSUNG")).toBe(
      "/product-category?category=SAMSUNG&sort=price",
    );
    expect(pageKey("/product-category?category=SAMSUNG&utm_source=whatsapp&fbclid=x")).toBe(
      "/product-category?category=SAMSUNG",
    );
    expect(pageKey("/?utm_campaign=promo")).toBe("/");
    expect(pageKey("/search?q=iphone%2015")).toBe("/search?q=iphone+15");
    for (const page of ["/about", "/contact", "/blog", "/privacy", "/terms", "/cookies", "/product"]) {
      expect(pageKey(page)).toBe(page);
    }
  });

  it("leaves out every page rendered for one visitor, and unknown or endless addresses", () => {
    for (const page of [
      "/cart",
      "/order",
      "/order-status?reference=CMD-1",
      "/pay/CMD-1?t=x",
      "/payment/abc",
      "/login",
      "/sign-up",
      "/forgot-password",
      "/admin-panel",
      "/admin-panel/orders",
      "/product/abc/reviews",
      "/nowhere",
    ]) {
      expect(pageKey(page), page).toBeNull();
    }
    expect(pageKey(`/search?q=${"a".repeat(600)}`)).toBeNull();
  });
});

describe("sealPage", () => {
  it("takes the visitor's nonce out and names each inline script by its hash", () => {
    const html =
      '<head><link rel="modulepreload" href="/a.js" nonce="N0+/="><script nonce="N0+/=">window.a=1</script></head>' +
      '<body><script type="module" nonce="N0+/=">import "/a.js"</script><script src="/b.js" nonce="N0+/="></script>' +
      '<script nonce="N0+/=">window.a=1</script></body>';
    const { html: sealed, scriptHashes } = sealPage(html, "N0+/=");
    expect(sealed).not.toContain("N0+/=");
    expect(sealed).not.toContain("nonce");
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(scriptHashes).toBe(`${sha("window.a=1")} ${sha('import "/a.js"')}`);
  });
});

/**
 * Two app servers on one database, each serving the storefront through Vite's development
 * server (React Router renders the real pages from the real data) with the page cache on.
 */
describe("the page cache on the storefront", () => {
  const ctx = useTestApp({ actors: true });
  let vite: ViteDevServer;
  let one: App;
  let two: App;
  let closeAll: () => Promise<void>;
  let productId: string;
  let customerCookie: string;

  beforeAll(async () => {
    const res = await uploadProduct(ctx, ctx.actors.admin, {
      productName: "Galaxy A55 promo",
      brandName: "Samsung",
      category: "SAMSUNG",
    });
    productId = res.json().data._id;
    const customer = await createUser(ctx, "GENERAL", "awa-mballa");
    customerCookie = `token=${await tokenFor(ctx, customer)}`;
    vite = await storefrontDevServer();
    const web = { devServer: vite, pageCache: {} };
    const first = await ctx.peer({ web });
    const second = await ctx.peer({ web });
    one = first.app;
    two = second.app;
    closeAll = async () => {
      await second.close();
      await first.close();
    };
  }, 120_000);

  afterAll(async () => {
    await closeAll?.();
    await vite?.close();
  });

  const page = (app: typeof one, url: string, headers: Record<string, string> = {}) =>
    ctx.call("GET", url, { app, headers });

  /**
   * Counts renders by the shop's identity, which every page's layout reads in process, and
   * makes each render take `delayMs`, until `stop()`. Installed last, it wraps whichever
   * server's transport is current.
   */
  function watchRenders(delayMs = 0) {
    const key = Symbol.for(IN_PROCESS_API_KEY);
    const registry = globalThis as Record<symbol, InProcessApiTransport>;
    const transport = registry[key]!;
    const watch = {
      renders: 0,
      stop: () => {
        registry[key] = transport;
      },
    };
    registry[key] = async (request) => {
      if (request.path === "/api/shop") {
        watch.renders++;
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
      return transport(request);
    };
    return watch;
  }

  /** Renames the product straight in the database: no announcement, so only a render shows it. */
  async function renameQuietly(name: string) {
    await ctx.database.db.update(products).set({ productName: name }).where(eq(products.id, productId));
  }

  function expectShared(res: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toMatch(/^W\/".+"$/);
    expect(res.headers.vary).toBe("accept-encoding, cookie");
    expect(res.body).not.toMatch(/ nonce="/);
  }

  function expectOwn(res: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBeUndefined();
  }

  it("serves an anonymous page from memory until the catalogue changes, on every server", async () => {
    const url = `/product/${productId}`;
    const first = await page(two, url);
    expectShared(first);
    expect(first.body).toContain("Galaxy A55 promo");

    await renameQuietly("Galaxy A55 renommé");
    const again = await page(two, url);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);

    // A change made through the other server, as an admin does: the next request sees it.
    const change = await ctx.call("POST", "/api/update-product", {
      app: one,
      token: ctx.actors.admin,
      payload: { _id: productId, productName: "Galaxy A55 soldé" },
    });
    expect(change.statusCode, change.body).toBe(200);
    await expect.poll(async () => (await page(two, url)).body, { timeout: 5_000 }).toContain("Galaxy A55 soldé");
    expect((await page(one, url)).body).toContain("Galaxy A55 soldé");
  });

  it("never gives a signed-in visitor the anonymous page, nor the reverse", async () => {
    const url = "/product-category?category=SAMSUNG";
    const anonymous = await page(one, url);
    expectShared(anonymous);
    expect(anonymous.body).not.toContain("awa-mballa");

    const signedIn = await page(one, url, { cookie: customerCookie });
    expectOwn(signedIn);
    expect(signedIn.body).toContain("awa-mballa");

    // And in the other order, on a page nobody asked for yet.
    const url2 = "/search?q=galaxy";
    const signedInFirst = await page(one, url2, { cookie: `theme=dark; ${customerCookie}` });
    expectOwn(signedInFirst);
    expect(signedInFirst.body).toContain("awa-mballa");
    const anonymousAfter = await page(one, url2);
    expectShared(anonymousAfter);
    expect(anonymousAfter.body).not.toContain("awa-mballa");
    expect((await page(one, url2, { authorization: `Bearer ${ctx.actors.admin}` })).headers.etag).toBeUndefined();
  });

  it("answers 304 to a browser that has the page, and sends Brotli or gzip made once", async () => {
    const url = "/about";
    const plain = await page(one, url);
    expectShared(plain);
    const revalidated = await page(one, url, { "if-none-match": String(plain.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.headers["content-security-policy"]).toBe(plain.headers["content-security-policy"]);

    const br = await page(one, url, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect((await promisify(brotliDecompress)(br.rawPayload)).toString()).toBe(plain.body);
    const gz = await page(one, url, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect((await promisify(gunzip)(gz.rawPayload)).toString()).toBe(plain.body);
  });

  it("keeps one page for addresses that differ only by tracking or order of parameters", async () => {
    await page(one, "/product-category?category=PIXEL&utm_source=whatsapp");
    await renameQuietly("Galaxy A55 encore renommé");
    const same = await page(one, "/product-category?utm_medium=status&category=PIXEL");
    expectShared(same);
    const first = await page(one, "/product-category?category=PIXEL");
    expect(first.headers.etag).toBe(same.headers.etag);
  });

  it("past its time, renders the page once more while the others get the kept bytes", async () => {
    // A third server, whose in-process transport replaces the others' until it is closed.
    const key = Symbol.for(IN_PROCESS_API_KEY);
    const registry = globalThis as Record<symbol, InProcessApiTransport>;
    const before = registry[key];
    const short = await ctx.peer({ web: { devServer: vite, pageCache: { ttlMs: 300 } } });
    try {
      const url = `/product/${productId}`;
      const kept = await page(short.app, url);
      expectShared(kept);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const watch = watchRenders(300);
      try {
        const started = performance.now();
        const waits: number[] = [];
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            const res = await page(short.app, url);
            expect(res.statusCode).toBe(200);
            waits.push(performance.now() - started);
          }),
        );
        expect(watch.renders).toBe(1);
        // One request waited for the new render; the nine others had the kept bytes at once.
        expect(waits.filter((ms) => ms < 250)).toHaveLength(9);
        expect(waits.filter((ms) => ms >= 300)).toHaveLength(1);
        // And the new render is what is kept now.
        await page(short.app, url);
        expect(watch.renders).toBe(1);
      } finally {
        watch.stop();
      }
    } finally {
      await short.close();
      if (before) registry[key] = before;
    }
  });

  it("never keeps errors, pages of one visitor, or other methods", async () => {
    const missing = await page(one, "/product/00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    for (const url of ["/cart", "/order", "/login", "/order-status"]) {
      const res = await page(one, url);
      expect(res.headers.etag, url).toBeUndefined();
    }
    const head = await one.inject({ method: "HEAD", url: "/about" });
    expect(head.headers.etag).toBeUndefined();
  });

  it("renders a crowd's first requests for a page once, and serves them all the same bytes", async () => {
    const watch = watchRenders();
    try {
      const url = "/product-category?category=HUAWEI";
      const answers = await Promise.all(Array.from({ length: 20 }, () => page(two, url)));
      for (const res of answers) expectShared(res);
      expect(new Set(answers.map((r) => r.headers.etag)).size).toBe(1);
      expect(watch.renders).toBe(1);
    } finally {
      watch.stop();
    }
  });

  it("after a render that could not be kept, renders once more for all who waited, not once each", async () => {
    const url = "/product-category?category=REDMI";
    const watch = watchRenders(300);
    try {
      const first = page(two, url);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const waiting = Array.from({ length: 8 }, () => page(two, url));
      // A change while the first render runs: its bytes may be out of date and are not kept.
      await two.catalogueChanged();
      const answers = await Promise.all([first, ...waiting]);
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      // The first render, then one for the eight who waited for it.
      expect(watch.renders).toBe(2);
      expectShared(await page(two, url));
      expect(watch.renders).toBe(2);
    } finally {
      watch.stop();
    }
  });

  it("when the visitor whose request renders a page leaves, renders it once more for all who waited", async () => {
    const url = "/product-category?category=PIXEL";
    const origin = await two.listen({ port: 0, host: "127.0.0.1" });
    // The same address as the leaving visitor's, so the same page in the cache.
    const host = new URL(origin).host;
    const watch = watchRenders(300);
    try {
      // The first visitor's phone loses its connection while the page renders, which stops
      // that render (React Router aborts it): nothing to keep.
      const leaving = httpGet(`${origin}${url}`);
      leaving.on("error", () => {});
      await new Promise((resolve) => setTimeout(resolve, 50));
      const waiting = Array.from({ length: 8 }, () => page(two, url, { host }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      leaving.destroy();
      const answers = await Promise.all(waiting);
      for (const res of answers) expectShared(res);
      expect(new Set(answers.map((r) => r.headers.etag)).size).toBe(1);
      // The one stopped, then one for the eight who waited for it.
      expect(watch.renders).toBe(2);
    } finally {
      watch.stop();
    }
  });
});
