/**
 * Accessibility scan of every public page with axe-core, on the 360 px phone of
 * playwright.config.ts: WCAG 2.x A/AA and axe's best practices. A page fails on any violation
 * of impact serious or critical; the others are printed, not failed.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, type TestInfo, test } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const BLOCKING = new Set(["serious", "critical"]);

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** Frames from another origin (the contact page's OpenStreetMap) cannot load here and are not
 * ours: their content is left out, the <iframe> element itself (its title) is still checked. */
const FOREIGN_FRAME_CONTENT = {
  fromFrames: ['iframe[src^="http://"], iframe[src^="https://"]', "html"] as [string, string],
};

function describe(violations: Violation[]): string {
  return violations
    .map((v) => {
      const targets = v.nodes.map((n) => `    - ${n.target.join(" >> ")}`).join("\n");
      return `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${targets}`;
    })
    .join("\n");
}

async function scan(page: Page, testInfo: TestInfo) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).exclude(FOREIGN_FRAME_CONTENT).analyze();
  await testInfo.attach("axe-violations.json", {
    body: JSON.stringify(results.violations, null, 2),
    contentType: "application/json",
  });
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ""));
  const others = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ""));
  if (others.length) console.log(`${testInfo.title}: minor/moderate (not failing)\n${describe(others)}`);
  // The count, not the objects: the message then is the readable list, without a deep diff.
  expect(blocking.length, `serious/critical axe violations on ${page.url()}:\n${describe(blocking)}`).toBe(0);
}

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
      await scan(page, testInfo);
    });
  }

  test("order form showing its errors", async ({ page }, testInfo) => {
    await page.goto("/order");
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByRole("button", { name: "Terminer la commande" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Votre commande n'a pas été envoyée" })).toBeVisible();
    await scan(page, testInfo);
  });

  test("product page (first product of the home page)", async ({ page }, testInfo) => {
    await page.goto("/");
    const href = await page.locator('main a[href^="/product/"]').first().getAttribute("href");
    expect(href).toMatch(/^\/product\/[^/]+$/);
    const response = await page.goto(href ?? "");
    expect(response?.status()).toBe(200);
    await scan(page, testInfo);
  });
});
