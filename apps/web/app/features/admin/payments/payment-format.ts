import type { AdminPayment } from "@shop/shared";
import { PAYMENT_METHOD_LABELS } from "@shop/shared/back-office";
import { PAYMENT_OPERATOR_LABELS, type PaymentState } from "@shop/shared/core";
import { displayPhone } from "../../../lib/format-phone";
import { phoneDigits } from "../orders/order-format";

/** The payment providers by the name the server records ("notchpay"), as the shop reads them. */
const PROVIDER_LABELS: Record<string, string> = { notchpay: "Notch Pay" };

/** Each state its colour, always with its word: the colour only helps the eye. */
export const PAYMENT_STATE_TONES: Record<PaymentState, string> = {
  pending: "bg-blue-100 text-blue-900 ring-blue-300",
  paid: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  failed: "bg-slate-200 text-slate-900 ring-slate-400",
  to_verify: "bg-amber-100 text-amber-900 ring-amber-300",
  rejected: "bg-red-100 text-red-900 ring-red-300",
};

type Described = Pick<AdminPayment, "method" | "operator">;

/** "MTN MoMo · Transfert déclaré": the operator, then how the money came. */
export function paymentTitle(payment: Described): string {
  const operator = payment.operator ? PAYMENT_OPERATOR_LABELS[payment.operator] : "Opérateur non indiqué";
  return `${operator} · ${PAYMENT_METHOD_LABELS[payment.method]}`;
}

/** "+237 6 77 12 34 56", or null when the attempt has no number. */
export const paymentPhone = (phone: string | null) => (phone ? displayPhone(phoneDigits(phone)) : null);

/**
 * What identifies the money at the operator or the provider, as the shop looks it up: the
 * transaction ID of a transfer (from the customer's SMS), the provider's own reference of an
 * online payment; both when both are known.
 */
export function paymentReferences(
  payment: Pick<AdminPayment, "transactionId" | "provider" | "providerReference">,
): { term: string; value: string }[] {
  const references: { term: string; value: string }[] = [];
  if (payment.transactionId) references.push({ term: "Transaction", value: payment.transactionId });
  if (payment.providerReference) {
    const provider = payment.provider ? (PROVIDER_LABELS[payment.provider] ?? payment.provider) : "fournisseur";
    references.push({ term: `Référence ${provider}`, value: payment.providerReference });
  }
  return references;
}

/**
 * Why an attempt needs the shop, or why it ended without paying: the flag of an online payment
 * that did not match its order (its amount, an order already paid or cancelled), and the reason
 * of a failure or of a rejection (the customer reads the latter).
 */
export function paymentNotes(payment: Pick<AdminPayment, "state" | "flag" | "reason">): {
  term: string;
  text: string;
}[] {
  const notes: { term: string; text: string }[] = [];
  if (payment.flag) notes.push({ term: "Signalé", text: payment.flag });
  if (payment.reason) {
    notes.push({ term: payment.state === "rejected" ? "Raison du rejet" : "Raison", text: payment.reason });
  }
  return notes;
}

/** Whether an attempt's amount differs from its order's total: said beside the amount. */
export const amountDiffers = (payment: Pick<AdminPayment, "amount">, orderTotal: number) =>
  payment.amount !== orderTotal;
