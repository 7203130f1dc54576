import type { AdminOrder } from "@shop/shared";
import { deliveryFeeLabel, discountLabel, discountValue, formatPrice, lineName } from "@shop/shared/core";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Field, inputClass } from "../../../components/ui/field";
import { displayPhone, telHref } from "../../../lib/format-phone";
import { CHANNEL_LABELS, phoneDigits, plural } from "./order-format";
import { historyLines } from "./order-history";

/** A titled block of the order page. */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-1.5 sm:grid sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** Who ordered and how to reach them. */
export function CustomerDetails({ order }: { order: AdminOrder }) {
  return (
    <dl className="divide-y divide-slate-100">
      <Row term="Nom">{order.name}</Row>
      <Row term="Téléphone">
        {order.phone ? (
          <a href={telHref(phoneDigits(order.phone))} className="font-semibold text-brand underline">
            {displayPhone(phoneDigits(order.phone))}
          </a>
        ) : (
          <span className="text-slate-700">Non indiqué (commande passée par {CHANNEL_LABELS[order.channel]})</span>
        )}
      </Row>
      <Row term="Adresse">{order.address || <span className="text-slate-700">Non indiquée</span>}</Row>
      <Row term="Message">
        {order.message ? (
          <p className="whitespace-pre-line">{order.message}</p>
        ) : (
          <span className="text-slate-700">Aucun</span>
        )}
      </Row>
      <Row term="Compte client">
        {order.customer ? (
          <>
            {order.customer.name} ·{" "}
            <a href={`mailto:${order.customer.email}`} className="text-brand underline">
              {order.customer.email}
            </a>
          </>
        ) : (
          <span className="text-slate-700">Aucun (commande sans compte)</span>
        )}
      </Row>
      <Row term="Canal">{CHANNEL_LABELS[order.channel]}</Row>
    </dl>
  );
}

/** The lines as they were when ordered, one under the other (a phone has no room for columns). */
export function OrderLines({ order }: { order: AdminOrder }) {
  if (order.lines.length === 0) {
    return (
      <p className="text-slate-700">
        Aucun article enregistré : la commande est décrite par son message et son fichier joint.
      </p>
    );
  }
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {order.lines.map((line, i) => (
          // A deleted product's line keeps its name and price but loses its id.
          <li key={line.productId ?? `line-${i}`} className="py-2">
            <p className="font-medium break-words">{lineName(line.productName, line.variantLabel)}</p>
            <p className="flex flex-wrap justify-between gap-x-3 text-sm">
              <span className="text-slate-700">
                {line.quantity} × {formatPrice(line.unitPrice)}{" "}
                <span className="sr-only">(quantité × prix unitaire)</span>
              </span>
              <span className="font-semibold">
                <span className="sr-only">Sous-total : </span>
                {formatPrice(line.quantity * line.unitPrice)}
              </span>
            </p>
          </li>
        ))}
      </ul>
      <p
        className={`mt-2 flex flex-wrap justify-between gap-x-3 border-t border-slate-300 pt-2 ${order.delivery ? "font-semibold" : "font-bold"}`}
      >
        <span>
          {order.delivery ? "Sous-total" : "Total"} ({plural(order.totalQuantity, "article")})
        </span>
        <span>{formatPrice(order.totalPrice)}</span>
      </p>
      {order.discounts.map((d) => (
        <p key={d.promotionId} className="flex flex-wrap justify-between gap-x-3 text-green-800">
          <span>{discountLabel(d)}</span>
          <span>{discountValue(d)}</span>
        </p>
      ))}
      {!order.delivery && order.discount > 0 && (
        <p className="flex flex-wrap justify-between gap-x-3 font-bold">
          <span>Total</span>
          <span>{formatPrice(order.total)}</span>
        </p>
      )}
      {order.delivery && (
        <>
          <p className="flex flex-wrap justify-between gap-x-3">
            <span>Livraison ({order.delivery.name})</span>
            <span>{deliveryFeeLabel(order.delivery.fee, order.delivery.free)}</span>
          </p>
          <p className="flex flex-wrap justify-between gap-x-3 font-bold">
            <span>{order.delivery.fee === null ? "Total hors livraison" : "Total"}</span>
            <span>{formatPrice(order.total)}</span>
          </p>
        </>
      )}
    </>
  );
}

/** Where the order goes (decision 025): the option chosen as it was, the place, the landmark, the fee. */
export function DeliveryDetails({
  order,
  busy,
  feeResult,
}: {
  order: AdminOrder;
  busy: boolean;
  feeResult?: { ok: boolean; message: string };
}) {
  const delivery = order.delivery;
  if (!delivery) return <p className="text-slate-700">Non choisie : à convenir avec le client.</p>;
  const toConfirm = delivery.fee === null && (order.status === "nouvelle" || order.status === "confirmée");
  return (
    <>
      <dl className="divide-y divide-slate-100">
        <Row term="Mode">
          {delivery.name}
          {delivery.delay && <span className="text-slate-700"> · {delivery.delay}</span>}
        </Row>
        {delivery.neighbourhood && <Row term="Quartier">{delivery.neighbourhood}</Row>}
        {delivery.city && <Row term="Ville">{delivery.city}</Row>}
        {delivery.landmark && <Row term="Point de repère">{delivery.landmark}</Row>}
        <Row term="Frais">
          {deliveryFeeLabel(delivery.fee, delivery.free)}
          {delivery.free && <span className="text-slate-700"> (montant de la livraison offerte atteint)</span>}
        </Row>
        <Row term="Total à payer">
          <strong>{formatPrice(order.total)}</strong>
          {delivery.fee === null && <span className="text-slate-700"> (hors livraison)</span>}
        </Row>
      </dl>
      {feeResult && (
        <p
          role={feeResult.ok ? "status" : "alert"}
          className={`mt-3 rounded-md p-3 font-medium ring-1 ${feeResult.ok ? "bg-green-50 text-green-900 ring-green-200" : "bg-red-50 text-red-800 ring-red-200"}`}
        >
          {feeResult.message}
        </p>
      )}
      {toConfirm && (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" aria-label="Fixer les frais de livraison">
          <input type="hidden" name="intent" value="delivery-fee" />
          <div className="min-w-0 flex-1 basis-40">
            <Field
              id="delivery-fee"
              name="fee"
              label="Frais de livraison (FCFA)"
              hint="Une fois le transporteur consulté."
            >
              {(props) => (
                <input {...props} className={inputClass} type="text" inputMode="numeric" maxLength={9} required />
              )}
            </Field>
          </div>
          <button
            type="submit"
            disabled={busy}
            className="min-h-11 rounded-full bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
          >
            Fixer les frais
          </button>
        </Form>
      )}
    </>
  );
}

/** The form's file, served by the API to admins only; it opens in a new tab. */
export function OrderFile({ order }: { order: AdminOrder }) {
  if (!order.file) return <p className="text-slate-700">Aucun fichier joint.</p>;
  return (
    <p>
      <a
        href={order.file.url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-block rounded-full border-2 border-brand px-4 py-2 font-semibold break-all text-brand hover:bg-brand/5"
      >
        Ouvrir le fichier joint <span className="sr-only">(nouvel onglet)</span>
      </a>
      <span className="mt-1 block text-sm break-all text-slate-700">
        {order.file.name} · {order.file.type === "application/pdf" ? "PDF" : "image"}
      </span>
    </p>
  );
}

/** 'Commande reçue', then every status change with who and when, and its note under it. */
export function OrderHistory({ order }: { order: AdminOrder }) {
  return (
    <ol className="space-y-2 border-l-2 border-slate-200 pl-4">
      {historyLines(order).map((line) => (
        <li key={line.key}>
          {line.text}
          {line.note && <span className="block text-sm text-slate-700">{line.note}</span>}
        </li>
      ))}
    </ol>
  );
}
