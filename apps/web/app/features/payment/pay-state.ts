import type { OrderPayment, Payment } from "@shop/shared";
import { MSG } from "@shop/shared/core";

/**
 * Where an order's payment stands, as the payment screen says it, and whether it still offers
 * the ways to pay. An attempt in progress or a payment being checked hides them: paying again
 * then could pay twice.
 */
export type PayState =
  | { kind: "paid" }
  | { kind: "closed"; message: string }
  | { kind: "pending"; payment: Payment }
  | { kind: "checking"; payment: Payment }
  | { kind: "rejected"; payment: Payment }
  | { kind: "failed"; payment: Payment }
  | { kind: "cash" }
  | { kind: "open" };

export function payState(order: OrderPayment): PayState {
  if (order.paid) return { kind: "paid" };
  const latest = order.payments[0];
  if (latest?.state === "pending") return { kind: "pending", payment: latest };
  if (latest?.state === "to_verify") return { kind: "checking", payment: latest };
  if (!order.payable) {
    const closed = order.status === "annulée" || order.status === "livrée";
    return { kind: "closed", message: closed ? MSG.paymentNotPayable : MSG.paymentFeeToConfirm };
  }
  if (latest?.state === "rejected") return { kind: "rejected", payment: latest };
  if (latest?.state === "failed") return { kind: "failed", payment: latest };
  if (order.choice === "cash") return { kind: "cash" };
  return { kind: "open" };
}

export const offersWaysToPay = (state: PayState) =>
  state.kind === "open" || state.kind === "cash" || state.kind === "rejected" || state.kind === "failed";
