/**
 * Promotions (decision 051) on the 360 px phone of playwright.config.ts: the owner sets up a
 * sale and a code in 'Promotions'; the storefront shows the sale at once (badge, time left, the
 * usual price struck) and stops showing it when it is paused.
 */
import { formatPrice } from "@shop/shared/core";
import { expect, test } from "./fixtures.ts";
import { ADMIN, expectAccessible, expectNoSidewaysScroll, open, signInThrough, uniqueWord } from "./helpers.ts";

test.describe.configure({ mode: "serial" });

/** A moment as a `datetime-local` field of the back-office takes it: Douala's time (UTC+1, no daylight saving). */
const doualaInput = (ms: number) => new Date(Date.now() + ms + 3_600_000).toISOString().slice(0, 16);

test("the owner sets up a sale and a code; the storefront shows the sale while it runs", async ({
  page,
  browser,
}, testInfo) => {
  // A brand of its own: this sale reaches no other test's product (deleted at the end: the
  // journeys that follow take the newest product for one with photos).
  const brand = uniqueWord();
  await signInThrough(page, ADMIN);
  const made = await page.request.post("/api/upload-product", {
    data: {
      productName: `Téléphone ${brand}`,
      brandName: brand,
      category: "SAMSUNG",
      productImage: [],
      description: "Neuf, garantie 12 mois.",
      price: 120_000,
      sellingPrice: 99_999,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const productId: string = (await made.json()).data._id;

  await open(page, "/admin-panel");
  await page.getByRole("complementary", { name: "Back-office" }).getByRole("link", { name: "Promotions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Promotions" })).toBeVisible();

  // A new sale: refused in French while incomplete, then saved.
  await page.getByRole("link", { name: "Nouvelle promotion" }).click();
  const form = page.getByRole("form", { name: "Nouvelle promotion" });
  await form.getByRole("button", { name: "Enregistrer" }).click();
  await expect(form.getByText("Le nom de la promotion est obligatoire (60 caractères au plus).")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo);
  const saleName = `Soldes ${brand}`;
  await form.getByRole("radio", { name: "Soldes" }).check();
  await form.getByLabel("Nom", { exact: true }).fill(saleName);
  await form.getByLabel("Réduction").selectOption({ label: "Pourcentage" });
  await form.getByLabel("Valeur").fill("10");
  await form.getByLabel("Début").fill(doualaInput(-3_600_000));
  await form.getByLabel("Fin").fill(doualaInput(2 * 86_400_000 + 600_000));
  await form.getByLabel("Marques").fill(brand);
  await form.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Promotion enregistrée.");
  const card = page.getByRole("listitem").filter({ hasText: saleName });
  await expect(card).toContainText("en cours");
  await expect(card).toContainText("10");

  // A visitor sees it on the product page: its name, the time left, the usual price struck.
  const visitor = await browser.newContext();
  const shopper = await visitor.newPage();
  await open(shopper, `/product/${productId}`);
  const offer = shopper.locator("#offer");
  await expect(offer).toContainText(saleName);
  await expect(offer).toContainText(/Plus que 2 j 0 h|Plus que 1 j 23 h/);
  await expect(offer.locator("data")).toHaveText(formatPrice(89_999));
  await expect(offer.locator("s")).toHaveText(formatPrice(99_999));

  // Paused: the usual price again, at once.
  await card.getByRole("button", { name: `Mettre en pause : ${saleName}` }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Promotion mise en pause.");
  await expect(card).toContainText("en pause");
  await open(shopper, `/product/${productId}`);
  await expect(shopper.locator("#offer")).not.toContainText(saleName);
  await expect(shopper.locator("#offer data")).toHaveText(formatPrice(99_999));
  await visitor.close();

  // A code, typed as a radio host would say it, kept as customers will find it.
  await page.getByRole("link", { name: "Nouvelle promotion" }).click();
  const codeForm = page.getByRole("form", { name: "Nouvelle promotion" });
  await codeForm.getByRole("radio", { name: "Code promo" }).check();
  await codeForm.getByLabel("Nom", { exact: true }).fill(`Radio ${brand}`);
  await codeForm.getByLabel("Code", { exact: true }).fill(`radio ${brand}`);
  await codeForm.getByLabel("Réduction").selectOption({ label: "Montant en FCFA" });
  await codeForm.getByLabel("Valeur").fill("5 000");
  await codeForm.getByLabel("Début").fill(doualaInput(-60_000));
  await codeForm.getByLabel("Nombre total d'utilisations").fill("20");
  await codeForm.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Promotion enregistrée.");
  const codeCard = page.getByRole("listitem").filter({ hasText: `Radio ${brand}` });
  await expect(codeCard).toContainText(`RADIO${brand.toUpperCase()}`);
  await expect(codeCard).toContainText(formatPrice(5_000));
  await expect(codeCard).toContainText(/Utilisations\s*:\s*0\s*\/\s*20/);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo);

  // Ended early: no more buttons.
  await codeCard.getByRole("button", { name: `Terminer maintenant : Radio ${brand}` }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Promotion terminée.");
  await expect(codeCard).toContainText("terminée");
  await expect(codeCard.getByRole("button")).toHaveCount(0);

  // Leaves the shop as the other journeys expect it: this photo-less product gone, its sale ended.
  await card.getByRole("button", { name: `Terminer maintenant : ${saleName}` }).click();
  await expect(card).toContainText("terminée");
  expect((await page.request.post("/api/delete-product", { data: { _id: productId } })).status()).toBe(200);
});
