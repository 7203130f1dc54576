import { pageOf } from "../orders/orders-query";

/** Movements on one page of the history. */
export const MOVEMENTS_PAGE_SIZE = 30;

export interface HistoryQuery {
  productId?: string;
  /**
   * The search that offers the products to choose from: the same as the products screen's
   * (decision 044), through the same API.
   */
  q?: string;
  page: number;
  /**
   * The search the form's list of products was made for, sent back by the form (a hidden field):
   * its presence says the form was submitted, its value whether the search changed since.
   */
  searched?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A product's id from the address, or null for anything else (the API would refuse it). */
export const productIdOf = (value: string | null): string | null => (value && UUID.test(value) ? value : null);

/** The history's filter from its address: anything but a product's id is no filter. */
export function readHistoryQuery(url: URL): HistoryQuery {
  const get = (key: string) => url.searchParams.get(key);
  const searched = get("searched");
  return {
    productId: productIdOf(get("productId")) ?? undefined,
    q: get("q")?.trim() || undefined,
    page: pageOf(get("page")),
    ...(searched === null ? {} : { searched: searched.trim() }),
  };
}

/**
 * The product a submitted form asks the history of. The list's choice counts while the search
 * stays the same; a new search picks its only match, or none when it finds several (they are
 * then the list's choices) or nothing. An address that is no form's (a link) says it itself.
 */
export function pickedProduct(query: HistoryQuery, matches: readonly { _id: string }[]): string | undefined {
  if (query.searched === undefined || (query.q ?? "") === query.searched) return query.productId;
  return matches.length === 1 ? matches[0]?._id : undefined;
}

/** The stock screen's address for these filters; page 1 and no filter are left out. */
export function historyHref({ productId, q, page }: Partial<HistoryQuery>): string {
  const params = new URLSearchParams();
  if (productId) params.set("productId", productId);
  if (q) params.set("q", q);
  if (page && page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin-panel/stock${search ? `?${search}` : ""}`;
}
