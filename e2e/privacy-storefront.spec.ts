/**
 * Personal data on the storefront (decisions 041, 043), on the 360 px phone: a message's
 * one-tap link stops promotions for the number it was sent to (opening it changes nothing);
 * a made-up link is refused in French; 'Mes données' stops and resumes promotions with and
 * without JavaScript; a customer without an account asks about their data from the order
 * status page, and a forged number is refused; 'Confidentialité' says the shop's retention
 * figures and the APDP.
 */
import { randomInt } from "node:crypto";
import { PRIVACY_REQUEST_DAYS, type PrivacyNotice, type ProductDetails, type StockAlert } from "@shop/shared";
import { FIELD_MSG, MSG, ORDER_REFERENCE_PATTERN } from "@shop/shared/core";
import { type APIRequestContext, type Browser, expect, type Page, test } from "./fixtures.ts";
import { ADMIN, expectAccessible, expectNoSidewaysScroll, open, signedInCustomer, visitorAddress } from "./helpers.ts";

// The stop link, the requests and the status page are rate-limited per address: this file's visitor has its own.
test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

/** A small real PNG (1×1), the order form's file. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==",
  "base64",
);

/** A mobile number of no other journey: nine digits, 6 then 5 to 9. */
const uniquePhone = () => `6${randomInt(50, 100)}${randomInt(100_000, 1_000_000)}`;

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const PROMOTIONS = "Promotions et rappels";
const STOP = "Ne plus recevoir de promotions ni de rappels";
const RESUME = "Recevoir de nouveau nos promotions";

/** A French message with a dd/mm/yyyy date in it, as a pattern. */
const withDate = (message: (due: string) => string) =>
  new RegExp(
    `^${message("DATE")
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace("DATE", "\\d{2}/\\d{2}/\\d{4}")}$`,
  );

/** An order through the order form's API, as the person of `request` (signed in or not); answers its reference. */
async function placeOrder(request: APIRequestContext, name: string, phone: string) {
  const answer = await request.post("/api/orders", {
    multipart: {
      name,
      number: phone,
      text: "Bastos, Yaoundé",
      message: "",
      file: { name: "commande.png", mimeType: "image/png", buffer: PNG },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const reference: string = (await answer.json()).data.reference;
  expect(reference).toMatch(ORDER_REFERENCE_PATTERN);
  return reference;
}

/** Whether the signed-in person of `page` stopped promotions, as the API says it. */
async function objected(page: Page): Promise<boolean> {
  const answer = await page.request.get("/api/my-data");
  expect(answer.status()).toBe(200);
  return (await answer.json()).data.promotions.objected;
}

/** The demo catalogue's iPhone 15 and its sold-out 256 Go, Bleu (the journeys' contract, apps/server/src/db/seed). */
async function soldOutBlue(request: APIRequestContext) {
  const list = await request.post("/api/category-product?limit=50", { data: { category: "IPHONE 15" } });
  const found = ((await list.json()).data as { _id: string; productName: string }[]).find(
    (p) => p.productName === "iPhone 15",
  );
  if (!found) throw new Error("the demo catalogue has no iPhone 15");
  const details: ProductDetails = (
    await (await request.post("/api/product-details", { data: { productId: found._id } })).json()
  ).data;
  const blue = details.variants.find((v) => v.label === "256 Go, Bleu");
  if (!blue) throw new Error("the iPhone 15 has no 256 Go, Bleu");
  return blue;
}

async function setCount(request: APIRequestContext, variantId: string, stock: number, note: string) {
  const answer = await request.post("/api/admin/stock/adjust", { data: { variantId, stock, note } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/**
 * The one-tap link the shop puts in its 'Prévenez-moi' message to `phone`: the visitor asks
 * on the sold-out variant, the SUPERADMIN restocks it and reads the link off the alert
 * (GET /api/admin/stock/alerts), marks the alert done, and the variant is sold out again.
 */
async function stopLinkFor(browser: Browser, baseURL: string, phone: string): Promise<string> {
  const admin = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
  try {
    const blue = await soldOutBlue(admin.request);
    const asked = await admin.request.post("/api/stock-alerts", { data: { variantId: blue._id, phone } });
    expect(asked.status(), await asked.text()).toBe(201);
    expect((await admin.request.post("/api/signin", { data: ADMIN })).status()).toBe(200);
    await setCount(admin.request, blue._id, 1, "Parcours des données personnelles");
    try {
      const alerts: (StockAlert & { stopPromotionsUrl?: string })[] = (
        await (await admin.request.get("/api/admin/stock/alerts")).json()
      ).data;
      const alert = alerts.find((a) => a.phone === `+237${phone}`);
      expect(alert?.stopPromotionsUrl, "the alert carries its stop link").toMatch(/\/stop-promotions\?token=/);
      const notified = await admin.request.post(`/api/admin/stock/alerts/${alert?._id}/notified`);
      expect(notified.ok(), await notified.text()).toBe(true);
      const url = new URL(alert?.stopPromotionsUrl ?? "", baseURL);
      return `${url.pathname}${url.search}`;
    } finally {
      // The demo's contract for the other journeys: 256 Go, Bleu sold out.
      await setCount(admin.request, blue._id, 0, "Parcours des données personnelles : état de départ");
    }
  } finally {
    await admin.close();
  }
}

test("a message's link stops promotions to its number in one tap; opening it changes nothing", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await signedInCustomer(page, "Client Lien Promotions");
  const phone = uniquePhone();
  await placeOrder(page.request, "Client Lien Promotions", phone);
  expect(await objected(page)).toBe(false);
  const link = await stopLinkFor(browser, baseURL ?? "", phone);

  // Opened (as a link previewer would): it explains, offers one button, and changes nothing.
  await open(page, link);
  await expect(page.getByRole("heading", { level: 1, name: "Ne plus recevoir nos promotions" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("main")).toContainText("Les messages sur vos commandes");
  expect(await objected(page)).toBe(false);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo);

  await page.getByRole("button", { name: "Ne plus recevoir de promotions" }).click();
  await expect(page.getByRole("status").filter({ hasText: MSG.promotionsStopped })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ne plus recevoir de promotions" })).toHaveCount(0);
  expect(await objected(page)).toBe(true);

  // 'Mes données' says so, and offers to receive them again.
  await open(page, "/my-data");
  const promotions = region(page, PROMOTIONS);
  await expect(promotions).toContainText("Vous ne recevez plus nos promotions ni nos rappels depuis le");
  await expect(promotions.getByRole("button", { name: RESUME })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a missing or made-up link is refused in French, with the way to 'Mes données'", async ({ page }) => {
    await page.goto("/stop-promotions");
    const main = page.getByRole("main");
    await expect(main.getByRole("alert")).toHaveText(FIELD_MSG.stopLinkInvalid);
    await expect(main.getByRole("button")).toHaveCount(0);
    await expect(main.getByRole("link", { name: "Mes données" })).toHaveAttribute("href", "/my-data");

    // Shaped as the shop's, but not signed by it: refused once tapped, in the API's words.
    await page.goto(`/stop-promotions?token=${"A".repeat(59)}`);
    await expect(main.getByRole("alert")).toHaveCount(0);
    await main.getByRole("button", { name: "Ne plus recevoir de promotions" }).click();
    await expect(main.getByRole("alert")).toHaveText(FIELD_MSG.stopLinkInvalid);
    await expect(main.getByRole("button", { name: "Ne plus recevoir de promotions" })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });

  test("'Mes données' stops promotions, then receives them again", async ({ page }) => {
    await signedInCustomer(page, "Client Promotions Sans Script");
    await page.goto("/my-data");
    const promotions = region(page, PROMOTIONS);
    await expect(promotions).toContainText("Les messages sur vos commandes");
    await promotions.getByRole("button", { name: STOP }).click();
    await expect(page.getByRole("status").filter({ hasText: MSG.promotionsStopped })).toBeVisible();
    await expect(promotions.getByRole("button", { name: RESUME })).toBeVisible();
    expect(await objected(page)).toBe(true);

    await promotions.getByRole("button", { name: RESUME }).click();
    await expect(page.getByRole("status").filter({ hasText: MSG.promotionsResumed })).toBeVisible();
    await expect(promotions.getByRole("button", { name: STOP })).toBeVisible();
    expect(await objected(page)).toBe(false);
    await expectNoSidewaysScroll(page);
  });

  test("a customer without an account asks for a copy from the order status page", async ({ page, request }) => {
    const phone = uniquePhone();
    const reference = await placeOrder(request, "Client Demande Sans Script", phone);
    await page.goto("/order-status");
    await page.getByLabel("Référence de la commande").fill(reference);
    await page.getByLabel("Numéro de téléphone").fill(phone);
    await page.getByRole("button", { name: "Voir ma commande" }).click();
    const section = region(page, "Vos données personnelles");
    await section.getByLabel("Recevoir une copie de mes données").check();
    await section.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(page).toHaveURL(/\/order-status#vos-donnees$/);
    await expect(section.getByRole("status")).toHaveText(withDate(MSG.privacyRequestReceived));
    // The order is still on the page.
    await expect(page.getByRole("heading", { name: reference })).toBeVisible();
  });

  test("a request with a forged number is refused with the French message", async ({ page, request }) => {
    const phone = uniquePhone();
    const reference = await placeOrder(request, "Client Numéro Vrai", phone);
    await page.goto("/order-status");
    await page.getByLabel("Référence de la commande").fill(reference);
    await page.getByLabel("Numéro de téléphone").fill(phone);
    await page.getByRole("button", { name: "Voir ma commande" }).click();
    await expect(page.getByRole("heading", { name: reference })).toBeVisible();
    const section = region(page, "Vos données personnelles");
    // Someone who read the reference off a receipt puts another number in the page's form.
    const forged = uniquePhone();
    const hiddenPhone = section.locator('input[name="phone"]');
    await hiddenPhone.evaluate((input: HTMLInputElement, other) => {
      input.value = other;
    }, forged);
    await expect(hiddenPhone).toHaveValue(forged);
    await section.getByLabel("Effacer mes données").check();
    await section.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(section.getByRole("alert")).toHaveText(MSG.privacyRequestNoOrder);
    await expect(section.getByRole("status")).toHaveText("");
  });
});

test.describe("with JavaScript", () => {
  test("'Mes données' stops promotions, then receives them again", async ({ page }, testInfo) => {
    await signedInCustomer(page, "Client Promotions");
    await open(page, "/my-data");
    const promotions = region(page, PROMOTIONS);
    await expect(promotions).toContainText("Vous pouvez recevoir nos promotions et nos rappels");
    await promotions.getByRole("button", { name: STOP }).click();
    await expect(page.getByRole("status").filter({ hasText: MSG.promotionsStopped })).toBeVisible();
    await expect(promotions.getByRole("button", { name: RESUME })).toBeVisible();
    await expect(promotions).toContainText("Vous ne recevez plus nos promotions ni nos rappels depuis le");
    expect(await objected(page)).toBe(true);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);

    await promotions.getByRole("button", { name: RESUME }).click();
    await expect(page.getByRole("status").filter({ hasText: MSG.promotionsResumed })).toBeVisible();
    await expect(promotions.getByRole("button", { name: STOP })).toBeVisible();
    expect(await objected(page)).toBe(false);
  });

  test("a customer without an account asks to correct their data; the same request again is known", async ({
    page,
    request,
  }, testInfo) => {
    const phone = uniquePhone();
    const reference = await placeOrder(request, "Client Demande", phone);
    await open(page, `/order-status?reference=${reference}`);
    await expect(region(page, "Vos données personnelles")).toHaveCount(0);
    await page.getByLabel("Numéro de téléphone").fill(`+237 ${phone}`);
    await page.getByRole("button", { name: "Voir ma commande" }).click();
    await expect(page.getByRole("heading", { name: reference })).toBeVisible();

    const section = region(page, "Vos données personnelles");
    await expect(section).toContainText(`Nous vous répondons dans les ${PRIVACY_REQUEST_DAYS} jours`);
    await expect(section.getByRole("radio")).toHaveCount(4);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);

    await section.getByLabel("Corriger mes données").check();
    await section.getByLabel("Précisez (ce qu'il faut corriger, par exemple)").fill("Mon nom s'écrit Ngono.");
    await section.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(section.getByRole("status")).toHaveText(withDate(MSG.privacyRequestReceived));
    await expect(page.getByRole("heading", { name: reference })).toBeVisible();
    // The form is cleared for another request.
    await expect(section.getByLabel("Corriger mes données")).not.toBeChecked();

    await section.getByLabel("Corriger mes données").check();
    await section.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(section.getByRole("status")).toHaveText(withDate(MSG.privacyRequestAlready));
  });

  test("'Confidentialité' says the shop's retention figures, the rights and the APDP", async ({
    page,
    request,
  }, testInfo) => {
    const notice: PrivacyNotice = (await (await request.get("/api/privacy-notice")).json()).data;
    await open(page, "/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Politique de confidentialité" })).toBeVisible();
    const kept = region(page, "Combien de temps nous les gardons");
    await expect(kept).toContainText(`${notice.retention.orderFilesDays} jours après la livraison ou l'annulation`);
    await expect(kept).toContainText(`gardées ${notice.retention.closedOrdersYears} ans pour la comptabilité`);
    const rights = region(page, "Vos droits, et comment les exercer");
    await expect(rights.getByRole("link", { name: "Mes données" })).toHaveAttribute("href", "/my-data");
    await expect(rights.getByRole("link", { name: "Suivi de commande" })).toHaveAttribute("href", "/order-status");
    await expect(rights).toContainText(`Nous répondons dans les ${notice.requestDays} jours.`);
    const authority = region(page, "Se plaindre auprès de l'APDP");
    await expect(authority).toContainText(notice.authority.name);
    await expect(authority).toContainText("APDP");
    for (const activity of notice.activities) {
      await expect(region(page, "Ce que nous faisons de vos données, et pourquoi")).toContainText(activity.purpose);
    }
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);
  });
});
