/**
 * Bulk changes on 'Gestion des Produits' (decision 048) on the 360 px phone of
 * playwright.config.ts: the SUPERADMIN ticks two of three products, asks the preview of −10 %
 * on their price, reads it (how many, each as it is and would become), applies it, and the
 * storefront sells those two at the new price, the third as before; then the same change
 * without JavaScript, by the forms the browser posts itself.
 */
import type { Product } from "@shop/shared";
import { formatPrice, MSG } from "@shop/shared/core";
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import {
  expectAccessible,
  expectNoSidewaysScroll,
  open,
  ADMIN as SUPERADMIN,
  signInThrough,
  uniqueWord,
  visitorAddress,
} from "./helpers.ts";

// Sign-ins are rate-limited per address: this file's visitor has its own.
test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const GRID = "/admin-panel/all-products";

/** A product of the signed-in admin of `request`, without photo, shown on the storefront. */
async function newProduct(request: APIRequestContext, productName: string, sellingPrice: number): Promise<Product> {
  const made = await request.post("/api/upload-product", {
    data: { productName, brandName: "Samsung", category: "SAMSUNG", price: 200000, sellingPrice },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()).data;
}

/** Two products sharing `word`, and a third that the change must leave as it is. */
async function threeProducts(request: APIRequestContext, word: string) {
  return {
    first: await newProduct(request, `${word} Alpha`, 100000),
    second: await newProduct(request, `${word} Bravo`, 85000),
    untouched: await newProduct(request, `${word} Charlie`, 150000),
  };
}

async function deleteAll(request: APIRequestContext, products: readonly Product[]) {
  for (const product of products) await request.post("/api/delete-product", { data: { _id: product._id } });
}

/** The product as the storefront's API sells it now. */
async function sold(request: APIRequestContext, product: Product) {
  const answer = await request.post("/api/product-details", { data: { productId: product._id } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { price, sellingPrice } = (await answer.json()).data as Product;
  return { price, sellingPrice };
}

const bulkForm = (page: Page) => page.getByRole("form", { name: "Modifier la sélection" });
const box = (page: Page, product: Product) =>
  page.getByRole("checkbox", { name: `Sélectionner « ${product.productName} »` });
const preview = (page: Page) => page.getByRole("region", { name: "Aperçu du changement" });
/** A card of the grid, by its product's name. */
const gridCard = (page: Page, product: Product) =>
  page.getByRole("article").filter({ has: page.getByRole("link", { name: product.productName, exact: true }) });

/** Ticks the two products and asks the preview of −10 % on their selling price. */
async function previewPriceDown(page: Page, first: Product, second: Product) {
  await box(page, first).check();
  await box(page, second).check();
  const form = bulkForm(page);
  await form.getByLabel("Action").selectOption({ label: "Changer le prix (%)" });
  await form.getByLabel("Valeur").fill("-10");
  await form.getByRole("button", { name: "Aperçu" }).click();
  const shown = preview(page);
  await expect(shown).toContainText("2 produits seront modifiés.");
  await expect(shown).toContainText("Prix de vente : \u221210 %");
  const samples = shown.getByRole("list", { name: "Exemples, avant et après" }).getByRole("listitem");
  await expect(samples).toHaveCount(2);
  await expect(samples.filter({ hasText: first.productName })).toContainText(formatPrice(90000));
  await expect(samples.filter({ hasText: second.productName })).toContainText(formatPrice(76500));
  return shown;
}

/** The change is the storefront's: the API and the product page sell at the new price, the third unchanged. */
async function expectSoldAtNewPrices(
  page: Page,
  { first, second, untouched }: Awaited<ReturnType<typeof threeProducts>>,
) {
  expect(await sold(page.request, first)).toEqual({ price: 200000, sellingPrice: 90000 });
  expect(await sold(page.request, second)).toEqual({ price: 200000, sellingPrice: 76500 });
  expect(await sold(page.request, untouched)).toEqual({ price: 200000, sellingPrice: 150000 });
  await page.goto(`/product/${first._id}`);
  await expect(page.getByRole("heading", { level: 1, name: first.productName })).toBeVisible();
  await expect(page.getByText(formatPrice(90000)).first()).toBeVisible();
  await expect(page.locator("main s").first()).toHaveText(formatPrice(200000));
}

test("the SUPERADMIN lowers two products' price by 10 %, previewed then applied, and the storefront sells them so", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signInThrough(page, SUPERADMIN);
  const word = uniqueWord();
  const products = await threeProducts(page.request, word);
  const { first, second, untouched } = products;
  try {
    await open(page, `${GRID}?q=${word}`);
    await expect(page.getByRole("article")).toHaveCount(3);
    const form = bulkForm(page);
    await expect(form.getByText("0 sélectionné", { exact: true })).toBeVisible();
    // Three products, one page: the filter-wide choice names them all.
    await expect(form.getByRole("checkbox", { name: "Tous les 3 produits correspondant au filtre" })).toBeVisible();
    await expectNoSidewaysScroll(page);

    const shown = await previewPriceDown(page, first, second);
    await expect(form.getByText("2 sélectionnés", { exact: true })).toBeVisible();
    await expect(shown.getByRole("heading", { name: "Aperçu du changement" })).toBeFocused();
    // Nothing written by the preview.
    expect(await sold(page.request, first)).toEqual({ price: 200000, sellingPrice: 100000 });
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);

    await shown.getByRole("button", { name: "Appliquer" }).click();
    const status = page.getByRole("main").getByRole("status");
    await expect(status).toHaveText(MSG.bulkApplied(2));
    await expect(status).toBeFocused();
    await expect(preview(page)).toHaveCount(0);
    // Still on the grid, read again: the new prices on the cards, the boxes cleared.
    await expect(page).toHaveURL(`${GRID}?q=${word}`);
    await expect(gridCard(page, first).locator("data")).toHaveAttribute("value", "90000");
    await expect(gridCard(page, second).locator("data")).toHaveAttribute("value", "76500");
    await expect(gridCard(page, untouched).locator("data")).toHaveAttribute("value", "150000");
    await expect(box(page, first)).not.toBeChecked();
    await expect(form.getByText("0 sélectionné", { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await expectSoldAtNewPrices(page, products);
  } finally {
    await deleteAll(page.request, [first, second, untouched]);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same change, by the forms the browser posts itself", async ({ page }) => {
    test.setTimeout(90_000);
    await signInThrough(page, SUPERADMIN);
    const word = uniqueWord();
    const products = await threeProducts(page.request, word);
    const { first, second, untouched } = products;
    try {
      await page.goto(`${GRID}?q=${word}`);
      await expect(page.getByRole("article")).toHaveCount(3);

      const shown = await previewPriceDown(page, first, second);
      // The page the action answered: the boxes as posted, the preview and its confirmation.
      await expect(box(page, first)).toBeChecked();
      await expect(box(page, untouched)).not.toBeChecked();
      await expect(bulkForm(page).getByLabel("Valeur")).toHaveValue("-10");
      expect(await sold(page.request, first)).toEqual({ price: 200000, sellingPrice: 100000 });
      await expectNoSidewaysScroll(page);

      await shown.getByRole("button", { name: "Appliquer" }).click();
      // Led back to the same grid (a reload applies nothing twice), the server's message on it.
      await expect(page).toHaveURL(`${GRID}?q=${word}`);
      await expect(page.getByRole("status").filter({ hasText: MSG.bulkApplied(2) })).toBeVisible();
      await expect(preview(page)).toHaveCount(0);
      await expect(gridCard(page, first).locator("data")).toHaveAttribute("value", "90000");
      await expect(gridCard(page, second).locator("data")).toHaveAttribute("value", "76500");
      await page.reload();
      await expect(gridCard(page, first).locator("data")).toHaveAttribute("value", "90000");
      await expectNoSidewaysScroll(page);

      await expectSoldAtNewPrices(page, products);
    } finally {
      await deleteAll(page.request, [first, second, untouched]);
    }
  });
});
