import { AxeBuilder } from "@axe-core/playwright";
import { MSG } from "@shop/shared/core";
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "./fixtures.ts";
import { ADMIN, cartLink, header, open } from "./helpers.ts";

const PASSWORD = "motdepasse-e2e";

// Sign-in and sign-up allow 10 tries a minute per visitor: each test is its own visitor.
let visitors = 0;
const nextVisitor = () => `198.51.100.${(process.pid % 50) + 1 + visitors++}`;
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": nextVisitor() });
});

const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemple.cm`;

/** A customer account made through the API, for journeys that start signed out. */
async function createCustomer(request: APIRequestContext, who: string) {
  const email = uniqueEmail(who);
  const response = await request.post("/api/signup", {
    headers: { "x-forwarded-for": nextVisitor() },
    data: { name: "Client Test", email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(response.status()).toBe(201);
  return email;
}

/**
 * Every toast shown, kept as it appears: a success closes after 300 ms, too short to be sure of
 * catching it by polling the page.
 */
async function recordToasts(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: { tone: string; text: string }[] = [];
    Object.assign(window, { toasts: seen });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement && node.dataset.tone)
            seen.push({ tone: node.dataset.tone, text: node.textContent?.replace("×", "").trim() ?? "" });
    }).observe(document, { childList: true, subtree: true });
  });
}
const toasts = (page: Page) => page.evaluate(() => (window as unknown as { toasts: unknown[] }).toasts);
const expectToast = (page: Page, tone: string, text: string) =>
  expect.poll(() => toasts(page)).toContainEqual({ tone, text });

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("token"));

async function signIn(page: Page, email: string, password: string) {
  const main = page.getByRole("main");
  await main.getByLabel("E-mail").fill(email);
  await main.getByLabel("Mot de passe", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Connexion" }).click();
}

/** A photo as a phone takes it: larger than the 512 px the page sends. */
async function photo(page: Page) {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 1200;
    canvas.height = 900;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    const gradient = context.createLinearGradient(0, 0, 1200, 900);
    gradient.addColorStop(0, "#0b5cad");
    gradient.addColorStop(1, "#e11d48");
    context.fillStyle = gradient;
    context.fillRect(0, 0, 1200, 900);
    return canvas.toDataURL("image/png");
  });
  return { name: "portrait.png", mimeType: "image/png", buffer: Buffer.from(dataUrl.split(",")[1] ?? "", "base64") };
}

test.describe("a customer's account, on a computer", () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("signs up with a picture, signs in, sees the cart and menu, and logs out", async ({ page, context }) => {
    await recordToasts(context);
    const email = uniqueEmail("awa");
    await open(page, "/sign-up");
    await expect(page).toHaveTitle(/^Créer un compte/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const main = page.getByRole("main");
    await main.getByLabel("Nom").fill("Awa Ngono");
    await main.getByLabel("E-mail").fill(email);
    await main.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await main.getByLabel("Confirmez le mot de passe").fill(`${PASSWORD}x`);
    await main.getByLabel("Photo de profil (facultatif)").setInputFiles(await photo(page));
    await expect(main.getByRole("img", { name: "Aperçu de votre portrait" })).toHaveAttribute(
      "src",
      /^data:image\/jpeg;base64,/,
    );

    // Different passwords: the spec's message, and not one request leaves the page.
    const requests: string[] = [];
    const listen = (request: { url: () => string }) => requests.push(request.url());
    page.on("request", listen);
    await main.getByRole("button", { name: "Créer mon compte" }).click();
    const confirm = main.getByLabel("Confirmez le mot de passe");
    await expect(confirm).toHaveAttribute("aria-invalid", "true");
    await expect(main.locator("#sign-up-confirmPassword-error")).toHaveText(MSG.passwordsMismatch.trim());
    expect(await main.locator("#sign-up-confirmPassword-error").evaluate((e) => e.textContent)).toBe(
      " les mots de passes ne correspondent pas",
    );
    await expectToast(page, "error", MSG.passwordsMismatch.trim());
    // Anything the submission would set off (a page-data reload) starts at once; give it time.
    await page.waitForTimeout(1000);
    page.off("request", listen);
    expect(requests).toEqual([]);

    // Matching passwords: the account is created with the picture made small, then /login.
    await confirm.fill(PASSWORD);
    const signUp = page.waitForRequest((r) => r.url().endsWith("/api/signup"));
    await main.getByRole("button", { name: "Créer mon compte" }).click();
    const sent = (await signUp).postDataJSON() as { profilePic: string; email: string };
    expect(sent.email).toBe(email);
    expect(sent.profilePic).toMatch(/^data:image\/jpeg;base64,/);
    expect(sent.profilePic.length).toBeLessThan(100_000);
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, "success", MSG.signUpSuccess);
    await expect(page).toHaveTitle(/^Connexion/);

    // A wrong password: the server's message beside the form and in a toast.
    await signIn(page, email, "pas-le-bon");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(MSG.signInFailed);
    await expectToast(page, "error", MSG.signInFailed);
    await expect(page).toHaveURL(/\/login$/);

    // The right one: home, with the cart (empty) and the user menu, the token stored.
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "success", MSG.signInSuccess);
    await expect(cartLink(page)).toHaveAccessibleName("Panier : 0 article");
    expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const menu = header(page).locator("summary", { hasText: "Awa Ngono" });
    await menu.click();
    await expect(header(page).getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);

    // Log-out from the user menu.
    await header(page).getByRole("button", { name: "Déconnexion" }).click();
    await expectToast(page, "success", MSG.logoutSuccess);
    await expect(header(page).getByRole("link", { name: "Connexion" })).toBeVisible();
    await expect(cartLink(page)).toHaveCount(0);
    expect(await storedToken(page)).toBeNull();
    expect((await context.cookies()).find((c) => c.name === "token")).toBeUndefined();
  });

  test("the super admin finds the Admin Dashboard in the user menu", async ({ page }) => {
    await open(page, "/login");
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/$/);
    await header(page).locator("summary", { hasText: "Super Admin" }).click();
    await expect(header(page).getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute(
      "href",
      "/admin-panel/all-products",
    );
  });
});

test.describe("on a phone", () => {
  test("logs out from the mobile menu", async ({ page, context, request }) => {
    await recordToasts(context);
    const email = await createCustomer(request, "mobile");
    await open(page, "/login");
    await signIn(page, email, PASSWORD);
    await expect(cartLink(page)).toBeVisible();
    expect(await storedToken(page)).not.toBeNull();
    await header(page).getByLabel("Menu", { exact: true }).click();
    const panel = page.locator("#mobile-menu");
    await expect(panel.getByRole("link", { name: "Panier (0)" })).toBeVisible();
    await panel.getByRole("button", { name: "Déconnexion" }).click();
    await expectToast(page, "success", MSG.logoutSuccess);
    await expect(page).toHaveURL(/\/$/);
    // Going home closes the menu.
    await expect(panel).toBeHidden();
    await expect(header(page).getByRole("link", { name: "Connexion" })).toBeVisible();
    await expect(header(page).getByRole("link", { name: /^Panier/ })).toHaveCount(0);
    expect(await storedToken(page)).toBeNull();
  });

  test("both pages fit 360 px and pass axe; the login page has its title, kept out of search engines", async ({
    page,
  }) => {
    for (const path of ["/sign-up", "/login"]) {
      await open(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
    }
    await expect(page).toHaveTitle(/^Connexion/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const password = page.getByRole("main").getByLabel("Mot de passe", { exact: true });
    await password.fill("secret");
    await page.getByRole("button", { name: "Afficher le mot de passe" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Masquer le mot de passe" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("sign-in sent from a product's redirectTo returns to that product", async ({ page, request }) => {
    const email = await createCustomer(request, "retour");
    const product = (await (await request.get("/api/get-product?limit=1")).json()).data[0] as { _id: string };
    await open(page, `/login?redirectTo=/product/${product._id}`);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
    await expect(cartLink(page)).toBeVisible();
    // Signed in, the login page sends the visitor on.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
  });

  test("a redirectTo leading off the site is ignored", async ({ page, request }) => {
    const email = await createCustomer(request, "prudent");
    await open(page, "/login?redirectTo=//evil.example/piege");
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a customer signs in and lands home signed in; a wrong password is said", async ({ page, request }) => {
    const email = await createCustomer(request, "sansjs");
    await page.goto("/login");
    await signIn(page, email, "pas-le-bon");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(MSG.signInFailed);
    await expect(page.getByRole("main").getByLabel("E-mail")).toHaveValue(email);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(cartLink(page)).toHaveAccessibleName("Panier : 0 article");
    await expect(header(page).getByRole("link", { name: "Connexion" })).toHaveCount(0);
  });

  test("an account is created, picture included, and the visitor sent to /login", async ({ page, request }) => {
    await page.goto("/sign-up");
    const main = page.getByRole("main");
    const email = uniqueEmail("paul");
    await main.getByLabel("Nom").fill("Paul Essomba");
    await main.getByLabel("E-mail").fill(email);
    await main.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await main.getByLabel("Confirmez le mot de passe").fill("autre-chose-1");
    await main.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(main.locator("#sign-up-confirmPassword-error")).toHaveText(MSG.passwordsMismatch.trim());
    await main.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await main.getByLabel("Confirmez le mot de passe").fill(PASSWORD);
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await main.getByLabel("Photo de profil (facultatif)").setInputFiles({
      name: "moi.png",
      mimeType: "image/png",
      buffer: png,
    });
    await main.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The picture sent as a file was kept as the account's picture.
    const signedIn = await request.post("/api/signin", {
      headers: { "x-forwarded-for": nextVisitor() },
      data: { email, password: PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    const user = (await (await request.get("/api/user-details")).json()).data as { name: string; profilePic: string };
    expect(user.name).toBe("Paul Essomba");
    expect(user.profilePic).not.toBe("");
  });
});
