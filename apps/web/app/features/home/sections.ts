import { CATEGORIES, type Category } from "@shop/shared/core";
import type { api } from "../../lib/api";
import { type CategorySectionData, loadCategorySection, type SectionKind } from "../catalog/category-section";

/**
 * Which home sections scroll and which are paged (docs/decisions/011-home-sections.md): the
 * iPhone generations, which customers compare side by side, scroll; brands, watches, gadgets
 * and accessories are paged grids of 6, which keeps the page short on a phone.
 */
export const PAGED_CATEGORIES: ReadonlySet<Category> = new Set<Category>([
  "SMARTPHONES",
  "SAMSUNG",
  "PIXEL",
  "REDMI",
  "HUAWEI",
  "GADGETS ÉLECTRONIQUES",
  "APPLE WATCH",
  "ACCESSOIRES",
]);

export const sectionKind = (category: Category): SectionKind => (PAGED_CATEGORIES.has(category) ? "paged" : "row");

/** The home page's sections: every category that has a product, in the storefront's order. */
export async function loadHomeSections(client: ReturnType<typeof api>): Promise<CategorySectionData[]> {
  const highlights = await client.categoryHighlights();
  const present = new Set(highlights.map((p) => p.category));
  return Promise.all(
    CATEGORIES.filter((c) => present.has(c)).map((category) =>
      loadCategorySection(client, category, sectionKind(category)),
    ),
  );
}
