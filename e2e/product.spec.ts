import { expect, test } from "@playwright/test";
import { formatPrice } from "@shop/shared/core";

/** The newest product of the demo catalogue, read through the public API. */
async function newestProduct(request: import("@playwright/test").APIRequestContext) {
  const response = await request.get("/api/get-product?limit=1");
  return (await response.json()).data[0] as {
    _id: string;
    productName: string;
    brandName: string;
    price: number;
    sellingPrice: number;
  };
}

const francs = formatPrice;

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
    const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(jsonLd ?? "{}")).toMatchObject({
      "@type": "Product",
      name: product.productName,
      offers: { "@type": "Offer", price: product.sellingPrice, priceCurrency: "XAF" },
    });
  });

  test("shows prices, the discount and the spec's WhatsApp message, and the call link", async ({ page, request }) => {
    const product = await newestProduct(request);
    await page.goto(`/product/${product._id}`);
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
    await page.getByRole("button", { name: "Partager ce produit" }).click();
    await expect(page.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", /facebook\.com\/sharer/);
    await expect(page.getByRole("link", { name: "WhatsApp", exact: true }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Produits similaires" })).toBeVisible();
  });

  test("a card on the home page leads to its product", async ({ page }) => {
    await page.goto("/");
    const card = page.getByRole("region", { name: "SAMSUNG" }).getByRole("link").first();
    const name = (await card.getByRole("heading").textContent()) ?? "";
    await card.click();
    await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  });

  test("an unknown or malformed id is a French 404 page", async ({ page }) => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "abc"]) {
      const response = await page.goto(`/product/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Cette page n'existe pas ou plus.")).toBeVisible();
    }
  });
});
