import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures.ts";
import { homeSection } from "./helpers.ts";

test.describe("storefront, server-rendered", () => {
  test("the first bytes of the home page already show the products", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain("Les Meilleurs Articles");
    expect(html).toContain("NOUVEAUX IPHONE");
    expect(html).toMatch(/\d\u202f\d{3}\u00a0FCFA/);
  });

  test("the home page lists category rows of product cards that lead to the product", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Les Meilleurs Articles" })).toBeVisible();
    const row = await homeSection(page, "SAMSUNG");
    const cards = row.getByRole("link");
    expect(await cards.count()).toBeGreaterThan(2);
    // The first card's image is loaded eagerly, with the stored widths offered.
    const firstImage = page.locator("main img").first();
    await expect(firstImage).toHaveAttribute("loading", "eager");
    await expect(firstImage).toHaveAttribute("srcset", /400w.*800w.*1600w/);
    await expect(firstImage).toHaveAttribute("width", "400");
  });

  test("an unknown page is a 404 inside the shop's layout, with a way back home", async ({ page }) => {
    const response = await page.goto("/cette-page-nexiste-pas");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.getByRole("link", { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Les Meilleurs Articles" })).toBeVisible();
  });

  test("pages and scripts travel compressed, scripts cached for a year", async ({ request }) => {
    const page = await request.get("/", { headers: { "accept-encoding": "br, gzip" } });
    expect(page.headers()["content-encoding"]).toBe("br");
    // The framework chunk: the largest script, on every page (the entry itself is a few bytes).
    const script = (await page.text()).match(/\/assets\/framework[^"]+\.js/)?.[0];
    expect(script).toBeTruthy();
    const asset = await request.get(script ?? "", { headers: { "accept-encoding": "gzip" } });
    expect(asset.headers()["content-encoding"]).toBe("gzip");
    expect(asset.headers()["cache-control"]).toContain("immutable");
    // Browsers that take Brotli get the copy made at build time, at its highest quality.
    const br = await request.get(script ?? "", { headers: { "accept-encoding": "br, gzip" } });
    expect(br.headers()["content-encoding"]).toBe("br");
    expect(br.headers()["cache-control"]).toContain("immutable");
    const built = readFileSync(path.join("apps/web/build/client", `${script}.br`));
    expect(Number(br.headers()["content-length"])).toBe(built.length);
  });

  test("unknown API paths stay JSON 404s", async ({ request }) => {
    const response = await request.get("/api/nope");
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: true, data: null });
  });

  test("the footer shows the shop's contact details with working links", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: /^\+237/ })).toHaveAttribute("href", /^tel:\+237\d{9}$/);
    await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(footer.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/237\d{9}$/,
    );
  });
});
