import type { Product, User } from "@shop/shared";
import { formatPrice, MSG } from "@shop/shared/core";
import { type APIRequestContext, expect, test } from "./fixtures.ts";
import {
  expectAccessible,
  expectNoSidewaysScroll,
  open,
  ADMIN as SUPERADMIN,
  signInThrough,
  visitorAddress,
} from "./helpers.ts";

const PASSWORD = "motdepasse-solide";

/** Two small real pictures, as a phone's gallery would hand them over. */
const RED_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAKElEQVQ4jWM4ISdHFcQwatCJ0TA6MZqO5EaziNxoMSI3WkLKDWQtAgDGtUkf6nhE+AAAAABJRU5ErkJggg==",
  "base64",
);
const GREEN_JPEG = Buffer.from(
  "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAYABgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAYH/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AjgJ9nwAAAAAD/9k=",
  "base64",
);
const FRONT = { name: "face.png", mimeType: "image/png", buffer: RED_PNG };
const BACK = { name: "dos.jpg", mimeType: "image/jpeg", buffer: GREEN_JPEG };

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Signs in with an API request context of its own (a second person beside the page's). */
async function signIn(request: APIRequestContext, who: { email: string; password: string }) {
  const response = await request.post("/api/signin", {
    headers: { "x-forwarded-for": visitorAddress() },
    data: { email: who.email, password: who.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function signUp(request: APIRequestContext, name: string) {
  const email = `${unique()}@exemple.cm`;
  const response = await request.post("/api/signup", {
    headers: { "x-forwarded-for": visitorAddress() },
    data: { name, email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { name, email, password: PASSWORD };
}

async function userId(superadmin: APIRequestContext, email: string): Promise<string> {
  const users = (await (await superadmin.get("/api/all-user")).json()).data as User[];
  const user = users.find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email}`);
  return user._id;
}

async function setRole(superadmin: APIRequestContext, email: string, role: User["role"]) {
  const response = await superadmin.post("/api/update-user", {
    data: { userId: await userId(superadmin, email), role },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Removes what a test created, even when it failed half-way: other specs read the newest
 * products of the shared demo catalogue.
 */
async function deleteProductsNamed(superadmin: APIRequestContext, name: string) {
  const products = (await (await superadmin.get("/api/get-product?limit=100")).json()).data as Product[];
  for (const product of products.filter((p) => p.productName === name)) {
    await superadmin.post("/api/delete-product", { data: { _id: product._id } });
  }
}

test.describe("who gets into the back-office", () => {
  for (const path of ["/admin-panel", "/admin-panel/all-products", "/admin-panel/all-users"]) {
    test(`an anonymous visitor asking ${path} is sent home by the server`, async ({ page }) => {
      const response = await page.goto(path);
      await expect(page).toHaveURL("/");
      expect(response?.request().redirectedFrom()?.url()).toContain(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByText("Gestion des Produits")).toHaveCount(0);
    });
  }

  test("a signed-in customer (GENERAL) is sent home too, and the API refuses them", async ({ page }) => {
    const customer = await signUp(page.request, "Client Curieux");
    await signInThrough(page, customer);
    const response = await page.goto("/admin-panel/all-products");
    await expect(page).toHaveURL("/");
    expect(response?.request().redirectedFrom()?.url()).toContain("/admin-panel/all-products");
    await expect(page.getByRole("heading", { name: "Gestion des Produits" })).toHaveCount(0);
    expect((await page.request.get("/api/all-user")).status()).toBe(403);
    expect((await page.request.post("/api/upload-product", { data: {} })).status()).toBe(403);
  });
});

test.describe("a SUPERADMIN manages the catalogue from a phone", () => {
  test("creates a product with two photos, finds it in the shop, changes its price, deletes it", async ({ page }) => {
    await signInThrough(page, SUPERADMIN);
    const name = `iPhone 15 Essai ${unique()}`;

    try {
      await open(page, "/admin-panel/all-products");
      // The layout: the shop's header stays, the sidebar shows who is there and its links.
      await expect(page.getByRole("banner")).toBeVisible();
      const sidebar = page.getByRole("complementary", { name: "Back-office" });
      await expect(sidebar.getByText("Super Admin")).toBeVisible();
      await expect(sidebar.getByText("SUPERADMIN")).toBeVisible();
      await expect(sidebar.getByRole("link")).toHaveText([
        "Clients",
        "Produits",
        "Catégories",
        "Stock",
        // Their badges count the new orders, the payments waiting and the unread messages,
        // which other journeys (the back-office's accessibility scans) may have left.
        /^Commandes/,
        /^À vérifier/,
        "Livraison",
        "Promotions",
        /^Messages/,
        "Tableau de bord",
        "Sécurité du compte",
        "Données personnelles",
        "Journal",
      ]);
      await expect(page.getByRole("heading", { level: 1, name: "Gestion des Produits" })).toBeVisible();
      await expectNoSidewaysScroll(page);

      await page.getByRole("button", { name: "Nouveau produit" }).click();
      const create = page.getByRole("dialog", { name: "Nouveau produit" });
      await expect(create.getByText("*Veuillez sélectionner au moins une image")).toBeVisible();
      await create.getByRole("button", { name: "Enregistrer" }).click();
      await expect(create.getByText("Le nom du produit est obligatoire.")).toBeVisible();
      await expect(create.getByLabel("Nom du produit")).toBeFocused();

      await create.getByLabel("Nom du produit").fill(name);
      await create.getByLabel("Marque").fill("Apple");
      await create.getByLabel("Catégorie").selectOption("IPHONE 15");
      await create.getByLabel("Prix", { exact: true }).fill("850 000");
      await create.getByLabel("Prix de vente").fill("790000");
      await create.getByLabel("Description (facultatif)").fill("Débloqué, 256 Go, garantie 6 mois.");
      await create.getByLabel("Choisir des photos").setInputFiles([FRONT, BACK]);
      // Once stored, each preview is the server's card-sized picture, at the absolute URL the
      // upload answered (decision 022).
      const origin = new URL(page.url()).origin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const preview = new RegExp(`^${origin}/uploads/images/[\\w-]+/400\\.webp$`);
      await expect(create.getByRole("img", { name: "Aperçu 1 : face.png" })).toHaveAttribute("src", preview);
      await expect(create.getByRole("img", { name: "Aperçu 2 : dos.jpg" })).toHaveAttribute("src", preview);
      await expect(create.getByRole("progressbar")).toHaveCount(0);
      await expect(create.getByText("Image principale", { exact: true })).toBeVisible();
      await expect(create.getByText("*Veuillez sélectionner au moins une image")).toHaveCount(0);

      const created = page.getByText(MSG.productCreated).waitFor();
      await create.getByRole("button", { name: "Enregistrer" }).click();
      await created;
      await expect(create).toBeHidden();
      const card = page.getByRole("article").filter({ hasText: name });
      await expect(card).toBeVisible();
      await expect(card.getByText(formatPrice(790000))).toBeVisible();

      // The shop: search finds it, its page shows it with its two photos, the first one first.
      await open(page, `/search?q=${encodeURIComponent(name)}`);
      await page.getByRole("link", { name }).first().click();
      await expect(page).toHaveURL(/\/product\/[\w-]+$/);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByText(formatPrice(790000)).first()).toBeVisible();
      const productId = new URL(page.url()).pathname.split("/").at(-1)!;
      const stored = (await (await page.request.post("/api/product-details", { data: { productId } })).json())
        .data as Product;
      expect(stored).toMatchObject({ productName: name, brandName: "Apple", category: "IPHONE 15", price: 850000 });
      expect(stored.productImage).toHaveLength(2);

      // A new price, seen in the shop.
      await open(page, "/admin-panel/all-products");
      await page.getByRole("button", { name: `Modifier ${name}` }).click();
      const edit = page.getByRole("dialog", { name: "Modifier le produit" });
      await expect(edit.getByLabel("Nom du produit")).toHaveValue(name);
      await expect(edit.getByLabel("Prix de vente")).toHaveValue("790000");
      await expect(edit.getByRole("img")).toHaveCount(2);
      await edit.getByLabel("Prix de vente").fill("750000");
      const updated = page.getByText(MSG.productUpdated).waitFor();
      await edit.getByRole("button", { name: "Sauvegarder" }).click();
      await updated;
      await expect(edit).toBeHidden();
      await expect(card.getByText(formatPrice(750000))).toBeVisible();
      await open(page, `/product/${productId}`);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByText(formatPrice(750000)).first()).toBeVisible();

      // Deleted, after saying which product.
      await open(page, "/admin-panel/all-products");
      await page.getByRole("button", { name: `Supprimer ${name}` }).click();
      const confirm = page.getByRole("dialog", { name: "Supprimer le produit" });
      await expect(confirm).toContainText(`« ${name} »`);
      const deleted = page.getByText(MSG.productDeleted).waitFor();
      await confirm.getByRole("button", { name: "Supprimer" }).click();
      await deleted;
      await expect(confirm).toBeHidden();
      await expect(page.getByRole("article").filter({ hasText: name })).toHaveCount(0);
      expect((await page.goto(`/product/${productId}`))?.status()).toBe(404);
      await open(page, `/search?q=${encodeURIComponent(name)}`);
      await expect(page.getByText("Pas de données....")).toBeVisible();
    } finally {
      await deleteProductsNamed(page.request, name);
    }
  });

  test("a file that is not an image is refused at once, before any upload", async ({ page }) => {
    await signInThrough(page, SUPERADMIN);
    const uploads: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/upload-image")) uploads.push(r.url());
    });
    await open(page, "/admin-panel/all-products");
    await page.getByRole("button", { name: "Nouveau produit" }).click();
    const create = page.getByRole("dialog", { name: "Nouveau produit" });
    await create
      .getByLabel("Choisir des photos")
      .setInputFiles({ name: "devis.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
    await expect(create.getByText(`devis.pdf : ${MSG.imageInvalid}`)).toBeVisible();
    await expect(create.getByText("*Veuillez sélectionner au moins une image")).toBeVisible();
    expect(uploads).toEqual([]);
    await create.getByRole("button", { name: "Annuler" }).click();
    await expect(create).toBeHidden();
    await expect(page.getByRole("button", { name: "Nouveau produit" })).toBeFocused();
  });
});

test.describe("an ADMIN manages only their own products", () => {
  test("sees only their product, and the API refuses them another's", async ({ page, request }) => {
    await signIn(request, SUPERADMIN);
    const seller = await signUp(request, `Vendeur ${unique()}`);
    await setRole(request, seller.email, "ADMIN");
    await signInThrough(page, seller);

    const own = `Redmi Note du vendeur ${unique()}`;
    const made = await page.request.post("/api/upload-product", {
      data: { productName: own, brandName: "Xiaomi", category: "REDMI", price: 150000, sellingPrice: 120000 },
    });
    expect(made.status(), await made.text()).toBe(201);
    try {
      await open(page, "/admin-panel/all-products");
      await expect(
        page.getByRole("complementary", { name: "Back-office" }).getByText("ADMIN", { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole("article")).toHaveCount(1);
      await expect(page.getByRole("article")).toContainText(own);
      await expectNoSidewaysScroll(page);

      // The shop's product, someone else's: listed for the SUPERADMIN, refused to this ADMIN.
      const everything = (await (await request.get("/api/get-product?limit=100")).json()).data as Product[];
      const other = everything.find((p) => p.productName !== own)!;
      const update = await page.request.post("/api/update-product", { data: { _id: other._id, sellingPrice: 1 } });
      expect(update.status()).toBe(403);
      expect((await update.json()).message).toBe(MSG.productNotOwned);
      const remove = await page.request.post("/api/delete-product", { data: { _id: other._id } });
      expect(remove.status()).toBe(403);
      expect((await remove.json()).message).toBe(MSG.productNotOwnedDelete);
      const still = await request.post("/api/product-details", { data: { productId: other._id } });
      expect((await still.json()).data).toMatchObject({ _id: other._id, sellingPrice: other.sellingPrice });

      // The users list is theirs to read, not to change.
      await page.getByRole("link", { name: "Clients" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Gestion des Utilisateurs" })).toBeVisible();
      await expect(page.getByText(MSG.rolesSuperAdminOnly)).toBeVisible();
      await expect(page.getByRole("button", { name: /^Modifier le rôle/ })).toHaveCount(0);

      // Their own product is theirs to delete.
      const ownId = ((await made.json()).data as Product)._id;
      expect((await page.request.post("/api/delete-product", { data: { _id: ownId } })).status()).toBe(200);
    } finally {
      await deleteProductsNamed(request, own);
    }
  });

  test("an ADMIN demoted while the panel is open is sent home at their next tap", async ({ page, request }) => {
    await signIn(request, SUPERADMIN);
    const seller = await signUp(request, `Ancien vendeur ${unique()}`);
    await setRole(request, seller.email, "ADMIN");
    await signInThrough(page, seller);
    await open(page, "/admin-panel/all-products");
    await expect(page.getByRole("heading", { level: 1, name: "Gestion des Produits" })).toBeVisible();

    await setRole(request, seller.email, "GENERAL");
    const dataAnswers: string[] = [];
    page.on("response", (r) => {
      if (r.url().includes(".data")) dataAnswers.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.getByRole("link", { name: "Clients" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: "Gestion des Utilisateurs" })).toHaveCount(0);
    await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
    // The data request of the tap answered the redirect (single fetch: 202 with the target).
    expect(dataAnswers[0]).toBe("202 /admin-panel/all-users.data");
  });
});

test.describe("users: 'Gestion des Utilisateurs'", () => {
  test("finds a customer by name without accents, and makes them ADMIN through the modal", async ({
    page,
    request,
  }) => {
    const tag = unique();
    const customer = await signUp(request, `Éloïse Mbarga ${tag}`);
    await signInThrough(page, SUPERADMIN);
    await open(page, "/admin-panel/all-users");
    await expect(page.getByRole("heading", { level: 1, name: "Gestion des Utilisateurs" })).toBeVisible();
    await expect(page.getByRole("columnheader")).toHaveText(["#", "Nom", "Email", "Rôle", "Actions"]);
    await expectNoSidewaysScroll(page);
    // Their own row: no role change.
    const own = page.getByRole("row").filter({ hasText: SUPERADMIN.email });
    await expect(own.getByText("Vous")).toBeVisible();
    await expect(own.getByRole("button")).toHaveCount(0);

    const search = page.getByLabel("Rechercher par nom ou e-mail");
    await search.fill(`ELOISE MBARGA ${tag}`);
    await expect(page.getByRole("status").filter({ hasText: "utilisateur" })).toHaveText(/^1 utilisateur sur \d+$/);
    await expect(page.getByRole("row")).toHaveCount(2);
    const row = page.getByRole("row").filter({ hasText: customer.email });
    await expect(row.getByRole("cell").nth(2)).toHaveText("GENERAL");

    await row.getByRole("button", { name: `Modifier le rôle de ${customer.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Changer le role de l'utilisateur" });
    await expect(dialog).toContainText(customer.name);
    await expect(dialog).toContainText(customer.email);
    await expect(dialog.getByLabel("Rôle")).toHaveValue("GENERAL");
    await dialog.getByLabel("Rôle").selectOption("ADMIN");
    const changed = page.getByText(MSG.userUpdated).waitFor();
    await dialog.getByRole("button", { name: "Changer" }).click();
    await changed;
    await expect(dialog).toBeHidden();
    await expect(row.getByRole("cell").nth(2)).toHaveText("ADMIN");
    const users = (await (await page.request.get("/api/all-user")).json()).data as User[];
    expect(users.find((u) => u.email === customer.email)?.role).toBe("ADMIN");

    await search.fill("personne-de-ce-nom");
    await expect(page.getByText("Aucun utilisateur ne correspond à « personne-de-ce-nom ».")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
  });
});

test.describe("accessibility of the back-office (axe, WCAG 2.2 AA + best practices)", () => {
  test.beforeEach(async ({ page }) => {
    await signInThrough(page, SUPERADMIN);
  });

  test("users page", async ({ page }, testInfo) => {
    await open(page, "/admin-panel/all-users");
    await expect(page.getByRole("table")).toBeVisible();
    await expectAccessible(page, testInfo);
  });

  test("products page", async ({ page }, testInfo) => {
    await open(page, "/admin-panel/all-products");
    await expect(page.getByRole("article").first()).toBeVisible();
    await expectAccessible(page, testInfo);
  });

  test("product modal, with its errors and a photo", async ({ page }, testInfo) => {
    await open(page, "/admin-panel/all-products");
    await page.getByRole("button", { name: "Nouveau produit" }).click();
    const create = page.getByRole("dialog", { name: "Nouveau produit" });
    await create.getByRole("button", { name: "Enregistrer" }).click();
    await expect(create.getByText("Le nom du produit est obligatoire.")).toBeVisible();
    await create.getByLabel("Choisir des photos").setInputFiles([FRONT]);
    await expect(create.getByRole("img", { name: "Aperçu 1 : face.png" })).toHaveAttribute(
      "src",
      /\/uploads\/images\//,
    );
    await expectAccessible(page, testInfo, "dialog");
  });
});
