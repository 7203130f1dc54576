import { pageOf } from "../orders/orders-query";

/** Movements on one page of the history. */
export const MOVEMENTS_PAGE_SIZE = 30;

export interface HistoryQuery {
  productId?: string;
  page: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A product's id from the address, or null for anything else (the API would refuse it). */
export const productIdOf = (value: string | null): string | null => (value && UUID.test(value) ? value : null);

/** The history's filter from its address: anything but a product's id is no filter. */
export function readHistoryQuery(url: URL): HistoryQuery {
  return {
    productId: productIdOf(url.searchParams.get("productId")) ?? undefined,
    page: pageOf(url.searchParams.get("page")),
  };
}

/** The stock screen's address for these filters; page 1 and no filter are left out. */
export function historyHref({ productId, page }: Partial<HistoryQuery>): string {
  const params = new URLSearchParams();
  if (productId) params.set("productId", productId);
  if (page && page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin-panel/stock${search ? `?${search}` : ""}`;
}
