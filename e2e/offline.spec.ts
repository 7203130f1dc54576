import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type APIRequestContext, type CDPSession, chromium, type Page } from "@playwright/test";
import { ORDER_REFERENCE_PATTERN } from "@shop/shared/core";
import { expect, test } from "./fixtures.ts";
import {
  ADMIN,
  chooseDelivery,
  expectAccessible,
  expectNoSidewaysScroll,
  open,
  signedInCustomer,
  signInAdmin,
  someProduct,
  visitorAddress,
} from "./helpers.ts";

/** Waits until the shop's service worker controls the page (it claims it once activated). */
async function workerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The pages the phone keeps, as paths. */
const savedPages = (page: Page) =>
  page.evaluate(async () =>
    (await (await caches.open("shop-pages")).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search),
  );

test.describe("on a flaky network", () => {
  test("the storefront and the back-office are installable: manifest, icons and service worker", async ({
    browserName,
  }, testInfo) => {
    // Installing is refused in a private window, which every test context is: a real profile.
    const { launchOptions, baseURL, viewport } = testInfo.project.use;
    const profile = mkdtempSync(path.join(tmpdir(), "shop-install-"));
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, viewport });
    try {
      expect(browserName).toBe("chromium");
      const page = context.pages()[0] ?? (await context.newPage());
      await open(page, "/");
      await workerInControl(page);
      const cdp: CDPSession = await context.newCDPSession(page);
      expect((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
      const { url } = await cdp.send("Page.getAppManifest");
      expect(new URL(url).pathname).toBe("/manifest.webmanifest");
      const manifest = await (await page.request.get("/manifest.webmanifest")).json();
      expect(manifest).toMatchObject({ lang: "fr", display: "standalone", start_url: "/", theme_color: "#0b5cad" });
      expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(["192x192", "512x512", "512x512"]);
      for (const icon of manifest.icons)
        expect((await page.request.get(icon.src)).headers()["content-type"]).toBe("image/png");

      // The back-office is an app of its own, for the owner's phone.
      await signInAdmin(page);
      await open(page, "/admin-panel/orders");
      expect((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
      expect(new URL((await cdp.send("Page.getAppManifest")).url).pathname).toBe("/admin.webmanifest");
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test("a product page seen opens again with the network cut, marked as from memory", async ({
    page,
    context,
    request,
  }, testInfo) => {
    const product = await someProduct(request, 3);
    await open(page, `/product/${product._id}`);
    await workerInControl(page);
    await expect.poll(() => savedPages(page)).toContain(`/product/${product._id}`);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: product.productName })).toBeVisible();
    const notice = page.getByRole("region", { name: "Vous êtes hors ligne" });
    await expect(notice).toContainText("Page enregistrée sur votre téléphone le");
    await expect(notice).toContainText("Les prix et le stock ont pu changer depuis.");
    const price = page.locator("main [data-price]").first();
    expect(await price.evaluate((el) => getComputedStyle(el, "::after").content)).toBe('"à confirmer"');
    await expectAccessible(page, testInfo);
    await expectNoSidewaysScroll(page);

    // A page never seen: the phone says so, and lists what it keeps.
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: "Vous êtes hors ligne" })).toBeVisible();
    await expect(page.getByRole("link", { name: product.productName, exact: false })).toBeVisible();
    await context.setOffline(false);
  });
});

test.describe("private screens", () => {
  test("a signed-in visitor's pages are never kept on the phone, and the cart is never served from it", async ({
    page,
    context,
  }) => {
    await open(page, "/about");
    await workerInControl(page);
    await expect.poll(() => savedPages(page)).toContain("/about");
    await signedInCustomer(page);
    await open(page, "/about");
    await open(page, "/cart");
    // Drawn for the session: not kept, and the copy of the anonymous page is dropped.
    await expect.poll(() => savedPages(page)).not.toContain("/about");
    expect(await savedPages(page)).not.toContain("/cart");
    await context.setOffline(true);
    // Chromium cuts the service worker's network a moment after the page's: on a loaded
    // machine a first reload may still reach the server (a fresh page, never a kept one).
    // Reloaded until cut off: a cart served from the phone would fail every time.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText("Cette page a besoin du réseau")).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    await context.setOffline(false);
  });
});

/** A small real PNG (1×1), as a phone's file picker would hand it over. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==",
  "base64",
);

/** Fills the order form as a customer does (the delivery: picked up at the shop). */
async function fillOrderForm(page: Page, name: string) {
  await page.getByLabel("Nom complet").fill(name);
  await page.getByLabel("Numéro de téléphone").fill("6 77 12 34 56");
  await page.getByLabel("Adresse de livraison").fill("Bastos, Yaoundé");
  await chooseDelivery(page, "pickup");
  await page.getByLabel("Fichier").setInputFiles({ name: "voulu.png", mimeType: "image/png", buffer: PNG });
}

/** The shop's pickup option (decision 025). */
async function pickupOption(request: APIRequestContext): Promise<string> {
  const offer = (await (await request.get("/api/delivery-options")).json()).data as {
    options: { _id: string; kind: string }[];
  };
  const pickup = offer.options.find((o) => o.kind === "pickup");
  if (!pickup) throw new Error("the demo shop has no pickup");
  return pickup._id;
}

async function signInAdminRequest(request: APIRequestContext) {
  expect((await request.post("/api/signin", { data: ADMIN })).status()).toBe(200);
}

/** The orders the shop has under this customer's name, as its admins see them. */
async function ordersNamed(request: APIRequestContext, name: string) {
  const answer = await request.get(`/api/admin/orders?q=${encodeURIComponent(name)}&limit=50`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()).data as { reference: string; name: string }[]).filter((o) => o.name === name);
}

test.describe("an order without a network", () => {
  test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

  test("is kept on the phone, then recorded once with its reference when the network returns", async ({
    page,
    context,
    request,
    playwright,
    baseURL,
  }) => {
    const name = `Hors Ligne ${Date.now()}`;
    await open(page, "/order");
    await workerInControl(page);
    await context.setOffline(true);
    await fillOrderForm(page, name);
    await page.getByRole("button", { name: "Terminer la commande" }).click();
    const kept = page.locator("[data-order-key]");
    await expect(kept).toContainText("En attente de réseau");
    await expect(page.getByText("Pas de réseau pour l'instant")).toBeVisible();
    const key = (await kept.getAttribute("data-order-key")) ?? "";

    await context.setOffline(false);
    await expect(kept).toContainText("Commande envoyée à la boutique.");
    const reference = ((await kept.locator(".font-mono").textContent()) ?? "").trim();
    expect(reference).toMatch(ORDER_REFERENCE_PATTERN);

    // Sent again under its key (a second tab, a retry that crossed the answer): the same order.
    const again = await request.post("/api/orders", {
      multipart: {
        name,
        number: "677123456",
        text: "Bastos, Yaoundé",
        deliveryOptionId: await pickupOption(request),
        idempotencyKey: key,
        file: { name: "voulu.png", mimeType: "image/png", buffer: PNG },
      },
    });
    expect(again.status()).toBe(200);
    expect((await again.json()).data.reference).toBe(reference);

    const admin = await playwright.request.newContext({ baseURL });
    await signInAdminRequest(admin);
    expect((await ordersNamed(admin, name)).map((o) => o.reference)).toEqual([reference]);
    await admin.dispose();

    // Closed by the customer once read.
    await kept.getByRole("button", { name: "Fermer" }).click();
    await expect(kept).toHaveCount(0);
  });

  test("also when the tab was closed before the network returned", async ({ page, context, playwright, baseURL }) => {
    const name = `Onglet Fermé ${Date.now()}`;
    await open(page, "/order");
    await workerInControl(page);
    await context.setOffline(true);
    await fillOrderForm(page, name);
    await page.getByRole("button", { name: "Terminer la commande" }).click();
    await expect(page.locator("[data-order-key]")).toContainText("En attente de réseau");
    await page.close();

    await context.setOffline(false);
    const later = await context.newPage();
    await open(later, "/");
    const kept = later.locator("[data-order-key]");
    await expect(kept).toContainText("Commande envoyée à la boutique.");
    const reference = ((await kept.locator(".font-mono").textContent()) ?? "").trim();

    const admin = await playwright.request.newContext({ baseURL });
    await signInAdminRequest(admin);
    expect((await ordersNamed(admin, name)).map((o) => o.reference)).toEqual([reference]);
    await admin.dispose();
  });
});

test.describe("the cart's buttons without a network", () => {
  test("'Commander par téléphone' keeps the order on the phone, then it is recorded once", async ({
    page,
    context,
  }) => {
    await signedInCustomer(page, "Client Réseau");
    const products = (await (await page.request.get("/api/get-product?limit=1")).json()).data as { _id: string }[];
    for (const p of products)
      expect((await page.request.post("/api/addtocart", { data: { productId: p._id } })).status()).toBe(201);
    await open(page, "/cart");
    await workerInControl(page);
    await chooseDelivery(page, "pickup");
    await context.setOffline(true);
    await page.getByRole("button", { name: "Commander par téléphone" }).click();
    const kept = page.locator("[data-order-key]");
    await expect(kept).toContainText("En attente de réseau");
    await expect(page.getByText("Pas de réseau pour l'instant")).toBeVisible();
    // No second order while it waits: the buttons give way to what happens to this one.
    await expect(page.getByRole("button", { name: "Commander par téléphone" })).toHaveCount(0);

    await context.setOffline(false);
    await expect(kept).toHaveCount(1);
    await expect(kept).toContainText("Commande envoyée à la boutique.");
    const reference = ((await kept.locator(".font-mono").textContent()) ?? "").trim();
    const mine = (await (await page.request.get("/api/my-orders")).json()).data as { reference: string }[];
    expect(mine.map((o) => o.reference)).toEqual([reference]);
  });
});

test.describe("what the shop keeps on the phone", () => {
  test("is shown, and cleared at the visitor's request", async ({ page, request }, testInfo) => {
    const product = await someProduct(request, 4);
    await open(page, "/");
    await workerInControl(page);
    await open(page, `/product/${product._id}`);
    await open(page, "/offline");
    await expect(page.getByRole("heading", { level: 1, name: "Données hors ligne" })).toBeVisible();
    await expect.poll(async () => Number(await page.getByTestId("saved-pages").textContent())).toBeGreaterThan(1);
    await expect(page.getByTestId("storage-used")).toHaveText(/^[\d,]+ Mo$/);
    await expectAccessible(page, testInfo);
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Effacer les données enregistrées" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Données effacées." })).toBeVisible();
    await expect(page.getByTestId("saved-pages")).toHaveText("0");
    expect(await savedPages(page)).toEqual([]);
  });
});

test.describe("a new deployment", () => {
  test("takes over at the next visit, and drops the old files no kept page needs", async ({ page, context }) => {
    await open(page, "/about");
    await workerInControl(page);
    await expect.poll(() => savedPages(page)).toContain("/about");
    // A file of an earlier build, which no page kept on the phone loads.
    await page.evaluate(async () => {
      const cache = await caches.open("shop-assets");
      await cache.put("/assets/old-build-0000.js", new Response("// old"));
    });
    // The next deployment: another worker at /sw.js, as the server finds it on its disk (the
    // build's compressed copies set aside, so that the new file is the one sent).
    const worker = path.resolve("apps/web/build/client/sw.js");
    const before = readFileSync(worker);
    const copies = [".br", ".gz"].map((ext) => `${worker}${ext}`).filter((f) => existsSync(f));
    for (const copy of copies) renameSync(copy, `${copy}.aside`);
    writeFileSync(worker, `${before}\n// next deployment\n`);
    try {
      const tookOver = page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), { once: true });
          }),
      );
      // The next visit: the page checks for a new worker, which takes over without closing the tab.
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      expect(await tookOver).toBe(true);
      await expect
        .poll(() =>
          page.evaluate(async () =>
            (await (await caches.open("shop-assets")).keys()).map((r) => new URL(r.url).pathname),
          ),
        )
        .not.toContain("/assets/old-build-0000.js");
      // The page kept still has its files: it opens offline, styled.
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole("region", { name: "Vous êtes hors ligne" })).toBeVisible();
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
      await context.setOffline(false);
    } finally {
      writeFileSync(worker, before);
      for (const copy of copies) renameSync(`${copy}.aside`, copy);
    }
  });
});
