import { expect, type Page, test } from "./fixtures.ts";

// These journeys hold or replace the API's answers with page.route, which no longer sees a
// request once the service worker controls the page (it claims it soon after hydration, at a
// moment that varies from run to run): they run without it; e2e/offline.spec.ts covers it.
test.use({ serviceWorkers: "block" });

/** The selling prices of the cards shown, in francs, in screen order. */
async function prices(page: Page) {
  const values = page.getByRole("region", { name: "Résultats" }).locator("li data");
  return (await values.evaluateAll((els) => els.map((el) => el.getAttribute("value")))).map(Number);
}
const count = async (page: Page) =>
  Number((await page.getByText(/^Search Results: \d+$/).textContent())?.replace(/\D/g, ""));

test.describe("category page", () => {
  test("the server HTML already lists the categories of the address", async ({ request }) => {
    const html = await (await request.get("/product-category?category=SAMSUNG&category=PIXEL")).text();
    expect(html).toMatch(/Search Results: (<!-- -->)?\d+/);
    expect(html).toContain("Galaxy");
    expect(html).toContain("Pixel");
  });

  test("ticking boxes updates the address and the results; both sorts order the prices", async ({ page }) => {
    await page.goto("/product-category?category=SAMSUNG");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page.getByRole("checkbox", { name: "SAMSUNG" })).toBeChecked();
    const samsung = await count(page);
    expect(samsung).toBeGreaterThan(0);

    await page.getByRole("checkbox", { name: "PIXEL" }).check();
    await expect(page).toHaveURL(/\?category=SAMSUNG&category=PIXEL$/);
    await expect.poll(() => count(page)).toBeGreaterThan(samsung);
    const both = await count(page);
    await expect(page.getByRole("region", { name: "Résultats" }).getByRole("listitem")).toHaveCount(both);

    await page.getByRole("radio", { name: "Prix croissant" }).check();
    await expect(page).toHaveURL(/sort=asc/);
    await expect
      .poll(async () => {
        const list = await prices(page);
        return list.length === both && list.every((p, i) => i === 0 || (list[i - 1] ?? 0) <= p);
      })
      .toBe(true);

    await page.getByRole("radio", { name: "Prix - du haut au bas" }).check();
    await expect(page).toHaveURL(/sort=dsc/);
    await expect
      .poll(async () => {
        const list = await prices(page);
        return list.length === both && list.every((p, i) => i === 0 || (list[i - 1] ?? 0) >= p);
      })
      .toBe(true);

    await page.getByRole("checkbox", { name: "SAMSUNG" }).uncheck();
    await expect(page).toHaveURL(/\?category=PIXEL&sort=dsc$/);
    await expect.poll(() => count(page)).toBe(both - samsung);

    // The address alone brings the same page back.
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "PIXEL" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "SAMSUNG" })).not.toBeChecked();
    await expect(page.getByRole("radio", { name: "Prix - du haut au bas" })).toBeChecked();
  });

  test("13 skeleton cards show while the filter loads", async ({ page }) => {
    await page.goto("/product-category?category=REDMI");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/filter-product*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("checkbox", { name: "HUAWEI" }).check();
    const waiting = page.getByRole("status").filter({ hasText: "Chargement des produits" });
    await expect(waiting.locator("li")).toHaveCount(13);
    release();
    await expect(waiting).toHaveCount(0);
    await expect(page.getByText(/^Search Results: \d+$/)).toBeVisible();
  });
});
