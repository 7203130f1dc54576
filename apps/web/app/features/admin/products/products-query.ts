import {
  ADMIN_PRODUCT_SORTS,
  type AdminProductSort,
  PRODUCT_VISIBILITIES,
  type ProductVisibility,
} from "@shop/shared/back-office";
import { STOCK_STATUSES, type StockStatus } from "@shop/shared/core";
import { pageOf } from "../orders/orders-query";

/** The grid's address (decision 044). */
export const PRODUCTS_PATH = "/admin-panel/all-products";

export const PROMO_CHOICES = ["yes", "no"] as const;
export type PromoChoice = (typeof PROMO_CHOICES)[number];

/** A product's stock over its variants, as the filter names it. */
export const STOCK_FILTER_LABELS: Record<StockStatus, string> = {
  in_stock: "En stock",
  low: "Stock bas",
  out: "Épuisé",
  untracked: "Non suivi",
};

export const PROMO_LABELS: Record<PromoChoice, string> = {
  yes: "En promotion",
  no: "Prix normal",
};

/** What the grid is searched, filtered and sorted by, as its address carries it; empty ones are left out. */
export interface ProductsFilterValues {
  /** The storefront's search (typos, accents, variant values). */
  q?: string;
  /** A category's name ("IPHONE 13"). */
  category?: string;
  brand?: string;
  stock?: StockStatus;
  promo?: PromoChoice;
  /** None: every product but the archived ones (decision 046). */
  visibility?: ProductVisibility;
  sort?: AdminProductSort;
}

export interface ProductsListQuery extends ProductsFilterValues {
  page: number;
}

const FILTER_KEYS = ["q", "category", "brand", "stock", "promo", "visibility", "sort"] as const;

/**
 * The sort the grid has when none is asked: relevance, which without a search is the newest
 * first (the API's own default either way), so the address leaves it out.
 */
export const DEFAULT_SORT: AdminProductSort = "relevance";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;

const textOf = (value: string | null) => value?.trim() || undefined;

/**
 * The grid's query from an address's (or a submitted form's) parameters. An unknown stock
 * state, promotion, visibility or sort is no filter at all (an old link; `stock=<a product's id>` is the
 * dashboard's link that opens its stock); a text is passed on, for the API to say in French
 * what it refuses (longer than 100 characters).
 */
export function productsQueryOf(params: URLSearchParams): ProductsListQuery {
  const get = (key: string) => params.get(key);
  const sort = oneOf(ADMIN_PRODUCT_SORTS, get("sort"));
  return {
    q: textOf(get("q")),
    category: textOf(get("category")),
    brand: textOf(get("brand")),
    stock: oneOf(STOCK_STATUSES, get("stock")),
    promo: oneOf(PROMO_CHOICES, get("promo")),
    visibility: oneOf(PRODUCT_VISIBILITIES, get("visibility")),
    sort: sort === DEFAULT_SORT ? undefined : sort,
    page: pageOf(get("page")),
  };
}

export const readProductsQuery = (url: URL) => productsQueryOf(url.searchParams);

/** Only the search, filters and sort (no page): what the API is asked besides the page. */
export function productsFilters(query: ProductsFilterValues): ProductsFilterValues {
  const filters: ProductsFilterValues = {};
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value && !(key === "sort" && value === DEFAULT_SORT)) Object.assign(filters, { [key]: value });
  }
  return filters;
}

/** How many filters narrow the grid (the search and the sort apart): the "Filtres" summary's count. */
export const filterCount = ({ category, brand, stock, promo, visibility }: ProductsFilterValues) =>
  [category, brand, stock, promo, visibility].filter(Boolean).length;

/** Whether the search or a filter narrows the grid (the empty state then blames them, not the catalogue). */
export const isFiltered = (query: ProductsFilterValues) => Boolean(query.q) || filterCount(query) > 0;

/** The grid's address for this search, these filters, sort and page; page 1 and empty values are left out. */
export function productsHref(query: Partial<ProductsListQuery>): string {
  const params = new URLSearchParams(productsFilters(query) as Record<string, string>);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `${PRODUCTS_PATH}${search ? `?${search}` : ""}`;
}

/** 'Importer' (decision 047): the CSV's page, its preview and its progress. */
export const IMPORT_PATH = `${PRODUCTS_PATH}/import`;

/** 'Exporter' (decision 047): the catalogue as the grid filters it (every page), as a CSV file. */
export function exportHref(query: ProductsFilterValues): string {
  const { sort: _sort, ...filters } = productsFilters(query);
  const search = new URLSearchParams(filters as Record<string, string>).toString();
  return `/api/admin/products/export.csv${search ? `?${search}` : ""}`;
}
