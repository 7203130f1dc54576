import type { PaymentPoll } from "@shop/shared";
import { formatPrice, PAYMENT_OPERATOR_LABELS, type PaymentOperator } from "@shop/shared/core";
import { nationalPhone } from "./pay-values";

/**
 * What to do on the phone while a charge waits (decision 026, addendum): the provider makes the
 * operator show a confirmation on the number charged; we do not name menus that change.
 */
export function confirmInstruction(payment: Pick<PaymentPoll, "phone" | "operator" | "amount">): string {
  // The number kept on one line: "6 77 12 34 56" split across two reads as two numbers.
  const phone = payment.phone ? ` ${nationalPhone(payment.phone).replaceAll(" ", "\u00a0")}` : "";
  const secret = payment.operator
    ? `votre code secret ${PAYMENT_OPERATOR_LABELS[payment.operator]}`
    : "votre code secret";
  return `Un message de confirmation va s'afficher sur le téléphone${phone}. Entrez ${secret} pour valider le paiement de ${formatPrice(payment.amount)}.`;
}

/** Where a confirmation that did not show can be found: the operators' own short codes. */
export const PENDING_APPROVAL_HINTS: Record<PaymentOperator, string> = {
  mtn: "Pas de message après une minute ? Composez *126# : le menu MTN MoMo permet de retrouver les paiements en attente d'approbation.",
  orange:
    "Pas de message après une minute ? Composez #150*50# pour retrouver le paiement Orange Money en attente de confirmation.",
};
