import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createTestApp, useTestApp } from "../../test/harness.ts";

/** Decision 034: the storefront and the back-office, each installable apart on the phone. */

const SHOP_NAME = "Boutique Test Mvog-Ada";
const publicDir = path.resolve(import.meta.dirname, "../../../../web/public");

const ctx = useTestApp({ env: { SHOP_NAME } });

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

async function manifest(url: string) {
  const res = await ctx.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
  // Asked again at each visit: a renamed shop shows at the next one.
  expect(res.headers["cache-control"]).toBe("no-cache");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  return { res, body: res.json() };
}

/** Each icon named is a file of the web app's public folder, a PNG of the size it claims. */
async function expectIconsExist(icons: Icon[]) {
  for (const icon of icons) {
    const file = path.join(publicDir, icon.src);
    expect(existsSync(file), icon.src).toBe(true);
    const { format, width, height } = await sharp(file).metadata();
    expect(format, icon.src).toBe("png");
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
}

function expectIcons(icons: Icon[]) {
  expect(icons).toEqual([
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ]);
}

describe("GET /manifest.webmanifest (the storefront)", () => {
  it("names the shop from its configuration, opens the home page standalone, with its icons", async () => {
    const { body } = await manifest("/manifest.webmanifest");
    expect(body).toMatchObject({
      id: "/",
      name: SHOP_NAME,
      short_name: SHOP_NAME,
      lang: "fr",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#0b5cad",
      background_color: "#f8fafc",
    });
    expect(body.description).toMatch(/Yaoundé/);
    expectIcons(body.icons);
    await expectIconsExist(body.icons);
    // Shortcuts lead to storefront pages, with an icon that exists too.
    expect(body.shortcuts.map((s: { url: string }) => s.url)).toEqual(["/product", "/order"]);
    await expectIconsExist(body.shortcuts.flatMap((s: { icons: Icon[] }) => s.icons));
  });

  it("answers 304 to a phone that has it", async () => {
    const { res } = await manifest("/manifest.webmanifest");
    const etag = res.headers.etag;
    expect(etag).toBeTruthy();
    const again = await ctx.app.inject({ url: "/manifest.webmanifest", headers: { "if-none-match": String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers["cache-control"]).toBe("no-cache");
    // Each manifest has its own tag: the back-office's is not taken for the storefront's.
    const other = await ctx.app.inject({ url: "/admin.webmanifest", headers: { "if-none-match": String(etag) } });
    expect(other.statusCode).toBe(200);
  });
});

describe("GET /admin.webmanifest (the back-office)", () => {
  it("is its own app: the shop's name and Gestion, scoped to the back-office, opening on the orders", async () => {
    const { body } = await manifest("/admin.webmanifest");
    expect(body).toMatchObject({
      id: "/admin-panel",
      name: `${SHOP_NAME} — Gestion`,
      short_name: "Gestion",
      lang: "fr",
      start_url: "/admin-panel/orders",
      scope: "/admin-panel",
      display: "standalone",
      theme_color: "#0b5cad",
      background_color: "#f8fafc",
    });
    // The start page and shortcuts are inside the scope, or the phone would open them in a browser tab.
    for (const url of [body.start_url, ...body.shortcuts.map((s: { url: string }) => s.url)]) {
      expect(url.startsWith(`${body.scope}/`), url).toBe(true);
    }
    expectIcons(body.icons);
    await expectIconsExist(body.icons);
  });

  it("follows the shop's name when the configuration changes", async () => {
    const renamed = await createTestApp({ SHOP_NAME: "Chez Awa Téléphones" });
    try {
      const before = (await ctx.app.inject("/manifest.webmanifest")).headers.etag;
      const storefront = await renamed.app.inject({
        url: "/manifest.webmanifest",
        headers: { "if-none-match": String(before) },
      });
      // The phone that kept the old name gets the new manifest, not a 304.
      expect(storefront.statusCode).toBe(200);
      expect(storefront.json().name).toBe("Chez Awa Téléphones");
      const backOffice = (await renamed.app.inject("/admin.webmanifest")).json();
      expect(backOffice.name).toBe("Chez Awa Téléphones — Gestion");
    } finally {
      await renamed.close();
    }
  });
});
