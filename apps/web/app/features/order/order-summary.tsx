import type { Order } from "@shop/shared";
import {
  deliveryFeeLabel,
  deliveryPlaceLabel,
  discountLabel,
  discountValue,
  formatPrice,
  lineName,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from "@shop/shared/core";
import { formatDateTime } from "../../lib/format-date";

/** The way an order goes when nothing goes wrong; 'annulée' can happen at any step. */
const STEPS: readonly OrderStatus[] = ["nouvelle", "confirmée", "payée", "livrée"];

const CHANNEL_LABELS: Record<Order["channel"], string> = {
  whatsapp: "WhatsApp",
  phone: "Téléphone",
  form: "Formulaire de commande",
};

/** Where an order is: its steps with the current one marked, or that it was cancelled. */
export function OrderSteps({ status }: { status: OrderStatus }) {
  if (status === "annulée") {
    return (
      <p className="mt-3 inline-block rounded-full bg-red-100 px-3 py-1 text-sm font-bold text-red-800">
        Commande annulée
      </p>
    );
  }
  const current = STEPS.indexOf(status);
  return (
    <ol className="mt-3 grid grid-cols-4 gap-1 text-center text-xs font-semibold sm:text-sm">
      {STEPS.map((step, i) => (
        <li
          key={step}
          aria-current={i === current ? "step" : undefined}
          className={`rounded-md border-t-4 px-1 pt-2 ${i <= current ? "border-green-700 text-green-800" : "border-slate-300 text-slate-600"}`}
        >
          {ORDER_STATUS_LABELS[step]}
          {i < current && <span className="sr-only"> (étape passée)</span>}
          {i === current && <span className="sr-only"> (étape actuelle)</span>}
        </li>
      ))}
    </ol>
  );
}

/**
 * Each discount the order got (decision 051): a sale's (already in the lines' prices) and the
 * code's; without a delivery, the total they leave.
 */
function DiscountRows({ order }: { order: Order }) {
  if (order.discounts.length === 0) return null;
  return (
    <dl className="mt-3 space-y-1 text-sm">
      {order.discounts.map((d) => (
        <div key={d.promotionId} className="flex justify-between gap-4 text-green-800">
          <dt>{discountLabel(d)}</dt>
          <dd className="text-right">{discountValue(d)}</dd>
        </div>
      ))}
      {!order.delivery && order.discount > 0 && (
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 text-base font-bold">
          <dt>Total à payer</dt>
          <dd className="whitespace-nowrap">{formatPrice(order.total)}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * The delivery an order kept (decision 025): where, the landmark, what it costs and the total
 * (the lines' table gives the subtotal). A form order without lines is priced by the shop: no
 * total then.
 */
function DeliveryRows({ order }: { order: Order }) {
  const delivery = order.delivery;
  if (!delivery) return null;
  const priced = order.lines.length > 0;
  return (
    <dl className="mt-3 space-y-1 text-sm">
      <div className="flex justify-between gap-4">
        <dt>Livraison : {deliveryPlaceLabel(delivery)}</dt>
        <dd className="whitespace-nowrap">{deliveryFeeLabel(delivery.fee, delivery.free)}</dd>
      </div>
      {delivery.landmark && (
        <div>
          <dt className="inline">Point de repère : </dt>
          <dd className="inline">{delivery.landmark}</dd>
        </div>
      )}
      {priced && (
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 text-base font-bold">
          <dt>{delivery.fee === null ? "Total hors livraison" : "Total à payer"}</dt>
          <dd className="whitespace-nowrap">{formatPrice(order.total)}</dd>
        </div>
      )}
      {delivery.fee === null && (
        <p className="text-slate-700">Les frais de livraison vous seront confirmés par la boutique.</p>
      )}
    </dl>
  );
}

/** An order as its customer reads it: reference, status, date, lines, delivery and totals. */
export function OrderSummary({ order, headingLevel = 2 }: { order: Order; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading className="font-mono text-xl font-extrabold tracking-wider">{order.reference}</Heading>
        <p className="text-sm font-semibold">
          Statut : <span className="text-brand-dark">{ORDER_STATUS_LABELS[order.status]}</span>
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Passée le {formatDateTime(order.createdAt)} · {CHANNEL_LABELS[order.channel]}
      </p>
      <OrderSteps status={order.status} />
      {order.lines.length > 0 ? (
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Articles de la commande {order.reference}</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Article
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Qté
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Prix
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              // One line per product in an order; a deleted product's line keeps its name and price.
              <tr key={line.productId ?? `${line.productName}-${line.unitPrice}`} className="border-b border-slate-100">
                <td className="py-2 pr-2">{lineName(line.productName, line.variantLabel)}</td>
                <td className="py-2 text-right">{line.quantity}</td>
                <td className="py-2 text-right whitespace-nowrap">{formatPrice(line.unitPrice)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="font-bold">
            <tr>
              <th scope="row" className="pt-2 text-left">
                {order.delivery ? "Sous-total" : "Total"}
              </th>
              <td className="pt-2 text-right">{order.totalQuantity}</td>
              <td className="pt-2 text-right whitespace-nowrap">{formatPrice(order.totalPrice)}</td>
            </tr>
          </tfoot>
        </table>
      ) : (
        order.message && <p className="mt-3 text-sm whitespace-pre-line text-slate-700">« {order.message} »</p>
      )}
      <DiscountRows order={order} />
      <DeliveryRows order={order} />
      {order.address && <p className="mt-3 text-sm text-slate-700">Adresse : {order.address}</p>}
    </article>
  );
}
