import type { OrderData } from "@shop/shared";
import { PAYMENT_METHOD_LABELS, PAYMENT_STATE_LABELS } from "@shop/shared/back-office";
import {
  deliveryFeeLabel,
  formatPrice,
  lineName,
  ORDER_STATUS_LABELS,
  PAYMENT_OPERATOR_LABELS,
} from "@shop/shared/core";
import type { ReactNode } from "react";
import { formatDateTime } from "../../../lib/format-date";

const CHANNEL_LABELS: Record<OrderData["channel"], string> = {
  whatsapp: "WhatsApp",
  phone: "Téléphone",
  form: "Formulaire de commande",
};

const DELIVERY_KINDS: Record<string, string> = {
  zone: "Livraison à domicile",
  pickup: "Retrait en boutique",
  shipping: "Expédition hors Yaoundé",
};

/** A label of the shop's, or the value itself when it is one the page does not know. */
const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;

/** An amount in francs as the shop writes it; another currency as the provider gave it. */
const amountOf = (amount: number, currency: string) =>
  currency === "XAF" ? formatPrice(amount) : `${amount} ${currency}`;

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-1">
      <dt className="inline font-medium text-slate-700">{term} : </dt>
      <dd className="inline break-words">{children}</dd>
    </div>
  );
}

function deliveryText(delivery: NonNullable<OrderData["delivery"]>) {
  const where = [delivery.name, delivery.neighbourhood, delivery.city].filter(Boolean).join(", ");
  return `${labelOf(DELIVERY_KINDS, delivery.kind)}${where ? ` — ${where}` : ""} (frais : ${deliveryFeeLabel(delivery.fee)})`;
}

/**
 * One order, whole, as the shop keeps it: who, where, what, its payments and its history. A
 * `<details>` the browser opens by itself: a customer with many orders gets no script for them.
 */
function MyOrder({ order }: { order: OrderData }) {
  return (
    <details className="group rounded-lg bg-white ring-1 ring-slate-200">
      <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg p-3 focus-visible:outline-2 focus-visible:outline-brand">
        <span aria-hidden="true" className="text-slate-500 transition-transform group-open:rotate-90">
          ▸
        </span>
        <span className="font-mono font-bold tracking-wider">{order.reference}</span>
        <span className="text-sm text-slate-700">{formatDateTime(order.createdAt)}</span>
        <span className="text-sm font-semibold text-brand-dark">{ORDER_STATUS_LABELS[order.status]}</span>
        <span className="ml-auto font-semibold whitespace-nowrap">{formatPrice(order.total)}</span>
      </summary>
      <div className="border-t border-slate-200 p-3 text-sm">
        <dl>
          <Row term="Canal">{CHANNEL_LABELS[order.channel]}</Row>
          <Row term="Nom">{order.name}</Row>
          <Row term="Téléphone">{order.phone ?? "Aucun"}</Row>
          <Row term="Adresse">{order.address || "Aucune"}</Row>
          <Row term="Livraison">{order.delivery ? deliveryText(order.delivery) : "Aucune"}</Row>
          {order.delivery?.landmark && <Row term="Point de repère">{order.delivery.landmark}</Row>}
          <Row term="Message">
            {order.message ? <span className="whitespace-pre-line">{order.message}</span> : "Aucun"}
          </Row>
          <Row term="Fichier envoyé">{order.fileName ?? "Aucun"}</Row>
        </dl>
        {order.lines.length > 0 && (
          <>
            <h3 className="mt-3 font-semibold">Articles</h3>
            <ul className="mt-1 space-y-1">
              {order.lines.map((line, i) => (
                // Lines are snapshots: the same product may come twice only in another variant.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn once, never reordered
                <li key={i} className="flex justify-between gap-3">
                  <span className="min-w-0 break-words">
                    {lineName(line.productName, line.variantLabel)} × {line.quantity}
                  </span>
                  <span className="whitespace-nowrap">{formatPrice(line.unitPrice * line.quantity)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        <dl className="mt-2 border-t border-slate-100 pt-1">
          <Row term="Articles">{order.totalQuantity}</Row>
          <Row term="Sous-total">{formatPrice(order.totalPrice)}</Row>
          <Row term="Total">{formatPrice(order.total)}</Row>
        </dl>
        <h3 className="mt-3 font-semibold">Paiements</h3>
        {order.payments.length === 0 ? (
          <p className="mt-1">Aucun.</p>
        ) : (
          <ul className="mt-1 space-y-2">
            {order.payments.map((payment) => (
              <li key={`${payment.createdAt}-${payment.reference}`} className="rounded bg-slate-50 p-2">
                <p className="font-medium">
                  {labelOf(PAYMENT_METHOD_LABELS, payment.method)}
                  {payment.operator ? ` · ${labelOf(PAYMENT_OPERATOR_LABELS, payment.operator)}` : ""} ·{" "}
                  {amountOf(payment.amount, payment.currency)} · {labelOf(PAYMENT_STATE_LABELS, payment.state)}
                </p>
                <p>Le {formatDateTime(payment.createdAt)}</p>
                {payment.phone && <p>Numéro : {payment.phone}</p>}
                {payment.reference && <p className="break-all">Référence : {payment.reference}</p>}
                {payment.screenshot && <p>Capture d'écran envoyée</p>}
                {payment.settledAt && <p>Réglé le {formatDateTime(payment.settledAt)}</p>}
              </li>
            ))}
          </ul>
        )}
        {order.history.length > 0 && (
          <>
            <h3 className="mt-3 font-semibold">Historique</h3>
            <ul className="mt-1 space-y-1">
              {order.history.map((step) => (
                <li key={`${step.at}-${step.to}`}>
                  {formatDateTime(step.at)} : {labelOf(ORDER_STATUS_LABELS, step.from)} →{" "}
                  {labelOf(ORDER_STATUS_LABELS, step.to)}
                  {step.note ? ` (${step.note})` : ""}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </details>
  );
}

/** Every order of the account, the newest first, each to open. */
export function MyOrders({ orders }: { orders: readonly OrderData[] }) {
  if (orders.length === 0) return <p className="mt-2 text-slate-700">Rien.</p>;
  return (
    <ul className="mt-3 space-y-2">
      {orders.map((order) => (
        <li key={order.reference}>
          <MyOrder order={order} />
        </li>
      ))}
    </ul>
  );
}
