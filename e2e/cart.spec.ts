import { AxeBuilder } from "@axe-core/playwright";
import type { CartLine, Order } from "@shop/shared";
import { cartWhatsappMessage, formatPrice, MSG } from "@shop/shared/core";
import { expect, type Page, test } from "./fixtures.ts";
import {
  cartLink,
  chooseDelivery,
  expectAccessible,
  expectNoSidewaysScroll,
  homeSection,
  hydrated,
  signedInCustomer,
} from "./helpers.ts";

// These journeys hold or replace the API's answers with page.route, which no longer sees a
// request once the service worker controls the page (it claims it soon after hydration, at a
// moment that varies from run to run): they run without it; e2e/offline.spec.ts covers it.
test.use({ serviceWorkers: "block" });

const firstCard = async (page: Page, category: string) =>
  (await homeSection(page, category)).getByRole("listitem").first();

async function cartLines(page: Page) {
  return (await (await page.request.get("/api/view-card-product")).json()).data as CartLine[];
}

async function addFirstProducts(page: Page, count: number) {
  const products = (await (await page.request.get(`/api/get-product?limit=${count}`)).json()).data as { _id: string }[];
  for (const p of products)
    expect((await page.request.post("/api/addtocart", { data: { productId: p._id } })).status()).toBe(201);
}

test.describe("cart", () => {
  test("a visitor's 'Ajouter au panier' leads to sign in, to come back to the product", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const card = await firstCard(page, "SAMSUNG");
    const href = (await card.getByRole("link").getAttribute("href")) ?? "";
    const name = (await card.getByRole("heading").textContent()) ?? "";
    await card.getByRole("button", { name: `Ajouter au panier : ${name}` }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(href);

    await page.goto(href);
    await hydrated(page);
    await page
      .getByRole("main")
      .getByRole("button", { name: `Ajouter au panier : ${name}` })
      .first()
      .click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(href);
  });

  test("a visitor asking for /cart is sent to sign in by the server", async ({ request }) => {
    const response = await request.get("/cart", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/login?redirectTo=/cart");
  });

  test("a customer adds from a card and from the product page, then changes and empties the cart", async ({ page }) => {
    await signedInCustomer(page, "Client Panier");
    await page.goto("/");
    await hydrated(page);
    await expect(cartLink(page)).toHaveAccessibleName("Panier : 0 article");

    // From a card: only the cart calls go out, the home page's sections are not loaded again.
    // (The section is reached first: sections below the first screens load as the page scrolls.)
    const card = await firstCard(page, "SAMSUNG");
    const asked: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/api/") || url.pathname.endsWith(".data")) asked.push(url.pathname);
    });
    const first = (await card.getByRole("heading").textContent()) ?? "";
    const button = card.getByRole("button", { name: `Ajouter au panier : ${first}` });
    await button.click();
    await expect(cartLink(page)).toHaveAccessibleName("Panier : 1 article");
    expect(asked).toEqual(["/api/addtocart", "/api/countAddToCartProduct"]);

    // Again: the server says it is already there, and there is still one line.
    await button.click();
    await expect(page.getByText(MSG.cartAlready)).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName("Panier : 1 article");

    // From the product page of another category.
    const other = await firstCard(page, "IPHONE 13");
    const second = (await other.getByRole("heading").textContent()) ?? "";
    await other.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1, name: second })).toBeVisible();
    await page
      .getByRole("main")
      .getByRole("button", { name: `Ajouter au panier : ${second}` })
      .first()
      .click();
    await expect(cartLink(page)).toHaveAccessibleName("Panier : 2 articles");

    await cartLink(page).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page).toHaveTitle(/^Panier/);
    const lines = page.getByRole("region", { name: "Articles du panier" }).getByRole("listitem");
    await expect(lines).toHaveCount(2);
    const stored = await cartLines(page);
    const price = (name: string) => stored.find((l) => l.productId.productName === name)?.productId.sellingPrice ?? 0;
    const summary = page.getByRole("region", { name: "Sommation" });
    const totals = async (quantity: number, francs: number) => {
      await expect(summary.getByRole("definition").first()).toHaveText(String(quantity));
      await expect(summary.getByRole("definition").nth(1)).toHaveText(formatPrice(francs));
    };
    await totals(2, price(first) + price(second));

    const line = lines.filter({ hasText: first });
    const minus = line.getByRole("button", { name: `Diminuer la quantité de ${first}` });
    await expect(minus).toBeDisabled();
    await line.getByRole("button", { name: `Augmenter la quantité de ${first}` }).click();
    await expect(line.locator("output")).toHaveText("2");
    await totals(3, 2 * price(first) + price(second));
    await expect(minus).toBeEnabled();
    await minus.click();
    await expect(line.locator("output")).toHaveText("1");
    await expect(minus).toBeDisabled();
    await totals(2, price(first) + price(second));

    await page.getByRole("button", { name: `Retirer ${second} du panier` }).click();
    await expect(lines).toHaveCount(1);
    await expect(cartLink(page)).toHaveAccessibleName("Panier : 1 article");
    await totals(1, price(first));
    await page.getByRole("button", { name: `Retirer ${first} du panier` }).click();
    await expect(page.getByText("Pas de produits")).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName("Panier : 0 article");
    expect(await cartLines(page)).toEqual([]);
  });

  test("the cart with its lines has no serious accessibility problem", async ({ page }) => {
    await signedInCustomer(page, "Client Panier");
    await addFirstProducts(page, 2);
    await page.goto("/cart");
    await hydrated(page);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  test("the delivery choice: its French checks, the fee and total it adds, all accessible", async ({
    page,
  }, testInfo) => {
    await signedInCustomer(page, "Client Livraison");
    await addFirstProducts(page, 1);
    await page.goto("/cart");
    await hydrated(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.getByRole("button", { name: "Commander par téléphone" }).click();
    await expect(page.getByText("Choisissez un mode de livraison.")).toBeVisible();
    await expectAccessible(page, testInfo);
    await page.getByRole("radio", { name: /^Livraison à domicile à Yaoundé/ }).check();
    await page.getByRole("button", { name: "Commander par téléphone" }).click();
    await expect(page.getByText("Indiquez votre quartier.")).toBeVisible();
    await expect(page.getByLabel("Quartier", { exact: true })).toBeFocused();
    await expectAccessible(page, testInfo);
    expect(posts).toEqual([]);
    await chooseDelivery(page, { neighbourhood: "Odza", landmark: "Après le lycée d'Odza" });
    const summary = page.getByRole("region", { name: "Sommation" });
    await expect(summary.getByText("Livraison (Zone 3 — Périphérie)")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);
  });

  test("printed, the cart is a dated summary without the header, footer or buttons", async ({ page }) => {
    await signedInCustomer(page, "Client Panier");
    await addFirstProducts(page, 2);
    await page.goto("/cart");
    await hydrated(page);
    // The dialog itself is the browser's: here only the page's part is checked.
    await page.evaluate(() => {
      window.print = () => {};
    });
    await page.getByRole("button", { name: "imprimer" }).click();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("button", { name: "imprimer" })).toBeHidden();
    await expect(page.getByRole("button", { name: /^Retirer / }).first()).toBeHidden();
    await expect(page.getByRole("button", { name: "Commander sur WhatsApp" })).toBeHidden();
    await expect(page.getByText(/^Récapitulatif de commande du /)).toBeVisible();
    await expect(page.getByRole("region", { name: "Sommation" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Panier" })).toBeVisible();
    await page.emulateMedia({ media: "screen" });
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByText(/^Récapitulatif de commande du /)).toBeHidden();
  });

  test("in Chromium, the WhatsApp tab opened during the click survives the recording and gets no opener", async ({
    page,
  }) => {
    await signedInCustomer(page, "Client Panier");
    await addFirstProducts(page, 1);
    const lines = [{ productId: null, productName: "Produit enregistré", unitPrice: 12_000, quantity: 2 }];
    // The recording is answered here, slowly, as on a phone's network: the tab must wait for it.
    await page.route("**/api/orders/from-cart", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fulfill({
        status: 201,
        json: { success: true, error: false, message: "Commande enregistrée.", data: { reference: "CMD-7K4Q", lines } },
      });
    });
    await page.context().route("https://wa.me/**", (route) => route.fulfill({ body: "WhatsApp" }));
    await page.goto("/cart");
    await hydrated(page);
    await chooseDelivery(page, "pickup");
    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Commander sur WhatsApp" }).click();
    const tab = await popup;
    await tab.waitForURL(/^https:\/\/wa\.me\//);
    expect(new URL(tab.url()).searchParams.get("text")).toBe(cartWhatsappMessage("CMD-7K4Q", lines));
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await expect(page.getByText("Référence de votre commande : CMD-7K4Q")).toBeVisible();
  });

  test("'Commander sur WhatsApp' records the order, then opens WhatsApp with its reference in a new tab", async ({
    page,
  }) => {
    await signedInCustomer(page, "Client Panier");
    await addFirstProducts(page, 2);
    // WhatsApp is not reachable from here: its page is answered locally, its address is what counts.
    await page.context().route("https://wa.me/**", (route) => route.fulfill({ body: "WhatsApp" }));
    await page.goto("/cart");
    await hydrated(page);
    await chooseDelivery(page, "pickup");
    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Commander sur WhatsApp" }).click();
    const tab = await popup;
    await tab.waitForURL(/^https:\/\/wa\.me\//);
    const reference = page.getByText(/^Référence de votre commande : CMD-/);
    await expect(reference).toBeVisible();
    const code = ((await reference.textContent()) ?? "").split(" : ")[1] ?? "";
    const orders = (await (await page.request.get("/api/my-orders")).json()).data as Order[];
    const order = orders.find((o) => o.reference === code);
    expect(order?.channel).toBe("whatsapp");
    const url = new URL(tab.url());
    expect(url.pathname).toMatch(/^\/237\d{9}$/);
    expect(order?.delivery).toMatchObject({ kind: "pickup", fee: 0 });
    expect(url.searchParams.get("text")).toBe(cartWhatsappMessage(code, order?.lines ?? [], order?.delivery ?? null));
    expect(await tab.evaluate(() => window.opener)).toBeNull();
  });

  test("'Commander par téléphone' records the order and gives its reference and the number to call", async ({
    page,
  }) => {
    await signedInCustomer(page, "Client Panier");
    await addFirstProducts(page, 1);
    await page.goto("/cart");
    await hydrated(page);
    await expect(page.getByRole("link", { name: "Commander avec le formulaire" })).toHaveAttribute("href", "/order");
    await page.getByRole("button", { name: "Commander par téléphone" }).click();
    // Nothing is recorded before the customer says how the order reaches them.
    await expect(page.getByText("Choisissez un mode de livraison.")).toBeVisible();
    await chooseDelivery(page, "pickup");
    await page.getByRole("button", { name: "Commander par téléphone" }).click();
    const reference = page.getByText(/^Référence de votre commande : CMD-/);
    await expect(reference).toBeVisible();
    const code = ((await reference.textContent()) ?? "").split(" : ")[1] ?? "";
    await expect(page.getByRole("link", { name: "Appeler" })).toHaveAttribute("href", /^tel:\+237\d{9}$/);
    const orders = (await (await page.request.get("/api/my-orders")).json()).data as Order[];
    expect(orders.find((o) => o.reference === code)?.channel).toBe("phone");
  });
});
