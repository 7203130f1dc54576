import { gunzipSync } from "node:zlib";
import { PAGE_SIZE_MAX, type Product } from "@shop/shared";
import type { ViteDevServer } from "vite";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { products } from "../../db/schema/products.ts";
import { tokenFor, uploadProduct, useTestApp } from "../../test/harness.ts";

const ctx = useTestApp();
let admin: string;

const HOST = "boutique.test";
const ORIGIN = `http://${HOST}`;
const STATIC_PAGES = ["/", "/product", "/about", "/contact", "/blog", "/privacy", "/terms", "/cookies"];

const get = (url: string, headers: Record<string, string> = {}, app = ctx.app) =>
  ctx.call("GET", url, { app, headers: { host: HOST, ...headers } });

async function createProduct(overrides: Record<string, unknown>): Promise<Product> {
  const res = await uploadProduct(ctx, admin, overrides);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** Every <loc> of a sitemap, entities left as they are. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

beforeAll(async () => {
  admin = await tokenFor(ctx, ctx.superAdmin);
});

describe("GET /sitemap.xml", () => {
  it("is XML of absolute URLs, cached for an hour, from the host the client asked for", async () => {
    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/);
    expect(res.body.trimEnd().endsWith("</urlset>")).toBe(true);
    expect(locs(res.body).slice(0, STATIC_PAGES.length)).toEqual(STATIC_PAGES.map((p) => ORIGIN + p));
    // Without TRUST_PROXY a forwarded protocol is not believed.
    const forwarded = await get("/sitemap.xml", { "x-forwarded-proto": "https" });
    expect(locs(forwarded.body)[0]).toBe(`${ORIGIN}/`);
  });

  it("lists each product with its last change, and one filter page per category that has products", async () => {
    const phone = await createProduct({ category: "SAMSUNG", productName: "Galaxy A15" });
    const speaker = await createProduct({ category: "GADGETS ÉLECTRONIQUES", productName: "Enceinte JBL Go" });
    const xml = (await get("/sitemap.xml")).body;

    for (const p of [phone, speaker]) {
      expect(xml).toContain(`<url><loc>${ORIGIN}/product/${p._id}</loc><lastmod>${p.updatedAt}</lastmod></url>`);
    }
    expect(xml).toContain(
      `<url><loc>${ORIGIN}/product-category?category=SAMSUNG</loc><lastmod>${phone.updatedAt}</lastmod></url>`,
    );
    // Percent-encoded for the URL (space, É), then entity-escaped for the XML.
    expect(locs(xml)).toContain(`${ORIGIN}/product-category?category=GADGETS%20%C3%89LECTRONIQUES`);
    expect(xml).not.toContain("category=PIXEL");
  });

  it("shows a product created later, and forgets a deleted one, at once", async () => {
    const later = await createProduct({ category: "PIXEL", productName: "Pixel 8" });
    const withIt = (await get("/sitemap.xml")).body;
    expect(locs(withIt)).toContain(`${ORIGIN}/product/${later._id}`);
    expect(locs(withIt)).toContain(`${ORIGIN}/product-category?category=PIXEL`);

    const removed = await ctx.call("POST", "/api/delete-product", { token: admin, payload: { _id: later._id } });
    expect(removed.statusCode).toBe(200);
    const without = (await get("/sitemap.xml")).body;
    expect(locs(without)).not.toContain(`${ORIGIN}/product/${later._id}`);
    expect(without).not.toContain("category=PIXEL");
  });

  it("lists every product, far beyond a catalogue page, and compresses the file", async () => {
    const many = PAGE_SIZE_MAX * 3;
    await ctx.database.db.insert(products).values(
      Array.from({ length: many }, (_, i) => ({
        productName: `Coque ${i}`,
        brandName: "Générique",
        category: "ACCESSOIRES" as const,
        price: 5_000,
        sellingPrice: 4_000,
      })),
    );
    const total = await ctx.database.db.$count(products);
    const plain = await get("/sitemap.xml");
    const productLocs = locs(plain.body).filter((l) => l?.startsWith(`${ORIGIN}/product/`));
    expect(productLocs).toHaveLength(total);
    expect(productLocs.length).toBeGreaterThan(many);
    expect(new Set(productLocs).size).toBe(productLocs.length);

    const gzipped = await get("/sitemap.xml", { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it("answers HEAD, as crawlers sometimes ask", async () => {
    const res = await ctx.app.inject({ method: "HEAD", url: "/sitemap.xml", headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
  });
});

describe("GET /robots.txt", () => {
  it("keeps crawlers out of the private pages and the API, and points at the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.body.split("\n")).toEqual([
      "User-agent: *",
      "Disallow: /admin-panel",
      "Disallow: /cart",
      "Disallow: /order",
      "Disallow: /login",
      "Disallow: /sign-up",
      "Disallow: /forgot-password",
      "Disallow: /devices",
      "Disallow: /security",
      "Disallow: /my-data",
      "Disallow: /stop-promotions",
      "Disallow: /api/",
      "",
      `Sitemap: ${ORIGIN}/sitemap.xml`,
      "",
    ]);
  });
});

describe("with PUBLIC_URL set", () => {
  // An address with characters XML must escape, to prove every <loc> is escaped.
  const PUBLIC_URL = "https://boutique.example/m&m's";
  const configured = useTestApp({ env: { PUBLIC_URL } });

  it("builds every URL on it, whatever Host the request carries, entity-escaped in the XML", async () => {
    const xml = (await get("/sitemap.xml", { host: "evil.example" }, configured.app)).body;
    expect(xml).toContain("<loc>https://boutique.example/m&amp;m&apos;s/</loc>");
    expect(xml).toContain("<loc>https://boutique.example/m&amp;m&apos;s/contact</loc>");
    expect(xml).not.toContain("evil.example");
    // No bare ampersand or quote anywhere: the file is well-formed.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(xml.replace(/^<\?xml[^>]*\?>/, "").replace(/xmlns="[^"]*"/, "")).not.toMatch(/['"]/);

    const robots = (await get("/robots.txt", { host: "evil.example" }, configured.app)).body;
    expect(robots).toContain(`\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`);
  });
});

describe("beside the storefront", () => {
  it("are answered by the server even though the storefront claims every other path", async () => {
    // A stand-in for Vite's dev server: the storefront's catch-all loads the app through it on
    // each page request, so it records whether a request reached the storefront.
    const reached: string[] = [];
    const vite = {
      ssrLoadModule: async (id: string) => {
        reached.push(id);
        throw new Error("no storefront in this test");
      },
    } as unknown as ViteDevServer;
    const app = await buildApp({ config: ctx.config, database: ctx.database, logger: false, web: { devServer: vite } });
    try {
      await app.ready();
      for (const [url, type] of [
        ["/sitemap.xml", "application/xml; charset=utf-8"],
        ["/robots.txt", "text/plain; charset=utf-8"],
      ] as const) {
        const res = await get(url, {}, app);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["content-type"]).toBe(type);
      }
      expect(reached).toEqual([]);
      // The check above means something: any other path does go to the storefront.
      await get("/about", {}, app);
      expect(reached).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
