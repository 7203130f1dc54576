import type { PriceSort } from "@shop/shared";
import { CATEGORIES, type Category, isCategory, PAGE_SIZE_MAX } from "@shop/shared/core";
import type { api } from "../../lib/api";
import { type CardProduct, toCardProduct } from "./product-card";

/** What the category page's address asks for: `category` repeated, `sort`, `page`. */
export interface FilterState {
  categories: Category[];
  sort: PriceSort | null;
  page: number;
}

export function readFilter(params: URLSearchParams): FilterState {
  const categories = [...new Set(params.getAll("category"))].filter(isCategory);
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

/** No box ticked shows the whole catalogue, newest first (docs/decisions/011-home-sections.md). */
export async function loadFilter(client: ReturnType<typeof api>, state: FilterState): Promise<FilterResult> {
  const { products, total } = await client.filterProducts(state.categories.length ? state.categories : CATEGORIES, {
    sort: state.sort ?? undefined,
    page: state.page,
    limit: PAGE_SIZE,
  });
  return { products: products.map(toCardProduct), total };
}
