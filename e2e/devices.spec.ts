import { MSG } from "@shop/shared/core";
import { type Browser, expect, type Locator, type Page, test } from "./fixtures.ts";
import {
  ADMIN,
  expectNoSidewaysScroll,
  header,
  hydrated,
  newSeller,
  open,
  signedInCustomer,
  signInThrough,
  visitorAddress,
} from "./helpers.ts";

/** Another device of the same person: a computer, whose browser the page names "Firefox sur Windows". */
const LAPTOP_AGENT = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const LAPTOP = "Firefox sur Windows";

/** A second browser, on the computer, signed in to `account` through the API. */
async function laptopSignedIn(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext({
    userAgent: LAPTOP_AGENT,
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  const response = await context.request.post("/api/signin", {
    data: { email: account.email, password: account.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return context;
}

const cards = (page: Page) => page.getByRole("main").getByRole("listitem");

/** Every control of the page is at least 44 px high, for a thumb. */
async function expectTappable(buttons: Locator) {
  for (const button of await buttons.all()) {
    expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
}

test("a visitor without a session is sent to sign in, back to the devices after", async ({ page }) => {
  await page.goto("/devices");
  await expect(page).toHaveURL("/login?redirectTo=/devices");
});

test("a customer signs their computer out from the phone, then the phone itself", async ({ page, browser }) => {
  const account = await signedInCustomer(page, "Client Appareils");
  const laptop = await laptopSignedIn(browser, account);
  try {
    // From the menu, as a phone's visitor finds it.
    await open(page, "/");
    await header(page).getByLabel("Menu", { exact: true }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "Mes appareils" }).click();
    await expect(page).toHaveURL("/devices");
    await expect(page.getByRole("heading", { level: 1, name: "Mes appareils" })).toBeVisible();
    await expect(page).toHaveTitle(/^Mes appareils/);

    await expect(cards(page)).toHaveCount(2);
    const phone = cards(page).filter({ hasText: "Cet appareil" });
    await expect(phone).toHaveCount(1);
    await expect(phone).toContainText("Chrome sur Android");
    const computer = cards(page).filter({ hasText: LAPTOP });
    await expect(computer).not.toContainText("Cet appareil");
    await expect(computer).toContainText(/Connecté le \d{1,2} \S+ \d{4} à \d{2}:\d{2}/);
    await expect(computer).toContainText(/Dernière activité le \d{1,2} \S+ \d{4} à \d{2}:\d{2}/);
    await expect(page.getByRole("button", { name: "Déconnecter les autres appareils" })).toBeVisible();
    await expectTappable(page.getByRole("main").getByRole("button"));
    await expectNoSidewaysScroll(page);

    await page.getByRole("button", { name: `Déconnecter ${LAPTOP}`, exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: MSG.deviceEnded })).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Déconnecter les autres appareils" })).toHaveCount(0);
    // The computer is signed out at once.
    expect((await laptop.request.get("/api/user-details")).status()).toBe(401);

    await page.getByRole("button", { name: /^Déconnecter .*, cet appareil$/ }).click();
    await expect(page).toHaveURL("/login");
    await hydrated(page);
    await expect(page.getByRole("status").filter({ hasText: MSG.deviceEnded })).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Connexion" })).toBeVisible();
    expect((await page.request.get("/api/user-details")).status()).toBe(401);
    await expectNoSidewaysScroll(page);
  } finally {
    await laptop.close();
  }
});

test("without JavaScript, the other devices are signed out by the page's form", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  const page = await context.newPage();
  const account = await signedInCustomer(page, "Client Sans Script");
  const laptop = await laptopSignedIn(browser, account);
  try {
    await page.goto("/devices");
    await expect(cards(page)).toHaveCount(2);
    await page.getByRole("button", { name: "Déconnecter les autres appareils" }).click();
    await expect(page.getByRole("status").filter({ hasText: MSG.devicesEnded })).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText("Cet appareil");
    expect((await laptop.request.get("/api/user-details")).status()).toBe(401);
    expect((await page.request.get("/api/user-details")).status()).toBe(200);
    await expectNoSidewaysScroll(page);
  } finally {
    await laptop.close();
    await context.close();
  }
});

test("a SUPERADMIN signs an admin out everywhere from the users' page; the admin may not", async ({
  page,
  browser,
}) => {
  await signInThrough(page, ADMIN);
  const seller = await newSeller(page.request, "Appareils");
  const { id } = seller;

  const laptop = await laptopSignedIn(browser, seller);
  try {
    // An ADMIN is sent back to the back-office's home from the address.
    const sellerPage = await laptop.newPage();
    await sellerPage.goto(`/admin-panel/users/${id}/devices`);
    await expect(sellerPage).toHaveURL("/admin-panel/dashboard");

    await open(page, "/admin-panel/all-users");
    await page.getByLabel("Rechercher par nom ou e-mail").fill(seller.name);
    await page.getByRole("link", { name: `Appareils de ${seller.name}` }).click();
    await expect(page).toHaveURL(`/admin-panel/users/${id}/devices`);
    await expect(page.getByRole("heading", { level: 1, name: `Appareils de ${seller.name}` })).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText(LAPTOP);
    await expect(cards(page)).not.toContainText("Cet appareil");
    await expectTappable(page.getByRole("main").getByRole("button"));
    await expectNoSidewaysScroll(page);

    await page.getByRole("button", { name: "Déconnecter partout" }).click();
    await expect(page.getByRole("status").filter({ hasText: MSG.staffDevicesEnded })).toBeVisible();
    await expect(page.getByText("Aucun appareil connecté.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Déconnecter partout" })).toHaveCount(0);
    expect((await laptop.request.get("/api/user-details")).status()).toBe(401);
  } finally {
    await laptop.close();
  }
});
