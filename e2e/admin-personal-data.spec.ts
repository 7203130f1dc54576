/**
 * 'Données personnelles' (decision 041) on the 360 px phone of playwright.config.ts: customers
 * without an account ask about their data from an order; the SUPERADMIN finds the requests with
 * their deadline, downloads a copy, answers it, erases once the order is closed, is told a
 * refusal needs its reason; changes a retention duration and is refused a wrong one; prints and
 * edits the register of processing. An ADMIN is offered none of it. And one answer without
 * JavaScript.
 */
import { randomInt } from "node:crypto";
import type { PrivacyRequestKind, PrivacyRequestReceipt, ProcessingActivity } from "@shop/shared";
import { FIELD_MSG, MSG, ORDER_REFERENCE_PATTERN, SHOP_TIME_ZONE } from "@shop/shared/core";
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import {
  expectAccessible,
  expectNoSidewaysScroll,
  newSeller,
  open,
  ADMIN as SUPERADMIN,
  signInAdmin,
  signInThrough,
  visitorAddress,
} from "./helpers.ts";

// Sign-ins are rate-limited per address: this file's visitor has its own.
test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const PAGE = "/admin-panel/personal-data";
const REGISTER = "/admin-panel/personal-data/register";

/** A small real PNG (1×1): the order form's file. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==",
  "base64",
);

/** A mobile number no other test used: requests are kept per number. */
const uniquePhone = () => `6${`${Date.now()}`.slice(-5)}${String(randomInt(1000)).padStart(3, "0")}`;

const day = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: SHOP_TIME_ZONE,
});

/** A guest's order through the order form's API (no account), picked up at the shop. */
async function guestOrder(request: APIRequestContext, name: string, phone: string): Promise<string> {
  const offer = (await (await request.get("/api/delivery-options")).json()).data as {
    options: { _id: string; kind: string }[];
  };
  const pickup = offer.options.find((o) => o.kind === "pickup");
  if (!pickup) throw new Error("the demo shop has no pickup");
  const placed = await request.post("/api/orders", {
    headers: { "x-forwarded-for": visitorAddress() },
    multipart: {
      name,
      number: phone,
      text: "Bastos, Yaoundé",
      message: "",
      deliveryOptionId: pickup._id,
      file: { name: "voulu.png", mimeType: "image/png", buffer: PNG },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const reference: string = (await placed.json()).data.reference;
  expect(reference).toMatch(ORDER_REFERENCE_PATTERN);
  return reference;
}

/** The customer's request, as the order status page sends it; answers its receipt. */
async function ask(
  request: APIRequestContext,
  order: { reference: string; phone: string },
  kind: PrivacyRequestKind,
  message = "",
): Promise<PrivacyRequestReceipt> {
  const asked = await request.post("/api/privacy-requests", {
    headers: { "x-forwarded-for": visitorAddress() },
    data: { ...order, kind, message },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  return (await asked.json()).data;
}

/** The request of this kind about this order, in the list on screen. */
const requestCard = (page: Page, reference: string, kindLabel: string) =>
  page
    .getByRole("main")
    .getByRole("article")
    .filter({ has: page.getByRole("link", { name: reference, exact: true }) })
    .filter({ has: page.getByRole("heading", { name: kindLabel }) });

test("the owner answers a copy, a correction and an erasure, each by its deadline", async ({
  page,
  request,
}, testInfo) => {
  const name = `Awa Données ${randomInt(100_000)}`;
  const phone = uniquePhone();
  const reference = await guestOrder(request, name, phone);
  const access = await ask(request, { reference, phone }, "access", "Envoyez-moi une copie, merci.");
  const correction = await ask(request, { reference, phone }, "correction", "Mon nom s'écrit Awah.");
  const erasure = await ask(request, { reference, phone }, "erasure");

  const adminName = await signInAdmin(page);
  await open(page, "/admin-panel/orders");
  await page
    .getByRole("navigation", { name: "Menu du back-office" })
    .getByRole("link", { name: "Données personnelles" })
    .click();
  await expect(page).toHaveURL(PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Données personnelles" })).toBeVisible();

  // Each request with its order, the customer, and the day it must be answered by.
  const accessCard = requestCard(page, reference, "Recevoir une copie de mes données");
  const correctionCard = requestCard(page, reference, "Corriger mes données");
  const erasureCard = requestCard(page, reference, "Effacer mes données");
  await expect(accessCard).toContainText(`À répondre avant le ${day.format(new Date(access.dueAt))}`);
  await expect(accessCard).toContainText(name);
  await expect(accessCard).toContainText("Envoyez-moi une copie, merci.");
  await expect(accessCard).toContainText("À traiter");
  await expect(correctionCard).toContainText(`À répondre avant le ${day.format(new Date(correction.dueAt))}`);
  await expect(erasureCard).toContainText(`À répondre avant le ${day.format(new Date(erasure.dueAt))}`);
  await expect(accessCard.getByRole("link", { name: reference, exact: true })).toHaveAttribute(
    "href",
    `/admin-panel/orders/${reference}`,
  );
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo);

  // The copy of their data: a zip, downloaded with the session.
  const archive = accessCard.getByRole("link", { name: /^Télécharger ses données/ });
  const href = await archive.getAttribute("href");
  expect(href).toBe(`/api/admin/privacy-requests/${access._id}/archive`);
  const zip = await page.request.get(href ?? "");
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-type"]).toContain("application/zip");
  expect(zip.headers()["content-disposition"]).toContain("attachment");
  expect((await zip.body()).subarray(0, 2).toString("latin1")).toBe("PK");

  // Sent by WhatsApp: marked carried out, with a note; it leaves the list to answer.
  await accessCard.getByLabel("Note").fill("Copie envoyée par WhatsApp.");
  await accessCard.getByRole("button", { name: /^Marquer comme traitée/ }).click();
  await expect(page.getByRole("main").getByText(MSG.privacyRequestAnswered)).toBeVisible();
  await expect(accessCard).toHaveCount(0);

  // A refusal needs its reason, said under the note.
  await correctionCard.getByRole("button", { name: /^Refuser/ }).click();
  await expect(correctionCard.getByText(FIELD_MSG.privacyRefusalReason)).toBeVisible();
  await expect(correctionCard.getByLabel("Note")).toHaveAttribute("aria-invalid", "true");
  await correctionCard.getByLabel("Note").fill("Le nom de la commande est déjà celui-ci.");
  await correctionCard.getByRole("button", { name: /^Refuser/ }).click();
  await expect(correctionCard).toHaveCount(0);

  // The erasure asks first; while the order is open, the server refuses it, naming the order.
  await erasureCard.getByRole("button", { name: /^Effacer ses données/ }).click();
  const confirm = page.getByRole("dialog", { name: "Effacer ses données ?" });
  await expect(confirm).toContainText("1 commande passée avec ce numéro sera anonymisée");
  await expectAccessible(page, testInfo, "dialog");
  await confirm.getByRole("button", { name: "Oui, effacer ses données" }).click();
  await expect(erasureCard.getByRole("alert")).toHaveText(MSG.privacyGuestOrderOpen(reference));
  await expect(confirm).toBeHidden();

  // Once the shop cancelled the order, the erasure goes through.
  const cancelled = await page.request.post(`/api/admin/orders/${reference}/status`, {
    data: { status: "annulée" },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await erasureCard.getByRole("button", { name: /^Effacer ses données/ }).click();
  await confirm.getByRole("button", { name: "Oui, effacer ses données" }).click();
  await expect(page.getByRole("main").getByText(MSG.privacyRequestErased(1))).toBeVisible();
  await expect(erasureCard).toHaveCount(0);

  // Every request: answered, when, by whom and what.
  await page.getByRole("link", { name: "Toutes", exact: true }).click();
  await expect(page).toHaveURL(`${PAGE}?show=all`);
  await expect(accessCard).toContainText("Répondue");
  await expect(accessCard).toContainText(`par ${adminName}`);
  await expect(accessCard).toContainText("Réponse : Copie envoyée par WhatsApp.");
  await expect(correctionCard).toContainText("Refusée");
  await expect(correctionCard).toContainText("Réponse : Le nom de la commande est déjà celui-ci.");
  await expect(erasureCard).toContainText("Répondue");
  // The erased request names the customer no more.
  await expect(erasureCard).not.toContainText(name);
  await expect(erasureCard).not.toContainText(phone.slice(-6));
  await expectNoSidewaysScroll(page);
});

test("the owner changes a retention duration, and is told a wrong one in French", async ({ page }, testInfo) => {
  await signInThrough(page, SUPERADMIN);
  const before = (await (await page.request.get("/api/admin/privacy/retention")).json()).data.settings as Record<
    string,
    number
  >;
  try {
    await open(page, PAGE);
    const section = page.getByRole("region", { name: "Durées de conservation" });
    const messages = section.getByLabel("Messages « Contact » (jours)");
    await messages.fill("200");
    await section.getByRole("button", { name: "Enregistrer" }).click();
    await expect(section.getByRole("status")).toHaveText(MSG.retentionSaved);
    // Drawn again from the server, scripts running (they, not the browser, then check the bounds).
    await open(page, PAGE);
    await expect(messages).toHaveValue("200");

    // Ten years at least for the accounts: refused under its field, the value as typed.
    const closed = section.getByLabel("Commandes livrées ou annulées (années, 10 au moins pour la comptabilité)");
    await closed.fill("5");
    await section.getByRole("button", { name: "Enregistrer" }).click();
    await expect(section.getByText(FIELD_MSG.retentionInvalid(10, 30))).toBeVisible();
    await expect(closed).toHaveAttribute("aria-invalid", "true");
    await expect(closed).toHaveValue("5");
    const settings = (await (await page.request.get("/api/admin/privacy/retention")).json()).data.settings;
    expect(settings).toMatchObject({ contactMessagesDays: 200, closedOrdersYears: before.closedOrdersYears });
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);
  } finally {
    const restored = await page.request.put("/api/admin/privacy/retention", { data: before });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test("the register of processing prints without the back-office's menus, and a processing is edited", async ({
  page,
}, testInfo) => {
  await signInThrough(page, SUPERADMIN);
  const register = (await (await page.request.get("/api/admin/privacy/register")).json()).data as {
    activities: ProcessingActivity[];
  };
  // A processing whose retention names no setting: saving it keeps the register as it was.
  const activity = register.activities.find((a) => !/\d/.test(a.retention)) ?? register.activities.at(-1)!;
  const { _id, position, updatedAt, ...original } = activity;
  try {
    await open(page, PAGE);
    await page.getByRole("link", { name: "Registre des traitements" }).click();
    await expect(page).toHaveURL(REGISTER);
    await expect(page.getByRole("heading", { level: 1, name: "Registre des traitements" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Responsable du traitement" })).toBeVisible();
    const section = page.getByRole("region", { name: `${position}. ${activity.purpose}` });
    await expect(section.getByRole("row", { name: /^Base légale/ })).toContainText(activity.legalBasis);
    await expect(page.getByRole("region", { name: "Destinataires extérieurs" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);

    // 'Imprimer' is the browser's print; the printed page has neither menus nor forms.
    await page.evaluate(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed += 1;
      };
    });
    await page.getByRole("button", { name: "Imprimer" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation", { name: "Menu du back-office" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Imprimer" })).toBeHidden();
    await expect(section.getByText("Modifier")).toBeHidden();
    await expect(section.getByRole("row", { name: /^Finalité/ })).toBeVisible();
    await page.emulateMedia({ media: "screen" });

    // Edited in place: an empty field is refused under it, then the change is saved.
    await section.getByText("Modifier").click();
    const form = section.getByRole("form", { name: `Modifier : ${activity.purpose}` });
    await form.getByLabel("Destinataires").fill("");
    await form.getByRole("button", { name: "Enregistrer" }).click();
    await expect(form.getByText(FIELD_MSG.registerFieldRequired)).toBeVisible();
    await expect(form.getByLabel("Destinataires")).toBeFocused();
    const recipients = `${original.recipients} ; hébergeur de la boutique`;
    await form.getByLabel("Destinataires").fill(recipients);
    await form.getByRole("button", { name: "Enregistrer" }).click();
    await expect(section.getByRole("status")).toHaveText(MSG.registerSaved);
    await expect(section.getByRole("row", { name: /^Destinataires/ })).toContainText("hébergeur de la boutique");
  } finally {
    const restored = await page.request.put(`/api/admin/privacy/register/${_id}`, { data: original });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test("an ADMIN is offered no personal data, and is sent back from its address", async ({ page, request }) => {
  expect((await request.post("/api/signin", { data: SUPERADMIN })).status()).toBe(200);
  const seller = await newSeller(request, "Données");

  await signInThrough(page, seller);
  await open(page, "/admin-panel/orders");
  const menu = page.getByRole("navigation", { name: "Menu du back-office" });
  await expect(menu.getByRole("link", { name: "Commandes" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Données personnelles" })).toHaveCount(0);
  await page.goto(PAGE);
  await expect(page).toHaveURL("/admin-panel/dashboard");
  await page.goto(REGISTER);
  await expect(page).toHaveURL("/admin-panel/dashboard");
  expect((await page.request.get("/api/admin/privacy-requests")).status()).toBe(403);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the owner refuses without a reason, is told, then answers; an erasure needs its box ticked", async ({
    page,
    request,
  }) => {
    const phone = uniquePhone();
    const reference = await guestOrder(request, `Sans Script ${randomInt(100_000)}`, phone);
    await ask(request, { reference, phone }, "objection");
    const asked = await ask(request, { reference, phone }, "erasure");
    await signInThrough(page, SUPERADMIN);
    await page.goto(PAGE);

    const objection = requestCard(page, reference, "Ne plus recevoir de promotions ni de rappels");
    await objection.getByRole("button", { name: /^Refuser/ }).click();
    await expect(objection.getByText(FIELD_MSG.privacyRefusalReason)).toBeVisible();
    await objection.getByLabel("Note").fill("Promotions arrêtées pour ce numéro.");
    await objection.getByRole("button", { name: /^Marquer comme traitée/ }).click();
    await expect(page.getByRole("main").getByText(MSG.privacyRequestAnswered)).toBeVisible();
    await expect(objection).toHaveCount(0);

    // No dialog without scripts: a box to tick, which the browser requires before sending.
    const erasure = requestCard(page, reference, "Effacer mes données");
    const box = erasure.getByRole("checkbox", { name: "Je confirme l'effacement" });
    await expect(box).toHaveAttribute("required", "");
    await erasure.getByRole("button", { name: /^Effacer ses données/ }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(erasure).toContainText("À traiter");
    // Ticked: the server still refuses while the order is open, in its words beside the form.
    await box.check();
    await erasure.getByRole("button", { name: /^Effacer ses données/ }).click();
    await expect(erasure.getByRole("alert")).toHaveText(MSG.privacyGuestOrderOpen(reference));

    // Left answered, so that no other journey finds it waiting.
    const closed = await page.request.post(`/api/admin/privacy-requests/${asked._id}/answer`, {
      data: { outcome: "refused", note: "Demande de test." },
    });
    expect(closed.status(), await closed.text()).toBe(200);
  });
});
