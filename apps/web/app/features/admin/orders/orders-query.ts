import { ORDER_STATUSES, type OrderStatus } from "@shop/shared/core";

/** Orders on one page of the list: enough for a day's orders, light on a phone. */
export const ORDERS_PAGE_SIZE = 20;

export interface OrdersListQuery {
  status?: OrderStatus;
  q: string;
  page: number;
}

/** A page number from the address bar: a whole number from 1, anything else is page 1. */
export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** The list's filters from its address: an unknown status is no filter at all. */
export function readOrdersQuery(url: URL): OrdersListQuery {
  const status = url.searchParams.get("status") ?? "";
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : undefined,
    q: (url.searchParams.get("q") ?? "").trim(),
    page: pageOf(url.searchParams.get("page")),
  };
}

/** The list's address for these filters; page 1 and empty values are left out. */
export function ordersHref({ status, q, page }: Partial<OrdersListQuery>): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (q) params.set("q", q);
  if (page && page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin-panel/orders${search ? `?${search}` : ""}`;
}
