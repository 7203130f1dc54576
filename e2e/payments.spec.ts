/**
 * The customer pays from the phone (decision 026), on the 360 px phone of
 * playwright.config.ts, through the fake Notch Pay that config starts beside the shop: a cart
 * order paid with MTN MoMo ends on 'Paiement reçu' and the order is 'Payée'; a refused Orange
 * Money payment, then 'Réessayer' that succeeds; cash on delivery from the status page; the
 * waiting screen without JavaScript; an accessibility scan of both screens.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { formatPrice, MSG } from "@shop/shared/core";
import { expect, type Page, test } from "./fixtures.ts";
import {
  chooseDelivery,
  expectAccessible,
  expectNoSidewaysScroll,
  hydrated,
  open,
  signedInCustomer,
  someProduct,
} from "./helpers.ts";

/** A small real PNG (1×1), as a phone's file picker would hand it over. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==",
  "base64",
);

/** The fake provider's switches (apps/server/src/test/fake-notchpay.ts, test-only paths). */
async function fakeNotchPay(path: "reset" | "settings", settings: Record<string, unknown> = {}) {
  const answer = await fetch(`${process.env.NOTCHPAY_API_URL}/__fake/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(settings),
  });
  expect(answer.status, await answer.text()).toBe(200);
}

let visitor = 0;
/** Each test is its own visitor (own address): the payment calls' per-visitor limit never meets. */
async function ownAddress(page: Page) {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `10.13.${process.pid % 250}.${++visitor}` });
}

/** A signed-in customer with one demo product in the cart; answers its price. */
async function customerWithCart(page: Page, name: string, productIndex: number) {
  await signedInCustomer(page, name);
  const product = await someProduct(page.request, productIndex);
  expect((await page.request.post("/api/addtocart", { data: { productId: product._id } })).status()).toBe(201);
  return product;
}

/** An order sent through the order form with the cart's lines (so it has a total); answers its reference and payToken. */
async function formOrder(page: Page, name: string, number: string, text: string) {
  const placed = await page.request.post("/api/orders", {
    multipart: { name, number, text, message: "", file: { name: "voulu.png", mimeType: "image/png", buffer: PNG } },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).data as { reference: string; payToken: string };
}

const payScreen = (page: Page) => page.getByRole("region", { name: "Payer par Mobile Money" });
const waiting = (page: Page) => page.getByRole("heading", { name: "En attente de votre confirmation" });
/** Long enough for the fake to settle, its webhook to land and the screen's next poll. */
const SETTLED = { timeout: 30_000 };

test.beforeEach(async ({ page }) => {
  await fakeNotchPay("reset");
  await ownAddress(page);
});

test("a cart order paid with MTN MoMo: the waiting screen ends on 'Paiement reçu', the order is 'Payée'", async ({
  page,
}, testInfo) => {
  // The customer takes a few seconds to confirm on the phone.
  await fakeNotchPay("settings", { outcome: "complete", settleAfterMs: 6000 });
  const product = await customerWithCart(page, "Client MoMo", 2);
  await open(page, "/cart");
  await chooseDelivery(page, "pickup");
  await page.getByRole("button", { name: "Commander par téléphone" }).click();
  const recorded = page.getByText(/^Référence de votre commande : CMD-/);
  await expect(recorded).toBeVisible();
  const reference = ((await recorded.textContent()) ?? "").split(" : ")[1] ?? "";

  await page.getByRole("link", { name: `Payer par Mobile Money (commande ${reference})` }).click();
  await expect(page).toHaveURL(new RegExp(`/pay/${reference}\\?t=`));
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Paiement de la commande" })).toBeVisible();
  await expect(page.getByTestId("reference")).toHaveText(reference);
  await expect(page.getByTestId("amount")).toHaveText(formatPrice(product.sellingPrice));
  await expect(page.getByRole("region", { name: "J'ai déjà payé par transfert" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Paiement à la livraison" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo);

  const momo = payScreen(page);
  await momo.getByRole("radio", { name: "MTN MoMo" }).check();
  await momo.getByLabel("Numéro Mobile Money").fill("6 77 12 34 56");
  await momo.getByRole("button", { name: `Payer ${formatPrice(product.sellingPrice)}` }).click();

  await expect(page).toHaveURL(/\/payment\/[0-9a-f-]{36}$/);
  await expect(waiting(page)).toBeVisible();
  await expect(
    page.getByText(
      "Un message de confirmation va s'afficher sur le téléphone 6 77 12 34 56. Entrez votre code secret MTN MoMo",
      { exact: false },
    ),
  ).toBeVisible();
  await expect(page.getByText(/Composez \*126#/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo);

  const received = page.getByRole("heading", { name: "Paiement reçu" });
  await expect(received).toBeVisible(SETTLED);
  await expect(received).toBeFocused();
  await expect(page.getByText(`Votre commande ${reference} est payée`)).toBeVisible();
  await expectAccessible(page, testInfo);

  // Reloading shows the true state, and starts nothing.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Paiement reçu" })).toBeVisible();

  await page.getByRole("link", { name: "Suivre ma commande" }).click();
  await expect(page).toHaveURL(`/order-status?reference=${reference}`);
  const mine = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: reference }) });
  await expect(mine.getByText("Statut : Payée")).toBeVisible();
  // Paid: nothing more to pay.
  await expect(mine.getByRole("link", { name: /^Payer par Mobile Money/ })).toHaveCount(0);
  const again = await open(page, `/pay/${reference}`);
  expect(again?.status()).toBe(200);
  await expect(page.getByRole("status").filter({ hasText: "Paiement reçu" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Payer |Je paierai|Envoyer pour vérification/ })).toHaveCount(0);
});

test("a refused Orange Money payment, then 'Réessayer' that succeeds", async ({ page }) => {
  await fakeNotchPay("settings", { outcome: "rejected", settleAfterMs: 1000 });
  await customerWithCart(page, "Client Orange", 3);
  await open(page, "/order");
  await page.getByLabel("Nom complet").fill("Awa Ngono");
  await page.getByLabel("Numéro de téléphone").fill("6 99 12 34 56");
  await page.getByLabel("Adresse de livraison").fill("Maképé Missoké, Yaoundé");
  await chooseDelivery(page, { neighbourhood: "Mimboman", landmark: "Carrefour Mimboman" });
  await page.getByLabel("Fichier").setInputFiles({ name: "voulu.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Terminer la commande" }).click();
  const reference = (await page.getByTestId("reference").textContent()) ?? "";
  expect(reference).toMatch(/^CMD-/);

  await page.getByRole("link", { name: `Payer par Mobile Money (commande ${reference})` }).click();
  await hydrated(page);
  const momo = payScreen(page);
  // The order's number, and the operator it belongs to.
  await expect(momo.getByLabel("Numéro Mobile Money")).toHaveValue("6 99 12 34 56");
  await expect(momo.getByRole("radio", { name: "Orange Money" })).toBeChecked();
  const total = (await page.getByTestId("amount").textContent()) ?? "";
  await momo.getByRole("button", { name: `Payer ${total}` }).click();

  await expect(page.getByText(/Composez #150\*50#/)).toBeVisible();
  const failed = page.getByRole("heading", { name: "Paiement non effectué" });
  await expect(failed).toBeVisible(SETTLED);
  await expect(page.getByText(MSG.paymentRefused)).toBeVisible();
  await expect(page.getByRole("link", { name: "Payer avec MTN MoMo" })).toHaveAttribute(
    "href",
    new RegExp(`^/pay/${reference}\\?t=[^&]+&operator=mtn$`),
  );

  await fakeNotchPay("settings", { outcome: "complete", settleAfterMs: 1000 });
  await page.getByRole("link", { name: "Réessayer" }).click();
  await hydrated(page);
  const last = page.getByRole("status").filter({ hasText: "Paiement précédent non effectué" });
  await expect(last).toContainText(MSG.paymentRefused);
  await expect(payScreen(page).getByRole("radio", { name: "Orange Money" })).toBeChecked();
  await payScreen(page)
    .getByRole("button", { name: `Payer ${total}` })
    .click();
  await expect(page.getByRole("heading", { name: "Paiement reçu" })).toBeVisible(SETTLED);
  await expect(page.getByText(`Votre commande ${reference} est payée`)).toContainText("par Orange Money");
});

test("a lost connection while waiting: back online, the screen reads the true state; the pay screen never charges twice", async ({
  page,
}) => {
  await fakeNotchPay("settings", { outcome: "complete", settleAfterMs: 4000 });
  await customerWithCart(page, "Client Réseau", 5);
  await open(page, "/cart");
  await chooseDelivery(page, "pickup");
  await page.getByRole("button", { name: "Commander par téléphone" }).click();
  const recorded = page.getByText(/^Référence de votre commande : CMD-/);
  await expect(recorded).toBeVisible();
  const reference = ((await recorded.textContent()) ?? "").split(" : ")[1] ?? "";
  await page.getByRole("link", { name: `Payer par Mobile Money (commande ${reference})` }).click();
  await hydrated(page);
  const total = (await page.getByTestId("amount").textContent()) ?? "";
  await payScreen(page).getByRole("radio", { name: "MTN MoMo" }).check();
  await payScreen(page).getByLabel("Numéro Mobile Money").fill("677123456");
  await payScreen(page)
    .getByRole("button", { name: `Payer ${total}` })
    .click();
  await expect(waiting(page)).toBeVisible();

  // The network drops while the customer confirms on the phone; the payment settles meanwhile.
  await page.context().setOffline(true);
  await expect(page.getByText(/^Pas de connexion : l'état du paiement s'affichera au retour du réseau/)).toBeVisible();
  await page.waitForTimeout(5000);
  await page.context().setOffline(false);
  await expect(page.getByRole("heading", { name: "Paiement reçu" })).toBeVisible(SETTLED);

  // Back on the payment screen, no second charge is offered, and the API refuses one.
  await open(page, `/pay/${reference}`);
  await expect(page.getByRole("button", { name: /^Payer / })).toHaveCount(0);
  const again = await page.request.post(`/api/orders/${reference}/payments`, {
    data: { operator: "mtn", phone: "677123456" },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe(MSG.paymentAlreadyPaid);
});

test("cash on delivery, chosen from the order's status page", async ({ page }, testInfo) => {
  await customerWithCart(page, "Client Espèces", 4);
  const placed = await page.request.post("/api/orders", {
    multipart: {
      name: "Paul Essomba",
      number: "677654321",
      text: "Bastos, Yaoundé",
      message: "",
      file: { name: "voulu.png", mimeType: "image/png", buffer: PNG },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { reference } = (await placed.json()).data as { reference: string };
  // The customer comes back later, on another phone: the status page finds the order.
  await page.context().clearCookies();
  await open(page, "/order-status");
  await page.getByLabel("Référence de la commande").fill(reference);
  await page.getByLabel("Numéro de téléphone").fill("6 77 65 43 21");
  await page.getByRole("button", { name: "Voir ma commande" }).click();
  await page.getByRole("link", { name: `Payer par Mobile Money (commande ${reference})` }).click();
  await hydrated(page);

  await page.getByRole("button", { name: "Je paierai à la livraison" }).click();
  await expect(page.getByText("C'est noté : vous paierez à la livraison.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Vous avez choisi de payer à la livraison" })).toBeVisible();
  // Recorded on the order: a new visit says so too.
  await page.reload();
  await expect(page.getByText("C'est noté : vous paierez à la livraison.")).toBeVisible();
  // Mobile Money is still offered, should the customer change their mind.
  await expect(payScreen(page)).toBeVisible();
  await expectAccessible(page, testInfo);
});

test("'J'ai déjà payé par transfert': the shop's numbers, the transaction ID and a screenshot, then checked", async ({
  page,
}) => {
  await customerWithCart(page, "Client Transfert", 6);
  const order = await formOrder(page, "Client Transfert", "655123456", "Nlongkak, Yaoundé");
  await open(page, `/pay/${order.reference}?t=${encodeURIComponent(order.payToken)}`);
  const transfer = page.getByRole("region", { name: "J'ai déjà payé par transfert" });
  await transfer.getByText("J'ai déjà payé par transfert").click();
  await expect(transfer.getByText("6 70 00 00 01")).toBeVisible();
  await expect(transfer.getByText("6 90 00 00 02")).toBeVisible();
  await transfer.getByRole("radio", { name: "Orange Money" }).check();
  const transactionId = `CI${Date.now()}.${visitor}`;
  await transfer.getByLabel("Numéro de transaction").fill(transactionId.toLowerCase());
  await transfer
    .getByLabel("Capture d'écran du SMS (facultatif)")
    .setInputFiles({ name: "sms.png", mimeType: "image/png", buffer: PNG });
  await transfer.getByRole("button", { name: "Envoyer pour vérification" }).click();
  const checking = page.getByRole("status").filter({ hasText: "Paiement en cours de vérification" });
  await expect(checking).toContainText(`La boutique vérifie votre transfert (transaction ${transactionId})`);
  // Nothing else is offered that could pay the order twice.
  await expect(page.getByRole("button", { name: /^Payer |Je paierai|Envoyer pour vérification/ })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form sends the charge and the waiting screen refreshes itself until 'Paiement reçu'", async ({ page }) => {
    await fakeNotchPay("settings", { outcome: "complete", settleAfterMs: 2000 });
    await customerWithCart(page, "Client Sans JS", 5);
    const order = await formOrder(page, "Client Sans JS", "650123456", "Essos, Yaoundé");
    await page.goto(`/pay/${order.reference}?t=${encodeURIComponent(order.payToken)}`);
    await expect(payScreen(page).getByRole("radio", { name: "MTN MoMo" })).toBeChecked();
    await payScreen(page)
      .getByRole("button", { name: /^Payer / })
      .click();
    await expect(page).toHaveURL(/\/payment\/[0-9a-f-]{36}$/);
    await expect(waiting(page)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Paiement reçu" })).toBeVisible(SETTLED);
  });
});

test("the payment screens' code loads only on them: other pages carry at most the 'Payer' link", () => {
  const assets = path.resolve(import.meta.dirname, "../apps/web/build/client/assets");
  const manifestFile = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error("No build found: run `npm run build` first.");
  const manifest = JSON.parse(
    readFileSync(path.join(assets, manifestFile), "utf8")
      .replace(/^window\.__reactRouterManifest=/, "")
      .replace(/;$/, ""),
  ) as { routes: Record<string, { module: string; imports?: string[] }> };
  // Words only the screens themselves hold (the form, the waiting screen, the poller).
  const markers = [
    "Envoi de la demande…",
    "En attente de votre confirmation",
    "Envoyer pour vérification",
    "visibilitychange",
  ];
  const holders = (id: string) => {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id}`);
    const text = [route.module, ...(route.imports ?? [])]
      .map((file) => readFileSync(path.join(assets, path.basename(file)), "utf8"))
      .join("\n");
    return markers.filter((m) => text.includes(m));
  };
  expect(holders("routes/pay")).toContain("Envoi de la demande…");
  expect(holders("routes/payment")).toContain("En attente de votre confirmation");
  for (const id of Object.keys(manifest.routes)) {
    if (id === "routes/pay" || id === "routes/payment") continue;
    expect(holders(id), id).toEqual([]);
  }
});
