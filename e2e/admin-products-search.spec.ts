/**
 * 'Gestion des Produits' at scale (decision 044) on the 360 px phone of playwright.config.ts:
 * the SUPERADMIN finds a product with a typo, filters by stock and promotion, sorts by price,
 * shares and reloads the filtered address, pages with the filters kept, and picks a product on
 * the stock page by the same search; the form filters without JavaScript too; an ADMIN finds
 * only its own products.
 */
import type { AdminVariantStock, Product } from "@shop/shared";
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

const GRID = "/admin-panel/all-products";

/**
 * A word no product of the shop has, made of consonants (the French stemmer leaves it whole),
 * and the same word with a letter missing, as a hurried thumb types it.
 */
function uniqueWords() {
  const tag = uniqueWord();
  return { tag, typo: (tag.slice(0, 4) + tag.slice(5)).toLowerCase() };
}

/** A product of the signed-in admin of `request`, without photo, its one stock counted (or not, null). */
async function newProduct(
  request: APIRequestContext,
  fields: { productName: string; brandName: string; category: string; price: number; sellingPrice: number },
  stock: number | null,
): Promise<Product> {
  const made = await request.post("/api/upload-product", { data: fields });
  expect(made.status(), await made.text()).toBe(201);
  const product = (await made.json()).data as Product;
  if (stock !== null) {
    const variants = (await (await request.get(`/api/admin/products/${product._id}/stock`)).json())
      .data as AdminVariantStock[];
    const adjusted = await request.post("/api/admin/stock/adjust", {
      data: { variantId: variants[0]!._id, stock, note: "Inventaire" },
    });
    expect(adjusted.ok(), await adjusted.text()).toBe(true);
  }
  return product;
}

/**
 * Three products sharing `tag`: one in promotion and in stock, one at its price with 2 left
 * (low), one in promotion and sold out.
 */
async function threeProducts(request: APIRequestContext, tag: string) {
  const ardoise = await newProduct(
    request,
    { productName: `${tag} Ardoise`, brandName: "Samsung", category: "SAMSUNG", price: 300000, sellingPrice: 250000 },
    10,
  );
  const brume = await newProduct(
    request,
    { productName: `${tag} Brume`, brandName: "Apple", category: "IPHONE 13", price: 150000, sellingPrice: 150000 },
    2,
  );
  const corail = await newProduct(
    request,
    { productName: `${tag} Corail`, brandName: "Google", category: "PIXEL", price: 500000, sellingPrice: 450000 },
    0,
  );
  return { ardoise, brume, corail };
}

async function deleteAll(request: APIRequestContext, products: readonly Product[]) {
  for (const product of products) await request.post("/api/delete-product", { data: { _id: product._id } });
}

const searchForm = (page: Page) => page.getByRole("search", { name: "Rechercher des produits" });
/** The names of the grid's cards, in order. */
const cardNames = (page: Page) => page.getByRole("article").locator("h2");

/** The folded 'Filtres et tri', opened if it is not (it is, once a filter is set). */
async function filters(page: Page) {
  const details = searchForm(page).locator("details");
  if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await details.locator("summary").click();
  return searchForm(page);
}

test("the SUPERADMIN finds, filters, sorts, shares and pages the products, and picks one on the stock page", async ({
  page,
}, testInfo) => {
  await signInThrough(page, SUPERADMIN);
  const { tag, typo } = uniqueWords();
  const { ardoise, brume, corail } = await threeProducts(page.request, tag);
  try {
    await open(page, GRID);
    await expect(page.getByRole("heading", { level: 1, name: "Gestion des Produits" })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // A typo finds the right one, and the three by their shared word.
    await searchForm(page).getByLabel("Rechercher un produit").fill(`${typo} brume`);
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(`${GRID}?q=${typo}+brume`);
    await expect(cardNames(page)).toHaveText([brume.productName]);
    await expect(page.getByText(`1 produit pour « ${typo} brume »`)).toBeVisible();
    await searchForm(page).getByLabel("Rechercher un produit").fill(typo);
    await searchForm(page).getByLabel("Rechercher un produit").press("Enter");
    await expect(page.getByText(`3 produits pour « ${typo} »`)).toBeVisible();
    await expect(cardNames(page)).toHaveCount(3);

    // By stock: sold out, then low.
    let form = await filters(page);
    await form.getByLabel("Stock").selectOption({ label: "Épuisé" });
    await form.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(`${GRID}?q=${typo}&stock=out`);
    await expect(cardNames(page)).toHaveText([corail.productName]);
    await expect(page.getByText("Filtres et tri (1)")).toBeVisible();
    form = await filters(page);
    await form.getByLabel("Stock").selectOption({ label: "Stock bas" });
    await form.getByRole("button", { name: "Filtrer" }).click();
    await expect(cardNames(page)).toHaveText([brume.productName]);

    // By promotion, sorted by price either way.
    form = await filters(page);
    await form.getByLabel("Stock").selectOption({ label: "Tous" });
    await form.getByLabel("Promotion").selectOption({ label: "En promotion" });
    await form.getByLabel("Trier par").selectOption({ label: "Prix croissant" });
    await form.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(`${GRID}?q=${typo}&promo=yes&sort=price`);
    await expect(cardNames(page)).toHaveText([ardoise.productName, corail.productName]);
    form = await filters(page);
    await form.getByLabel("Promotion").selectOption({ label: "Tous les prix" });
    await form.getByLabel("Trier par").selectOption({ label: "Prix décroissant" });
    await form.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(`${GRID}?q=${typo}&sort=price_desc`);
    await expect(cardNames(page)).toHaveText([corail.productName, ardoise.productName, brume.productName]);

    // Nothing matches: said in French, with the way out.
    form = await filters(page);
    await form.getByLabel("Catégorie").selectOption("PIXEL");
    await form.getByLabel("Promotion").selectOption({ label: "Prix normal" });
    await form.getByRole("button", { name: "Filtrer" }).click();
    await expect(page.getByText("Aucun produit ne correspond à ces filtres.")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);

    // The address holds every choice: shared or reloaded, the same grid and the same form.
    const shared = `${GRID}?q=${typo}&brand=google&stock=out&promo=yes&sort=name`;
    await open(page, shared);
    await expect(cardNames(page)).toHaveText([corail.productName]);
    await page.reload();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page).toHaveURL(shared);
    await expect(cardNames(page)).toHaveText([corail.productName]);
    form = searchForm(page);
    await expect(form.getByLabel("Rechercher un produit")).toHaveValue(typo);
    await expect(form.getByLabel("Marque")).toHaveValue("Google");
    await expect(form.getByLabel("Stock")).toHaveValue("out");
    await expect(form.getByLabel("Promotion")).toHaveValue("yes");
    await expect(form.getByLabel("Trier par")).toHaveValue("name");
    await expect(page.getByText("Filtres et tri (3)")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);
    await page.getByRole("link", { name: "Effacer les filtres" }).click();
    await expect(page).toHaveURL(GRID);
    await expect(searchForm(page).getByLabel("Rechercher un produit")).toHaveValue("");

    // A search the API refuses: its French words above an empty grid, not an error page.
    await open(page, `${GRID}?q=${"a".repeat(101)}`);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("100 caractères au plus.");
    await expect(page.getByText("Aucun produit ne correspond à ces filtres.")).toBeVisible();

    // Pages keep the filters: more products in promotion than a page holds.
    const inPromotion = (await (await page.request.get("/api/admin/products?promo=yes&limit=1")).json()).meta.total;
    expect(inPromotion).toBeGreaterThan(24);
    await open(page, `${GRID}?promo=yes&sort=price`);
    const pager = page.getByRole("navigation", { name: "Pages des produits" });
    await expect(pager.getByText(`1 / ${Math.ceil(inPromotion / 24)}`)).toBeVisible();
    await expect(pager.getByRole("link", { name: "Suivant" })).toHaveAttribute(
      "href",
      `${GRID}?promo=yes&sort=price&page=2`,
    );
    await pager.getByRole("link", { name: "Suivant" }).click();
    await expect(page).toHaveURL(`${GRID}?promo=yes&sort=price&page=2`);
    await expect(pager.getByText(`2 / ${Math.ceil(inPromotion / 24)}`)).toBeVisible();
    await expect(pager.getByRole("link", { name: "Précédent" })).toHaveAttribute(
      "href",
      `${GRID}?promo=yes&sort=price`,
    );
    await expect(searchForm(page).getByLabel("Promotion")).toHaveValue("yes");
    await expect(searchForm(page).getByLabel("Trier par")).toHaveValue("price");
    await expect(page.getByText(`${inPromotion} produits`, { exact: true })).toBeVisible();

    // The stock page picks its product by the same search: a typo's only match at once…
    await open(page, "/admin-panel/stock");
    const history = page.getByRole("form", { name: "Filtrer l'historique" });
    await history.getByLabel("Rechercher un produit").fill(`${typo} corail`);
    await history.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(`/admin-panel/stock?productId=${corail._id}&q=${typo}+corail`);
    await expect(history.getByLabel("Produit", { exact: true })).toHaveValue(corail._id);
    await expect(history.getByText(`1 produit trouvé pour « ${typo} corail »`)).toBeVisible();
    // …several, to choose from.
    await history.getByLabel("Rechercher un produit").fill(typo);
    await history.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(`/admin-panel/stock?q=${typo}`);
    await expect(
      history.getByText(`3 produits trouvés pour « ${typo} » : choisissez-en un dans la liste.`),
    ).toBeVisible();
    const choices = history.getByLabel("Produit", { exact: true }).locator("option");
    await expect(choices).toHaveCount(4);
    expect((await choices.allTextContents()).sort()).toEqual(
      ["Tous les produits", ardoise.productName, brume.productName, corail.productName].sort(),
    );
    await history.getByLabel("Produit", { exact: true }).selectOption({ label: brume.productName });
    await history.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(`/admin-panel/stock?productId=${brume._id}&q=${typo}`);
    await expect(page.getByText(new RegExp(`\\d+ mouvements? pour « ${brume.productName} »`))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);
  } finally {
    await deleteAll(page.request, [ardoise, brume, corail]);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form searches and filters all the same", async ({ page }) => {
    await signInThrough(page, SUPERADMIN);
    const { tag, typo } = uniqueWords();
    const { ardoise, brume, corail } = await threeProducts(page.request, tag);
    try {
      await page.goto(GRID);
      const form = searchForm(page);
      await form.getByLabel("Rechercher un produit").fill(typo);
      await form.locator("summary").click();
      await form.getByLabel("Stock").selectOption({ label: "En stock" });
      await form.getByRole("button", { name: "Filtrer" }).click();
      // The browser's own GET: every field, the empty ones included.
      await expect(page).toHaveURL(/[?&]stock=in_stock/);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${typo}&`));
      await expect(cardNames(page)).toHaveText([ardoise.productName]);
      await expect(searchForm(page).getByLabel("Stock")).toHaveValue("in_stock");
      await expect(page.getByText(`1 produit pour « ${typo} »`)).toBeVisible();
      await expectNoSidewaysScroll(page);
    } finally {
      await deleteAll(page.request, [ardoise, brume, corail]);
    }
  });
});

test("an ADMIN finds only its own products, and only its brands to filter by", async ({ page, request }) => {
  expect((await request.post("/api/signin", { data: SUPERADMIN })).status()).toBe(200);
  const seller = await newSeller(request, "Recherche");
  const { tag, typo } = uniqueWords();
  const brand = `Marque ${tag}`;
  const owners = await newProduct(
    request,
    {
      productName: `${tag} Propriétaire`,
      brandName: "Samsung",
      category: "SAMSUNG",
      price: 90000,
      sellingPrice: 90000,
    },
    null,
  );
  await signInThrough(page, seller);
  const own = await newProduct(
    page.request,
    { productName: `${tag} Vendeur`, brandName: brand, category: "ACCESSOIRES", price: 10000, sellingPrice: 8000 },
    5,
  );
  try {
    await open(page, `${GRID}?q=${typo}`);
    await expect(cardNames(page)).toHaveText([own.productName]);
    await expect(page.getByText(`1 produit pour « ${typo} »`)).toBeVisible();
    const form = await filters(page);
    await expect(form.getByLabel("Marque").locator("option")).toHaveText(["Toutes", brand]);
    await expectNoSidewaysScroll(page);
    // The SUPERADMIN finds both.
    const all = (await (await request.get(`/api/admin/products?q=${typo}`)).json()).data as Product[];
    expect(all.map((p) => p.productName).sort()).toEqual([owners.productName, own.productName].sort());
  } finally {
    await deleteAll(request, [owners, own]);
  }
});
