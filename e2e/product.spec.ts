import { formatPrice } from "@shop/shared/core";
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import { homeSection } from "./helpers.ts";

// These journeys hold or replace the API's answers with page.route, which no longer sees a
// request once the service worker controls the page (it claims it soon after hydration, at a
// moment that varies from run to run): they run without it; e2e/offline.spec.ts covers it.
test.use({ serviceWorkers: "block" });

interface DemoProduct {
  _id: string;
  productName: string;
  brandName: string;
  price: number;
  sellingPrice: number;
  productImage: string[];
}

/** The newest product of the demo catalogue, read through the public API. */
async function newestProduct(request: APIRequestContext) {
  const response = await request.get("/api/get-product?limit=1");
  return (await response.json()).data[0] as DemoProduct;
}

/** A demo product with several photos and a discount (the demo catalogue has some). */
async function productWithPhotos(request: APIRequestContext) {
  const response = await request.get("/api/get-product?limit=100");
  const products = (await response.json()).data as DemoProduct[];
  const found = products.find((p) => p.productImage.length >= 2 && p.sellingPrice < p.price);
  if (!found) throw new Error("the demo catalogue has no discounted product with several photos");
  return found;
}

const francs = formatPrice;

/** Every image URL the page asks for, to tell which widths a visitor downloads. */
function imagesAsked(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

test.describe("product page", () => {
  test("its server HTML holds the name, the price, Open Graph tags and JSON-LD for WhatsApp previews", async ({
    request,
  }) => {
    const product = await newestProduct(request);
    const html = await (await request.get(`/product/${product._id}`)).text();
    expect(html).toContain(`<title>${product.productName} - ${product.brandName}</title>`);
    expect(html).toContain(francs(product.sellingPrice));
    expect(html).toMatch(new RegExp(`property="og:title" content="${product.productName} - ${product.brandName}"`));
    expect(html).toMatch(/property="og:image" content="http:\/\/[^"]+\/uploads\/images\/[^"]+\.webp"/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/product\//);
    const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? "{}");
    expect(jsonLd).toMatchObject({
      "@type": "Product",
      name: product.productName,
      offers: { "@type": "Offer", price: product.sellingPrice, priceCurrency: "XAF" },
    });
    // Nobody has reviewed a demo product: no invented rating, for people or for search engines.
    expect(jsonLd).not.toHaveProperty("aggregateRating");
    expect(html).toContain("Pas encore d&#x27;avis sur ce produit.");
  });

  test("shows prices, the discount and the spec's WhatsApp message, and the call link", async ({ page, request }) => {
    const product = await newestProduct(request);
    await page.goto(`/product/${product._id}`);
    await page.locator("html[data-hydrated]").waitFor();
    await expect(page.getByRole("heading", { level: 1, name: product.productName })).toBeVisible();
    if (product.sellingPrice < product.price) {
      const off = Math.round((1 - product.sellingPrice / product.price) * 100);
      await expect(page.getByText(`${off}% OFF`)).toBeVisible();
      await expect(page.locator("s", { hasText: francs(product.price) })).toBeVisible();
    }
    const whatsapp = page.getByRole("link", { name: "Commander via WhatsApp" });
    const href = (await whatsapp.getAttribute("href")) ?? "";
    expect(href).toMatch(/^https:\/\/wa\.me\/237\d{9}\?text=/);
    expect(decodeURIComponent(href.split("?text=")[1] ?? "")).toBe(
      `Bonjour, je suis intéressé par le produit ${product.productName} (${francs(product.sellingPrice)}). Pouvez-vous m'en dire plus ?`,
    );
    await expect(page.getByRole("link", { name: "Appeler maintenant" })).toHaveAttribute("href", /^tel:\+237\d{9}$/);
    await page.locator("summary", { hasText: "Partager ce produit" }).click();
    await expect(page.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", /facebook\.com\/sharer/);
    await expect(page.getByRole("link", { name: "WhatsApp", exact: true }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Produits similaires" })).toBeVisible();
  });

  test("a discounted product: selling price, struck old price, '% OFF', the WhatsApp message URL-encoded", async ({
    page,
    request,
  }) => {
    const product = await productWithPhotos(request);
    await page.goto(`/product/${product._id}`);
    await page.locator("html[data-hydrated]").waitFor();
    const off = Math.round((1 - product.sellingPrice / product.price) * 100);
    await expect(page.getByText(francs(product.sellingPrice)).first()).toBeVisible();
    await expect(page.locator("main s").first()).toHaveText(francs(product.price));
    await expect(page.getByText(`${off}% OFF`)).toBeVisible();
    const message = `Bonjour, je suis intéressé par le produit ${product.productName} (${francs(product.sellingPrice)}). Pouvez-vous m'en dire plus ?`;
    const whatsapp = page.getByRole("link", { name: "Commander via WhatsApp" });
    await expect(whatsapp).toHaveAttribute("href", new RegExp(`\\?text=${escapeRegExp(encodeURIComponent(message))}$`));
  });

  test("says nobody has reviewed the demo product yet, and shows no stars", async ({ page, request }) => {
    const product = await newestProduct(request);
    await page.goto(`/product/${product._id}`);
    await page.locator("html[data-hydrated]").waitFor();
    await expect(page.getByText("Pas encore d'avis sur ce produit.")).toBeVisible();
    await expect(page.getByRole("img", { name: /^Note :/ })).toHaveCount(0);
  });

  test("shares the page's own address on Facebook and WhatsApp", async ({ page, request }) => {
    const product = await newestProduct(request);
    await page.goto(`/product/${product._id}`);
    await page.locator("html[data-hydrated]").waitFor();
    const pageUrl = page.url();
    await page.locator("summary", { hasText: "Partager ce produit" }).click();
    await expect(page.getByRole("link", { name: "Facebook" })).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`,
    );
    const whatsapp = page.getByRole("main").getByRole("link", { name: "WhatsApp", exact: true });
    const href = (await whatsapp.getAttribute("href")) ?? "";
    expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(href.split("?text=")[1] ?? "")).toContain(pageUrl);
  });

  test("thumbnails open the image preview; arrows move, Escape closes and the focus comes back", async ({
    page,
    request,
  }) => {
    const product = await productWithPhotos(request);
    const count = product.productImage.length;
    await page.goto(`/product/${product._id}`);
    await page.locator("html[data-hydrated]").waitFor();
    const second = page.getByRole("link", { name: `Voir l'image 2 de ${count}` });
    await second.click();

    const preview = page.getByRole("dialog");
    await expect(preview).toBeVisible();
    await expect(preview.getByText(`Image 2 sur ${count}`)).toBeVisible();
    await expect(preview.getByRole("img")).toHaveAttribute("src", /\/800\.webp$/);
    await expect(preview.getByRole("button", { name: "Fermer" })).toBeFocused();

    await page.keyboard.press("ArrowRight");
    await expect(preview.getByText(`Image ${count === 2 ? 1 : 3} sur ${count}`)).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(preview.getByText(`Image 2 sur ${count}`)).toBeVisible();
    await preview.getByRole("button", { name: "Suivant" }).click();
    await preview.getByRole("button", { name: "Précédent" }).click();
    await expect(preview.getByText(`Image 2 sur ${count}`)).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(preview).toBeHidden();
    await expect(second).toBeFocused();

    // 'Fermer' closes it as well.
    await second.click();
    await page.getByRole("button", { name: "Fermer" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("a phone downloads no 1600 px image, for the main photo or a zoom", async ({ page, request }) => {
    const asked = imagesAsked(page);
    const product = await productWithPhotos(request);
    await page.goto(`/product/${product._id}`);
    await page.locator("html[data-hydrated]").waitFor();
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "Agrandir l'image" }).hover();
    expect(asked.some((url) => url.endsWith("/800.webp"))).toBe(true);
    expect(asked.filter((url) => url.endsWith("/1600.webp"))).toEqual([]);
    await expect(page.locator("img[data-zoom]")).toHaveCount(0);
  });

  test("a card on the home page leads to its product", async ({ page }) => {
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor();
    const card = (await homeSection(page, "SAMSUNG")).getByRole("listitem").first().getByRole("link");
    const name = (await card.getByRole("heading").textContent()) ?? "";
    await card.click();
    await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  });

  test("a browser navigation asks the API itself, shows the skeleton meanwhile, then titles the page", async ({
    page,
  }) => {
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/product-details", async (route) => {
      await held;
      await route.continue();
    });
    const card = (await homeSection(page, "SAMSUNG")).getByRole("listitem").first().getByRole("link");
    const name = (await card.getByRole("heading").textContent()) ?? "";
    await card.click();
    await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("status").filter({ hasText: "Chargement ..." })).toBeAttached();
    release();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Chargement ..." })).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(name)} - `));
  });

  test("a browser navigation to a product that has gone is the 404 inside the layout", async ({ page }) => {
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor();
    await page.route("**/api/product-details", (route) =>
      route.fulfill({
        status: 404,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error: true, message: "Produit introuvable.", data: null }),
      }),
    );
    await (await homeSection(page, "SAMSUNG")).getByRole("listitem").first().getByRole("link").click();
    await expect(page.getByText("Cette page n'existe pas ou plus.")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("an unknown or malformed id is a French 404 page", async ({ page }) => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "abc"]) {
      const response = await page.goto(`/product/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Cette page n'existe pas ou plus.")).toBeVisible();
    }
  });
});

test.describe("product page on a large screen with a mouse", () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

  test("hovering the main photo shows the 1600 px image, fetched at the first hover only", async ({
    page,
    request,
  }) => {
    const asked = imagesAsked(page);
    const product = await productWithPhotos(request);
    await page.goto(`/product/${product._id}`);
    await page.locator("html[data-hydrated]").waitFor();
    await page.waitForLoadState("networkidle");
    expect(asked.filter((url) => url.endsWith("/1600.webp"))).toEqual([]);

    const main = page.getByRole("link", { name: "Agrandir l'image" });
    const box = await main.boundingBox();
    if (!box) throw new Error("no main photo");
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);

    const zoom = page.locator("img[data-zoom]");
    await expect(zoom).toHaveAttribute("src", /\/1600\.webp$/);
    await expect(zoom).toHaveCSS("opacity", "1");
    // The zoom file is the original up to 1600 px wide (never enlarged): more than the 800 px shown.
    expect(await zoom.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(800);
    await expect(zoom).toHaveCSS("transform-origin", /^\d+(\.\d+)?px \d+(\.\d+)?px$/);
    expect(asked.filter((url) => url.endsWith("/1600.webp"))).toHaveLength(1);

    // Leaving the photo puts the normal one back.
    await page.mouse.move(box.x + box.width + 100, box.y);
    await expect(zoom).toHaveCSS("opacity", "0");
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
