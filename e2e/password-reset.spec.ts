/**
 * Issue 16 §3: a forgotten password, in Chromium at 360 px against the real server. By e-mail
 * (through the local SMTP server playwright.config.ts starts, read at E2E_SMTP_MESSAGES), and by
 * the link an admin sends from 'Gestion des Utilisateurs' by WhatsApp; a link used twice is refused.
 */
import { MSG } from "@shop/shared/core";
import { expect, type Page, test } from "./fixtures.ts";
import { open, signInAdmin, visitorAddress } from "./helpers.ts";

const PASSWORD = "motdepasse-solide";

async function newCustomer(page: Page, name: string) {
  const slug = name
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();
  const email = `${slug}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.cm`;
  const res = await page.request.post("/api/signup", {
    headers: { "x-forwarded-for": visitorAddress() },
    data: { name, email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(res.status()).toBe(201);
  return { name, email };
}

async function mailTo(page: Page, email: string): Promise<string> {
  let text = "";
  await expect
    .poll(async () => {
      const url = `${process.env.E2E_SMTP_MESSAGES}?to=${encodeURIComponent(email)}`;
      const messages = (await (await page.request.get(url)).json()) as { text: string }[];
      text = messages.at(-1)?.text ?? "";
      return text;
    })
    .toContain("reset-password?token=");
  return text;
}

/** The new password chosen on the page a link opens; answers the page's final message. */
async function choosePassword(page: Page, link: string, password: string) {
  await open(page, new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { level: 1, name: "Nouveau mot de passe" })).toBeVisible();
  await page.getByLabel("Nouveau mot de passe").fill(password);
  await page.getByLabel("Confirmez le mot de passe").fill(password);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
}

async function signInWorks(page: Page, email: string, password: string) {
  const res = await page.request.post("/api/signin", {
    headers: { "x-forwarded-for": visitorAddress() },
    data: { email, password },
  });
  return res.status();
}

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
});

test("a forgotten password, by e-mail: the link sets a new one, once", async ({ page }) => {
  const customer = await newCustomer(page, "Brice");
  await open(page, "/forgot-password");
  await page.getByRole("main").getByLabel("E-mail").fill(customer.email);
  await page.getByRole("button", { name: "Recevoir le lien" }).click();
  await expect(page.getByRole("status").filter({ hasText: MSG.resetRequested(30 * 60) })).toBeVisible();
  // The shop can still be reached the other way.
  await expect(page.getByRole("link", { name: "Écrire sur WhatsApp" })).toBeVisible();

  const mail = await mailTo(page, customer.email);
  const link = /(https?:\/\/\S+reset-password\?token=[\w-]+)/.exec(mail)?.[1] ?? "";
  expect(link).not.toBe("");
  await choosePassword(page, link, "tout-nouveau-1");
  await expect(page.getByRole("status").filter({ hasText: MSG.passwordReset })).toBeVisible();
  expect(await signInWorks(page, customer.email, "tout-nouveau-1")).toBe(200);
  expect(await signInWorks(page, customer.email, PASSWORD)).toBe(401);

  // The same link again: refused, with the way to a new one.
  await choosePassword(page, link, "encore-autre-2");
  await expect(page.getByRole("alert").filter({ hasText: MSG.resetLinkInvalid })).toBeVisible();
  await expect(page.getByRole("link", { name: "Demander un nouveau lien" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
  expect(await signInWorks(page, customer.email, "encore-autre-2")).toBe(401);
});

test("a forgotten password, by the shop's WhatsApp: the admin's link sets a new one", async ({ page, context }) => {
  const customer = await newCustomer(page, "Nadège");
  await signInAdmin(page);
  await open(page, "/admin-panel/all-users");
  await page.getByLabel("Rechercher par nom ou e-mail").fill(customer.email);
  // No internet here: WhatsApp's page is answered by the test, which reads the address it was sent to.
  await context.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/html", body: "WhatsApp" }));
  const popup = context.waitForEvent("page");
  await page
    .getByRole("button", { name: `Envoyer à ${customer.name} un lien pour changer son mot de passe, par WhatsApp` })
    .click();
  const whatsapp = await popup;
  await whatsapp.waitForLoadState();
  const whatsappUrl = whatsapp.url();
  await whatsapp.close();
  expect(whatsappUrl).toMatch(/^https:\/\/wa\.me\/\?text=/);
  const message = new URL(whatsappUrl).searchParams.get("text") ?? "";
  expect(message).toContain(`Bonjour ${customer.name}`);
  const link = /(https?:\/\/\S+reset-password\?token=[\w-]+)/.exec(message)?.[1] ?? "";

  // The customer, signed out, opens it.
  await context.clearCookies();
  await choosePassword(page, link, "par-whatsapp-3");
  await expect(page.getByRole("status").filter({ hasText: MSG.passwordReset })).toBeVisible();
  expect(await signInWorks(page, customer.email, "par-whatsapp-3")).toBe(200);
});

test("the reset page works at 360 px and without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto("/reset-password?token=pas-un-vrai-lien-mais-assez-long");
  await page.getByLabel("Nouveau mot de passe").fill("sans-script-4");
  await page.getByLabel("Confirmez le mot de passe").fill("sans-script-4");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByRole("alert").filter({ hasText: MSG.resetLinkInvalid })).toBeVisible();
  await context.close();
});
