import { ORDER_STATUSES, type OrderStatus, PAYMENT_FILTERS, type PaymentFilter } from "@shop/shared/core";

/** Orders on one page of the list: enough for a day's orders, light on a phone. */
export const ORDERS_PAGE_SIZE = 20;

export interface OrdersListQuery {
  status?: OrderStatus;
  /** Paid online, cash on delivery, or not paid yet (decision 026). */
  payment?: PaymentFilter;
  q: string;
  page: number;
}

/** A page number from the address bar: a whole number from 1, anything else is page 1. */
export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;

/** The list's filters from its address: an unknown status or payment is no filter at all. */
export function readOrdersQuery(url: URL): OrdersListQuery {
  return {
    status: oneOf(ORDER_STATUSES, url.searchParams.get("status")),
    payment: oneOf(PAYMENT_FILTERS, url.searchParams.get("payment")),
    q: (url.searchParams.get("q") ?? "").trim(),
    page: pageOf(url.searchParams.get("page")),
  };
}

/** The list's address for these filters; page 1 and empty values are left out. */
export function ordersHref({ status, payment, q, page }: Partial<OrdersListQuery>): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (payment) params.set("payment", payment);
  if (q) params.set("q", q);
  if (page && page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin-panel/orders${search ? `?${search}` : ""}`;
}
