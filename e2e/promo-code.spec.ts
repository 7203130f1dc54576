/**
 * 'Code promo' in the cart (decision 051) on the 360 px phone of playwright.config.ts: a code
 * typed as a customer would, checked, shown in the 'Sommation', carried by the order; a code
 * refused says why and the customer orders without it. With scripts, and without them.
 */
import type { Order } from "@shop/shared";
import { formatPrice, MSG } from "@shop/shared/core";
import { type Browser, expect, type Page, test } from "./fixtures.ts";
import {
  ADMIN,
  chooseDelivery,
  expectAccessible,
  hydrated,
  open,
  signedInCustomer,
  signInThrough,
  someProduct,
  uniqueWord,
} from "./helpers.ts";

/** A code of 1 000 FCFA off any cart, running now, made by the shop's admin: as the customer will type it. */
async function newCode(browser: Browser): Promise<string> {
  const admin = await browser.newPage();
  await signInThrough(admin, ADMIN);
  const word = uniqueWord();
  const made = await admin.request.post("/api/admin/promotions", {
    data: {
      kind: "code",
      name: `Radio ${word}`,
      code: `radio ${word}`,
      discountType: "amount",
      value: 1000,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  await admin.close();
  return `radio ${word.toLowerCase()}`;
}

/** A new customer with one demo product in the cart: its price. */
async function customerWithCart(page: Page): Promise<number> {
  await signedInCustomer(page, "Client Promo");
  const product = await someProduct(page.request, 4);
  expect((await page.request.post("/api/addtocart", { data: { productId: product._id } })).status()).toBe(201);
  return product.sellingPrice;
}

const myOrders = async (page: Page) => (await (await page.request.get("/api/my-orders")).json()).data as Order[];

test("with scripts: a code checked, shown in the totals and carried by the order; a wrong one says why", async ({
  page,
  browser,
}, testInfo) => {
  const typed = await newCode(browser);
  const price = await customerWithCart(page);
  await open(page, "/cart");
  await hydrated(page);

  const field = page.getByLabel("Code promo");
  await field.fill("CODE-INCONNU");
  await page.getByRole("button", { name: "Appliquer" }).click();
  await expect(page.getByRole("alert").filter({ hasText: MSG.promoCodeUnknown })).toBeVisible();
  await expectAccessible(page, testInfo);

  await field.fill(typed);
  await page.getByRole("button", { name: "Appliquer" }).click();
  await expect(page.getByRole("status").filter({ hasText: MSG.promoCodeApplied(formatPrice(1000)) })).toBeVisible();
  const summary = page.getByRole("region", { name: "Sommation" });
  await expect(summary).toContainText(`-${formatPrice(1000)}`);
  await expect(summary).toContainText(formatPrice(price - 1000));

  await chooseDelivery(page, "pickup");
  await page.getByRole("button", { name: "Commander par téléphone" }).click();
  await expect(page.getByText(/Référence de votre commande/)).toBeVisible();
  const [order] = await myOrders(page);
  expect(order).toMatchObject({ discount: 1000, total: price - 1000 });
  expect(order?.promotionCode).toBe(typed.replace(/\s/g, "").toUpperCase());
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("'Appliquer' posts the form and the page says what the code takes off; the order carries it", async ({
    page,
    browser,
  }) => {
    const typed = await newCode(browser);
    const price = await customerWithCart(page);
    await page.goto("/cart");
    await page.getByLabel("Code promo").fill(typed);
    await page.getByRole("button", { name: "Appliquer" }).click();
    await expect(page.getByText(MSG.promoCodeApplied(formatPrice(1000)))).toBeVisible();
    await expect(page.getByRole("region", { name: "Sommation" })).toContainText(formatPrice(price - 1000));
    // The code stays in its field, and goes with the order.
    await expect(page.getByLabel("Code promo")).toHaveValue(typed);
    await chooseDelivery(page, "pickup");
    await page.getByRole("button", { name: "Commander par téléphone" }).click();
    await expect(page).toHaveURL(/\/cart\?commande=CMD-/);
    const [order] = await myOrders(page);
    expect(order).toMatchObject({ discount: 1000, total: price - 1000 });
  });

  test("a code refused at the order: nothing recorded, said beside the field", async ({ page }) => {
    await customerWithCart(page);
    await page.goto("/cart");
    await page.getByLabel("Code promo").fill("PAS-DE-CODE");
    await chooseDelivery(page, "pickup");
    await page.getByRole("button", { name: "Commander par téléphone" }).click();
    await expect(page.getByText(MSG.promoCodeUnknown)).toBeVisible();
    expect(await myOrders(page)).toEqual([]);
  });
});
