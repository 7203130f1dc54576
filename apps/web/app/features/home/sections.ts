import type { api } from "../../lib/api";
import { type CategorySectionData, loadCategorySection, type SectionKind } from "../catalog/category-section";

/**
 * Which home sections scroll and which are paged (docs/decisions/011-home-sections.md): the
 * iPhone generations, which customers compare side by side, scroll; brands, watches, gadgets
 * and accessories are paged grids of 6, which keeps the page short on a phone. Keyed by name:
 * a category the owner adds on the back-office (decision 046) scrolls, as the default is.
 */
export const PAGED_CATEGORIES: ReadonlySet<string> = new Set<string>([
  "SMARTPHONES",
  "SAMSUNG",
  "PIXEL",
  "REDMI",
  "HUAWEI",
  "GADGETS ÉLECTRONIQUES",
  "APPLE WATCH",
  "ACCESSOIRES",
]);

export const sectionKind = (category: string): SectionKind => (PAGED_CATEGORIES.has(category) ? "paged" : "row");

/**
 * Sections rendered with their products on the server: the first screen's and the next one
 * (decision 027). The others arrive from /api as the visitor scrolls near them, which keeps the
 * page's HTML and its hydration small (84 cards before, at most 16 now).
 */
export const RENDERED_SECTIONS = 2;

export interface HomeSections {
  /** The first sections, with their products. */
  sections: CategorySectionData[];
  /** The other categories that have products, in order, loaded on demand. */
  later: { category: string; kind: SectionKind }[];
}

/**
 * The home page's sections: every shown category that has a shown product, in the storefront's
 * order (the categories' list, decision 046). Both lists are asked side by side.
 */
export async function loadHomeSections(
  client: ReturnType<typeof api>,
  rendered = RENDERED_SECTIONS,
): Promise<HomeSections> {
  const [shown, highlights] = await Promise.all([client.categories(), client.categoryHighlights()]);
  const present = new Set(highlights.map((p) => p.category));
  const categories = shown
    .filter((c) => present.has(c.name))
    .map(({ name }) => ({ category: name, kind: sectionKind(name) }));
  const sections = await Promise.all(
    categories.slice(0, rendered).map(({ category, kind }) => loadCategorySection(client, category, kind)),
  );
  return { sections, later: categories.slice(rendered) };
}
