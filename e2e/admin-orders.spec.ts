/**
 * The back-office's orders, messages and dashboard (decision 020), on the 360 px phone of
 * playwright.config.ts: a customer orders, the shop's SUPERADMIN finds the order, confirms it,
 * tells the customer on WhatsApp; refusals, final statuses, messages, the dashboard, and an
 * accessibility scan of each screen.
 */

import { orderStatusWhatsappMessage } from "@shop/shared/back-office";
import { formatPrice, MSG, ORDER_REFERENCE_PATTERN, type OrderStatus, whatsappLink } from "@shop/shared/core";
import { type Browser, type BrowserContext, expect, type Page, test } from "./fixtures.ts";
import {
  chooseDelivery,
  expectAccessible,
  expectNoSidewaysScroll,
  newSeller,
  open,
  shopToday,
  signInAdmin,
  signInThrough,
  someProduct,
} from "./helpers.ts";

/** A small real PNG (1×1), as a phone's file picker would hand it over. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==",
  "base64",
);
const photo = { name: "iphone-voulu.png", mimeType: "image/png", buffer: PNG };

let visitor = 0;
/** Each context is its own visitor (own address), so per-visitor limits never meet across tests. */
const asVisitor = () => ({ "x-forwarded-for": `10.55.0.${++visitor}` });

/** Something no other test wrote: names, subjects and numbers that one search finds alone. */
const stamp = () => `${Date.now()}`.slice(-7);
const uniquePhone = () => `6${`${Date.now()}`.slice(-8)}`;

/** A new signed-in customer in a context of their own, as another person on another phone. */
async function customer(browser: Browser, name: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: asVisitor() });
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${stamp()}@exemple.cm`;
  const password = "motdepasse-solide";
  const signUp = await context.request.post("/api/signup", {
    data: { name, email, password, confirmPassword: password },
  });
  expect(signUp.status()).toBe(201);
  expect((await context.request.post("/api/signin", { data: { email, password } })).status()).toBe(200);
  return { context, email };
}

/** An order with one product (from the customer's cart) and a file, placed through the API. */
async function placeOrder(context: BrowserContext, productIndex: number, fields: { name: string; phone: string }) {
  const product = await someProduct(context.request, productIndex);
  expect((await context.request.post("/api/addtocart", { data: { productId: product._id } })).status()).toBe(201);
  const answer = await context.request.post("/api/orders", {
    multipart: {
      name: fields.name,
      number: fields.phone,
      text: "Bastos, Yaoundé",
      message: "",
      file: photo,
    },
  });
  expect(answer.status()).toBe(201);
  const reference: string = (await answer.json()).data.reference;
  expect(reference).toMatch(ORDER_REFERENCE_PATTERN);
  return { reference, product };
}

/** The count in a sidebar link's badge ("Commandes 3 nouvelles"), 0 without a badge. */
async function badge(page: Page, label: "Commandes" | "Messages"): Promise<number> {
  const link = page
    .getByRole("navigation", { name: "Back-office" })
    .getByRole("link", { name: new RegExp(`^${label}`) });
  const text = (await link.textContent()) ?? "";
  return Number(text.match(/\d+/)?.[0] ?? 0);
}

const orderCard = (page: Page, reference: string) =>
  page
    .getByRole("main")
    .getByRole("article")
    .filter({ has: page.getByRole("link", { name: reference }) });

async function changeStatusByApi(page: Page, reference: string, status: OrderStatus) {
  const answer = await page.request.post(`/api/admin/orders/${reference}/status`, { data: { status } });
  expect(answer.status()).toBe(200);
}

test.describe("back-office: orders", () => {
  test.use({ extraHTTPHeaders: asVisitor() });

  test("a customer's order: found by search and status, confirmed with who and when, the customer told on WhatsApp", async ({
    page,
    browser,
  }) => {
    const adminName = await signInAdmin(page);
    await open(page, "/admin-panel/orders");
    const newBefore = await badge(page, "Commandes");

    // The customer orders through the order form, with their cart and a photo.
    const name = `Awa Ngono ${stamp()}`;
    const phone = uniquePhone();
    const buyer = await customer(browser, name);
    const product = await someProduct(buyer.context.request, 4);
    expect((await buyer.context.request.post("/api/addtocart", { data: { productId: product._id } })).status()).toBe(
      201,
    );
    const shopper = await buyer.context.newPage();
    await open(shopper, "/order");
    await shopper.getByLabel("Nom complet").fill(name);
    await shopper.getByLabel("Numéro de téléphone").fill(phone);
    await shopper.getByLabel("Adresse de livraison").fill("Maképé Missoké, Yaoundé");
    await chooseDelivery(shopper, "pickup");
    await shopper.getByLabel("Fichier").setInputFiles(photo);
    await shopper.getByLabel("Message (facultatif)").fill("Je passe le prendre samedi.");
    await shopper.getByRole("button", { name: "Terminer la commande" }).click();
    const reference = ((await shopper.getByTestId("reference").textContent()) ?? "").trim();
    expect(reference).toMatch(ORDER_REFERENCE_PATTERN);

    // The sidebar counts it among the new orders.
    await open(page, "/admin-panel/orders");
    expect(await badge(page, "Commandes")).toBe(newBefore + 1);
    // Newest first: it heads the list.
    await expect(page.getByRole("main").getByRole("article").first()).toContainText(reference);

    // Found by the customer's name…
    await page.getByLabel("Rechercher une commande").fill(name);
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/\?q=/);
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
    const card = orderCard(page, reference);
    await expect(card).toContainText(name);
    await expect(card).toContainText("Nouvelle");
    await expect(card).toContainText("Formulaire");
    await expect(card).toContainText(formatPrice(product.sellingPrice));
    await expect(page.getByText("1 commande pour « ")).toBeVisible();
    // … by the phone number as people write it, and by the reference typed loosely.
    await page
      .getByLabel("Rechercher une commande")
      .fill(`${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`);
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(orderCard(page, reference)).toBeVisible();
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
    await page.getByLabel("Rechercher une commande").fill(reference.toLowerCase());
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(orderCard(page, reference)).toBeVisible();

    // By status: among the new ones, not among the confirmed ones (the search is kept).
    const filters = page.getByRole("navigation", { name: "Filtrer par statut" });
    await filters.getByRole("link", { name: "Nouvelle" }).click();
    await expect(page).toHaveURL(/status=nouvelle/);
    await expect(filters.getByRole("link", { name: "Nouvelle" })).toHaveAttribute("aria-current", "page");
    await expect(orderCard(page, reference)).toBeVisible();
    await filters.getByRole("link", { name: "Confirmée" }).click();
    await expect(page).toHaveURL(/status=confirm/);
    await expect(page.getByText("Aucune commande ne correspond à votre recherche.")).toBeVisible();

    // The order's page.
    await filters.getByRole("link", { name: "Toutes" }).click();
    await orderCard(page, reference).getByRole("link", { name: reference }).click();
    await expect(page).toHaveURL(`/admin-panel/orders/${reference}`);
    await page.locator("html[data-hydrated]").waitFor();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Commande ${reference}`);
    const client = page.getByRole("region", { name: "Client" });
    await expect(client).toContainText(name);
    await expect(client.getByRole("link", { name: /^\+237 6/ })).toHaveAttribute("href", `tel:+237${phone}`);
    await expect(client).toContainText("Maképé Missoké, Yaoundé");
    await expect(client).toContainText("Je passe le prendre samedi.");
    await expect(client).toContainText(buyer.email);
    const lines = page.getByRole("region", { name: "Articles" });
    await expect(lines).toContainText(product.productName);
    await expect(lines).toContainText(`1 × ${formatPrice(product.sellingPrice)}`);
    // Collected at the shop: the lines' subtotal, the free pickup, the total.
    await expect(lines).toContainText("Sous-total (1 article)");
    await expect(lines).toContainText("Livraison (Retrait en boutique)gratuite");
    const file = page
      .getByRole("region", { name: "Fichier joint" })
      .getByRole("link", { name: /Ouvrir le fichier joint/ });
    await expect(file).toHaveAttribute("href", `/api/orders/${reference}/file`);
    await expect(file).toHaveAttribute("target", "_blank");
    // The file is the admins': served to this admin, refused to the customer who sent it.
    const served = await page.request.get(`/api/orders/${reference}/file`);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toContain("image/png");
    expect([401, 403]).toContain((await buyer.context.request.get(`/api/orders/${reference}/file`)).status());
    const history = page.getByRole("region", { name: "Historique", exact: true }).getByRole("listitem");
    await expect(history).toHaveCount(1);
    await expect(history.first()).toHaveText(new RegExp(`^Commande reçue — le ${shopToday()} à \\d\\d:\\d\\d$`));

    // Confirmed: the page says so, the history says who and when.
    const whatsapp = page.getByRole("link", { name: "Prévenir le client sur WhatsApp" });
    await expect(whatsapp).toHaveAttribute(
      "href",
      whatsappLink(
        `237${phone}`,
        [
          orderStatusWhatsappMessage(reference, "nouvelle", name),
          `Sous-total : ${formatPrice(product.sellingPrice)}`,
          "Livraison : Retrait en boutique (Dès aujourd'hui) : gratuite",
          `Total à payer : ${formatPrice(product.sellingPrice)}`,
        ].join("\n"),
      ),
    );
    await page.getByRole("button", { name: "Confirmer la commande" }).click();
    await expect(page.getByText("Statut de la commande mis à jour. Nouveau statut : Confirmée.")).toBeVisible();
    await expect(page.getByRole("main").locator("header [data-status]")).toHaveText("Confirmée");
    await expect(history).toHaveCount(2);
    await expect(history.nth(1)).toHaveText(
      new RegExp(`^Confirmée — par ${adminName}, le ${shopToday()} à \\d\\d:\\d\\d$`),
    );
    await expect(page.getByText("Prévenez le client de son nouveau statut :")).toBeVisible();
    // The WhatsApp message carries the reference and the new status, to the customer's number.
    await expect(whatsapp).toHaveAttribute(
      "href",
      whatsappLink(
        `237${phone}`,
        [
          orderStatusWhatsappMessage(reference, "confirmée", name),
          `Sous-total : ${formatPrice(product.sellingPrice)}`,
          "Livraison : Retrait en boutique (Dès aujourd'hui) : gratuite",
          `Total à payer : ${formatPrice(product.sellingPrice)}`,
        ].join("\n"),
      ),
    );
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    // Only what may follow is offered now.
    await expect(page.getByRole("button", { name: "Confirmer la commande" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Marquer comme payée" })).toBeVisible();
    // No longer new: the badge went down.
    await expect.poll(() => badge(page, "Commandes")).toBe(newBefore);

    // The customer's own status page reads the new status.
    await open(shopper, `/order-status?reference=${reference}`);
    await shopper.getByLabel("Numéro de téléphone").fill(phone);
    await shopper.getByRole("button", { name: "Voir ma commande" }).click();
    await expect(shopper.getByText("Statut : Confirmée").first()).toBeVisible();
    await buyer.context.close();
  });

  test("an order's own changes: 'Historique des modifications' says who changed what, before and after, and the Journal leads back to it", async ({
    page,
    browser,
  }) => {
    const adminName = await signInAdmin(page);
    const buyer = await customer(browser, "Estelle Ngono");
    const { reference } = await placeOrder(buyer.context, 6, { name: "Estelle Ngono", phone: uniquePhone() });
    await buyer.context.close();

    await open(page, `/admin-panel/orders/${reference}`);
    const changes = page.getByRole("region", { name: "Historique des modifications" });
    await expect(changes).toContainText("Aucune modification enregistrée.");
    await page.getByRole("button", { name: "Confirmer la commande" }).click();
    await expect(page.getByText("Statut de la commande mis à jour. Nouveau statut : Confirmée.")).toBeVisible();

    // The line of the change, newest first: the action, the person as they were, the values.
    const line = changes.getByRole("article").first();
    await expect(line).toContainText("Statut");
    await expect(line).toContainText(`${adminName} (SUPERADMIN)`);
    await line.getByText("Détails").click();
    await expect(line.locator("details")).toContainText(/Avant\s*nouvelle/);
    await expect(line.locator("details")).toContainText(/Après\s*confirmée/);
    await expectNoSidewaysScroll(page);

    // The same line in the Journal, filtered by the order, opens the order.
    await open(page, `/admin-panel/journal?entity=order&entityId=${reference}`);
    const inJournal = page.getByRole("article").filter({ hasText: "Statut" }).first();
    await inJournal.getByRole("link", { name: `Commande ${reference}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin-panel/orders/${reference}$`));
    await expect(page.getByRole("region", { name: "Historique des modifications" }).getByRole("article")).toHaveCount(
      1,
    );
  });

  test("a final status is asked twice, then nothing more is offered", async ({ page, browser }) => {
    await signInAdmin(page);
    const buyer = await customer(browser, "Paul Mbarga");
    const { reference } = await placeOrder(buyer.context, 5, { name: "Paul Mbarga", phone: uniquePhone() });
    await buyer.context.close();

    await open(page, `/admin-panel/orders/${reference}`);
    const confirm = page.getByRole("button", { name: "Oui, annuler la commande" });
    await expect(confirm).toBeHidden();
    await page.getByText("Annuler la commande…").click();
    await expect(page.getByText(/Une commande annulée ne peut plus être reprise/)).toBeVisible();
    await confirm.click();
    await expect(page.getByText("Nouveau statut : Annulée.")).toBeVisible();
    await expect(page.getByText("Le statut « Annulée » est définitif : il ne peut plus être changé.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Statut" }).getByRole("button")).toHaveCount(0);
  });

  test("a change refused by the server (another admin was quicker: 409) shows its message and the order as it is now", async ({
    page,
    browser,
  }) => {
    await signInAdmin(page);
    const buyer = await customer(browser, "Brice Essomba");
    const { reference } = await placeOrder(buyer.context, 6, { name: "Brice Essomba", phone: uniquePhone() });
    await buyer.context.close();

    await open(page, `/admin-panel/orders/${reference}`);
    // Meanwhile, on another phone, another admin cancels it.
    await changeStatusByApi(page, reference, "annulée");
    await page.getByRole("button", { name: "Confirmer la commande" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(MSG.orderStatusNotAllowed);
    // The page reads the order again: it shows the cancellation, with nothing left to press.
    await expect(page.getByText("Le statut « Annulée » est définitif : il ne peut plus être changé.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Historique", exact: true }).getByRole("listitem")).toHaveCount(2);
  });

  test("without JavaScript: search, open, and a status change with its confirmation", async ({ browser }) => {
    const buyer = await customer(browser, "Sans Script");
    const name = `Sans Script ${stamp()}`;
    const phone = uniquePhone();
    const { reference } = await placeOrder(buyer.context, 7, { name, phone });
    await buyer.context.close();

    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: asVisitor() });
    const page = await context.newPage();
    const adminName = await signInAdmin(page);
    await page.goto("/admin-panel/orders");
    await page.getByLabel("Rechercher une commande").fill(name);
    await page.getByRole("button", { name: "Rechercher" }).click();
    await orderCard(page, reference).getByRole("link", { name: reference }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Commande ${reference}`);
    await page.getByRole("button", { name: "Marquer comme payée" }).click();
    await expect(page.getByText("Nouveau statut : Payée.")).toBeVisible();
    await page.getByText("Marquer comme livrée…").click();
    await page.getByRole("button", { name: "Oui, marquer comme livrée" }).click();
    await expect(page.getByText("Nouveau statut : Livrée.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Historique", exact: true }).getByRole("listitem").nth(2)).toHaveText(
      new RegExp(`^Livrée — par ${adminName}, le `),
    );
    await expect(page.getByRole("link", { name: "Prévenir le client sur WhatsApp" })).toHaveAttribute(
      "href",
      whatsappLink(`237${phone}`, orderStatusWhatsappMessage(reference, "livrée", name)),
    );
    await context.close();
  });

  test("an unknown order is a 404 inside the back-office; a customer is sent away", async ({ page, browser }) => {
    await signInAdmin(page);
    const response = await open(page, "/admin-panel/orders/CMD-ZZZZ");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Commande introuvable" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Back-office" })).toBeVisible();
    await page.getByRole("link", { name: "Voir les commandes" }).click();
    await expect(page).toHaveURL("/admin-panel/orders");
    // A page past the end of the list (an old link) leads to the last page there is.
    await page.goto("/admin-panel/orders?q=personne-de-ce-nom&page=40");
    await expect(page).toHaveURL("/admin-panel/orders?q=personne-de-ce-nom");
    await expect(page.getByText("Aucune commande ne correspond à votre recherche.")).toBeVisible();

    const buyer = await customer(browser, "Curieux");
    const curious = await buyer.context.newPage();
    for (const path of [
      "/admin-panel/orders",
      "/admin-panel/orders/CMD-ZZZZ",
      "/admin-panel/messages",
      "/admin-panel/dashboard",
    ]) {
      await curious.goto(path);
      await expect(curious).toHaveURL("/");
    }
    await buyer.context.close();
  });
});

test.describe("back-office: dashboard", () => {
  test.use({ extraHTTPHeaders: asVisitor() });

  test("today's orders and value go up with an order placed now, which heads the newest", async ({ page, browser }) => {
    await signInAdmin(page);
    await open(page, "/admin-panel/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tableau de bord");
    const today = page.getByRole("region", { name: "Aujourd'hui" });
    const figure = (kind: "orders" | "value") => today.locator(`data[data-figure="${kind}"]`);
    const ordersBefore = Number(await figure("orders").getAttribute("value"));
    const valueBefore = Number(await figure("value").getAttribute("value"));

    const buyer = await customer(browser, "Client Tableau");
    const { reference, product } = await placeOrder(buyer.context, 8, { name: "Client Tableau", phone: uniquePhone() });
    await buyer.context.close();

    await open(page, "/admin-panel/dashboard");
    await expect(figure("orders")).toHaveAttribute("value", String(ordersBefore + 1));
    await expect(figure("value")).toHaveAttribute("value", String(valueBefore + product.sellingPrice));
    await expect(figure("value")).toHaveText(formatPrice(valueBefore + product.sellingPrice));
    await expect(page.getByRole("img", { name: /^Commandes par jour\./ })).toBeVisible();
    await expect(page.getByRole("table", { name: /Commandes par jour/ })).toBeAttached();
    await expect(page.getByRole("region", { name: "Meilleures ventes" })).toBeVisible();
    const newest = page.getByRole("region", { name: "Dernières commandes" });
    await expect(newest.getByRole("article").first()).toContainText(reference);
    await newest.getByRole("link", { name: reference }).click();
    await expect(page).toHaveURL(`/admin-panel/orders/${reference}`);
  });

  test("gives the product feeds' absolute addresses for Meta and Google, which answer, to ADMINs too", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const origin = new URL(baseURL!).origin;
    const feeds = [
      {
        name: "Catalogue WhatsApp Business, Facebook et Instagram (Meta Commerce Manager)",
        copy: "Copier l'adresse du flux Meta",
        address: `${origin}/feeds/meta.csv`,
        type: /^text\/csv\b/,
      },
      {
        name: "Google Merchant Center",
        copy: "Copier l'adresse du flux Google",
        address: `${origin}/feeds/google.xml`,
        type: /^application\/xml\b/,
      },
    ];
    const section = (p: Page) =>
      p.getByRole("region", { name: "Votre catalogue sur WhatsApp, Facebook, Instagram et Google" });
    const line = (p: Page, name: string) =>
      section(p)
        .getByRole("listitem")
        .filter({ has: p.getByRole("heading", { level: 3, name, exact: true }) });

    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    await signInAdmin(page);
    await open(page, "/admin-panel/dashboard");
    await expect(section(page)).toBeVisible();
    for (const feed of feeds) {
      const item = line(page, feed.name);
      await expect(item.locator("code")).toHaveText(feed.address);
      // The address Meta and Google will fetch, with the links to the shop inside.
      const answer = await page.request.get(feed.address);
      expect(answer.status(), feed.address).toBe(200);
      expect(answer.headers()["content-type"]).toMatch(feed.type);
      expect(await answer.text()).toContain(`${origin}/product/`);
      // 'Copier' puts it in the clipboard and says so.
      await item.getByRole("button", { name: feed.copy }).click();
      await expect(item.getByRole("status")).toHaveText("Adresse copiée");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feed.address);
    }
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo, 'section[aria-labelledby="dash-feeds"]');

    // A seller (ADMIN) sees the same addresses: they are public data.
    const seller = await newSeller(page.request, "Flux");
    const context = await browser.newContext({ extraHTTPHeaders: asVisitor() });
    try {
      const sellerPage = await context.newPage();
      await signInThrough(sellerPage, seller);
      await open(sellerPage, "/admin-panel/dashboard");
      for (const feed of feeds) await expect(line(sellerPage, feed.name).locator("code")).toHaveText(feed.address);
    } finally {
      await context.close();
    }
  });
});

test.describe("back-office: messages", () => {
  test.use({ extraHTTPHeaders: asVisitor() });

  test("a contact message arrives unread, is marked read and unread, and is answered by e-mail", async ({ page }) => {
    await signInAdmin(page);
    await open(page, "/admin-panel/messages");
    const unreadBefore = await badge(page, "Messages");

    const subject = `Garantie iPhone ${stamp()}`;
    const sent = await page.request.post("/api/contact", {
      headers: asVisitor(),
      data: {
        name: "Mireille Atangana",
        email: "mireille@exemple.cm",
        subject,
        message: `Bonjour,\n${"Mon téléphone acheté chez vous s'éteint tout seul. ".repeat(10)}\nMerci.`,
      },
    });
    expect(sent.ok()).toBe(true);

    await open(page, "/admin-panel/messages?unread=true");
    expect(await badge(page, "Messages")).toBe(unreadBefore + 1);
    // The badge's words for screen readers stay inside the sideways-scrolling links.
    await expectNoSidewaysScroll(page);
    const filters = page.getByRole("navigation", { name: "Filtrer les messages" });
    await expect(filters.getByRole("link", { name: "Non lus" })).toHaveAttribute("aria-current", "page");
    const card = page.getByRole("article", { name: subject });
    await expect(card).toContainText("Non lu");
    await expect(card).toContainText("Mireille Atangana");
    await expect(card).toContainText("mireille@exemple.cm");
    await expect(card).toContainText(`Reçu le ${shopToday()} à`);
    await expect(card.getByRole("link", { name: /^Répondre par e-mail/ })).toHaveAttribute(
      "href",
      `mailto:mireille@exemple.cm?subject=${encodeURIComponent(`Re: ${subject}`)}`,
    );
    // A long message is folded, and opens whole.
    await card.getByText("Lire tout le message").click();
    await expect(card.getByText(/Merci\.$/)).toBeVisible();

    await card.getByRole("button", { name: /^Marquer comme lu/ }).click();
    // Read, it leaves the unread ones; all messages still hold it, marked read.
    await expect(card).toHaveCount(0);
    await expect.poll(() => badge(page, "Messages")).toBe(unreadBefore);
    await filters.getByRole("link", { name: "Tous" }).click();
    await expect(card).toContainText("Lu");
    await expect(card).not.toContainText("Non lu");
    await card.getByRole("button", { name: /^Marquer comme non lu/ }).click();
    await expect(card).toContainText("Non lu");
    await expect.poll(() => badge(page, "Messages")).toBe(unreadBefore + 1);
  });
});

// ---------------------------------------------------------------------------------------------
// Accessibility: the same scan as e2e/a11y.spec.ts, on each back-office screen of this area.

test.describe("back-office accessibility (axe, WCAG 2.2 AA + best practices)", () => {
  test.use({ extraHTTPHeaders: asVisitor() });
  let reference = "";

  test.beforeAll(async ({ browser }) => {
    const buyer = await customer(browser, "Client Axe");
    reference = (await placeOrder(buyer.context, 9, { name: "Client Axe", phone: uniquePhone() })).reference;
    await buyer.context.request.post("/api/contact", {
      data: { name: "Client Axe", email: "axe@exemple.cm", subject: "Question", message: "Avez-vous l'iPhone 15 ?" },
    });
    await buyer.context.close();
  });

  for (const [name, path] of [
    ["orders list", "/admin-panel/orders"],
    ["order page", "order"],
    ["order page after a change", "changed"],
    ["messages", "/admin-panel/messages"],
    ["dashboard", "/admin-panel/dashboard"],
  ] as const) {
    test(name, async ({ page }, testInfo) => {
      await signInAdmin(page);
      if (path === "changed") {
        await open(page, `/admin-panel/orders/${reference}`);
        await page.getByRole("button", { name: "Confirmer la commande" }).click();
        await expect(page.getByText(/Nouveau statut/)).toBeVisible();
        await page.getByText(/…$/).first().click();
      } else {
        const response = await open(page, path === "order" ? `/admin-panel/orders/${reference}` : path);
        expect(response?.status()).toBe(200);
      }
      await expectAccessible(page, testInfo);
    });
  }
});
