/**
 * The sign-in's second step (decision 040) on the 360 px phone: a customer whose account has an
 * authenticator app signs in with its code (a wrong one said beside the field), with a recovery
 * code (once only), back to the password when the step is no longer valid; the same without
 * JavaScript; and 'Se connecter avec une clé d'accès' with Chromium's virtual authenticator.
 *
 * The accounts and their factors are made through the API; the codes are computed here as the
 * phone's app would. A code is accepted once, for a time step after the last one accepted: the
 * set-up used the current step, so the sign-in types the next one (within the ±1 window).
 */
import { randomInt } from "node:crypto";
import { MSG } from "@shop/shared/core";
import { Secret, TOTP } from "otpauth";
import { expect, type Page, test } from "./fixtures.ts";
import {
  cartLink,
  expectAccessible,
  expectNoSidewaysScroll,
  hydrated,
  open,
  signedInCustomer,
  someProduct,
  virtualAuthenticator,
  visitorAddress,
} from "./helpers.ts";

/** The code of the app holding `secret`, `steps` periods of 30 s from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** A new customer with an authenticator app (and its ten recovery codes), signed out. */
async function customerWithApp(page: Page, name: string) {
  const account = await signedInCustomer(page, name);
  const start = await page.request.post("/api/second-factors/totp/start");
  expect(start.status(), await start.text()).toBe(200);
  const { secret, setupToken } = (await start.json()).data as { secret: string; setupToken: string };
  const confirm = await page.request.post("/api/second-factors/totp", {
    data: { setupToken, code: codeOf(secret), name: "Téléphone" },
  });
  expect(confirm.status(), await confirm.text()).toBe(201);
  const { recoveryCodes } = (await confirm.json()).data as { recoveryCodes: string[] };
  expect(recoveryCodes).toHaveLength(10);
  await page.context().clearCookies();
  return { ...account, secret, recoveryCodes };
}

const main = (page: Page) => page.getByRole("main");
const codeField = (page: Page) => main(page).getByLabel("Code de vérification");
const stepHeading = (page: Page) => main(page).getByRole("heading", { name: "Vérification en deux étapes" });

async function typePassword(page: Page, account: { email: string; password: string }) {
  await main(page).getByLabel("E-mail").fill(account.email);
  await main(page).getByLabel("Mot de passe", { exact: true }).fill(account.password);
  await main(page).getByRole("button", { name: "Connexion", exact: true }).click();
  await expect(stepHeading(page)).toBeVisible();
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Connexion");
}

async function verify(page: Page, code: string) {
  await codeField(page).fill(code);
  await main(page).getByRole("button", { name: "Vérifier" }).click();
}

/** Signed in: the page that needs a session opens instead of sending to sign in. */
async function expectSignedIn(page: Page) {
  await page.goto("/devices");
  await expect(page).toHaveURL("/devices");
  await expect(page.getByRole("heading", { level: 1, name: "Mes appareils" })).toBeVisible();
}

// Sign-ins and second steps are rate-limited per address: each test is its own visitor.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
});

test("with the app's code: the step replaces the password, a wrong code is said, the right one signs in", async ({
  page,
}, testInfo) => {
  const account = await customerWithApp(page, "Client Deux Etapes");
  await open(page, "/login?redirectTo=/devices");
  await typePassword(page, account);
  await expect(main(page).getByLabel("Mot de passe", { exact: true })).toHaveCount(0);
  await expect(codeField(page)).toBeFocused();
  await expect(codeField(page)).toHaveAttribute("inputmode", "numeric");
  await expect(codeField(page)).toHaveAttribute("autocomplete", "one-time-code");
  // No passkey on this account: no button for one.
  await expect(main(page).getByRole("button", { name: "Utiliser ma clé d'accès" })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo);

  const wrong = codeOf(account.secret, 1) === "000000" ? "111111" : "000000";
  await verify(page, wrong);
  await expect(codeField(page)).toHaveAttribute("aria-invalid", "true");
  await expect(codeField(page)).toHaveAccessibleDescription(new RegExp(MSG.totpCodeWrong.replace(".", "\\.")));
  await expect(codeField(page)).toBeFocused();
  await expectAccessible(page, testInfo);

  await verify(page, codeOf(account.secret, 1));
  await expect(page).toHaveURL("/devices");
  await expect(page.getByRole("heading", { level: 1, name: "Mes appareils" })).toBeVisible();
});

test("with a recovery code, the product tapped before signing in is added; the code serves once", async ({
  page,
  request,
}) => {
  const account = await customerWithApp(page, "Client Recuperation");
  const product = await someProduct(request, 41);
  await open(page, `/login?redirectTo=/product/${product._id}&add=${product._id}`);
  await typePassword(page, account);
  // A phone's numeric keypad has no letters: the visitor asks for the other keyboard.
  await main(page).getByRole("button", { name: "Saisir un code de récupération" }).click();
  await expect(codeField(page)).toHaveAttribute("inputmode", "text");
  await expect(codeField(page)).toBeFocused();
  await verify(page, account.recoveryCodes[0] ?? "");
  await expect(page).toHaveURL(`/product/${product._id}`);
  await expect(cartLink(page)).toHaveAccessibleName("Panier : 1 article");

  // Signed out, the same code again is refused beside the field; another one signs in.
  await page.context().clearCookies();
  await open(page, "/login");
  await typePassword(page, account);
  await verify(page, account.recoveryCodes[0] ?? "");
  await expect(codeField(page)).toHaveAccessibleDescription(new RegExp(MSG.recoveryCodeUsed.replace(".", "\\.")));
  await verify(page, (account.recoveryCodes[1] ?? "").toLowerCase());
  await expect(page).toHaveURL("/");
  await expectSignedIn(page);
});

test("a step no longer valid goes back to the password, the e-mail kept", async ({ page }) => {
  const account = await customerWithApp(page, "Client Ticket");
  await open(page, "/login");
  await typePassword(page, account);
  // As after five minutes: the ticket the form carries is no longer one the shop signed.
  await page.locator('input[name="ticket"]').evaluate((input: HTMLInputElement) => {
    input.value = "expiré";
  });
  await verify(page, codeOf(account.secret, 1));
  await expect(main(page).getByRole("alert")).toHaveText(MSG.secondFactorTicketInvalid);
  await expect(main(page).getByLabel("E-mail")).toHaveValue(account.email);
  await expect(main(page).getByLabel("Mot de passe", { exact: true })).toBeVisible();
  await expect(stepHeading(page)).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the code, then a recovery code: each signs in, a wrong code is said beside the field", async ({ page }) => {
    const account = await customerWithApp(page, "Client Sans Script");
    await page.goto("/login?redirectTo=/devices");
    await typePassword(page, account);
    await expect(main(page).getByRole("button", { name: /clé d'accès/ })).toHaveCount(0);
    await verify(page, codeOf(account.secret, 1) === "000000" ? "111111" : "000000");
    await expect(codeField(page)).toHaveAccessibleDescription(new RegExp(MSG.totpCodeWrong.replace(".", "\\.")));
    await verify(page, codeOf(account.secret, 1));
    await expect(page).toHaveURL("/devices");
    await expect(page.getByRole("heading", { level: 1, name: "Mes appareils" })).toBeVisible();

    // Signed out, then in with a recovery code, asking for the keyboard with letters.
    await page.context().clearCookies();
    await page.goto("/login");
    await typePassword(page, account);
    await main(page).getByRole("button", { name: "Saisir un code de récupération" }).click();
    await expect(codeField(page)).toHaveAttribute("inputmode", "text");
    await verify(page, account.recoveryCodes[2] ?? "");
    await expect(page).toHaveURL("/");
    await expectSignedIn(page);
  });
});

/**
 * Passkeys are bound to a domain, never an IP address: these pages are browsed at
 * http://localhost:<port> (the server serves its loopback PUBLIC_URL as the relying party "localhost").
 */
test.describe("'Se connecter avec une clé d'accès'", () => {
  test("not offered before the scripts run; once they do, any passkey of the shop signs in", async ({
    page,
    baseURL,
  }) => {
    const local = (baseURL ?? "").replace("127.0.0.1", "localhost");
    await virtualAuthenticator(page);
    const email = `client-cle-${Date.now()}-${randomInt(1_000_000)}@exemple.cm`;
    const password = "motdepasse-solide";
    const signUp = await page.request.post(`${local}/api/signup`, {
      headers: { "x-forwarded-for": visitorAddress() },
      data: { name: "Client Clé", email, password, confirmPassword: password },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    const signIn = await page.request.post(`${local}/api/signin`, {
      headers: { "x-forwarded-for": visitorAddress() },
      data: { email, password },
    });
    expect(signIn.ok(), await signIn.text()).toBe(true);
    // A page of the shop at localhost without pictures (those come from PUBLIC_URL's 127.0.0.1).
    await open(page, `${local}/devices`);
    await registerPasskey(page, local);
    await page.context().clearCookies();

    const response = await page.goto(`${local}/login?redirectTo=/devices`);
    expect(await response?.text()).not.toContain("Se connecter avec une clé d");
    await hydrated(page);
    await main(page).getByRole("button", { name: "Se connecter avec une clé d'accès" }).click();
    await expect(page).toHaveURL(`${local}/devices`);
    await expect(page.getByRole("heading", { level: 1, name: "Mes appareils" })).toBeVisible();
  });
});

/**
 * Adds a passkey to the signed-in account from this page, as 'Sécurité du compte' does: the
 * shop's options, `navigator.credentials.create()` (the virtual authenticator answers), the
 * answer sent back in the JSON `@simplewebauthn/browser` makes of it.
 */
async function registerPasskey(page: Page, local: string) {
  const options = await page.request.post(`${local}/api/second-factors/passkey/options`);
  expect(options.ok(), await options.text()).toBe(true);
  const optionsJSON = (await options.json()).data;
  const response = await page.evaluate(async (json) => {
    const bytes = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const text = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    const credential = (await navigator.credentials.create({
      publicKey: {
        ...json,
        challenge: bytes(json.challenge),
        user: { ...json.user, id: bytes(json.user.id) },
        excludeCredentials: (json.excludeCredentials ?? []).map((c: { id: string; type: "public-key" }) => ({
          ...c,
          id: bytes(c.id),
        })),
      },
    })) as PublicKeyCredential;
    const answer = credential.response as AuthenticatorAttestationResponse;
    return {
      id: credential.id,
      rawId: text(credential.rawId),
      type: credential.type,
      response: {
        clientDataJSON: text(answer.clientDataJSON),
        attestationObject: text(answer.attestationObject),
        transports: answer.getTransports(),
      },
      clientExtensionResults: credential.getClientExtensionResults(),
      authenticatorAttachment: credential.authenticatorAttachment,
    };
  }, optionsJSON);
  const added = await page.request.post(`${local}/api/second-factors/passkey`, {
    data: { name: "Pixel", response },
  });
  expect(added.status(), await added.text()).toBe(201);
}
