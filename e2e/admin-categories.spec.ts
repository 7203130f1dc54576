/**
 * Categories as data and products' visibility (decision 046) on the 360 px phone of
 * playwright.config.ts: the SUPERADMIN adds 'IPHONE 16' on the back-office's 'Catégories' page,
 * sees it on the storefront's catalogue, moves a product into it, hides it (the storefront
 * forgets it), cannot delete it while it holds a product, and moves it up; hides a product from
 * the grid (the storefront's search forgets it) and duplicates it as a hidden copy. The forms
 * work without JavaScript too; an ADMIN reads the categories and changes nothing.
 */
import type { AdminCategory, CategoryEntry, Product } from "@shop/shared";
import { FIELD_MSG, MSG } from "@shop/shared/core";
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import {
  expectAccessible,
  expectNoSidewaysScroll,
  newSeller,
  open,
  ADMIN as SUPERADMIN,
  signInThrough,
  uniqueWord,
  visitorAddress,
} from "./helpers.ts";

// Sign-ins are rate-limited per address: this file's visitor has its own.
test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const PAGE = "/admin-panel/categories";
const GRID = "/admin-panel/all-products";
const NEW = "IPHONE 16";

/** A small real picture, as a phone's gallery would hand it over. */
const PICTURE = {
  name: "iphone-16.png",
  mimeType: "image/png",
  buffer: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAKElEQVQ4jWM4ISdHFcQwatCJ0TA6MZqO5EaziNxoMSI3WkLKDWQtAgDGtUkf6nhE+AAAAABJRU5ErkJggg==",
    "base64",
  ),
};

/** A product of the signed-in admin of `request`, without photo. */
async function newProduct(request: APIRequestContext, productName: string, category: string): Promise<Product> {
  const made = await request.post("/api/upload-product", {
    data: { productName, brandName: "Apple", category, price: 900000, sellingPrice: 850000 },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()).data;
}

const adminCategories = async (request: APIRequestContext) =>
  (await (await request.get("/api/admin/categories")).json()).data as AdminCategory[];
const shownCategories = async (request: APIRequestContext) =>
  (await (await request.get("/api/categories")).json()).data as CategoryEntry[];

/** Leaves the shop as the other journeys expect it: the products and the category made here gone. */
async function cleanUp(request: APIRequestContext, productIds: readonly string[], categoryNames: readonly string[]) {
  for (const _id of productIds) await request.post("/api/delete-product", { data: { _id } });
  for (const category of await adminCategories(request)) {
    if (categoryNames.includes(category.name)) await request.delete(`/api/admin/categories/${category._id}`);
  }
}

const status = (page: Page) => page.getByRole("main").getByRole("status");
const categoryList = (page: Page) => page.getByRole("region", { name: /^Dans l'ordre de la boutique/ });
/** A category's entry on the page, by its name (its heading also says 'Masquée'). */
const categoryItem = (page: Page, name: string) =>
  categoryList(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: new RegExp(`^${name}( Masquée)?$`) }) });
/** A card of the products grid, by its product's name. */
const gridCard = (page: Page, name: string) =>
  page.getByRole("article").filter({ has: page.getByRole("link", { name, exact: true }) });
const storefrontRow = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("the SUPERADMIN adds 'IPHONE 16', fills it, hides it, cannot delete it while it holds a product, moves it", async ({
  page,
}, testInfo) => {
  // A whole journey across the back-office and the storefront, with three accessibility scans.
  test.setTimeout(120_000);
  await signInThrough(page, SUPERADMIN);
  const product = await newProduct(page.request, `${uniqueWord()} Seize Pro`, "SAMSUNG");
  try {
    // From the sidebar, right after the products.
    await open(page, GRID);
    const menu = page.getByRole("navigation", { name: "Menu du back-office" });
    const links = await menu.getByRole("link").allTextContents();
    expect(links.indexOf("Catégories")).toBe(links.indexOf("Produits") + 1);
    await menu.getByRole("link", { name: "Catégories" }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "Catégories" })).toBeVisible();
    await expect(categoryList(page).getByRole("heading", { level: 3 }).first()).toHaveText("NOUVEAUX IPHONE");
    await expect(categoryItem(page, "SAMSUNG")).toContainText(/\d+ produits?/);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);

    // A new one: checked before the API is asked, then refused by it, in French beside the fields.
    await page.getByRole("link", { name: "Nouvelle catégorie" }).click();
    let form = page.getByRole("form", { name: "Nouvelle catégorie" });
    await form.getByLabel("Slug (facultatif)").fill("iPhone 16");
    await form.getByRole("button", { name: "Enregistrer" }).click();
    form = page.getByRole("form", { name: "Nouvelle catégorie" });
    await expect(form.getByText(FIELD_MSG.categoryNameRequired)).toBeVisible();
    await expect(form.getByText(FIELD_MSG.categorySlugInvalid)).toBeVisible();
    await expect(form.getByLabel("Slug (facultatif)")).toHaveValue("iPhone 16");
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);
    await form.getByLabel("Nom").fill("SAMSUNG");
    await form.getByLabel("Slug (facultatif)").fill("");
    await form.getByRole("button", { name: "Enregistrer" }).click();
    form = page.getByRole("form", { name: "Nouvelle catégorie" });
    await expect(form.getByText(MSG.categoryNameTaken)).toBeVisible();
    await form.getByLabel("Nom").fill(NEW);
    await form.getByLabel("Image (facultatif)").setInputFiles(PICTURE);
    await form.getByRole("button", { name: "Enregistrer" }).click();
    await expect(status(page)).toHaveText(MSG.categorySaved);
    const item = categoryItem(page, NEW);
    await expect(item).toContainText("Aucun produit");
    // Its slug made from the name, its picture stored by the shop.
    await expect(item).toContainText("iphone-16");
    await expect(item.locator("img")).toHaveAttribute("src", /\/uploads\/images\/[\w-]+\/\d+\.webp$/);

    // The storefront's catalogue has its row at once.
    const shown = await shownCategories(page.request);
    expect(shown.map((c) => c.name)).toContain(NEW);
    await open(page, "/product");
    await expect(page.getByText(`parcourez les ${shown.length} catégories`)).toBeVisible();
    await expect(storefrontRow(page, NEW)).toContainText("Aucun produit dans cette catégorie pour le moment.");
    await expectNoSidewaysScroll(page);

    // A product moved into it from the product form, where it is one of the choices.
    await open(page, `${GRID}?q=${encodeURIComponent(product.productName)}`);
    await page.getByRole("button", { name: `Modifier ${product.productName}` }).click();
    const edit = page.getByRole("dialog", { name: "Modifier le produit" });
    await expect(edit.getByLabel("Catégorie")).toHaveValue("SAMSUNG");
    await edit.getByLabel("Catégorie").selectOption(NEW);
    const updated = page.getByText(MSG.productUpdated).waitFor();
    await edit.getByRole("button", { name: "Sauvegarder" }).click();
    await updated;
    await expect(edit).toBeHidden();
    await expect(gridCard(page, product.productName)).toContainText(NEW);
    await open(page, "/product");
    await expect(storefrontRow(page, NEW).getByRole("article").filter({ hasText: product.productName })).toBeVisible();
    await open(page, "/product-category");
    await expect(page.getByRole("checkbox", { name: NEW, exact: true })).toBeVisible();

    // Hidden: the storefront forgets it, its product with it.
    await open(page, PAGE);
    await expect(categoryItem(page, NEW)).toContainText("1 produit");
    await categoryItem(page, NEW)
      .getByRole("button", { name: `Masquer ${NEW}` })
      .click();
    await expect(status(page)).toHaveText(MSG.categorySaved);
    await expect(categoryItem(page, NEW)).toContainText("Masquée");
    await expect(categoryItem(page, NEW).getByRole("button", { name: `Afficher ${NEW}` })).toBeVisible();
    expect((await shownCategories(page.request)).map((c) => c.name)).not.toContain(NEW);
    await open(page, "/product");
    await expect(page.getByText(`parcourez les ${shown.length - 1} catégories`)).toBeVisible();
    await expect(storefrontRow(page, NEW)).toHaveCount(0);
    await open(page, "/product-category");
    await expect(page.getByRole("checkbox", { name: NEW, exact: true })).toHaveCount(0);
    await expect(page.getByRole("article").filter({ hasText: product.productName })).toHaveCount(0);
    // The back-office still offers it, marked.
    await open(page, `${GRID}?category=${encodeURIComponent(NEW)}`);
    const filters = page.getByRole("search", { name: "Rechercher des produits" });
    await expect(filters.getByLabel("Catégorie").locator("option:checked")).toHaveText(`${NEW} (masquée)`);
    await expect(gridCard(page, product.productName)).toBeVisible();

    // Deleting it is refused while it holds the product: said in the server's words.
    await open(page, PAGE);
    await categoryItem(page, NEW)
      .getByRole("link", { name: `Supprimer ${NEW}` })
      .click();
    const confirm = page.getByRole("alertdialog", { name: `Supprimer « ${NEW} » ?` });
    await expect(confirm).toContainText("Elle contient encore 1 produit");
    await expectAccessible(page, testInfo);
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(MSG.categoryNotEmpty(1));
    await expect(categoryItem(page, NEW)).toBeVisible();

    // Up one place; the keyboard stays on the button.
    const names = async () =>
      (await categoryList(page).getByRole("heading", { level: 3 }).allTextContents()).map((n) =>
        n.replace(/Masquée$/, "").trim(),
      );
    const before = (await names()).indexOf(NEW);
    expect(before).toBeGreaterThan(0);
    await categoryItem(page, NEW)
      .getByRole("button", { name: `Monter ${NEW}` })
      .click();
    await expect(status(page)).toHaveText(MSG.categoriesOrdered);
    expect((await names()).indexOf(NEW)).toBe(before - 1);
    await expect(categoryItem(page, NEW).getByRole("button", { name: `Monter ${NEW}` })).toBeFocused();
    expect((await adminCategories(page.request)).map((c) => c.name).indexOf(NEW)).toBe(before - 1);
    await expectNoSidewaysScroll(page);
  } finally {
    await cleanUp(page.request, [product._id], [NEW]);
  }
});

test("hiding a product from the grid takes it off the storefront's search; 'Dupliquer' makes a hidden copy", async ({
  page,
}, testInfo) => {
  await signInThrough(page, SUPERADMIN);
  const word = uniqueWord();
  const product = await newProduct(page.request, `${word} Lumière`, "SAMSUNG");
  const copyName = `${product.productName} (copie)`;
  const made = [product._id];
  try {
    await open(page, `/search?q=${word}`);
    await expect(page.getByRole("article").filter({ hasText: product.productName })).toHaveCount(1);

    // Hidden from its card: marked in the grid, gone from the storefront's search.
    await open(page, `${GRID}?q=${word}`);
    const card = gridCard(page, product.productName);
    await expect(card.getByText("Masqué", { exact: true })).toHaveCount(0);
    await card.getByRole("button", { name: `Masquer ${product.productName}` }).click();
    await expect(card.getByText("Masqué", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: `Afficher ${product.productName}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);
    await open(page, `/search?q=${word}`);
    await expect(page.getByRole("article").filter({ hasText: product.productName })).toHaveCount(0);
    const search = (await (await page.request.get(`/api/search?q=${word}`)).json()).data as Product[];
    expect(search).toEqual([]);

    // Duplicated: a hidden copy, the server's words in a toast.
    await open(page, `${GRID}?q=${word}`);
    const duplicated = page.getByText(MSG.productDuplicated).waitFor();
    await gridCard(page, product.productName)
      .getByRole("button", { name: `Dupliquer ${product.productName}` })
      .click();
    await duplicated;
    const copy = gridCard(page, copyName);
    await expect(copy.getByText("Masqué", { exact: true })).toBeVisible();
    const listed = (await (await page.request.get(`/api/admin/products?q=${word}`)).json()).data as Product[];
    const stored = listed.find((p) => p.productName === copyName);
    expect(stored).toMatchObject({ hidden: true, archived: false, category: "SAMSUNG", sellingPrice: 850000 });
    if (stored) made.push(stored._id);

    // The grid's 'Visibilité' filter, kept in the address.
    const form = page.getByRole("search", { name: "Rechercher des produits" });
    await form.locator("summary").click();
    await form.getByLabel("Visibilité").selectOption({ label: "Affichés" });
    await form.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(`${GRID}?q=${word}&visibility=shown`);
    await expect(page.getByText("Aucun produit ne correspond à ces filtres.")).toBeVisible();
    await page.getByRole("search", { name: "Rechercher des produits" }).getByLabel("Visibilité").selectOption({
      label: "Masqués",
    });
    await page
      .getByRole("search", { name: "Rechercher des produits" })
      .getByRole("button", { name: "Filtrer" })
      .click();
    await expect(page).toHaveURL(`${GRID}?q=${word}&visibility=hidden`);
    await expect(page.getByRole("article")).toHaveCount(2);

    // Shown again: back in the search.
    await gridCard(page, product.productName)
      .getByRole("button", { name: `Afficher ${product.productName}` })
      .click();
    await expect(gridCard(page, product.productName)).toHaveCount(0);
    await open(page, `/search?q=${word}`);
    await expect(page.getByRole("article").filter({ hasText: product.productName })).toHaveCount(1);
    await expect(page.getByRole("article").filter({ hasText: copyName })).toHaveCount(0);
  } finally {
    await cleanUp(page.request, made, []);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a category is added, hidden and shown, and a product hidden, by their forms", async ({ page }) => {
    await signInThrough(page, SUPERADMIN);
    const word = uniqueWord();
    const name = `TEST ${word.toUpperCase()}`;
    const product = await newProduct(page.request, `${word} Sans Script`, "PIXEL");
    try {
      await page.goto(PAGE);
      await page.getByRole("link", { name: "Nouvelle catégorie" }).click();
      const form = page.getByRole("form", { name: "Nouvelle catégorie" });
      await form.getByLabel("Nom").fill(name);
      await form.getByLabel("Image (facultatif)").setInputFiles(PICTURE);
      await form.getByLabel("Masquer sur la boutique").check();
      await form.getByRole("button", { name: "Enregistrer" }).click();
      await expect(status(page)).toHaveText(MSG.categorySaved);
      await expect(page).toHaveURL(`${PAGE}?ok=create`);
      await expect(categoryItem(page, name)).toContainText("Masquée");
      await expect(categoryItem(page, name).locator("img")).toHaveAttribute("src", /\/uploads\/images\//);
      await categoryItem(page, name)
        .getByRole("button", { name: `Afficher ${name}` })
        .click();
      await expect(status(page)).toHaveText(MSG.categorySaved);
      await expect(categoryItem(page, name)).not.toContainText("Masquée");
      expect((await shownCategories(page.request)).map((c) => c.name)).toContain(name);
      await expectNoSidewaysScroll(page);

      await page.goto(`${GRID}?q=${word}`);
      await gridCard(page, product.productName)
        .getByRole("button", { name: `Masquer ${product.productName}` })
        .click();
      await expect(status(page)).toBeVisible();
      await expect(page).toHaveURL(`${GRID}?q=${word}`);
      await expect(gridCard(page, product.productName).getByText("Masqué", { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
    } finally {
      await cleanUp(page.request, [product._id], [name]);
    }
  });
});

test("an ADMIN reads the categories and their counts, and changes nothing", async ({ page, request }) => {
  expect((await request.post("/api/signin", { data: SUPERADMIN })).status()).toBe(200);
  const seller = await newSeller(request, "Catégories");
  await signInThrough(page, seller);
  await open(page, PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Catégories" })).toBeVisible();
  await expect(categoryItem(page, "SAMSUNG")).toContainText(/\d+ produits?/);
  await expect(page.getByRole("link", { name: "Nouvelle catégorie" })).toHaveCount(0);
  await expect(categoryList(page).getByRole("button")).toHaveCount(0);
  await expect(page.getByText(/Seul le super administrateur peut/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect((await page.request.post("/api/admin/categories", { data: { name: "INTERDITE" } })).status()).toBe(403);
});
