import type { AdminPayment } from "@shop/shared";
import { PAYMENT_STATE_LABELS } from "@shop/shared/back-office";
import type { PaymentState } from "@shop/shared/core";
import type { ReactNode } from "react";
import { formatShortDateTime } from "../orders/order-format";
import { PAYMENT_STATE_TONES } from "./payment-format";

/** A payment's state in words, its colour only helping the eye. */
export function PaymentStateBadge({ state }: { state: PaymentState }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ring-1 ${PAYMENT_STATE_TONES[state]}`}
      data-payment-state={state}
    >
      {PAYMENT_STATE_LABELS[state]}
    </span>
  );
}

/** A term and its value, one under the other on a phone, side by side from `sm` up. */
export function PaymentRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-1 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** A time in the shop's zone ("22/11/2026 à 14:05"), machine-readable too. */
export const When = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatShortDateTime(iso)}</time>;

/** The customer's screenshot of a transfer, served to admins only; it opens in a new tab. */
export function ScreenshotLink({ payment }: { payment: Pick<AdminPayment, "screenshotUrl"> }) {
  if (!payment.screenshotUrl) return null;
  return (
    <a
      href={payment.screenshotUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center rounded-full border-2 border-brand px-4 py-1.5 text-sm font-semibold text-brand hover:bg-brand/5"
    >
      Voir la capture d'écran <span className="sr-only">(nouvel onglet)</span>
    </a>
  );
}
