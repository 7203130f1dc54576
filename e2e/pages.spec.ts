import { AxeBuilder } from "@axe-core/playwright";
import { FIELD_MSG, MSG } from "@shop/shared/core";
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";

interface Shop {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
}

async function shopIdentity(request: APIRequestContext): Promise<Shop> {
  return (await (await request.get("/api/shop")).json()).data;
}

/** +237 6 99 00 00 00, as the pages write the shop's numbers. */
const displayPhone = (digits: string) =>
  `+${digits.slice(0, 3)} ${digits.slice(3).replace(/(\d)(\d{2})(\d{2})(\d{2})(\d{2})/, "$1 $2 $3 $4 $5")}`;

const PAGES = [
  { path: "/about", title: "À propos", h1: (shop: Shop) => `À propos de ${shop.name}` },
  { path: "/contact", title: "Contact", h1: () => "Contactez-nous" },
  { path: "/blog", title: "Blog : conseils et guides", h1: () => "Conseils et guides" },
  { path: "/privacy", title: "Politique de confidentialité", h1: () => "Politique de confidentialité" },
  { path: "/terms", title: "Conditions de vente", h1: () => "Conditions de vente" },
  { path: "/cookies", title: "Cookies", h1: () => "Cookies" },
  { path: "/forgot-password", title: "Mot de passe oublié", h1: () => "Mot de passe oublié" },
];

const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

test.describe("content pages, server-rendered", () => {
  for (const page of PAGES) {
    test(`${page.path} answers 200 with its one h1, French title and description in the HTML`, async ({ request }) => {
      const shop = await shopIdentity(request);
      const response = await request.get(page.path);
      expect(response.status()).toBe(200);
      const html = decode(await response.text());
      expect(html).toContain('<html lang="fr"');
      expect(html).toContain(`<title>${page.title} | ${shop.name}</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      const h1s = [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)].map((m) => m[1]);
      expect(h1s).toEqual([page.h1(shop)]);
    });
  }

  test("every page fits a 360 px screen and passes axe (labels, contrast, landmarks)", async ({ page }) => {
    for (const { path } of PAGES) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      // The map is OpenStreetMap's page, not ours (and offline here).
      const results = await new AxeBuilder({ page }).exclude("iframe").analyze();
      expect(results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
    }
  });
});

test.describe("contact page", () => {
  test("the cards call, e-mail and WhatsApp the configured shop", async ({ page, request }) => {
    const shop = await shopIdentity(request);
    await page.goto("/contact");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: displayPhone(shop.phone), exact: true })).toHaveAttribute(
      "href",
      `tel:+${shop.phone}`,
    );
    await expect(main.getByRole("link", { name: shop.email })).toHaveAttribute("href", `mailto:${shop.email}`);
    await expect(main.getByRole("link", { name: `Écrire au ${displayPhone(shop.whatsapp)}` })).toHaveAttribute(
      "href",
      `https://wa.me/${shop.whatsapp}`,
    );
    await expect(main.getByText("Yaoundé, quartier Maképé")).toBeVisible();
    await expect(main.getByText("Lun-Ven 8h-18h")).toBeVisible();
    await expect(main.getByText("Sam 9h-14h")).toBeVisible();
  });

  test("shows a lazy OpenStreetMap of Maképé and the FAQ opens on a tap", async ({ page }) => {
    await page.goto("/contact");
    const map = page.locator("iframe");
    await expect(map).toHaveAttribute("loading", "lazy");
    await expect(map).toHaveAttribute("title", /Maképé/);
    await expect(map).toHaveAttribute(
      "src",
      /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=.+&marker=/,
    );
    await expect(page.getByRole("link", { name: "Voir sur OpenStreetMap" })).toHaveAttribute(
      "href",
      /openstreetmap\.org\/\?mlat=3\.889&mlon=11\.5285/,
    );
    const returns = page.getByText(/retours sont acceptés dans un délai de 7 jours/);
    await expect(returns).toBeHidden();
    await page.getByText("Puis-je retourner un produit ?").click();
    await expect(returns).toBeVisible();
    await expect(page.getByText("Comment puis-je payer ?")).toBeVisible();
  });

  async function fill(page: Page, email: string) {
    await page.getByLabel("Nom complet", { exact: true }).fill("Awa Ngono");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Objet", { exact: true }).fill("iPhone 13 en stock ?");
    await page.getByLabel("Message", { exact: true }).fill("Bonjour, avez-vous l'iPhone 13 128 Go en bleu ?");
  }

  async function expectKept(page: Page, email: string) {
    await expect(page.getByLabel("Nom complet", { exact: true })).toHaveValue("Awa Ngono");
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("Objet", { exact: true })).toHaveValue("iPhone 13 en stock ?");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
      "Bonjour, avez-vous l'iPhone 13 128 Go en bleu ?",
    );
  }

  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled });

      /** Opens the page; with JavaScript, waits for the app to run and marks the window to prove no reload. */
      async function open(page: Page) {
        await page.goto("/contact");
        if (!javaScriptEnabled) return;
        await page.waitForLoadState("networkidle");
        await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      }
      async function expectSameDocument(page: Page) {
        if (javaScriptEnabled) expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
      }

      test("the form sends the message and shows the shop's confirmation", async ({ page }) => {
        await open(page);
        await fill(page, "awa.ngono@exemple.cm");
        await page.getByRole("button", { name: "Envoyer le message" }).click();
        await expect(page.getByRole("main").getByRole("status")).toHaveText(MSG.contactSent);
        await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
        await expectSameDocument(page);
      });

      test("a wrong e-mail keeps everything typed and says what is wrong", async ({ page }) => {
        await open(page);
        // Accepted by the browser's e-mail check, refused by the shop's (no domain extension).
        await fill(page, "awa@exemple");
        await page.getByRole("button", { name: "Envoyer le message" }).click();
        await expect(page.getByRole("main").getByRole("alert")).toContainText(FIELD_MSG.emailInvalid);
        await expect(page.getByLabel("E-mail", { exact: true })).toHaveAttribute("aria-invalid", "true");
        await expectKept(page, "awa@exemple");
        await expectSameDocument(page);
      });
    });
  }
});

test.describe("contact form limit", () => {
  const send = (request: APIRequestContext, visitor: string) =>
    request.post("/contact", {
      headers: { "x-forwarded-for": visitor },
      form: { name: "Awa Ngono", email: "awa@exemple.cm", subject: "Limite", message: "Bonjour" },
    });

  test("counts each visitor on their own, though the page calls the API from inside the server", async ({
    request,
  }) => {
    // The default limit: 5 messages per 10 minutes and per visitor.
    for (let i = 0; i < 5; i++) expect(await (await send(request, "203.0.113.7")).text()).toContain(MSG.contactSent);
    const refused = await send(request, "203.0.113.7");
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toContain(MSG.tooManyRequests);
    // Another visitor is not held back by the first one.
    expect(await (await send(request, "203.0.113.8")).text()).toContain(MSG.contactSent);
  });
});

test.describe("cookies page", () => {
  test("names the token cookie, as the server really sets it, and nothing is set for a visitor", async ({
    page,
    request,
    context,
  }) => {
    await page.goto("/cookies");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Le cookie « token » : votre connexion" })).toBeVisible();
    await expect(main).toContainText("7 jours");
    await expect(main).toContainText("HttpOnly");
    await expect(main).toContainText("SameSite=Lax");
    await expect(main).toContainText("OpenStreetMap");
    await page.goto("/contact");
    expect(await context.cookies()).toEqual([]);

    // What the page says is what signing in does.
    const signIn = await request.post("/api/signin", {
      data: { email: "admin@boutique.local", password: "e2e-motdepasse" },
    });
    expect(signIn.status()).toBe(200);
    const cookies = signIn.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
    expect(cookies).toHaveLength(1);
    expect(cookies[0]?.value).toMatch(/^token=[^;]+;/);
    expect(cookies[0]?.value).toContain(`Max-Age=${7 * 24 * 3600}`);
    expect(cookies[0]?.value).toContain("HttpOnly");
    expect(cookies[0]?.value).toContain("SameSite=Lax");
  });
});

test.describe("forgot-password page", () => {
  test("offers a link by e-mail (the shop sends e-mail here), and reaches the shop by WhatsApp or phone, with a way back to sign-in", async ({
    page,
    request,
  }) => {
    const shop = await shopIdentity(request);
    await page.goto("/forgot-password");
    const main = page.getByRole("main");
    await expect(main.locator("form")).toHaveCount(1);
    await expect(main.getByRole("button", { name: "Recevoir le lien" })).toBeVisible();
    const whatsapp = main.getByRole("link", { name: "Écrire sur WhatsApp" });
    const href = (await whatsapp.getAttribute("href")) ?? "";
    expect(href.startsWith(`https://wa.me/${shop.whatsapp}?text=`)).toBe(true);
    expect(decodeURIComponent(href.split("?text=")[1] ?? "")).toContain("mot de passe");
    await expect(main.getByRole("link", { name: `Appeler le ${displayPhone(shop.phone)}` })).toHaveAttribute(
      "href",
      `tel:+${shop.phone}`,
    );
    await expect(main.getByRole("link", { name: "Retour à la connexion" })).toHaveAttribute("href", "/login");
  });
});
