import { desc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/products.ts";
import { shownCategories } from "../categories/categories.service.ts";
import { onSale } from "../products/products.service.ts";

/** The storefront's public pages that exist whatever the catalogue holds. */
export const STATIC_PAGES = ["/", "/product", "/about", "/contact", "/blog", "/privacy", "/terms", "/cookies"] as const;

/** Pages with nothing to index (forms, a visitor's own data, the back-office) and the API. */
export const PRIVATE_PATHS = [
  "/admin-panel",
  "/cart",
  "/order",
  "/login",
  "/sign-up",
  "/forgot-password",
  "/devices",
  "/security",
  "/my-data",
  "/stop-promotions",
  "/api/",
] as const;

/** A storefront path (query string included, not yet escaped) and when it last changed. */
export interface SitemapPage {
  path: string;
  lastmod?: Date;
}

/**
 * Every page a search engine should know: the fixed pages, one filter page per shown category
 * that has products on sale (dated by its newest change), and every product on sale (hidden,
 * archived and hidden categories' ones stay out: decision 046). Read straight from the table,
 * not through the paged catalogue calls, so no page size caps it; two columns and the
 * category per product stay small for thousands of products. (A sitemap holds at most 50,000
 * URLs; past that it would have to become a sitemap index.)
 */
export async function sitemapPages(db: Db): Promise<SitemapPage[]> {
  const [rows, categories] = await Promise.all([
    db
      .select({ id: products.id, category: products.category, updatedAt: products.updatedAt })
      .from(products)
      .where(onSale)
      .orderBy(desc(products.updatedAt), desc(products.id)),
    shownCategories(db),
  ]);

  // Rows come newest change first: the first one seen of a category dates its page.
  const categoryChanged = new Map<string, Date>();
  for (const row of rows) if (!categoryChanged.has(row.category)) categoryChanged.set(row.category, row.updatedAt);

  return [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...categories
      .map((c) => c.name)
      .filter((c) => categoryChanged.has(c))
      .map((c) => ({
        path: `/product-category?category=${encodeURIComponent(c)}`,
        lastmod: categoryChanged.get(c),
      })),
    ...rows.map((row) => ({ path: `/product/${row.id}`, lastmod: row.updatedAt })),
  ];
}
