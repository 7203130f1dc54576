/**
 * The catalogue as a CSV file (decision 047) on the 360 px phone of playwright.config.ts: the
 * SUPERADMIN downloads 'Exporter' from 'Gestion des Produits' (UTF-8 with its BOM, `;`), then
 * 'Importer': chooses a file, reads its preview (a product to create, a refused line with its
 * French reason), confirms, follows the progress bar to the report, and finds the product in the
 * storefront's search. The same without JavaScript, where 'Actualiser' reads the progress again.
 */
import type { Product } from "@shop/shared";
import { MSG } from "@shop/shared/core";
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import {
  expectAccessible,
  expectNoSidewaysScroll,
  ADMIN as SUPERADMIN,
  signInThrough,
  uniqueWord,
  visitorAddress,
} from "./helpers.ts";

// Sign-ins are rate-limited per address: this file's visitor has its own.
test.use({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });

const GRID = "/admin-panel/all-products";

/** A file as a French spreadsheet saves it: a product to create, and a line refused for its price. */
const csvFile = (word: string) => ({
  name: "import.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(
    [
      "Handle;Title;Vendor;Type;Variant Price;Variant Compare At Price;Variant Inventory Qty",
      `${word.toLowerCase()}-etui;Étui ${word};Anker;ACCESSOIRES;9000;12000;5`,
      `${word.toLowerCase()}-pirate;Pirate ${word};Anker;ACCESSOIRES;abc;;`,
    ].join("\r\n"),
  ),
});

const searched = async (request: APIRequestContext, word: string) =>
  (await (await request.get(`/api/search?q=${word}`)).json()).data as Product[];

async function cleanUp(request: APIRequestContext, word: string) {
  for (const product of await searched(request, word))
    await request.post("/api/delete-product", { data: { _id: product._id } });
}

const preview = (page: Page) => page.getByRole("region", { name: "Aperçu" });
const counted = (region: ReturnType<Page["getByRole"]>, label: string) =>
  region
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

test("the SUPERADMIN exports the catalogue, then imports a file: preview, confirmation, progress, report", async ({
  page,
}, testInfo) => {
  await signInThrough(page, SUPERADMIN);
  const word = uniqueWord();
  try {
    await page.goto(GRID);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exporter" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^produits-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (await download.createReadStream()).toArray();
    const bytes = Buffer.concat(text);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.toString("utf8").slice(1, 20)).toBe("Handle;Title;Body (");

    await page.getByRole("link", { name: "Importer" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Importer des produits" })).toBeVisible();
    await page.getByLabel("Fichier CSV").setInputFiles(csvFile(word));
    await page.getByRole("button", { name: "Prévisualiser" }).click();
    await expect(counted(preview(page), "À créer")).toHaveText("1");
    await expect(counted(preview(page), "Refusés")).toHaveText("1");
    await expect(preview(page).getByRole("row", { name: new RegExp(`^3 ${word.toLowerCase()}-pirate`) })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo);

    await preview(page).getByRole("button", { name: "Confirmer l'import" }).click();
    await expect(page).toHaveURL(/\/admin-panel\/all-products\/import\?id=/);
    const report = page.getByRole("region", { name: "Import terminé" });
    await expect(report).toBeVisible({ timeout: 20_000 });
    await expect(counted(report, "Créés")).toHaveText("1");
    await expect(report.getByRole("status")).toContainText("« import.csv »");
    await expectNoSidewaysScroll(page);

    const found = await searched(page.request, word);
    expect(found.map((p) => [p.productName, p.sellingPrice, p.price])).toEqual([[`Étui ${word}`, 9000, 12000]]);
    expect(await searched(page.request, `Pirate ${word}`)).toEqual([]);
  } finally {
    await cleanUp(page.request, word);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the file is previewed, confirmed and followed by its forms and links", async ({ page }) => {
    await signInThrough(page, SUPERADMIN);
    const word = uniqueWord();
    try {
      await page.goto(`${GRID}/import`);
      await page.getByLabel("Fichier CSV").setInputFiles(csvFile(word));
      await page.getByRole("button", { name: "Prévisualiser" }).click();
      await expect(counted(preview(page), "À créer")).toHaveText("1");
      await preview(page).getByRole("button", { name: "Confirmer l'import" }).click();
      await expect(page).toHaveURL(/\?id=/);
      const report = page.getByRole("region", { name: "Import terminé" });
      for (let i = 0; i < 40 && !(await report.isVisible()); i++) {
        await page.waitForTimeout(500);
        const again = page.getByRole("link", { name: "Actualiser" });
        if (await again.isVisible()) await again.click();
      }
      await expect(report).toBeVisible();
      await expect(counted(report, "Créés")).toHaveText("1");
      expect((await searched(page.request, word)).map((p) => p.productName)).toEqual([`Étui ${word}`]);
      // A second confirmation of the same import is refused in the API's words.
      const id = new URL(page.url()).searchParams.get("id");
      const again = await page.request.post(`/api/admin/products/import/${id}/apply`);
      expect(again.status()).toBe(409);
      expect((await again.json()).message).toBe(MSG.importAlreadyStarted);
    } finally {
      await cleanUp(page.request, word);
    }
  });
});
