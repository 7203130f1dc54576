import type { CDPSession, Page, Route } from "@playwright/test";
import { FIELD_MSG, MSG, ORDER_REFERENCE_PATTERN } from "@shop/shared/core";
import { expect, test } from "./fixtures.ts";
import {
  cartLink,
  chooseDelivery,
  expectAccessible,
  header,
  signedInCustomer,
  someProduct,
  visitorAddress,
} from "./helpers.ts";

/**
 * Every tap counts from the first paint (decision 027, "The first tap"): each control of the
 * storefront tapped before the page's scripts have started does what it says, as HTML (forms
 * posted to the page's actions, links, <details>); the same works with JavaScript turned off.
 *
 * "Before hydration" is made certain, not hoped for: the page's script files are held back
 * (`holdScripts`) until the test lets them go, on a phone whose CPU is slowed 4× and whose
 * network is throttled, so every tap below lands on the server's HTML alone.
 */

/** A small real PNG (1×1), as a phone's file picker would hand it over. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==",
  "base64",
);

/** DevTools' "slow 4G" as Lighthouse applies it, and a mid-range phone's CPU (4× slower). */
async function slowPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  // Every load as a first visit: a script file the browser kept would escape `holdScripts`.
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1_600 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return cdp;
}

/** Holds the page's script files until `release` is called: the page stays as the server drew it. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.+\.js$/, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    release: async () => {
      released = true;
      // A tap can navigate before the release: the browser then drops the held requests, and a
      // dropped request's route is already handled (the next page asks for its own scripts).
      await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)));
    },
  };
}

/** Hydrated: on this slow phone the scripts take several seconds once they are let go. */
const hydratedSlowly = (page: Page) => expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });

/** Not hydrated: the scripts have not taken the page over. */
const expectServerHtml = (page: Page) => expect(page.locator("html[data-hydrated]")).toHaveCount(0);

const flash = (page: Page) => page.locator("[data-flash]");

/** An accessible name that starts with `text`: a cart line's name carries its variant after the product's. */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

async function cartOf(page: Page) {
  const answer = await page.request.get("/api/view-card-product");
  expect(answer.ok()).toBe(true);
  return (await answer.json()).data as { _id: string; quantity: number; productId: { _id: string } }[];
}

async function addThroughApi(page: Page, productId: string) {
  const answer = await page.request.post("/api/addtocart", { data: { productId } });
  expect(answer.status(), await answer.text()).toBe(201);
}

test.describe("taps before the scripts have started, on a slow phone", () => {
  // Pages on a slow phone: several seconds each.
  test.setTimeout(120_000);
  // Nor would a script the service worker keeps (it registers once a page has hydrated).
  test.use({ serviceWorkers: "block" });
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
    await slowPhone(page);
  });

  test("'Ajouter au panier' on a product page adds it, says so, and the header counts it", async ({
    page,
    request,
  }) => {
    await signedInCustomer(page);
    const product = await someProduct(request, 30);
    await holdScripts(page);
    await page.goto(`/product/${product._id}`);
    await expectServerHtml(page);
    await page
      .getByRole("button", { name: `Ajouter au panier : ${product.productName}` })
      .first()
      .tap();
    await expect(flash(page)).toHaveText(MSG.cartAdded);
    await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
    await expect(cartLink(page)).toHaveAccessibleName("Panier : 1 article");
    expect((await cartOf(page)).map((l) => l.productId._id)).toEqual([product._id]);
    // Tapped again: already there, said as information, nothing added twice.
    await page
      .getByRole("button", { name: `Ajouter au panier : ${product.productName}` })
      .first()
      .tap();
    await expect(flash(page)).toHaveText(MSG.cartAlready);
    expect(await cartOf(page)).toHaveLength(1);
  });

  test("a visitor's 'Ajouter au panier' on a card leads to sign in, then back to the product, added", async ({
    page,
  }) => {
    const account = await signedInCustomer(page, "Client Carte");
    await page.context().clearCookies();
    await holdScripts(page);
    await page.goto("/");
    await expectServerHtml(page);
    const card = page.getByRole("article").first();
    const name = (await card.getByRole("heading").textContent()) ?? "";
    await card.getByRole("button", { name: /^Ajouter au panier/ }).tap();
    await expect(page).toHaveURL(/\/login\?redirectTo=\/product\/[\w-]+&add=[\w-]+$/);
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(account.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Connexion", exact: true }).tap();
    await expect(page).toHaveURL(/\/product\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(flash(page)).toHaveText(MSG.cartAdded);
    expect(await cartOf(page)).toHaveLength(1);
  });

  test("the cart's − / + and delete, then the delivery and 'Commander par téléphone'", async ({
    page,
    request,
  }, testInfo) => {
    await signedInCustomer(page, "Client Panier");
    const [first, second] = [await someProduct(request, 31), await someProduct(request, 32)];
    await addThroughApi(page, first._id);
    await addThroughApi(page, second._id);
    await holdScripts(page);
    await page.goto("/cart");
    await expectServerHtml(page);
    // The cart as the server draws it, forms and all, is as accessible as the hydrated one.
    await expectAccessible(page, testInfo);
    const plus = page.getByRole("button", { name: startsWith(`Augmenter la quantité de ${first.productName}`) });
    await plus.tap();
    await expect(
      page.getByRole("group", { name: startsWith(`Quantité de ${first.productName}`) }).locator("output"),
    ).toHaveText("2");
    await page.getByRole("button", { name: startsWith(`Diminuer la quantité de ${first.productName}`) }).tap();
    await expect(
      page.getByRole("group", { name: startsWith(`Quantité de ${first.productName}`) }).locator("output"),
    ).toHaveText("1");
    await page.getByRole("button", { name: startsWith(`Retirer ${second.productName}`) }).tap();
    await expect(flash(page)).toHaveText(MSG.cartDeleted);
    expect((await cartOf(page)).map((l) => l.productId._id)).toEqual([first._id]);

    // Ordering without a delivery choice is refused beside the field, nothing recorded.
    await page.getByRole("button", { name: "Commander par téléphone" }).tap();
    await expect(page.getByText(FIELD_MSG.deliveryOptionRequired)).toBeVisible();
    const before = (await (await page.request.get("/api/my-orders")).json()).data.length;
    expect(before).toBe(0);
    await chooseDelivery(page, { neighbourhood: "Bastos", landmark: "Face à l'ambassade" });
    await page.getByRole("button", { name: "Commander par téléphone" }).tap();
    await expect(page.getByText(/Référence de votre commande/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Appeler" })).toHaveAttribute("href", /^tel:\+237\d{9}$/);
    const orders = (await (await page.request.get("/api/my-orders")).json()).data as {
      reference: string;
      channel: string;
      delivery: { neighbourhood: string } | null;
    }[];
    expect(orders).toHaveLength(1);
    expect(orders[0]?.channel).toBe("phone");
    expect(orders[0]?.delivery?.neighbourhood).toBe("Bastos");
    await expect(page.getByText(orders[0]?.reference ?? "?", { exact: true })).toBeVisible();
  });

  test("'Commander sur WhatsApp' records the order once, then opens WhatsApp with its reference", async ({
    page,
    request,
  }) => {
    await signedInCustomer(page, "Client WhatsApp");
    await addThroughApi(page, (await someProduct(request, 33))._id);
    const opened: string[] = [];
    await page.context().route("https://wa.me/**", (route) => {
      opened.push(route.request().url());
      return route.fulfill({ body: "WhatsApp", contentType: "text/plain" });
    });
    await holdScripts(page);
    await page.goto("/cart");
    await expectServerHtml(page);
    await chooseDelivery(page, "pickup");
    await page.getByRole("button", { name: "Commander sur WhatsApp" }).tap();
    await expect.poll(() => opened.length).toBe(1);
    const orders = (await (await page.request.get("/api/my-orders")).json()).data as { reference: string }[];
    expect(orders).toHaveLength(1);
    expect(decodeURIComponent(opened[0] ?? "")).toContain(orders[0]?.reference ?? "?");
    // The same page tapped again (back, then the same button): the same order, not a second one.
    await page.goBack();
    await expectServerHtml(page);
  });

  test("the phone's menu opens and closes, and 'Déconnexion' signs out", async ({ page }) => {
    await signedInCustomer(page, "Client Menu");
    await holdScripts(page);
    await page.goto("/about");
    await expectServerHtml(page);
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeHidden();
    await header(page).getByLabel("Menu").tap();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Articles" })).toBeVisible();
    // The × (part of the menu's summary) closes it.
    await page.locator("summary [data-close]").tap();
    await expect(menu).toBeHidden();
    await header(page).getByLabel("Menu").tap();
    await menu.getByRole("button", { name: "Déconnexion" }).tap();
    await expect(page).toHaveURL(/\/$/);
    await expect(flash(page)).toHaveText(MSG.logoutSuccess);
    await expect(header(page).getByRole("link", { name: "Connexion" })).toBeVisible();
    expect((await page.request.get("/api/user-details")).status()).toBe(401);
  });

  test("the share toggle, a gallery thumbnail, the newsletter; the carousel's controls wait for the scripts", async ({
    page,
    request,
  }) => {
    const products = (await (await request.get("/api/get-product?limit=100")).json()).data as {
      _id: string;
      productImage: string[];
    }[];
    const product = products.find((p) => p.productImage.length >= 2);
    if (!product) throw new Error("the demo catalogue has no product with several photos");
    const hold = await holdScripts(page);
    await page.goto("/");
    await expectServerHtml(page);
    // Not offered before the scripts run, then offered.
    await expect(page.getByRole("button", { name: "Diapositive suivante" })).toHaveCount(0);
    await page.getByLabel("Votre adresse e-mail").fill("awa@exemple.cm");
    await page.getByRole("button", { name: "S'abonner" }).tap();
    await expect(flash(page)).toHaveText("Merci pour votre abonnement! awa@exemple.cm");
    await hold.release();
    await hydratedSlowly(page);
    await expect(page.getByRole("button", { name: "Diapositive suivante" })).toBeVisible();

    await page.unrouteAll();
    await holdScripts(page);
    await page.goto(`/product/${product._id}`);
    await expectServerHtml(page);
    await page.locator("summary", { hasText: "Partager ce produit" }).tap();
    await expect(page.getByRole("link", { name: "Facebook" })).toBeVisible();
    // A thumbnail shows its photo as the main one, as it is once the scripts' preview closes.
    await page.getByRole("link", { name: /^Voir l'image 2 de \d+$/ }).tap();
    await expect(page).toHaveURL(new RegExp(`/product/${product._id}\\?photo=2$`));
    const second = new URL(product.productImage[1] ?? "", "http://shop").pathname.replace(/\/[^/]+$/, "/");
    await expect(page.getByRole("link", { name: "Agrandir l'image" }).locator("img")).toHaveAttribute(
      "src",
      new RegExp(second.replace(/[.?]/g, "\\$&")),
    );
    await expect(page.getByRole("link", { name: /^Voir l'image 2 de \d+$/ })).toHaveAttribute("aria-current", "true");
  });

  test("a review posted before the scripts ran is saved and shown", async ({ page, request }) => {
    await signedInCustomer(page, "Client Avis");
    const product = await someProduct(request, 34);
    await holdScripts(page);
    await page.goto(`/product/${product._id}`);
    await expectServerHtml(page);
    // The star's label, as a finger finds it (its radio is visually hidden).
    await page.locator("label:has(input[name=rating][value='4'])").tap();
    await page.getByLabel("Commentaire (facultatif)").fill("Très bon téléphone, livré vite.");
    await page.getByRole("button", { name: "Publier mon avis" }).tap();
    await expect(page.getByRole("status").filter({ hasText: MSG.reviewSaved })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Très bon téléphone, livré vite." })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Avis des clients \(1\)$/ })).toBeVisible();
  });

  test("a tap while the scripts start is not lost: 'Ajouter au panier' at first paint, five loads", async ({
    page,
    request,
  }) => {
    await signedInCustomer(page, "Client Rapide");
    const product = await someProduct(request, 35);
    for (let run = 0; run < 5; run++) {
      for (const line of await cartOf(page)) {
        await page.request.post("/api/delete-cart-product", { data: { _id: line._id } });
      }
      await page.unrouteAll();
      const hold = await holdScripts(page);
      await page.goto(`/product/${product._id}`, { waitUntil: "commit" });
      const button = page.getByRole("button", { name: `Ajouter au panier : ${product.productName}` }).first();
      await button.waitFor();
      // The scripts go at different moments around the tap: before, with, after it.
      const releaseAfter = [0, 50, 150, 400, 1_000][run] ?? 0;
      setTimeout(() => void hold.release(), releaseAfter);
      await button.tap();
      await expect.poll(async () => (await cartOf(page)).length, { timeout: 15_000 }).toBe(1);
    }
  });

  test("the cart's delivery choice made before the scripts ran is kept once they run", async ({ page, request }) => {
    await signedInCustomer(page, "Client Livraison");
    await addThroughApi(page, (await someProduct(request, 36))._id);
    const hold = await holdScripts(page);
    await page.goto("/cart");
    await expectServerHtml(page);
    await chooseDelivery(page, "pickup");
    await hold.release();
    await hydratedSlowly(page);
    await expect(page.getByRole("radio", { name: /^Retrait en boutique/ })).toBeChecked();
    // The scripts' own order now goes with that choice.
    await page.getByRole("button", { name: "Commander par téléphone" }).click();
    await expect(page.getByText(/Référence de votre commande/)).toBeVisible();
    const [order] = (await (await page.request.get("/api/my-orders")).json()).data as {
      delivery: { kind: string } | null;
    }[];
    expect(order?.delivery?.kind).toBe("pickup");
  });
});

test.describe("with JavaScript turned off", () => {
  test.use({ javaScriptEnabled: false });
  test.setTimeout(120_000);

  test("a customer browses, signs in, adds two products, changes a quantity, deletes a line, orders by WhatsApp and by form", async ({
    page,
    request,
  }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
    const account = await signedInCustomer(page, "Client Sans Script");
    await page.context().clearCookies();
    const [first, second] = [await someProduct(request, 37), await someProduct(request, 38)];

    // Browses: home, a category, a product.
    await page.goto("/");
    await header(page).getByLabel("Menu", { exact: true }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "Articles", exact: true }).click();
    await expect(page).toHaveURL(/\/product$/);
    await page.goto(`/product/${first._id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.productName);

    // Signs in through 'Ajouter au panier': back on the product, added.
    await page
      .getByRole("button", { name: `Ajouter au panier : ${first.productName}` })
      .first()
      .click();
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(account.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Connexion", exact: true }).click();
    await expect(flash(page)).toHaveText(MSG.cartAdded);
    await page.goto(`/product/${second._id}`);
    await page
      .getByRole("button", { name: `Ajouter au panier : ${second.productName}` })
      .first()
      .click();
    await expect(flash(page)).toHaveText(MSG.cartAdded);
    await expect(cartLink(page)).toHaveAccessibleName("Panier : 2 articles");

    // The cart: a quantity changed, a line deleted.
    await cartLink(page).click();
    await page.getByRole("button", { name: startsWith(`Augmenter la quantité de ${first.productName}`) }).click();
    await expect(
      page.getByRole("group", { name: startsWith(`Quantité de ${first.productName}`) }).locator("output"),
    ).toHaveText("2");
    await page.getByRole("button", { name: startsWith(`Retirer ${second.productName}`) }).click();
    await expect(page.getByRole("link", { name: second.productName })).toHaveCount(0);
    expect(await cartOf(page)).toEqual([expect.objectContaining({ quantity: 2 })]);

    // Orders by WhatsApp: recorded, then WhatsApp's link with the reference and the delivery.
    const opened: string[] = [];
    await page.context().route("https://wa.me/**", (route) => {
      opened.push(route.request().url());
      return route.fulfill({ body: "WhatsApp", contentType: "text/plain" });
    });
    await chooseDelivery(page, { neighbourhood: "Bastos", landmark: "Derrière la pharmacie" });
    await page.getByRole("button", { name: "Commander sur WhatsApp" }).click();
    await expect.poll(() => opened.length).toBe(1);
    const [recorded] = (await (await page.request.get("/api/my-orders")).json()).data as { reference: string }[];
    const message = decodeURIComponent(opened[0] ?? "");
    expect(message).toContain(recorded?.reference ?? "?");
    expect(message).toContain("Bastos");

    // Orders by form, with its file.
    await page.goto("/order");
    await page.getByLabel("Nom complet").fill("Awa Mbarga");
    await page.getByLabel("Numéro de téléphone").fill("6 99 12 34 56");
    await page.getByLabel("Adresse de livraison").fill("Bastos, Yaoundé");
    await chooseDelivery(page, "pickup");
    await page.getByLabel("Fichier").setInputFiles({ name: "iphone-voulu.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Terminer la commande" }).click();
    await expect(page.getByTestId("reference")).toHaveText(ORDER_REFERENCE_PATTERN);
    expect((await (await page.request.get("/api/my-orders")).json()).data).toHaveLength(2);
  });
});

test.describe("on a computer, before the scripts have started", () => {
  test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: "block" });
  test.setTimeout(120_000);

  test("the header's user menu opens and 'Déconnexion' signs out", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
    await slowPhone(page);
    await signedInCustomer(page, "Client Bureau");
    const hold = await holdScripts(page);
    await page.goto("/contact");
    await expectServerHtml(page);
    // The token as signing in from the browser keeps it (SPEC.md §3).
    await page.evaluate(() => localStorage.setItem("token", "jeton-du-client"));
    await header(page).locator("summary", { hasText: "Client Bureau" }).click();
    await expect(header(page).getByRole("link", { name: "Mes commandes" })).toBeVisible();
    await header(page).getByRole("button", { name: "Déconnexion" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(flash(page)).toHaveText(MSG.logoutSuccess);
    await expect(header(page).getByRole("link", { name: "Connexion" })).toBeVisible();
    // Once the scripts run on the page it led to, the stored token is forgotten too.
    await hold.release();
    await hydratedSlowly(page);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });
});
