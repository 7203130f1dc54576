import { pageOf } from "../orders/orders-query";

/** Payments on one page of the 'À vérifier' queue: a day's transfers, light on a phone. */
export const PAYMENTS_PAGE_SIZE = 20;

export const readPaymentsQuery = (url: URL) => ({ page: pageOf(url.searchParams.get("page")) });

export function paymentsHref({ page }: { page?: number }): string {
  return `/admin-panel/payments${page && page > 1 ? `?page=${page}` : ""}`;
}
