/**
 * Decision 032: a forgotten password, in Chromium at 360 px against the real server. By e-mail
 * (through the local SMTP server playwright.config.ts starts, read at E2E_SMTP_MESSAGES), and by
 * the link an admin sends from 'Gestion des Utilisateurs' by WhatsApp; a link used twice is
 * refused, and so is one opened after its lifetime (on a small shop of its own whose links last
 * two seconds).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MSG } from "@shop/shared/core";
import { npmStart } from "../bench/shop-server.ts";
import { expect, type Page, test } from "./fixtures.ts";
import { open, signInAdmin, visitorAddress } from "./helpers.ts";

const PASSWORD = "motdepasse-solide";

/** The lifetime of the small shop's links (PASSWORD_RESET_TTL_SECONDS). */
const LINK_SECONDS = 2;

/**
 * A second shop for one journey: the built server as `npm start` runs it, on a port of its own
 * (E2E_PORT + 4000, beside the ports playwright.config.ts derives), an empty data folder on the
 * embedded database (no demo catalogue: only the first super admin the server makes), links
 * lasting LINK_SECONDS, e-mail through the same local SMTP server. Removed when stopped.
 */
async function startSmallShop(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = Number(process.env.E2E_PORT ?? 3199) + 4000;
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-reset-"));
  const start = npmStart();
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...start.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    ADMIN_PASSWORD: "petite-boutique-motdepasse",
    TRUST_PROXY: "true",
    PASSWORD_RESET_TTL_SECONDS: String(LINK_SECONDS),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, [...start.flags, start.script], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the small shop exited with code ${server.exitCode}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the small shop did not answer ${url}/api/health within a minute`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A new customer, signed up through the API of the shop at `base` (the test server's by default). */
async function newCustomer(page: Page, name: string, base = "") {
  const slug = name
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();
  const email = `${slug}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.cm`;
  const res = await page.request.post(`${base}/api/signup`, {
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

/** The new password chosen on the page a link opens, on the shop at `base`. */
async function choosePassword(page: Page, link: string, password: string, base = "") {
  await open(page, base + new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { level: 1, name: "Nouveau mot de passe" })).toBeVisible();
  await page.getByLabel("Nouveau mot de passe").fill(password);
  await page.getByLabel("Confirmez le mot de passe").fill(password);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
}

async function signInWorks(page: Page, email: string, password: string, base = "") {
  const res = await page.request.post(`${base}/api/signin`, {
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
  await page.getByRole("button", { name: `Mot de passe par WhatsApp pour ${customer.name}` }).click();
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

test("a link opened after its lifetime is refused, with the way to a new one; the password stays", async ({ page }) => {
  test.setTimeout(120_000);
  const shop = await startSmallShop();
  try {
    const customer = await newCustomer(page, "Rodrigue", shop.url);
    await open(page, `${shop.url}/forgot-password`);
    await page.getByRole("main").getByLabel("E-mail").fill(customer.email);
    await page.getByRole("button", { name: "Recevoir le lien" }).click();
    // The page says how long the link lasts: this shop's setting.
    await expect(page.getByRole("status").filter({ hasText: MSG.resetRequested(LINK_SECONDS) })).toBeVisible();
    const answeredAt = Date.now();
    const mail = await mailTo(page, customer.email);
    expect(mail).toContain(`(valable ${LINK_SECONDS} secondes, une seule fois)`);
    const link = /(https?:\/\/\S+reset-password\?token=[\w-]+)/.exec(mail)?.[1] ?? "";
    expect(link).not.toBe("");

    // The customer comes back to it too late.
    await page.waitForTimeout(Math.max(0, answeredAt + LINK_SECONDS * 1000 + 500 - Date.now()));
    await choosePassword(page, link, "bien-trop-tard-5", shop.url);
    await expect(page.getByRole("alert").filter({ hasText: MSG.resetLinkInvalid })).toBeVisible();
    const again = page.getByRole("link", { name: "Demander un nouveau lien" });
    await expect(again).toHaveAttribute("href", "/forgot-password");
    expect(await signInWorks(page, customer.email, "bien-trop-tard-5", shop.url)).toBe(401);
    expect(await signInWorks(page, customer.email, PASSWORD, shop.url)).toBe(200);
    // And the way to a new link leads to the form that sends one.
    await again.click();
    await expect(page).toHaveURL(`${shop.url}/forgot-password`);
    await expect(page.getByRole("button", { name: "Recevoir le lien" })).toBeVisible();
  } finally {
    await shop.stop();
  }
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
