import type { Order } from "@shop/shared";
import { Link } from "react-router";

/** The payment screen of an order, opened by its link's token (order answers carry it as payToken). */
export const payPath = (reference: string, token: string, operator?: string) =>
  `/pay/${encodeURIComponent(reference)}?t=${encodeURIComponent(token)}${operator ? `&operator=${operator}` : ""}`;

/**
 * Whether to offer paying an order from the phone: it is new or confirmed, priced (a form order
 * without lines is priced by the shop) and its delivery fee is known. The payment screen has
 * the last word (an attempt in progress, a transfer being checked).
 */
export const canPayOnline = (order: Order) =>
  (order.status === "nouvelle" || order.status === "confirmée") &&
  order.lines.length > 0 &&
  order.total > 0 &&
  order.delivery?.fee !== null;

/**
 * 'Payer par Mobile Money': the prominent way from an order to its payment screen. Kept apart
 * from the screens themselves, so that the pages showing it carry none of their code.
 */
export function PayLink({ order, className = "" }: { order: Order; className?: string }) {
  if (!canPayOnline(order)) return null;
  return (
    <Link
      to={payPath(order.reference, order.payToken)}
      className={`block rounded-full bg-brand px-5 py-3 text-center font-bold text-white hover:bg-brand-dark ${className}`}
    >
      Payer par Mobile Money <span className="sr-only">(commande {order.reference})</span>
    </Link>
  );
}
