/**
 * The shop's side of payments (decision 026), on the 360 px phone of
 * playwright.config.ts: customers declare transfers they sent to the shop's number; the admin
 * finds them in 'À vérifier' with the sidebar's badge, rejects one with a reason and approves
 * another (the order becomes 'Payée' with the admin's name); the order page's payments; the
 * orders list's payment filter; the money received online on the dashboard; without
 * JavaScript too; an accessibility scan of each screen.
 */

import { FIELD_MSG, formatPrice, MSG, ORDER_REFERENCE_PATTERN } from "@shop/shared/core";
import { type Browser, type BrowserContext, expect, type Page, test } from "./fixtures.ts";
import { expectAccessible, expectNoSidewaysScroll, open, shopToday, signInAdmin, someProduct } from "./helpers.ts";

/** A small real PNG (1×1), as a phone's file picker would hand it over. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==",
  "base64",
);
const photo = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

let visitor = 0;
/** Each context is its own visitor (own address), so per-visitor limits never meet across tests. */
const asVisitor = () => ({ "x-forwarded-for": `10.57.0.${++visitor}` });

let counter = 0;
/** Something no other test wrote: names and transaction IDs that one search finds alone. */
const stamp = () => `${`${Date.now()}`.slice(-7)}${++counter}`;
const uniquePhone = () => `6${`${Date.now() + ++counter}`.slice(-8)}`;

/** A new signed-in customer in a context of their own, as another person on another phone. */
async function customer(browser: Browser, name: string) {
  const context = await browser.newContext({ extraHTTPHeaders: asVisitor() });
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${stamp()}@exemple.cm`;
  const password = "motdepasse-solide";
  const signUp = await context.request.post("/api/signup", {
    data: { name, email, password, confirmPassword: password },
  });
  expect(signUp.status()).toBe(201);
  expect((await context.request.post("/api/signin", { data: { email, password } })).status()).toBe(200);
  return context;
}

interface PlacedOrder {
  reference: string;
  payToken: string;
  total: number;
}

/** An order with one product from the customer's cart, placed through the API. */
async function placeOrder(context: BrowserContext, productIndex: number, name: string): Promise<PlacedOrder> {
  const product = await someProduct(context.request, productIndex);
  expect((await context.request.post("/api/addtocart", { data: { productId: product._id } })).status()).toBe(201);
  const answer = await context.request.post("/api/orders", {
    multipart: { name, number: uniquePhone(), text: "Bastos, Yaoundé", message: "", file: photo("commande.png") },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const order = (await answer.json()).data as PlacedOrder;
  expect(order.reference).toMatch(ORDER_REFERENCE_PATTERN);
  expect(order.payToken).toBeTruthy();
  return order;
}

/** "J'ai déjà payé par transfert", as the payment screen sends it, with the order's payment link token. */
async function declareTransfer(
  context: BrowserContext,
  order: PlacedOrder,
  transfer: { operator: "mtn" | "orange"; transactionId: string; screenshot?: boolean },
): Promise<string> {
  const answer = await context.request.post(`/api/orders/${order.reference}/transfer`, {
    multipart: {
      operator: transfer.operator,
      transactionId: transfer.transactionId,
      token: order.payToken,
      ...(transfer.screenshot ? { screenshot: photo("capture-transfert.png") } : {}),
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()).data._id;
}

/** The count in a sidebar link's badge ("À vérifier 2 paiements"), 0 without a badge. */
async function badge(page: Page, label: "À vérifier" | "Commandes"): Promise<number> {
  const link = page
    .getByRole("navigation", { name: "Back-office" })
    .getByRole("link", { name: new RegExp(`^${label}`) });
  const text = (await link.textContent()) ?? "";
  return Number(text.match(/\d+/)?.[0] ?? 0);
}

/** A row of the 'À vérifier' queue, named by its order's reference. */
const queueCard = (page: Page, reference: string) => page.getByRole("main").getByRole("article", { name: reference });

/** An order card of the orders list. */
const orderCard = (page: Page, reference: string) =>
  page
    .getByRole("main")
    .getByRole("article")
    .filter({ has: page.getByRole("link", { name: reference }) });

/** What the dashboard says was received online today, in francs. */
async function receivedToday(page: Page): Promise<number> {
  await open(page, "/admin-panel/dashboard");
  const figure = page.getByRole("region", { name: "Reçu en ligne" }).locator('data[data-figure="online-today"]');
  return Number(await figure.getAttribute("value"));
}

test.describe("back-office: payments to verify", () => {
  test.use({ extraHTTPHeaders: asVisitor() });

  test("declared transfers wait in 'À vérifier' with a badge; one is rejected with a reason, another approved: the order is 'Payée' with the admin's name", async ({
    page,
    browser,
  }) => {
    const adminName = await signInAdmin(page);
    const receivedBefore = await receivedToday(page);
    await open(page, "/admin-panel/payments");
    const waitingBefore = await badge(page, "À vérifier");

    const name = `Client Transfert ${stamp()}`;
    const buyer = await customer(browser, name);
    const refused = await placeOrder(buyer, 3, name);
    const approved = await placeOrder(buyer, 4, name);
    const cash = await placeOrder(buyer, 5, name);
    const refusedId = `MP${stamp()}.A1`;
    const approvedId = `CI${stamp()}.B2`;
    await declareTransfer(buyer, refused, { operator: "orange", transactionId: refusedId.toLowerCase() });
    await declareTransfer(buyer, approved, {
      operator: "mtn",
      // As the customer copied it from the SMS: lower case, with spaces; kept upper-cased, without.
      transactionId: `${approvedId.slice(0, 4).toLowerCase()} ${approvedId.slice(4)}`,
      screenshot: true,
    });
    const chosen = await buyer.request.post(`/api/orders/${cash.reference}/cash`, { data: { token: cash.payToken } });
    expect(chosen.status()).toBe(200);

    // The sidebar counts both; the queue shows each with what the shop checks.
    await open(page, "/admin-panel/payments");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paiements à vérifier");
    expect(await badge(page, "À vérifier")).toBe(waitingBefore + 2);
    await expect(page.getByText(/paiements? à vérifier, les plus anciens d'abord\./)).toBeVisible();
    await expectNoSidewaysScroll(page);
    // Oldest first: the transfer declared first comes first.
    const references = await page.getByRole("main").getByRole("article").getByRole("heading").allTextContents();
    expect(references.indexOf(refused.reference)).toBeLessThan(references.indexOf(approved.reference));
    const card = queueCard(page, approved.reference);
    await expect(card).toContainText(name);
    await expect(card).toContainText(`Total ${formatPrice(approved.total)}`);
    await expect(card).toContainText(`Montant${formatPrice(approved.total)}`);
    await expect(card).toContainText("MTN MoMo · Transfert déclaré");
    await expect(card).toContainText(`Transaction${approvedId}`);
    await expect(card).toContainText(`Déclaré le${shopToday()} à`);
    await expect(card.getByRole("link", { name: approved.reference })).toHaveAttribute(
      "href",
      `/admin-panel/orders/${approved.reference}`,
    );
    const screenshot = card.getByRole("link", { name: /Voir la capture d'écran/ });
    await expect(screenshot).toHaveAttribute("target", "_blank");
    const served = await page.request.get((await screenshot.getAttribute("href")) ?? "");
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toContain("image/png");
    // The customer who sent it may not read it back.
    expect([401, 403]).toContain((await buyer.request.get((await screenshot.getAttribute("href")) ?? "")).status());
    await expect(queueCard(page, refused.reference)).toContainText(`Transaction${refusedId}`);
    await expect(queueCard(page, refused.reference).getByRole("link", { name: /capture/ })).toHaveCount(0);

    // Rejected: a reason too short is refused in French under its field, the reason kept.
    const refusedCard = queueCard(page, refused.reference);
    await refusedCard.getByText("Rejeter…").click();
    const reason = refusedCard.getByLabel("Raison du rejet");
    await reason.fill("no");
    await refusedCard.getByRole("button", { name: /^Rejeter le paiement/ }).click();
    await expect(refusedCard.getByText(FIELD_MSG.rejectReasonRequired)).toBeVisible();
    await expect(reason).toHaveValue("no");
    await expect(reason).toHaveAttribute("aria-invalid", "true");
    await expect(reason).toBeFocused();
    const why = "Aucune transaction avec cet ID chez Orange Money.";
    await reason.fill(why);
    await refusedCard.getByRole("button", { name: /^Rejeter le paiement/ }).click();
    await expect(page.getByRole("main").getByText(MSG.paymentRejected)).toBeVisible();
    await expect(queueCard(page, refused.reference)).toHaveCount(0);
    await expect.poll(() => badge(page, "À vérifier")).toBe(waitingBefore + 1);
    // The customer's payment screen reads the reason.
    const screen = await buyer.request.post(`/api/orders/${refused.reference}/payment`, {
      data: { token: refused.payToken },
    });
    const seen = (await screen.json()).data.payments[0];
    expect(seen).toMatchObject({ state: "rejected", reason: why });

    // Approved: the order is paid.
    await queueCard(page, approved.reference)
      .getByRole("button", { name: /^Approuver/ })
      .click();
    await expect(page.getByRole("main").getByText(MSG.paymentApproved)).toBeVisible();
    await expect(queueCard(page, approved.reference)).toHaveCount(0);
    await expect.poll(() => badge(page, "À vérifier")).toBe(waitingBefore);
    await page
      .getByRole("main")
      .getByRole("link", { name: `Commande ${approved.reference}` })
      .click();
    await expect(page).toHaveURL(`/admin-panel/orders/${approved.reference}`);
    await expect(page.getByRole("main").locator("header [data-status]")).toHaveText("Payée");
    const payments = page.getByRole("region", { name: "Paiements" });
    await expect(payments).toContainText("Choix du client : Transfert");
    const attempt = payments.getByRole("article");
    await expect(attempt).toHaveCount(1);
    await expect(attempt.getByRole("heading")).toHaveText("MTN MoMo · Transfert déclaré");
    await expect(attempt.locator("[data-payment-state]")).toHaveText("Payé");
    await expect(attempt).toContainText(`Vérifié par${adminName}, le ${shopToday()} à`);
    await expect(attempt).toContainText(`Payé le${shopToday()} à`);
    await expect(payments.getByRole("button")).toHaveCount(0);
    const history = page.getByRole("region", { name: "Historique", exact: true }).getByRole("listitem");
    await expect(history).toHaveCount(2);
    await expect(history.nth(1)).toHaveText(
      new RegExp(
        `^Payée — par ${adminName}, le ${shopToday()} à \\d\\d:\\d\\dTransfert MTN MoMo — transaction ${approvedId}$`,
      ),
    );
    await expectNoSidewaysScroll(page);

    // The rejected one says why, and who decided.
    await open(page, `/admin-panel/orders/${refused.reference}`);
    await expect(page.getByRole("main").locator("header [data-status]")).toHaveText("Nouvelle");
    const rejected = page.getByRole("region", { name: "Paiements" }).getByRole("article");
    await expect(rejected.locator("[data-payment-state]")).toHaveText("Rejeté");
    await expect(rejected).toContainText(`Raison du rejet${why}`);
    await expect(rejected).toContainText(`Rejeté par${adminName}`);

    // The orders list by payment, combined with the search and the status.
    await open(page, "/admin-panel/orders");
    await page.getByLabel("Rechercher une commande").fill(name);
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/\?q=/);
    await expect(page.getByText(`3 commandes pour « ${name} »`)).toBeVisible();
    const byPayment = page.getByRole("navigation", { name: "Filtrer par paiement" });
    await byPayment.getByRole("link", { name: "Payée en ligne" }).click();
    await expect(page).toHaveURL(/payment=online/);
    await expect(page).toHaveURL(/q=/);
    await expect(byPayment.getByRole("link", { name: "Payée en ligne" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
    await expect(orderCard(page, approved.reference)).toBeVisible();
    await byPayment.getByRole("link", { name: "Non payée" }).click();
    await expect(page).toHaveURL(/payment=unpaid/);
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
    await expect(orderCard(page, refused.reference)).toBeVisible();
    await byPayment.getByRole("link", { name: "À la livraison" }).click();
    await expect(page).toHaveURL(/payment=cash/);
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
    await expect(orderCard(page, cash.reference)).toBeVisible();
    // With a status too: the paid one among 'Payée', none of them among 'Livrée'.
    await byPayment.getByRole("link", { name: "Payée en ligne" }).click();
    await expect(page).toHaveURL(/payment=online/);
    const byStatus = page.getByRole("navigation", { name: "Filtrer par statut" });
    await byStatus.getByRole("link", { name: "Payée" }).click();
    await expect(page).toHaveURL(/status=pay%C3%A9e/);
    await expect(page).toHaveURL(/payment=online/);
    await expect(orderCard(page, approved.reference)).toBeVisible();
    await byStatus.getByRole("link", { name: "Livrée" }).click();
    await expect(page.getByText("Aucune commande ne correspond à votre recherche.")).toBeVisible();
    // A new search keeps both filters.
    await page.getByLabel("Rechercher une commande").fill(approved.reference);
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${approved.reference}`));
    await expect(page).toHaveURL(/status=livr%C3%A9e/);
    await expect(page).toHaveURL(/payment=online/);
    await byPayment.getByRole("link", { name: "Tous les paiements" }).click();
    await expect(page).not.toHaveURL(/payment=/);

    // The dashboard counts the approved transfer as money received online.
    expect(await receivedToday(page)).toBe(receivedBefore + approved.total);
    await buyer.close();
  });

  test("a payment another admin handled meanwhile is refused with the server's message (409)", async ({
    page,
    browser,
  }) => {
    await signInAdmin(page);
    const buyer = await customer(browser, "Client Concurrence");
    const order = await placeOrder(buyer, 6, "Client Concurrence");
    const id = await declareTransfer(buyer, order, { operator: "mtn", transactionId: `MP${stamp()}.C3` });
    await buyer.close();

    await open(page, "/admin-panel/payments");
    const card = queueCard(page, order.reference);
    await card.getByText("Rejeter…").click();
    await card.getByLabel("Raison du rejet").fill("Montant incomplet.");
    // Meanwhile, on another phone, another admin approves it.
    expect((await page.request.post(`/api/admin/payments/${id}/approve`)).status()).toBe(200);
    await card.getByRole("button", { name: /^Rejeter le paiement/ }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      `${MSG.paymentNotToVerify} Commande ${order.reference}`,
    );
    // The queue is read again: the payment has left it.
    await expect(queueCard(page, order.reference)).toHaveCount(0);
  });

  test("without JavaScript: reject on the order page, then approve the next transfer in the queue", async ({
    browser,
  }) => {
    const buyer = await customer(browser, "Sans Script");
    const order = await placeOrder(buyer, 7, "Sans Script");
    await declareTransfer(buyer, order, { operator: "orange", transactionId: `PP${stamp()}.D4` });

    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: asVisitor() });
    const page = await context.newPage();
    const adminName = await signInAdmin(page);
    await page.goto(`/admin-panel/orders/${order.reference}`);
    const payments = page.getByRole("region", { name: "Paiements" });
    await expect(payments.locator("[data-payment-state]")).toHaveText("À vérifier");
    await payments.getByText("Rejeter…").click();
    await payments.getByLabel("Raison du rejet").fill("Capture d'écran illisible, renvoyez-la.");
    await payments.getByRole("button", { name: /^Rejeter le paiement/ }).click();
    await expect(payments.getByText(MSG.paymentRejected)).toBeVisible();
    await expect(payments.locator("[data-payment-state]")).toHaveText("Rejeté");

    // The customer sends the right ID; it is approved from the queue.
    const transactionId = `PP${stamp()}.E5`;
    await declareTransfer(buyer, order, { operator: "orange", transactionId });
    await buyer.close();
    await page.goto("/admin-panel/payments");
    await queueCard(page, order.reference)
      .getByRole("button", { name: /^Approuver/ })
      .click();
    await expect(page.getByText(MSG.paymentApproved)).toBeVisible();
    await expect(queueCard(page, order.reference)).toHaveCount(0);
    await page.goto(`/admin-panel/orders/${order.reference}`);
    await expect(page.getByRole("main").locator("header [data-status]")).toHaveText("Payée");
    await expect(page.getByRole("region", { name: "Historique", exact: true }).getByRole("listitem").nth(1)).toHaveText(
      new RegExp(
        `^Payée — par ${adminName}, le .*Transfert Orange Money — transaction ${transactionId.replace(".", "\\.")}$`,
      ),
    );
    // Newest first: the approved attempt above the rejected one.
    await expect(page.getByRole("region", { name: "Paiements" }).locator("[data-payment-state]")).toHaveText([
      "Payé",
      "Rejeté",
    ]);
    await context.close();
  });
});

// ---------------------------------------------------------------------------------------------
// Accessibility: the same scan as e2e/a11y.spec.ts, on the screens this issue adds or changes.

test.describe("back-office payments accessibility (axe, WCAG 2.2 AA + best practices)", () => {
  test.use({ extraHTTPHeaders: asVisitor() });
  let reference = "";

  test.beforeAll(async ({ browser }) => {
    const buyer = await customer(browser, "Client Axe Paiement");
    const order = await placeOrder(buyer, 8, "Client Axe Paiement");
    reference = order.reference;
    await declareTransfer(buyer, order, { operator: "mtn", transactionId: `MP${stamp()}.F6`, screenshot: true });
    await buyer.close();
  });

  for (const [name, path] of [
    ["the 'À vérifier' queue", "/admin-panel/payments"],
    ["the queue with a rejection open and refused", "refused"],
    ["an order page with payments", "order"],
    ["the orders list filtered by payment", "/admin-panel/orders?payment=unpaid"],
    ["the dashboard", "/admin-panel/dashboard"],
  ] as const) {
    test(name, async ({ page }, testInfo) => {
      await signInAdmin(page);
      if (path === "refused") {
        await open(page, "/admin-panel/payments");
        const card = queueCard(page, reference);
        await card.getByText("Rejeter…").click();
        await card.getByLabel("Raison du rejet").fill("x");
        await card.getByRole("button", { name: /^Rejeter le paiement/ }).click();
        await expect(card.getByText(FIELD_MSG.rejectReasonRequired)).toBeVisible();
      } else {
        const response = await open(page, path === "order" ? `/admin-panel/orders/${reference}` : path);
        expect(response?.status()).toBe(200);
      }
      await expectAccessible(page, testInfo);
    });
  }
});
