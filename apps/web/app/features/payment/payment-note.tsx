import type { Payment } from "@shop/shared";

/**
 * What the status page says of an order's last payment (decision 026): a transfer being checked,
 * or why the last attempt did not pay (a rejected transfer's reason from the shop). Nothing for a
 * paid order (its status says so) or one never paid online.
 */
export function PaymentNote({ payment }: { payment: Payment | null }) {
  if (!payment) return null;
  const text =
    payment.state === "to_verify"
      ? "Votre paiement est en cours de vérification par la boutique."
      : payment.state === "rejected"
        ? `Votre paiement par transfert a été rejeté par la boutique : ${payment.reason ?? ""}`
        : payment.state === "failed"
          ? `Votre dernier paiement n'a pas abouti : ${payment.reason ?? ""}`
          : payment.state === "pending"
            ? "Un paiement est en attente de votre confirmation sur le téléphone."
            : null;
  if (!text) return null;
  return (
    <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      {text}
    </p>
  );
}
