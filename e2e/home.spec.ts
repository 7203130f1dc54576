import { expect, type Page, test } from "./fixtures.ts";
import { homeSection } from "./helpers.ts";

// These journeys hold or replace the API's answers with page.route, which no longer sees a
// request once the service worker controls the page (it claims it soon after hydration, at a
// moment that varies from run to run): they run without it; e2e/offline.spec.ts covers it.
test.use({ serviceWorkers: "block" });

/** The hero slide the dots say is shown (1-based). */
async function shownSlide(page: Page) {
  const dots = page.getByRole("button", { name: /^Diapositive \d$/ });
  await expect(dots).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    if ((await dots.nth(i).getAttribute("aria-current")) === "true") return i + 1;
  }
  return 0;
}

test.describe("home page", () => {
  test("the hero turns every 5 s and wraps; an arrow holds it 10 s", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Nos offres du moment" });
    await expect(hero).toBeVisible();
    // Wait for hydration: the clock only drives the carousel once React runs it.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    expect(await shownSlide(page)).toBe(1);
    await page.clock.runFor(5_000);
    await expect.poll(() => shownSlide(page)).toBe(2);
    // One timer at a time: React schedules the next one once it has drawn the slide.
    await page.clock.runFor(5_000);
    await expect.poll(() => shownSlide(page)).toBe(3);
    await page.clock.runFor(5_000);
    await expect.poll(() => shownSlide(page)).toBe(4);
    await page.clock.runFor(5_000);
    await expect.poll(() => shownSlide(page)).toBe(1);
    await hero.getByRole("button", { name: "Diapositive suivante" }).click();
    await expect.poll(() => shownSlide(page)).toBe(2);
    await page.clock.runFor(9_000);
    expect(await shownSlide(page)).toBe(2);
    await page.clock.runFor(1_000);
    await expect.poll(() => shownSlide(page)).toBe(3);
    // Only the shown slide's link can be reached.
    await expect(hero.getByRole("link")).toHaveCount(1);
    await expect(hero.getByRole("link")).toHaveText("Voir les montres");
  });

  test("iPhone generations scroll in rows with arrows, brands are paged grids of 6", async ({ page }) => {
    // A tablet width: the arrows show, and the row holds more than 300 px beyond the screen.
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const row = page.getByRole("region", { name: "NOUVEAUX IPHONE" });
    const list = row.getByRole("list");
    await expect(row.getByRole("button", { name: /défiler vers la gauche/ })).toHaveCount(0);
    const right = row.getByRole("button", { name: "NOUVEAUX IPHONE : défiler vers la droite" });
    await right.click();
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBe(300);
    await expect(row.getByRole("button", { name: "NOUVEAUX IPHONE : défiler vers la gauche" })).toBeVisible();

    const grid = await homeSection(page, "GADGETS ÉLECTRONIQUES");
    await expect(grid.getByRole("listitem")).toHaveCount(6);
    const total = Number((await grid.getByText(/^1 \/ \d+$/).textContent())?.split("/")[1]);
    expect(total).toBeGreaterThan(1);
    await expect(grid.getByRole("button", { name: "Précédent" })).toBeDisabled();
    const first = await grid.getByRole("heading", { level: 3 }).allTextContents();
    await grid.getByRole("button", { name: "Suivant" }).click();
    await expect(grid.getByText(`2 / ${total}`)).toBeVisible();
    await expect.poll(() => grid.getByRole("heading", { level: 3 }).allTextContents()).not.toEqual(first);
    await expect(grid.getByRole("button", { name: "Précédent" })).toBeEnabled();
    for (let p = 2; p < total; p++) await grid.getByRole("button", { name: "Suivant" }).click();
    await expect(grid.getByText(`${total} / ${total}`)).toBeVisible();
    await expect(grid.getByRole("button", { name: "Suivant" })).toBeDisabled();
  });

  test("moving inside the shop calls /api from the browser and shows skeletons meanwhile", async ({ page }) => {
    await page.goto("/about");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls: string[] = [];
    await page.route("**/api/category-product*", async (route) => {
      calls.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.getByLabel("Menu", { exact: true }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "Articles" }).click();
    await expect(page).toHaveURL(/\/product$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tous nos articles" })).toBeVisible();
    // Every category row waits with its 13 skeleton cards.
    const waiting = page.getByRole("status").filter({ hasText: "Chargement des produits" });
    await expect(waiting).toHaveCount(17);
    await expect(waiting.first().locator("li")).toHaveCount(13);
    release();
    await expect(waiting).toHaveCount(0);
    await expect(page.getByRole("region", { name: "IPHONE 13" }).getByRole("link").first()).toBeVisible();
    expect(calls.length).toBe(17);
  });

  test("a new page starts at the top", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const card = (await homeSection(page, "ACCESSOIRES")).getByRole("listitem").first().getByRole("link");
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await card.click();
    await expect(page).toHaveURL(/\/product\/[\w-]+$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the newsletter thanks the visitor with the address and clears the field, without calling the server", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const field = page.getByRole("textbox", { name: "Votre adresse e-mail" });
    const posts: string[] = [];
    page.on("request", (r) => {
      // On the way to the footer, the home page's later sections read the catalogue (decision 027).
      if (r.method() !== "GET" && !new URL(r.url()).pathname.startsWith("/api/category-product")) posts.push(r.url());
    });
    const alerts: string[] = [];
    page.once("dialog", async (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      await dialog.accept();
    });
    await field.fill("awa@exemple.cm");
    await page.getByRole("button", { name: "S'abonner" }).click();
    await expect.poll(() => alerts).toEqual(["alert: Merci pour votre abonnement! awa@exemple.cm"]);
    await expect(field).toHaveValue("");
    expect(posts).toEqual([]);
  });
});

test.describe("header", () => {
  test("the mobile menu slides in at 360 px and closes on a press outside or after a link", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    expect(page.viewportSize()?.width).toBe(360);
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeHidden();
    await page.getByLabel("Menu", { exact: true }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Connexion" })).toBeVisible();
    // A press on the page beside the 288 px panel closes it.
    await page.mouse.click(340, 400);
    await expect(menu).toBeHidden();
    await page.getByLabel("Menu", { exact: true }).click();
    await menu.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(menu).toBeHidden();
  });

  test("typing in the search box searches at each keystroke; the box is prefilled from q", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const box = page.getByRole("searchbox", { name: "Rechercher un produit" });
    await box.pressSequentially("pixel", { delay: 50 });
    await expect(page).toHaveURL(/\/search\?q=pixel$/);
    await expect(page.getByText(/^Resultat : \d+$/)).toBeVisible();
    const names = await page.getByRole("main").getByRole("heading", { level: 3 }).allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => /pixel/i.test(n))).toBe(true);
    await box.fill("");
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByText("Pas de données....")).toBeVisible();
    await box.fill("zzzzqqq");
    await expect(page.getByText("Pas de données....")).toBeVisible();

    await page.goto("/search?q=samsung");
    await expect(page.getByRole("searchbox", { name: "Rechercher un produit" })).toHaveValue("samsung");
    await expect(page.getByText(/^Resultat : \d+$/)).toBeVisible();
  });

  test("the search page says 'Chargement ...' while /api/search answers", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/search*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("searchbox", { name: "Rechercher un produit" }).fill("redmi");
    await expect(page).toHaveURL(/\/search\?q=redmi$/);
    await expect(page.getByRole("status").filter({ hasText: /^Chargement \.\.\.$/ })).toBeVisible();
    release();
    await expect(page.getByText(/^Resultat : \d+$/)).toBeVisible();
    await expect(page.getByText("Chargement ...")).toHaveCount(0);
  });

  test("a signed-in admin sees the cart with its count and the Admin Dashboard link", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const signIn = await page.request.post("/api/signin", {
      data: { email: "admin@boutique.local", password: "e2e-motdepasse" },
    });
    expect(signIn.ok()).toBe(true);
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Connexion" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Panier : \d+ article/ })).toHaveAttribute("href", "/cart");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.locator("summary", { hasText: "Super Admin" }).click();
    await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute(
      "href",
      "/admin-panel/all-products",
    );
    // A press elsewhere closes the user menu.
    await page.getByRole("heading", { name: "Les Meilleurs Articles" }).click();
    await expect(page.getByRole("link", { name: "Admin Dashboard" })).toBeHidden();
    await page.locator("summary", { hasText: "Super Admin" }).click();
    await page.getByRole("button", { name: "Déconnexion" }).click();
    await expect(page.getByRole("link", { name: "Connexion" })).toBeVisible();
  });
});
