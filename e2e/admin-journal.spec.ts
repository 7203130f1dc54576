/**
 * The audit log's screens (decision 038) on the 360 px phone of playwright.config.ts: the
 * SUPERADMIN changes a price, finds the line in the 'Journal' with its price before and after,
 * filters, exports, checks the chain and reads the product's own history; an ADMIN is offered
 * none of the Journal.
 */
import { randomInt } from "node:crypto";
import type { Product } from "@shop/shared";
import { MSG } from "@shop/shared/core";
import { type APIRequestContext, expect, test } from "./fixtures.ts";
import {
  expectAccessible,
  expectNoSidewaysScroll,
  newSeller,
  open,
  ADMIN as SUPERADMIN,
  signInThrough,
  visitorAddress,
} from "./helpers.ts";

// Sign-ins are rate-limited per address: this file's visitor has its own.
test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const unique = () => `${Date.now().toString(36)}${randomInt(1000)}`;

/** A product of the signed-in admin of `request`, made through the API (no photo needed). */
async function newProduct(request: APIRequestContext, productName: string): Promise<Product> {
  const made = await request.post("/api/upload-product", {
    data: { productName, brandName: "Google", category: "PIXEL", price: 500000, sellingPrice: 450000 },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()).data;
}

test("the SUPERADMIN finds a price change in the Journal, filters, exports and checks it", async ({
  page,
}, testInfo) => {
  await signInThrough(page, SUPERADMIN);
  const product = await newProduct(page.request, `Pixel Journal ${unique()}`);
  try {
    // The price changed in the back-office, as the owner does it.
    await open(page, "/admin-panel/all-products");
    await page.getByRole("button", { name: `Modifier ${product.productName}` }).click();
    const edit = page.getByRole("dialog", { name: "Modifier le produit" });
    await expect(edit.getByLabel("Prix de vente")).toHaveValue("450000");
    await edit.getByLabel("Prix de vente").fill("420000");
    const updated = page.getByText(MSG.productUpdated).waitFor();
    await edit.getByRole("button", { name: "Sauvegarder" }).click();
    await updated;
    await expect(edit).toBeHidden();

    // The Journal, from the sidebar: the newest lines first, this change among them.
    await page.getByRole("navigation", { name: "Menu du back-office" }).getByRole("link", { name: "Journal" }).click();
    await expect(page).toHaveURL(/\/admin-panel\/journal$/);
    await expect(page.getByRole("heading", { level: 1, name: "Journal" })).toBeVisible();
    const line = page
      .getByRole("article")
      .filter({ has: page.getByRole("link", { name: `Produit ${product._id}` }) })
      .filter({ hasText: "Modification" })
      .first();
    await expect(line).toContainText("Super Admin (SUPERADMIN)");
    await line.getByText("Détails").click();
    const details = line.locator("details");
    await expect(details).toContainText("sellingPrice");
    await expect(details).toContainText(/Avant\s*450000/);
    await expect(details).toContainText(/Après\s*420000/);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);

    // Filtered by action and by the product: only its changes, the form showing the filters.
    await page.getByLabel("Action", { exact: true }).selectOption({ label: "Modification" });
    await page.getByLabel("Identifiant", { exact: true }).fill(product._id);
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(/action=update/);
    await expect(page.getByLabel("Action", { exact: true })).toHaveValue("update");
    // Retrying assertions: the URL changes before the filtered list replaces the whole one.
    await expect(page.getByRole("article")).not.toHaveCount(0);
    await expect(page.getByRole("article").filter({ hasNotText: "Modification" })).toHaveCount(0);
    await expect(page.getByRole("article").first()).toContainText("420000");

    // The export keeps the filters, and the browser downloads it with the session.
    const exportHref = await page.getByRole("link", { name: "Exporter en CSV" }).getAttribute("href");
    expect(exportHref).toMatch(/^\/api\/admin\/journal\/export\?.*action=update/);
    const csv = await page.request.get(exportHref!);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toContain(product._id);

    // Days the wrong way round: the API's French message above an empty list, no error page.
    await page.getByLabel("Du", { exact: true }).fill("2026-02-10");
    await page.getByLabel("Au", { exact: true }).fill("2026-02-01");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "La date de début doit précéder la date de fin.",
    );
    await expect(page.getByText("Aucune ligne ne correspond à ces filtres.")).toBeVisible();
    await page.getByRole("link", { name: "Effacer les filtres" }).click();
    await expect(page).toHaveURL(/\/admin-panel\/journal$/);
    await expect(page.getByLabel("Action", { exact: true })).toHaveValue("");

    // The chain of hashes, checked.
    await page.getByRole("link", { name: "Vérifier le journal" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Journal intact" })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // The product's own history, from its line.
    await page
      .getByRole("link", { name: `Produit ${product._id}` })
      .first()
      .click();
    await expect(page).toHaveURL(`/admin-panel/history/product/${product._id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Historique" })).toBeVisible();
    await expect(page.getByRole("article").first()).toContainText("Modification");
    await expect(page.getByRole("article").last()).toContainText("Création");
    await expectNoSidewaysScroll(page);
  } finally {
    await page.request.post("/api/delete-product", { data: { _id: product._id } });
  }
});

test("an ADMIN is offered no Journal, and is sent back from its address", async ({ page, request }) => {
  expect((await request.post("/api/signin", { data: SUPERADMIN })).status()).toBe(200);
  const seller = await newSeller(request, "Journal");

  await signInThrough(page, seller);
  const product = await newProduct(page.request, `Pixel du vendeur ${unique()}`);
  try {
    await open(page, "/admin-panel/all-products");
    const menu = page.getByRole("navigation", { name: "Menu du back-office" });
    await expect(menu.getByRole("link", { name: "Produits" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Journal" })).toHaveCount(0);
    await page.goto("/admin-panel/journal");
    await expect(page).toHaveURL("/admin-panel/dashboard");

    // Their own product's history is theirs to read, from its card.
    await open(page, "/admin-panel/all-products");
    await page.getByRole("link", { name: `Historique de ${product.productName}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Historique" })).toBeVisible();
    await expect(page.getByRole("article").first()).toContainText(`${seller.name} (ADMIN)`);
    await expectNoSidewaysScroll(page);
  } finally {
    await page.request.post("/api/delete-product", { data: { _id: product._id } });
  }
});
