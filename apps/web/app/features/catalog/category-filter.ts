import type { PriceSort } from "@shop/shared";
import { PAGE_SIZE_MAX } from "@shop/shared/core";
import type { api } from "../../lib/api";
import { type CardProduct, toCardProduct } from "./product-card";

/** What the category page's address asks for: `category` repeated, `sort`, `page`. */
export interface FilterState {
  /** Categories' names ("IPHONE 13"). */
  categories: string[];
  sort: PriceSort | null;
  page: number;
}

/** The most categories an address may tick: as many as the API takes in one filter. */
const MAX_TICKED = 100;

/**
 * The page's choices from its address. Given the shop's categories (`known`, their names), a
 * name that is none of them (an old link, a hidden category) is left out; without them, every
 * non-empty name is kept as the address says it.
 */
export function readFilter(params: URLSearchParams, known?: readonly string[]): FilterState {
  const names = [...new Set(params.getAll("category").map((c) => c.trim()))].filter(Boolean);
  const categories = (known ? names.filter((c) => known.includes(c)) : names).slice(0, MAX_TICKED);
  const sortParam = params.get("sort");
  const sort = sortParam === "asc" || sortParam === "dsc" ? sortParam : null;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  return { categories, sort, page };
}

export function filterSearch({ categories, sort, page }: FilterState): string {
  const params = new URLSearchParams();
  for (const c of categories) params.append("category", c);
  if (sort) params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  return `?${params}`;
}

/** Sorts on sellingPrice (SPEC.md §2: applied in the browser); newest-first order is kept for ties. */
export function sortByPrice<T extends { sellingPrice: number }>(products: readonly T[], sort: PriceSort | null): T[] {
  if (!sort) return [...products];
  const direction = sort === "asc" ? 1 : -1;
  return products
    .map((product, i) => ({ product, i }))
    .sort((a, b) => (a.product.sellingPrice - b.product.sellingPrice) * direction || a.i - b.i)
    .map(({ product }) => product);
}

export const PAGE_SIZE = PAGE_SIZE_MAX;

export interface FilterResult {
  products: CardProduct[];
  total: number;
}

/**
 * No box ticked shows the whole catalogue, newest first (docs/decisions/011-home-sections.md):
 * every shown category's products (`shown`, their names in the storefront's order).
 */
export async function loadFilter(
  client: ReturnType<typeof api>,
  state: FilterState,
  shown: readonly string[],
): Promise<FilterResult> {
  const categories = state.categories.length ? state.categories : shown;
  // A shop whose every category is hidden has nothing to show: no call for it.
  if (categories.length === 0) return { products: [], total: 0 };
  const { products, total } = await client.filterProducts(categories, {
    sort: state.sort ?? undefined,
    page: state.page,
    limit: PAGE_SIZE,
  });
  return { products: products.map(toCardProduct), total };
}
