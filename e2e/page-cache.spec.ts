import { createHash } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { header, open, signedInCustomer, someProduct } from "./helpers.ts";

/** Decision 028: the public pages kept for visitors who are not signed in. */

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

test.describe("the anonymous page cache", () => {
  test("shares a public page's bytes with the hashes of its scripts, and the browser runs them", async ({
    page,
    request,
  }) => {
    const product = await someProduct(request, 2);
    const path = `/product/${product._id}`;
    const first = await request.get(path);
    const second = await request.get(path);
    expect(second.status()).toBe(200);
    const etag = second.headers().etag ?? "";
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers().etag).toBe(etag);
    const policy = second.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+; /);
    const html = await second.text();
    expect(html).not.toContain(" nonce=");
    let inline = 0;
    for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (/\ssrc=/.test(attributes ?? "")) continue;
      expect(policy).toContain(sha256(text ?? ""));
      inline++;
    }
    expect(inline).toBeGreaterThan(0);
    expect((await request.get(path, { headers: { "if-none-match": etag } })).status()).toBe(304);

    // The browser runs the shared page under that policy: it hydrates, with no violation (the
    // fixture fails the test on any), and its buttons work.
    const response = await open(page, path);
    expect(response?.headers()["content-security-policy"]).toBe(policy);
    await page
      .getByRole("button", { name: /Ajouter au panier/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/login/);
  });

  test("never gives a signed-in visitor the anonymous page, nor the reverse", async ({ page, browser }) => {
    const anonymous = await browser.newPage();
    try {
      // Anonymous first: the page is kept…
      const kept = await open(anonymous, "/");
      expect(kept?.headers().etag).toBeTruthy();
      // …and a customer who then opens it gets their own.
      await signedInCustomer(page, "Nadège Fotso");
      const own = await open(page, "/");
      expect(own?.headers().etag).toBeUndefined();
      await expect(header(page)).toContainText("Nadège Fotso");

      // Signed in first, on a page nobody asked for yet: the anonymous visitor after gets none of it.
      const path = "/product-category?category=APPLE%20WATCH&utm_source=whatsapp";
      await open(page, path);
      await expect(header(page)).toContainText("Nadège Fotso");
      await open(anonymous, path);
      await expect(header(anonymous)).not.toContainText("Nadège");
      await open(anonymous, "/");
      await expect(header(anonymous)).not.toContainText("Nadège");
    } finally {
      await anonymous.close();
    }
  });
});
