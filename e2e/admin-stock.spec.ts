/**
 * The back-office's variants and stock at 360 px (decision 024): an admin creates a phone with
 * options, photos and stocks, adjusts a count and reads the history; then the 'Prévenez-moi'
 * loop, from a visitor's number on a sold-out iPhone 15 to the admin's WhatsApp message.
 */
import { randomInt } from "node:crypto";
import type { AdminVariantStock, Product, ProductDetails, ShopIdentity } from "@shop/shared";
import { formatPrice, MSG, restockWhatsappMessage } from "@shop/shared/core";
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import { ADMIN, expectAccessible, expectNoSidewaysScroll, open, signInThrough, visitorAddress } from "./helpers.ts";

// 'Prévenez-moi' and sign-ins are rate-limited per address: this file's visitor has its own.
test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const PHOTO = {
  name: "noir.png",
  mimeType: "image/png",
  buffer: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAKElEQVQ4jWM4ISdHFcQwatCJ0TA6MZqO5EaziNxoMSI3WkLKDWQtAgDGtUkf6nhE+AAAAABJRU5ErkJggg==",
    "base64",
  ),
};

const unique = () => `${Date.now().toString(36)}${randomInt(1000)}`;

async function productsNamed(request: APIRequestContext, name: string): Promise<Product[]> {
  const products = (await (await request.get("/api/get-product?limit=100")).json()).data as Product[];
  return products.filter((p) => p.productName === name);
}

/** The demo catalogue's iPhone 15 (the journeys' contract, apps/server/src/db/seed) with its variants. */
async function iphone15(request: APIRequestContext): Promise<ProductDetails> {
  const list = await request.post("/api/category-product?limit=50", { data: { category: "IPHONE 15" } });
  const found = ((await list.json()).data as Product[]).find((p) => p.productName === "iPhone 15");
  if (!found) throw new Error("the demo catalogue has no iPhone 15");
  return (await (await request.post("/api/product-details", { data: { productId: found._id } })).json()).data;
}

/** A new count set by the signed-in admin of `request`, through the API. */
async function setCount(request: APIRequestContext, variantId: string, stock: number, note: string) {
  const response = await request.post("/api/admin/stock/adjust", { data: { variantId, stock, note } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** One variant's card of the product form, by its values. */
const variantCard = (page: Page, name: string) => page.getByRole("dialog").getByRole("group", { name, exact: true });

async function addOption(page: Page, name: string, values: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Ajouter une option" }).click();
  const option = dialog.getByRole("group", { name: /^Option \d$/ }).last();
  await option.getByLabel("Nom de l'option").fill(name);
  // The group takes the option's name once it has one.
  const named = dialog.getByRole("group", { name, exact: true });
  await named.getByLabel("Ajouter des valeurs").fill(values);
  await named.getByLabel("Ajouter des valeurs").press("Enter");
  for (const value of values.split(",")) {
    await expect(named.getByRole("button", { name: `Retirer la valeur ${value.trim()}` })).toBeVisible();
  }
}

test("an admin creates a phone with options, photos and stocks, adjusts a count and reads the history", async ({
  page,
}, testInfo) => {
  await signInThrough(page, ADMIN);
  const name = `Galaxy Essai Variantes ${unique()}`;
  try {
    await open(page, "/admin-panel/all-products");
    await page.getByRole("button", { name: "Nouveau produit" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouveau produit" });
    await dialog.getByLabel("Nom du produit").fill(name);
    await dialog.getByLabel("Marque").fill("Samsung");
    await dialog.getByLabel("Catégorie").selectOption("SAMSUNG");
    await dialog.getByLabel("Prix", { exact: true }).fill("500 000");
    await dialog.getByLabel("Prix de vente").fill("450000");
    // A product without options has one stock, 'Non suivi' until counted.
    await expect(dialog.getByRole("checkbox", { name: "Non suivi" })).toBeChecked();
    await dialog.getByLabel("Choisir des photos").setInputFiles([PHOTO]);
    await expect(dialog.getByRole("img", { name: "Aperçu 1 : noir.png" })).toHaveAttribute("src", /400\.webp$/);

    await addOption(page, "Stockage", "64 Go, 128 Go");
    await addOption(page, "Couleur", "Noir, Blanc");
    await expect(dialog.getByRole("heading", { name: "Variantes : 4 vendues sur 4" })).toBeVisible();
    await variantCard(page, "128 Go, Blanc").getByRole("button", { name: "Ne pas vendre" }).click();
    await expect(dialog.getByRole("heading", { name: "Variantes : 3 vendues sur 4" })).toBeVisible();
    // New combinations start at the product's prices; 128 Go costs more.
    await expect(variantCard(page, "64 Go, Noir").getByLabel("Prix", { exact: true })).toHaveValue("500 000");
    await variantCard(page, "128 Go, Noir").getByLabel("Prix", { exact: true }).fill("600000");
    await variantCard(page, "128 Go, Noir").getByLabel("Prix de vente").fill("550000");
    await variantCard(page, "64 Go, Noir").getByLabel("Stock").fill("5");
    await variantCard(page, "64 Go, Blanc").getByLabel("Stock").fill("2");
    await variantCard(page, "128 Go, Noir").getByLabel("Stock").fill("4");
    // The black one shows its own photo, chosen among the product's.
    const black = variantCard(page, "64 Go, Noir");
    await black.getByText("Photos de la variante (0)").click();
    await black.getByRole("button", { name: "Photo 1" }).click();
    await expect(black.getByRole("button", { name: "Photo 1" })).toHaveAttribute("aria-pressed", "true");
    await expect(black.getByText("Photos de la variante (1)")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo, "dialog");

    const created = page.getByText(MSG.productCreated).waitFor();
    await dialog.getByRole("button", { name: "Enregistrer" }).click();
    await created;
    await expect(dialog).toBeHidden();
    const card = page.getByRole("article").filter({ hasText: name });
    await expect(card.getByText("En stock")).toBeVisible();

    // What the shop stored: the three variants, their prices, the black one's photo.
    const [stored] = await productsNamed(page.request, name);
    expect(stored).toMatchObject({ price: 500000, sellingPrice: 450000, sellingPriceMax: 550000 });
    const details = (
      await (await page.request.post("/api/product-details", { data: { productId: stored!._id } })).json()
    ).data as ProductDetails;
    expect(details.variants.map((v) => [v.label, v.sellingPrice, v.images.length])).toEqual([
      ["64 Go, Noir", 450000, 1],
      ["64 Go, Blanc", 450000, 0],
      ["128 Go, Noir", 550000, 0],
    ]);

    // The storefront's page opens with its choices.
    await open(page, `/product/${stored!._id}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("group", { name: /^Stockage/ }).getByRole("button", { name: /^128 Go/ })).toBeVisible();
    await expect(main.getByRole("group", { name: /^Couleur/ }).getByRole("button", { name: /^Blanc/ })).toBeVisible();

    // Edited: the form opens on its variants, exact counts and photo; a new price is saved.
    await open(page, "/admin-panel/all-products");
    await page.getByRole("button", { name: `Modifier ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Modifier le produit" });
    await expect(edit.getByRole("heading", { name: "Variantes : 3 vendues sur 4" })).toBeVisible();
    await expect(variantCard(page, "64 Go, Noir").getByLabel("Stock")).toHaveValue("5");
    await expect(variantCard(page, "128 Go, Blanc").getByText("Non vendue")).toBeVisible();
    await variantCard(page, "64 Go, Noir").getByText("Photos de la variante (1)").click();
    await expect(variantCard(page, "64 Go, Noir").getByRole("button", { name: "Photo 1" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await variantCard(page, "64 Go, Blanc").getByLabel("Prix de vente").fill("440000");
    await expectAccessible(page, testInfo, "dialog");
    const updated = page.getByText(MSG.productUpdated).waitFor();
    await edit.getByRole("button", { name: "Sauvegarder" }).click();
    await updated;
    await expect(edit).toBeHidden();
    await expect(card.getByText(formatPrice(440000))).toBeVisible();

    // A delivery of two, then a count of the shelf.
    await page.getByRole("button", { name: `Stock de ${name}` }).click();
    const stock = page.getByRole("dialog", { name: "Ajuster le stock" });
    const form = stock.getByRole("form", { name: "64 Go, Noir" });
    await expect(form.getByText("5 en stock")).toBeVisible();
    await form.getByRole("button", { name: "Ajouter une unité : 64 Go, Noir" }).click();
    await form.getByRole("button", { name: "Ajouter une unité : 64 Go, Noir" }).click();
    await expect(form.getByLabel("Ajouter ou retirer")).toHaveValue("+2");
    await expect(form.getByText("Après : 7 en stock")).toBeVisible();
    // The reason is required.
    await form.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(form.getByLabel("Raison")).toBeFocused();
    await expect(form.getByText("Indiquez la raison du changement de stock.")).toBeVisible();
    await form.getByLabel("Raison").fill("Arrivage");
    await form.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(stock.getByRole("status")).toHaveText(`${MSG.stockAdjusted} ${name} — 64 Go, Noir : 7 en stock.`);
    await form.getByLabel("Nouveau compte").fill("3");
    await form.getByLabel("Raison").fill("Inventaire");
    await form.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(stock.getByRole("status")).toHaveText(`${MSG.stockAdjusted} ${name} — 64 Go, Noir : 3 en stock.`);
    await expect(form.getByText("3 en stock", { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo, "dialog");

    // The history: newest first, who and why.
    await stock.getByRole("link", { name: "Historique du stock" }).click();
    await expect(page).toHaveURL(`/admin-panel/stock?productId=${stored!._id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Stock" })).toBeVisible();
    await expect(page.getByLabel("Produit", { exact: true })).toHaveValue(stored!._id);
    const history = page.locator('section[aria-labelledby="stock-history"]');
    await expect(history.getByText(`5 mouvements pour « ${name} »`)).toBeVisible();
    const movements = history.getByRole("article");
    await expect(movements).toHaveCount(5);
    await expect(movements.nth(0)).toContainText("−4");
    await expect(movements.nth(0)).toContainText("Ajustement : Inventaire");
    await expect(movements.nth(0)).toContainText("3 en stock");
    await expect(movements.nth(0)).toContainText("Super Admin");
    await expect(movements.nth(1)).toContainText("+2");
    await expect(movements.nth(1)).toContainText("Ajustement : Arrivage");
    await expect(movements.nth(1)).toContainText("7 en stock");
    // The opening counts, from the product form.
    await expect(movements.nth(2)).toContainText("Fiche produit");
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);
  } finally {
    for (const product of await productsNamed(page.request, name)) {
      await page.request.post("/api/delete-product", { data: { _id: product._id } });
    }
  }
});

test("'Prévenez-moi': a visitor's number on a sold-out iPhone 15, the admin restocks it and tells them by WhatsApp", async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  const product = await iphone15(request);
  const blue = product.variants.find((v) => v.label === "256 Go, Bleu");
  if (!blue) throw new Error("the iPhone 15 has no 256 Go, Bleu");
  const shop = (await (await request.get("/api/shop")).json()).data as ShopIdentity;
  await signInThrough(page, ADMIN);
  const counts = (await (await page.request.get(`/api/admin/products/${product._id}/stock`)).json())
    .data as AdminVariantStock[];
  // Sold out, as the demo seed has it (another journey may have restocked it).
  if (counts.find((v) => v._id === blue._id)?.stock !== 0) await setCount(page.request, blue._id, 0, "Épuisé");

  try {
    // A visitor leaves a number on the sold-out choice.
    const digits = `6${randomInt(50, 99)}${randomInt(100000, 999999)}`;
    const visitor = await browser.newContext({
      baseURL,
      viewport: { width: 360, height: 740 },
      locale: "fr-FR",
      extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
    });
    const customer = await visitor.newPage();
    await customer.goto(`/product/${product._id}?variant=${blue._id}`);
    await expect(customer.locator("html[data-hydrated]")).toHaveCount(1);
    const ask = customer.locator('section[aria-labelledby="stock-alert-title"]');
    await ask.getByLabel("Votre numéro de téléphone").fill(digits);
    await ask.getByRole("button", { name: "Prévenez-moi" }).click();
    await expect(ask.getByRole("status")).toHaveText(MSG.stockAlertSaved);
    await visitor.close();

    // The dashboard lists it as sold out; its link opens the quick adjustment.
    await open(page, "/admin-panel/dashboard");
    const low = page.locator('section[aria-labelledby="dash-low-stock"]');
    await expect(low.getByRole("heading", { name: "Stock bas" })).toBeVisible();
    await expectAccessible(page, testInfo);
    await low.getByRole("link", { name: "Ajuster le stock de iPhone 15 — 256 Go, Bleu" }).click();
    await expect(page).toHaveURL(`/admin-panel/all-products?stock=${product._id}`);
    const stock = page.getByRole("dialog", { name: "Ajuster le stock" });
    const form = stock.getByRole("form", { name: "256 Go, Bleu" });
    await expect(form.getByText("Épuisé")).toBeVisible();
    for (let i = 0; i < 3; i++) await form.getByRole("button", { name: "Ajouter une unité : 256 Go, Bleu" }).click();
    await form.getByLabel("Raison").fill("Arrivage");
    await form.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(stock.getByRole("status")).toHaveText(`${MSG.stockAdjusted} iPhone 15 — 256 Go, Bleu : 3 en stock.`);
    await stock.getByRole("button", { name: "Fermer" }).click();
    await expect(page).toHaveURL("/admin-panel/all-products");

    // The request to answer: the number, and the message ready to send to it.
    await open(page, "/admin-panel/stock");
    const alerts = page.locator('section[aria-labelledby="stock-alerts"]');
    const display = `+237 ${digits[0]} ${digits.slice(1, 3)} ${digits.slice(3, 5)} ${digits.slice(5, 7)} ${digits.slice(7)}`;
    const request_ = alerts.getByRole("article").filter({ hasText: display });
    await expect(request_).toHaveCount(1);
    await expect(request_.getByRole("heading")).toHaveText("iPhone 15 — 256 Go, Bleu");
    const whatsapp = request_.getByRole("link", { name: `Prévenir sur WhatsApp le ${display}` });
    const href = new URL((await whatsapp.getAttribute("href"))!);
    expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/237${digits}`);
    // With its one-tap link to stop such messages (decision 043), as the API gives it.
    const listed = (await (await page.request.get("/api/admin/stock/alerts")).json()).data as {
      phone: string;
      stopPromotionsUrl: string;
    }[];
    const stopUrl = listed.find((a) => a.phone === `+237${digits}`)!.stopPromotionsUrl;
    expect(stopUrl).toMatch(/^https?:\/\/[^/]+\/stop-promotions\?token=[\w-]{59}$/);
    expect(href.searchParams.get("text")).toBe(restockWhatsappMessage(shop.name, "iPhone 15", "256 Go, Bleu", stopUrl));
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);

    await request_.getByRole("button", { name: `Marquer comme prévenu : ${display}` }).click();
    await expect(alerts.getByText(MSG.stockAlertNotified, { exact: true })).toBeVisible();
    await expect(alerts.getByRole("article").filter({ hasText: display })).toHaveCount(0);
    // The restock is in the history, with who and why.
    const history = page.locator('section[aria-labelledby="stock-history"]');
    const restock = history.getByRole("article").filter({ hasText: "iPhone 15 — 256 Go, Bleu" }).first();
    await expect(restock).toContainText("+3");
    await expect(restock).toContainText("Ajustement : Arrivage");
  } finally {
    // The demo's contract for the other journeys: 256 Go, Bleu sold out.
    await setCount(page.request, blue._id, 0, "Parcours du stock : état de départ");
  }
});
