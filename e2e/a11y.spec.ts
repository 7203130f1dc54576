/**
 * Accessibility scan of every public page and every back-office page with axe-core, on the
 * 360 px phone of playwright.config.ts: WCAG 2.x A/AA (with Label in Name) and axe's best
 * practices. A page fails on any violation of impact serious or critical; the others are
 * printed, not failed.
 */
import { readFileSync } from "node:fs";
import { ORDER_REFERENCE_PATTERN } from "@shop/shared/core";
import { expect, test } from "./fixtures.ts";
import {
  ADMIN,
  expectAccessible,
  open,
  signedInCustomer,
  signInThrough,
  someProduct,
  visitorAddress,
} from "./helpers.ts";

const PAGES: { name: string; path: string; status?: number }[] = [
  { name: "home", path: "/" },
  { name: "catalogue", path: "/product" },
  { name: "categories", path: "/product-category?category=SAMSUNG&category=PIXEL" },
  { name: "search", path: "/search?q=iphone" },
  { name: "empty search", path: "/search" },
  { name: "about", path: "/about" },
  { name: "contact", path: "/contact" },
  { name: "blog", path: "/blog" },
  { name: "privacy", path: "/privacy" },
  { name: "terms", path: "/terms" },
  { name: "cookies", path: "/cookies" },
  { name: "forgot password", path: "/forgot-password" },
  { name: "reset password", path: "/reset-password?token=un-lien-de-test-assez-long" },
  { name: "login", path: "/login" },
  { name: "sign-up", path: "/sign-up" },
  { name: "order form", path: "/order" },
  { name: "order status", path: "/order-status" },
  { name: "404", path: "/cette-page-nexiste-pas", status: 404 },
];

test.describe("accessibility (axe, WCAG 2.2 AA + best practices)", () => {
  for (const { name, path, status = 200 } of PAGES) {
    test(`${name} ${path}`, async ({ page }, testInfo) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      await expectAccessible(page, testInfo);
    });
  }

  test("order form showing its errors", async ({ page }, testInfo) => {
    await page.goto("/order");
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByRole("button", { name: "Terminer la commande" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Votre commande n'a pas été envoyée" })).toBeVisible();
    await expectAccessible(page, testInfo);
  });

  test("my devices /devices, signed in", async ({ page }, testInfo) => {
    await signedInCustomer(page, "Client Axe Appareils");
    const response = await open(page, "/devices");
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/devices");
    await expectAccessible(page, testInfo);
  });

  test("my data /my-data, signed in", async ({ page }, testInfo) => {
    await signedInCustomer(page, "Client Axe Données");
    const response = await open(page, "/my-data");
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/my-data");
    await expectAccessible(page, testInfo);
  });

  test("product page (first product of the home page)", async ({ page }, testInfo) => {
    await page.goto("/");
    const href = await page.locator('main a[href^="/product/"]').first().getAttribute("href");
    expect(href).toMatch(/^\/product\/[^/]+$/);
    const response = await page.goto(href ?? "");
    expect(response?.status()).toBe(200);
    await expectAccessible(page, testInfo);
  });
});

/**
 * Every route under routes/admin/ in apps/web/app/routes.ts, as its path pattern: the list below
 * must name each, so a new back-office screen cannot go unscanned.
 */
function adminRoutes(): string[] {
  const source = readFileSync(new URL("../apps/web/app/routes.ts", import.meta.url), "utf8");
  const routes = [...source.matchAll(/(index|route)\((?:"([^"]*)",\s*)?"routes\/admin\/([^"]+)"/g)];
  return routes
    .filter(([, , , file]) => file !== "layout.tsx")
    .map(([, kind, path]) => (kind === "index" ? "/admin-panel" : `/admin-panel/${path}`));
}

/** The back-office's screens, at 360 px, as the SUPERADMIN of e2e/serve.ts. */
const ADMIN_PAGES: { route: string; landsOn?: string }[] = [
  { route: "/admin-panel", landsOn: "/admin-panel/dashboard" },
  { route: "/admin-panel/dashboard" },
  { route: "/admin-panel/all-users" },
  // The SUPERADMIN's own devices (an admin's, like any other's).
  { route: "/admin-panel/users/:id/devices" },
  { route: "/admin-panel/all-products" },
  { route: "/admin-panel/all-products/import" },
  { route: "/admin-panel/categories" },
  { route: "/admin-panel/orders" },
  { route: "/admin-panel/orders/:reference" },
  { route: "/admin-panel/payments" },
  { route: "/admin-panel/messages" },
  { route: "/admin-panel/delivery" },
  { route: "/admin-panel/promotions" },
  { route: "/admin-panel/stock" },
  { route: "/admin-panel/journal" },
  { route: "/admin-panel/personal-data" },
  { route: "/admin-panel/personal-data/register" },
  // The order's own history (a product's is the same screen).
  { route: "/admin-panel/history/:entity/:id" },
];

/** A small real PNG (1×1): the order form's file. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==",
  "base64",
);

test.describe("back-office accessibility (axe, WCAG 2.2 AA + best practices)", () => {
  let reference = "";

  // The harness seeds products but no customer, order or message: one of each, so that the
  // users' table has its actions, the order page its order and the lists something to show.
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
    const name = "Cliente Axe";
    const email = `cliente-axe-${Date.now()}@exemple.cm`;
    const password = "motdepasse-solide";
    const { request } = context;
    expect(
      (await request.post("/api/signup", { data: { name, email, password, confirmPassword: password } })).status(),
    ).toBe(201);
    expect((await request.post("/api/signin", { data: { email, password } })).status()).toBe(200);
    const product = await someProduct(request, 2);
    expect((await request.post("/api/addtocart", { data: { productId: product._id } })).status()).toBe(201);
    const order = await request.post("/api/orders", {
      multipart: {
        name,
        number: `6${`${Date.now()}`.slice(-8)}`,
        text: "Bastos, Yaoundé",
        message: "",
        file: { name: "commande.png", mimeType: "image/png", buffer: PNG },
      },
    });
    expect(order.status(), await order.text()).toBe(201);
    reference = (await order.json()).data.reference;
    expect(reference).toMatch(ORDER_REFERENCE_PATTERN);
    const message = await request.post("/api/contact", {
      data: { name, email, subject: "Livraison", message: "Livrez-vous à Bastos le samedi ?" },
    });
    expect(message.ok(), await message.text()).toBe(true);
    await context.close();
  });

  test("the list holds every back-office route of routes.ts", () => {
    expect(ADMIN_PAGES.map((p) => p.route).sort()).toEqual(adminRoutes().sort());
  });

  for (const { route, landsOn } of ADMIN_PAGES) {
    test(`back-office ${route}`, async ({ page }, testInfo) => {
      await signInThrough(page, ADMIN);
      const me = (await (await page.request.get("/api/user-details")).json()).data as { _id: string };
      const path = route
        .replace(":reference", reference)
        .replace(":entity/:id", `order/${reference}`)
        .replace("users/:id", `users/${me._id}`);
      const response = await open(page, path);
      expect(response?.status()).toBe(200);
      // Not sent elsewhere (to / when the admin is not one): the scan is of this screen.
      expect(new URL(page.url()).pathname).toBe(landsOn ?? path);
      await expectAccessible(page, testInfo);
    });
  }
});
