/**
 * 'Sécurité du compte' (decision 040) on the 360 px phone: an admin adds a passkey (Chromium's
 * virtual authenticator) and signs in with it; a SUPERADMIN requires a second factor of the
 * staff; an admin without one is led to set an authenticator app up before the back-office
 * opens; the Journal tells it all; the SUPERADMIN resets a lost phone's factors. And the app's
 * set-up without JavaScript.
 *
 * Passkeys are bound to a domain, never an IP address: their pages are browsed at
 * http://localhost:<port> (the server serves its loopback PUBLIC_URL as the relying party
 * "localhost"), the rest at the configuration's 127.0.0.1. The setting is shared by every later
 * journey: whatever happens, it goes back to 'optional'.
 */
import { randomInt } from "node:crypto";
import type { User } from "@shop/shared";
import { MSG } from "@shop/shared/core";
import { Secret, TOTP } from "otpauth";
import { type APIRequestContext, type Browser, expect, type Page, test } from "./fixtures.ts";
import {
  ADMIN,
  expectAccessible,
  expectNoSidewaysScroll,
  header,
  hydrated,
  open,
  signedInCustomer,
  virtualAuthenticator,
  visitorAddress,
} from "./helpers.ts";

// Sign-ins are rate-limited per address: this file's visitor has its own.
test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const unique = () => `${Date.now().toString(36)}${randomInt(1000)}`;
const PASSWORD = "motdepasse-solide";

/** The shop at `localhost`, where passkeys can be made and used. */
const localOf = (baseURL: string | undefined) => (baseURL ?? "").replace("127.0.0.1", "localhost");

/** An account made through the API and given `role` by the SUPERADMIN signed in on `superAdmin`. */
async function staffAccount(superAdmin: APIRequestContext, name: string, role: "ADMIN" | "SUPERADMIN") {
  const account = {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, "-")}-${unique()}@exemple.cm`,
    password: PASSWORD,
  };
  const signUp = await superAdmin.post("/api/signup", {
    headers: { "x-forwarded-for": visitorAddress() },
    data: { ...account, confirmPassword: PASSWORD },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const users = (await (await superAdmin.get("/api/all-user")).json()).data as User[];
  const id = users.find((u) => u.email === account.email)?._id ?? "";
  const promoted = await superAdmin.post("/api/update-user", { data: { userId: id, role } });
  expect(promoted.status(), await promoted.text()).toBe(200);
  return { ...account, id };
}

/** The current code of the authenticator app holding `secret` (as the page shows it, in fours). */
const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, "")) }).generate();

/** The secret the set-up shows to type by hand. */
const shownSecret = async (page: Page) =>
  (await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent())?.trim() ?? "";

/** The ten codes of the panel shown once. */
async function shownCodes(page: Page) {
  const panel = page.getByRole("region", { name: "Vos codes de récupération" });
  await expect(panel).toBeVisible();
  const codes = (await panel.getByRole("listitem").allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  return codes;
}

/** Sets the authenticator app up on the security page, by the form. */
async function setUpApp(page: Page, name: string) {
  await page.getByRole("button", { name: "Configurer une application d'authentification" }).click();
  await expect(page.getByRole("img", { name: /^QR code à scanner/ })).toBeVisible();
  const secret = await shownSecret(page);
  await page.getByLabel("Code à 6 chiffres").fill(codeOf(secret));
  await page.getByLabel("Nom", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Activer" }).click();
  return secret;
}

async function setMode(request: APIRequestContext, url: string, mode: "required" | "optional") {
  return request.put(url, { data: { mode } });
}

test("a visitor without a session is sent to sign in, back to the security page after", async ({ page }) => {
  await page.goto("/security");
  await expect(page).toHaveURL("/login?redirectTo=/security");
});

test("admins secure their accounts: a passkey, the requirement, an authenticator app, the Journal and a reset", async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const local = localOf(baseURL);
  const settingUrl = `${local}/api/admin/second-factor-setting`;
  const superAdmin = await request.post("/api/signin", {
    headers: { "x-forwarded-for": visitorAddress() },
    data: ADMIN,
  });
  expect(superAdmin.ok(), await superAdmin.text()).toBe(true);
  const chief = await staffAccount(request, `Chef Sécurité ${unique()}`, "SUPERADMIN");
  const seller = await staffAccount(request, `Vendeur Sécurité ${unique()}`, "ADMIN");
  let sellerBrowser: Awaited<ReturnType<Browser["newContext"]>> | undefined;
  try {
    // The chief, on their phone at localhost: a passkey from 'Sécurité du compte', found in the menu.
    await virtualAuthenticator(page);
    const signIn = await page.request.post(`${local}/api/signin`, {
      data: { email: chief.email, password: chief.password },
    });
    expect(signIn.ok(), await signIn.text()).toBe(true);
    // (A page without product photos: the catalogue's are addressed at PUBLIC_URL, 127.0.0.1,
    // which the page's policy at localhost does not count as its own.)
    await open(page, `${local}/devices`);
    await header(page).getByLabel("Menu", { exact: true }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "Sécurité du compte" }).click();
    await expect(page).toHaveURL(`${local}/security`);
    await expect(page.getByRole("heading", { level: 1, name: "Sécurité du compte" })).toBeVisible();
    await expect(page).toHaveTitle(/^Sécurité du compte/);
    await expect(page.getByText("Aucun second facteur : seul le mot de passe protège ce compte.")).toBeVisible();
    await expect(page.getByText("Codes de récupération : aucun restant")).toBeVisible();

    await page.getByLabel("Nom de la clé").fill("Pixel du chef");
    await page.getByRole("button", { name: "Ajouter une clé d'accès" }).click();
    // The first factor's ten codes, shown this once, where the focus goes.
    const codes = await shownCodes(page);
    await expect(page.getByRole("heading", { name: "Vos codes de récupération" })).toBeFocused();
    await expect(page.getByText(MSG.passkeyAdded)).toBeVisible();
    await expect(page.getByRole("link", { name: /^Télécharger/ })).toHaveAttribute(
      "download",
      "codes-de-recuperation.txt",
    );
    const card = page.getByRole("article", { name: "Pixel du chef" });
    await expect(card).toContainText("Clé d'accès");
    await expect(card).toContainText(/Ajoutée le \d{1,2} \S+ \d{4} à \d{2}:\d{2}/);
    await expect(page.getByText("Codes de récupération : 10 restants")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);
    // Once only: the page again shows how many are left, not the codes.
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("region", { name: "Vos codes de récupération" })).toHaveCount(0);
    await expect(page.getByText(codes[0] ?? "")).toHaveCount(0);

    // Signed out, then in again: the password, then the passkey.
    expect((await page.request.get(`${local}/api/userLogout`)).ok()).toBe(true);
    await open(page, `${local}/login?redirectTo=/security`);
    await page.getByRole("main").getByLabel("E-mail").fill(chief.email);
    await page.getByRole("main").getByLabel("Mot de passe", { exact: true }).fill(chief.password);
    await page.getByRole("button", { name: "Connexion", exact: true }).click();
    await page.getByRole("button", { name: "Utiliser ma clé d'accès" }).click();
    await expect(page).toHaveURL(`${local}/security`);
    await expect(page.getByRole("article", { name: "Pixel du chef" })).toContainText(/Dernière utilisation le/);

    // The chief requires a second factor of the staff.
    await open(page, `${local}/admin-panel/all-users`);
    const setting = page.getByRole("region", { name: "Second facteur des administrateurs" });
    await expect(setting).toContainText("Actuellement : Facultatif");
    await setting.getByRole("radio", { name: /^Exigé/ }).check();
    await setting.getByRole("button", { name: "Enregistrer" }).click();
    await expect(setting.getByRole("status")).toHaveText(MSG.secondFactorSettingSaved(true));
    await expect(setting).toContainText("Actuellement : Exigé");
    await expectNoSidewaysScroll(page);
    // Their own session was opened with the passkey: the back-office stays open to them.
    await expect(page).toHaveURL(`${local}/admin-panel/all-users`);

    // The seller, signing in with a password alone, is led to set a factor up right away.
    sellerBrowser = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
    const sellerPage = await sellerBrowser.newPage();
    await open(sellerPage, "/login?redirectTo=/admin-panel");
    const login = sellerPage.getByRole("main");
    await login.getByLabel("E-mail").fill(seller.email);
    await login.getByLabel("Mot de passe", { exact: true }).fill(seller.password);
    await login.getByRole("button", { name: "Connexion", exact: true }).click();
    await expect(sellerPage).toHaveURL("/security?required=1");
    expect((await sellerPage.request.get("/api/admin/badges")).status()).toBe(403);
    // And from any back-office page until it is done.
    await open(sellerPage, "/admin-panel");
    await expect(sellerPage).toHaveURL("/security?required=1");
    await expect(sellerPage.getByText(MSG.secondFactorSetupRequired)).toBeVisible();
    await setUpApp(sellerPage, "Authenticator du vendeur");
    await shownCodes(sellerPage);
    await expect(sellerPage.getByText(MSG.secondFactorSetupRequired)).toHaveCount(0);
    await expect(sellerPage.getByRole("article", { name: "Authenticator du vendeur" })).toContainText(
      "Application d'authentification",
    );
    await expectNoSidewaysScroll(sellerPage);
    await sellerPage.getByRole("link", { name: "Continuer vers l'administration" }).click();
    await expect(sellerPage).toHaveURL(/\/admin-panel\/(dashboard|all-products)$/);
    await expect(sellerPage.getByRole("navigation", { name: "Menu du back-office" })).toBeVisible();

    // The Journal tells both: the factors added and the setting changed.
    await open(page, `${local}/admin-panel/journal`);
    const added = page.getByRole("article").filter({ hasText: "Second facteur ajouté" });
    await expect(added.filter({ hasText: seller.name }).first()).toBeVisible();
    await expect(added.filter({ hasText: chief.name }).first()).toBeVisible();
    const changed = page
      .getByRole("article")
      .filter({ hasText: "Réglage" })
      .filter({ hasText: "Modification" })
      .filter({ hasText: chief.name })
      .first();
    await changed.getByText("Détails").click();
    await expect(changed.locator("details")).toContainText(/Avant\s*optional/);
    await expect(changed.locator("details")).toContainText(/Après\s*required/);

    // The seller's phone is lost: the chief resets their factors from their 'Appareils'.
    await open(page, `${local}/admin-panel/users/${seller.id}/devices`);
    const factors = page.getByRole("region", { name: "Seconds facteurs" });
    await expect(factors.getByRole("article", { name: "Authenticator du vendeur" })).toContainText(
      "Application d'authentification",
    );
    await expect(factors).toContainText("Codes de récupération : 10 restants");
    await factors.locator("summary", { hasText: "Réinitialiser les seconds facteurs" }).click();
    await expect(factors).toContainText("déconnecté de tous ses appareils");
    await factors.getByRole("button", { name: "Oui, réinitialiser" }).click();
    await expect(factors.getByRole("status")).toHaveText(MSG.factorsReset);
    await expect(factors.getByRole("article")).toHaveCount(0);
    await expect(factors.getByRole("button", { name: "Oui, réinitialiser" })).toHaveCount(0);
    expect((await sellerPage.request.get("/api/user-details")).status()).toBe(401);
    await expectNoSidewaysScroll(page);

    // And back to optional, by the same form.
    await open(page, `${local}/admin-panel/all-users`);
    await setting.getByRole("radio", { name: /^Facultatif/ }).check();
    await setting.getByRole("button", { name: "Enregistrer" }).click();
    await expect(setting.getByRole("status")).toHaveText(MSG.secondFactorSettingSaved(false));
  } finally {
    await sellerBrowser?.close();
    // Later journeys share the server: the requirement never outlives this one. The chief's
    // session (opened with the passkey) may change it; the seeded SUPERADMIN's, only while optional.
    const restored = await setMode(page.request, settingUrl, "optional");
    if (!restored.ok())
      expect((await setMode(request, "/api/admin/second-factor-setting", "optional")).ok()).toBe(true);
  }
});

test("without JavaScript, a customer sets an authenticator app up, renames it, renews the codes and removes it", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  const page = await context.newPage();
  try {
    await signedInCustomer(page, "Client Sécurité");
    await page.goto("/security");
    await expect(page.getByRole("heading", { level: 1, name: "Sécurité du compte" })).toBeVisible();
    // Never a button that does nothing: the passkey needs the scripts.
    await expect(page.getByRole("button", { name: "Ajouter une clé d'accès" })).toHaveCount(0);

    // A wrong code first: the same set-up again, the error on the code.
    await page.getByRole("button", { name: "Configurer une application d'authentification" }).click();
    await expect(page.getByRole("img", { name: /^QR code à scanner/ })).toBeVisible();
    const secret = await shownSecret(page);
    const wrong = String((Number(codeOf(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    await page.getByLabel("Code à 6 chiffres").fill(wrong);
    await page.getByLabel("Nom", { exact: true }).fill("Aegis");
    await page.getByRole("button", { name: "Activer" }).click();
    await expect(page.getByLabel("Code à 6 chiffres")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(MSG.totpCodeWrong)).toBeVisible();
    await expect(page.getByRole("img", { name: /^QR code à scanner/ })).toBeVisible();
    expect(await shownSecret(page)).toBe(secret);
    await expect(page.getByLabel("Nom", { exact: true })).toHaveValue("Aegis");

    await page.getByLabel("Code à 6 chiffres").fill(codeOf(secret));
    await page.getByRole("button", { name: "Activer" }).click();
    const first = await shownCodes(page);
    await expect(page.getByText(MSG.totpAdded)).toBeVisible();
    await expect(page.getByRole("article", { name: "Aegis" })).toContainText("Application d'authentification");
    await expect(page.getByText("Codes de récupération : 10 restants")).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Renamed with its small form.
    const card = page.getByRole("article", { name: "Aegis" });
    await card.locator("summary", { hasText: "Renommer" }).click();
    await card.getByLabel("Nouveau nom").fill("Aegis sur mon Tecno");
    await card.getByRole("button", { name: "Enregistrer le nom" }).click();
    const renamed = page.getByRole("article", { name: "Aegis sur mon Tecno" });
    await expect(renamed.getByRole("status")).toHaveText(MSG.factorRenamed);

    // New codes, asked twice: the old ones are gone.
    await page.locator("summary", { hasText: "Générer de nouveaux codes" }).click();
    await page.getByRole("button", { name: "Oui, générer de nouveaux codes" }).click();
    const renewed = await shownCodes(page);
    await expect(page.getByText(MSG.recoveryCodesRenewed)).toBeVisible();
    expect(renewed.some((code) => first.includes(code))).toBe(false);

    // Removed, asked twice.
    await renamed.locator("summary", { hasText: "Supprimer" }).click();
    await expect(renamed).toContainText("C'est votre dernier second facteur");
    await renamed.getByRole("button", { name: "Oui, supprimer Aegis sur mon Tecno" }).click();
    await expect(page.getByRole("status").filter({ hasText: MSG.factorRemoved })).toBeVisible();
    await expect(page.getByText("Aucun second facteur : seul le mot de passe protège ce compte.")).toBeVisible();
    await expectNoSidewaysScroll(page);
  } finally {
    await context.close();
  }
});
