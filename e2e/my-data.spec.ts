/**
 * 'Mes données' (decision 041) on the 360 px phone: a customer who ordered finds everything the
 * shop keeps, corrects their name, downloads the archive, changes their password without being
 * signed out, is refused the erasure while their order is open, then erases their account once
 * the shop cancelled it. And the same page's forms without JavaScript, the photo as a file.
 */
import { readFile } from "node:fs/promises";
import { MSG, ORDER_REFERENCE_PATTERN } from "@shop/shared/core";
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import {
  ADMIN,
  chooseDelivery,
  expectAccessible,
  expectNoSidewaysScroll,
  header,
  hydrated,
  open,
  signedInCustomer,
  visitorAddress,
} from "./helpers.ts";

// Sign-ins and orders are rate-limited per address: this file's visitor has its own.
test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const PASSWORD = "motdepasse-solide";
const NEW_PASSWORD = "nouveau-motdepasse-2";

/** A small real PNG (1×1), as a phone's file picker would hand it over. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==",
  "base64",
);
const photo = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const flash = (page: Page) => page.locator("[data-flash]");

/** The SUPERADMIN, in a request context of their own, sets an order's status. */
async function setStatusAsAdmin(request: APIRequestContext, reference: string, status: "annulée") {
  const signIn = await request.post("/api/signin", {
    headers: { "x-forwarded-for": visitorAddress() },
    data: ADMIN,
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const answer = await request.post(`/api/admin/orders/${reference}/status`, { data: { status } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** 'Supprimer mon compte' with the password. */
async function deleteWith(page: Page, password: string) {
  const danger = region(page, "Supprimer mon compte");
  await danger.getByLabel("Mot de passe", { exact: true }).fill(password);
  await danger.getByRole("button", { name: "Supprimer mon compte" }).click();
}

test("a visitor without a session is sent to sign in, back to their data after", async ({ page }) => {
  await page.goto("/my-data");
  await expect(page).toHaveURL("/login?redirectTo=/my-data");
});

test("a customer reads, corrects, downloads and erases their data", async ({ page, playwright, baseURL }, testInfo) => {
  const stamp = `${Date.now()}`;
  const email = `client-donnees-${stamp}@exemple.cm`;

  // Signs up and in through the pages.
  await open(page, "/sign-up");
  const signUp = page.getByRole("main");
  await signUp.getByLabel("Nom", { exact: true }).fill("Awa Données");
  await signUp.getByLabel("E-mail").fill(email);
  await signUp.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await signUp.getByLabel("Confirmez le mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/login/);
  await hydrated(page);
  await page.getByRole("main").getByLabel("E-mail").fill(email);
  await page.getByRole("main").getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Connexion", exact: true }).click();
  await expect(header(page).getByRole("link", { name: "Connexion" })).toHaveCount(0);

  // Orders through the order form.
  await open(page, "/order");
  await page.getByLabel("Nom complet").fill("Awa Données");
  await page.getByLabel("Numéro de téléphone").fill("6 77 12 34 56");
  await page.getByLabel("Adresse de livraison").fill("Maképé Missoké, Yaoundé");
  await chooseDelivery(page, { neighbourhood: "Mimboman", landmark: "Carrefour Mimboman" });
  await page.getByLabel("Fichier").setInputFiles(photo("iphone-voulu.png"));
  await page.getByLabel("Message (facultatif)").fill("La couleur bleue, s'il vous plaît.");
  await page.getByRole("button", { name: "Terminer la commande" }).click();
  const reference = ((await page.getByTestId("reference").textContent()) ?? "").trim();
  expect(reference).toMatch(ORDER_REFERENCE_PATTERN);

  // 'Mes données', from the menu.
  await open(page, "/");
  await header(page).getByLabel("Menu", { exact: true }).click();
  await page.locator("#mobile-menu").getByRole("link", { name: "Mes données" }).click();
  await expect(page).toHaveURL("/my-data");
  await expect(page.getByRole("heading", { level: 1, name: "Mes données" })).toBeVisible();
  await expect(page).toHaveTitle(/^Mes données/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await hydrated(page);

  // The order, whole, in its <details>.
  const orders = region(page, "Mes commandes (1)");
  const order = orders.locator("details").filter({ hasText: reference });
  await expect(order.locator("summary")).toContainText("Nouvelle");
  await order.locator("summary").click();
  for (const text of [
    "Awa Données",
    "677123456",
    "Maképé Missoké, Yaoundé",
    "Mimboman",
    "Carrefour Mimboman",
    "La couleur bleue",
    "iphone-voulu.png",
  ]) {
    await expect(order).toContainText(text);
  }
  await expect(region(page, "Mon panier")).toContainText("Rien.");
  await expect(region(page, "Appareils et connexions")).toContainText("1 appareil connecté.");
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo);

  // The name corrected.
  const account = region(page, "Mon compte");
  await account.getByLabel("Nom", { exact: true }).fill("Awa Mbarga");
  await account.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status").filter({ hasText: MSG.accountUpdated })).toBeVisible();
  await expect(header(page)).toContainText("Awa Mbarga");
  await page.reload();
  await expect(account.getByLabel("Nom", { exact: true })).toHaveValue("Awa Mbarga");

  // The archive.
  const downloading = page.waitForEvent("download");
  await region(page, "Télécharger mes données").getByRole("link", { name: "Télécharger mes données" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile((await download.path()) ?? "");
  expect(zip.subarray(0, 2).toString("latin1")).toBe("PK");

  // A new password: the others' sessions end, this one goes on.
  const other = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  try {
    expect((await other.post("/api/signin", { data: { email, password: PASSWORD } })).ok()).toBe(true);
    await account.getByLabel("Mot de passe actuel", { exact: true }).fill(PASSWORD);
    await account.getByLabel("Nouveau mot de passe", { exact: true }).fill(NEW_PASSWORD);
    await account.getByLabel("Confirmez le nouveau mot de passe").fill(NEW_PASSWORD);
    await account.getByRole("button", { name: "Changer le mot de passe" }).click();
    await expect(page).toHaveURL("/my-data");
    await expect(flash(page)).toHaveText(MSG.passwordChanged);
    expect((await page.request.get("/api/user-details")).status()).toBe(200);
    expect((await other.get("/api/user-details")).status()).toBe(401);
  } finally {
    await other.dispose();
  }
  await hydrated(page);
  await expect(header(page)).toContainText("Awa Mbarga");

  // Refused while the order is open, in the API's words naming it.
  await deleteWith(page, NEW_PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: MSG.accountDeleteOrderOpen(reference) })).toBeVisible();
  expect((await page.request.get("/api/user-details")).status()).toBe(200);
  await expectNoSidewaysScroll(page);

  // The shop cancels it; the account goes.
  const admin = await playwright.request.newContext({ baseURL });
  try {
    await setStatusAsAdmin(admin, reference, "annulée");
  } finally {
    await admin.dispose();
  }
  await hydrated(page);
  await deleteWith(page, NEW_PASSWORD);
  await expect(page).toHaveURL("/");
  await expect(flash(page)).toHaveText(MSG.accountDeleted);
  await expect(flash(page)).toContainText("Votre compte est supprimé");
  await hydrated(page);
  await expect(header(page).getByRole("link", { name: "Connexion" })).toBeVisible();
  expect((await page.request.get("/api/user-details")).status()).toBe(401);
  await expectNoSidewaysScroll(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the name and photo are corrected, a wrong password refused, and the account erased", async ({ page }) => {
    await signedInCustomer(page, "Client Sans Script");
    await page.goto("/my-data");
    await expect(page.getByRole("heading", { level: 1, name: "Mes données" })).toBeVisible();
    await expect(region(page, "Mes commandes (0)")).toContainText("Rien.");

    const account = region(page, "Mon compte");
    await account.getByLabel("Nom", { exact: true }).fill("Paul Sans Script");
    await account.getByLabel("Photo", { exact: true }).setInputFiles(photo("moi.png"));
    await account.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("status").filter({ hasText: MSG.accountUpdated })).toBeVisible();
    await expect(account.getByLabel("Nom", { exact: true })).toHaveValue("Paul Sans Script");
    await expect(account.getByRole("img", { name: "Votre photo actuelle" })).toHaveAttribute("src", /^\/uploads\//);
    await expect(account.getByLabel("Retirer ma photo")).toBeVisible();
    await expectNoSidewaysScroll(page);

    await deleteWith(page, "pas-le-bon");
    await expect(page.getByRole("alert").filter({ hasText: MSG.accountDeletePasswordWrong })).toBeVisible();
    await expect(region(page, "Supprimer mon compte").getByLabel("Mot de passe", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );

    await deleteWith(page, "motdepasse-solide");
    await expect(page).toHaveURL("/");
    await expect(flash(page)).toHaveText(MSG.accountDeleted);
    await expect(header(page).getByRole("link", { name: "Connexion" })).toBeVisible();
    expect((await page.request.get("/api/user-details")).status()).toBe(401);
  });
});
