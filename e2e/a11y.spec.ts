/**
 * Accessibility scan of every public page with axe-core, on the 360 px phone of
 * playwright.config.ts: WCAG 2.x A/AA and axe's best practices. A page fails on any violation
 * of impact serious or critical; the others are printed, not failed.
 */
import { expect, test } from "./fixtures.ts";
import { expectAccessible } from "./helpers.ts";

const PAGES: { name: string; path: string; status?: number }[] = [
  { name: "home", path: "/" },
  { name: "catalogue", path: "/product" },
  { name: "categories", path: "/product-category?category=SAMSUNG&category=PIXEL" },
  { name: "search", path: "/search?q=iphone" },
  { name: "empty search", path: "/search" },
  { name: "about", path: "/about" },
  { name: "contact", path: "/contact" },
  { name: "blog", path: "/blog" },
  { name: "privacy", path: "/privacy" },
  { name: "terms", path: "/terms" },
  { name: "cookies", path: "/cookies" },
  { name: "forgot password", path: "/forgot-password" },
  { name: "reset password", path: "/reset-password?token=un-lien-de-test-assez-long" },
  { name: "login", path: "/login" },
  { name: "sign-up", path: "/sign-up" },
  { name: "order form", path: "/order" },
  { name: "order status", path: "/order-status" },
  { name: "404", path: "/cette-page-nexiste-pas", status: 404 },
];

test.describe("accessibility (axe, WCAG 2.2 AA + best practices)", () => {
  for (const { name, path, status = 200 } of PAGES) {
    test(`${name} ${path}`, async ({ page }, testInfo) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      await expectAccessible(page, testInfo);
    });
  }

  test("order form showing its errors", async ({ page }, testInfo) => {
    await page.goto("/order");
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByRole("button", { name: "Terminer la commande" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Votre commande n'a pas été envoyée" })).toBeVisible();
    await expectAccessible(page, testInfo);
  });

  test("product page (first product of the home page)", async ({ page }, testInfo) => {
    await page.goto("/");
    const href = await page.locator('main a[href^="/product/"]').first().getAttribute("href");
    expect(href).toMatch(/^\/product\/[^/]+$/);
    const response = await page.goto(href ?? "");
    expect(response?.status()).toBe(200);
    await expectAccessible(page, testInfo);
  });
});
