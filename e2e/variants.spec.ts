import { randomInt } from "node:crypto";
import type { AdminVariantStock, Product, ProductDetails } from "@shop/shared";
import { FIELD_MSG, formatPrice, MSG } from "@shop/shared/core";
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import {
  ADMIN,
  cartLink,
  chooseDelivery,
  expectAccessible,
  expectNoSidewaysScroll,
  hydrated,
  open,
  signedInCustomer,
  visitorAddress,
} from "./helpers.ts";

// 'Prévenez-moi' is rate-limited per address: this file's visitor has its own.
test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

/** The demo catalogue's contract (e2e's seed, apps/server/src/db/seed): iPhone 15 and its counts. */
const CONTRACT: Record<string, number> = {
  "128 Go, Noir": 8,
  "128 Go, Bleu": 5,
  "128 Go, Rose": 2,
  "256 Go, Noir": 6,
  "256 Go, Bleu": 0,
  "512 Go, Noir": 1,
};

async function iphone15(request: APIRequestContext): Promise<ProductDetails> {
  const list = await request.post("/api/category-product?limit=50", { data: { category: "IPHONE 15" } });
  const found = ((await list.json()).data as Product[]).find((p) => p.productName === "iPhone 15");
  if (!found) throw new Error("the demo catalogue has no iPhone 15");
  return (await (await request.post("/api/product-details", { data: { productId: found._id } })).json()).data;
}

/**
 * Other journeys in the same run may sell or restock an iPhone 15: the counts this file reads
 * are put back to the contract's first, by an admin, only where they differ.
 */
test.beforeAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  const signIn = await admin.post("/api/signin", {
    headers: { "x-forwarded-for": visitorAddress() },
    data: ADMIN,
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const product = await iphone15(admin);
  const stock = (await (await admin.get(`/api/admin/products/${product._id}/stock`)).json())
    .data as AdminVariantStock[];
  for (const variant of stock) {
    const wanted = CONTRACT[variant.label];
    if (wanted === undefined || variant.stock === wanted) continue;
    const adjust = await admin.post("/api/admin/stock/adjust", {
      data: { variantId: variant._id, stock: wanted, note: "Parcours des variantes : état de départ" },
    });
    expect(adjust.ok(), await adjust.text()).toBe(true);
  }
  await admin.dispose();
});

const group = (page: Page, option: string) =>
  page.getByRole("main").getByRole("group", { name: new RegExp(`^${option}`) });
/** A value's button: its name starts with the value ("Bleu, épuisé", "Rose, non disponible…"). */
const value = (page: Page, option: string, name: string) =>
  group(page, option).getByRole("button", { name: new RegExp(`^${name}(,|$)`) });
const offer = (page: Page) => page.locator("#offer");

async function choose(page: Page, option: string, name: string) {
  await value(page, option, name).click();
  await expect(value(page, option, name)).toHaveAttribute("aria-pressed", "true");
}

async function expectChoice(page: Page, storage: string, colour: string) {
  await expect(value(page, "Stockage", storage)).toHaveAttribute("aria-pressed", "true");
  await expect(value(page, "Couleur", colour)).toHaveAttribute("aria-pressed", "true");
  await expect(group(page, "Stockage")).toHaveAccessibleName(`Stockage : ${storage}`);
  await expect(group(page, "Couleur")).toHaveAccessibleName(`Couleur : ${colour}`);
}

const variantOf = (product: ProductDetails, label: string) => {
  const found = product.variants.find((v) => v.label === label);
  if (!found) throw new Error(`iPhone 15 has no ${label}`);
  return found;
};

test.describe("variants and stock on the storefront", () => {
  test("the category's cards read 'à partir de' and their stock; the page follows capacity and colour", async ({
    page,
    request,
  }, testInfo) => {
    const product = await iphone15(request);
    await open(page, `/product-category?category=${encodeURIComponent("IPHONE 15")}`);
    const cards = page.getByRole("region", { name: "Résultats" }).getByRole("listitem");
    const card = cards.filter({ has: page.getByRole("heading", { name: "iPhone 15", exact: true }) });
    await expect(card).toContainText(`à partir de ${formatPrice(395_000)}`);
    await expect(card.getByText("En stock", { exact: true })).toBeVisible();
    // Every card says its stock on one line of its own.
    await expect(cards.locator("[data-stock]")).toHaveCount(await cards.count());
    await expectNoSidewaysScroll(page);

    await card.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1, name: "iPhone 15" })).toBeVisible();
    // No ?variant=: the cheapest that can be bought.
    await expectChoice(page, "128 Go", "Noir");
    await expect(offer(page).locator("data")).toHaveText(formatPrice(395_000));
    await expectAccessible(page, testInfo);

    const where = () => page.evaluate(() => ({ length: history.length, y: Math.round(window.scrollY) }));
    await value(page, "Stockage", "256 Go").scrollIntoViewIfNeeded();
    const before = await where();
    await choose(page, "Stockage", "256 Go");
    // The address was replaced, not pushed, and the page did not jump.
    const after = await where();
    expect(after.length).toBe(before.length);
    expect(Math.abs(after.y - before.y)).toBeLessThan(2);
    await choose(page, "Couleur", "Noir");
    await expectChoice(page, "256 Go", "Noir");
    await expect(offer(page).locator("data")).toHaveText(formatPrice(470_000));
    await expect(offer(page).locator("s")).toHaveCount(0);
    await expect(offer(page)).toContainText("En stock");
    await expect(page).toHaveURL(new RegExp(`\\?variant=${variantOf(product, "256 Go, Noir")._id}$`));
    expect((await where()).length).toBe(before.length);
    // The WhatsApp message names the variant and its price.
    const whatsapp = decodeURIComponent(
      (await page.getByRole("link", { name: "Commander via WhatsApp" }).getAttribute("href")) ?? "",
    );
    expect(whatsapp).toContain(`iPhone 15 — 256 Go, Noir (${formatPrice(470_000)})`);

    await page.reload();
    await hydrated(page);
    await expectChoice(page, "256 Go", "Noir");
    await expect(offer(page).locator("data")).toHaveText(formatPrice(470_000));

    await choose(page, "Stockage", "128 Go");
    await choose(page, "Couleur", "Rose");
    await expect(offer(page)).toContainText("Plus que 2 en stock");
    await expect(offer(page).locator("data")).toHaveText(formatPrice(395_000));
    await expect(offer(page).locator("s")).toHaveText(formatPrice(430_000));
    await expect(offer(page)).toContainText("8% OFF");

    // 512 Go is sold in Noir only: from Rose it is struck through, and choosing it moves to 512 Go, Noir.
    await expect(value(page, "Stockage", "512 Go")).toHaveAccessibleName("512 Go, non disponible avec ce choix");
    await expect(value(page, "Stockage", "512 Go")).toHaveAttribute("data-state", "unavailable");
    await value(page, "Stockage", "512 Go").click();
    await expectChoice(page, "512 Go", "Noir");
    await expect(value(page, "Couleur", "Rose")).toHaveAccessibleName("Rose, non disponible avec ce choix");
    await expect(value(page, "Couleur", "Bleu")).toHaveAttribute("data-state", "unavailable");
    await expect(offer(page)).toContainText("Plus que 1 en stock");
    await expect(offer(page).locator("data")).toHaveText(formatPrice(560_000));
    // Keyboard: the values are buttons in the tab order, Enter chooses.
    await value(page, "Stockage", "256 Go").focus();
    await page.keyboard.press("Enter");
    await expectChoice(page, "256 Go", "Noir");
  });

  test("a sold-out choice: 'Épuisé', no adding to the cart, and 'Prévenez-moi'", async ({
    page,
    request,
  }, testInfo) => {
    const product = await iphone15(request);
    await open(page, `/product/${product._id}?variant=${variantOf(product, "256 Go, Noir")._id}`);
    await expect(value(page, "Couleur", "Bleu")).toHaveAccessibleName("Bleu, épuisé");
    await choose(page, "Couleur", "Bleu");
    await expect(offer(page)).toContainText("Épuisé");
    const add = page.getByRole("main").getByRole("button", { name: "Ajouter au panier : iPhone 15" }).first();
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription(/Ce choix est épuisé/);

    const alert = page.locator('section[aria-labelledby="stock-alert-title"]');
    await expect(alert).toContainText("« iPhone 15 — 256 Go, Bleu » est épuisé");
    await expectAccessible(page, testInfo, 'section[aria-labelledby="stock-alert-title"]');
    const phone = alert.getByLabel("Votre numéro de téléphone");
    await expect(phone).toHaveAttribute("inputmode", "tel");
    // A wrong number: the shared schema's words under the field, the focus on it.
    await phone.fill("12 34");
    await alert.getByRole("button", { name: "Prévenez-moi" }).click();
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAccessibleDescription(new RegExp(FIELD_MSG.phoneInvalid.replace(/[.()]/g, "\\$&")));
    await expectAccessible(page, testInfo, 'section[aria-labelledby="stock-alert-title"]');

    await phone.fill(`6 ${randomInt(50, 99)} ${randomInt(10, 99)} ${randomInt(10, 99)} ${randomInt(10, 99)}`);
    await alert.getByRole("button", { name: "Prévenez-moi" }).click();
    await expect(alert.getByRole("status")).toHaveText(MSG.stockAlertSaved);
    await expect(alert.getByRole("button", { name: "Prévenez-moi" })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });

  test("a signed-in customer adds 256 Go, Noir: the cart line names it", async ({ page, request }) => {
    const product = await iphone15(request);
    // A visitor is sent to sign in, to come back to the choice made.
    await open(page, `/product/${product._id}`);
    await choose(page, "Stockage", "256 Go");
    await choose(page, "Couleur", "Noir");
    const chosen = new URL(page.url());
    await page.getByRole("main").getByRole("button", { name: "Ajouter au panier : iPhone 15" }).first().click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(chosen.pathname + chosen.search);

    await signedInCustomer(page, "Client Variantes");
    await open(page, chosen.pathname + chosen.search);
    await expectChoice(page, "256 Go", "Noir");
    await page.getByRole("main").getByRole("button", { name: "Ajouter au panier : iPhone 15" }).first().click();
    await expect(cartLink(page)).toHaveAccessibleName("Panier : 1 article");
    await cartLink(page).click();
    await expect(page).toHaveURL(/\/cart$/);
    const lines = page.getByRole("region", { name: "Articles du panier" }).getByRole("listitem");
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText("iPhone 15 — 256 Go, Noir");
    await expect(lines.first()).toContainText(formatPrice(470_000));

    // Ordered on WhatsApp, delivered in Bastos: free from the demo's 300 000 FCFA.
    await chooseDelivery(page, { neighbourhood: "Bastos", landmark: "En face de la pharmacie du Golf" });
    const summary = page.getByRole("region", { name: "Sommation" });
    await expect(summary.getByText("Livraison (Zone 2)").locator("xpath=following-sibling::dd")).toHaveText("offerte");
    await expect(summary.getByText("Total à payer").locator("xpath=following-sibling::dd")).toHaveText(
      formatPrice(470_000),
    );
    await page.context().route("https://wa.me/**", (route) => route.fulfill({ body: "WhatsApp" }));
    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Commander sur WhatsApp" }).click();
    const tab = await popup;
    await tab.waitForURL(/^https:\/\/wa\.me\//);
    const said = page.getByText(/^Référence de votre commande : CMD-/);
    const reference = ((await said.textContent()) ?? "").split(" : ")[1]?.trim() ?? "";
    expect(new URL(tab.url()).searchParams.get("text")).toBe(
      [
        `Bonjour, je souhaite commander (référence ${reference}) :`,
        `1. iPhone 15 — 256 Go, Noir - Quantité : 1 - Prix : ${formatPrice(470_000)}`,
        "Quantité totale : 1",
        `Sous-total : ${formatPrice(470_000)}`,
        "Livraison : Bastos (Zone 2 — 24 h) : offerte",
        "Point de repère : En face de la pharmacie du Golf",
        `Prix total : ${formatPrice(470_000)}`,
        "Merci !",
      ].join("\n"),
    );
    await tab.close();
    await expect(page.getByText(/^Total à payer :/)).toContainText(formatPrice(470_000));
  });

  test("a shared link is rendered by the server on its choice, with an offer per variant", async ({ request }) => {
    const product = await iphone15(request);
    const html = await (
      await request.get(`/product/${product._id}?variant=${variantOf(product, "256 Go, Bleu")._id}`)
    ).text();
    expect(html).toMatch(/aria-pressed="true"[^>]*>(<span>)?256 Go/);
    expect(html).toContain("Épuisé");
    expect(html).toContain(`<title>iPhone 15 - Apple</title>`);
    const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? "{}");
    expect(jsonLd.offers).toMatchObject({
      "@type": "AggregateOffer",
      lowPrice: 395_000,
      highPrice: 560_000,
      offerCount: 6,
    });
    const blue = jsonLd.offers.offers.find((o: { name: string }) => o.name === "256 Go, Bleu");
    expect(blue.availability).toBe("https://schema.org/OutOfStock");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the values are plain GET buttons, and 'Prévenez-moi' posts to the page", async ({ page, request }) => {
    const product = await iphone15(request);
    await page.goto(`/product/${product._id}`);
    await choose(page, "Stockage", "256 Go");
    await expect(page).toHaveURL(new RegExp(`\\?variant=${variantOf(product, "256 Go, Noir")._id}$`));
    await choose(page, "Couleur", "Bleu");
    await expect(offer(page)).toContainText("Épuisé");
    const alert = page.locator('section[aria-labelledby="stock-alert-title"]');
    await alert.getByLabel("Votre numéro de téléphone").fill(`6${randomInt(50_000_000, 99_999_999)}`);
    await alert.getByRole("button", { name: "Prévenez-moi" }).click();
    await expect(page.getByText(MSG.stockAlertSaved)).toBeVisible();
    await expect(page).toHaveURL(/\?variant=/);
  });
});
