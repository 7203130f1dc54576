import type { AdminOrder } from "@shop/shared";
import { formatPrice, lineName } from "@shop/shared/core";
import type { ReactNode } from "react";
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
      <p className="mt-2 flex flex-wrap justify-between gap-x-3 border-t border-slate-300 pt-2 font-bold">
        <span>Total ({plural(order.totalQuantity, "article")})</span>
        <span>{formatPrice(order.totalPrice)}</span>
      </p>
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

/** 'Commande reçue', then every status change with who and when. */
export function OrderHistory({ order }: { order: AdminOrder }) {
  return (
    <ol className="space-y-2 border-l-2 border-slate-200 pl-4">
      {historyLines(order).map((line) => (
        <li key={line.key}>{line.text}</li>
      ))}
    </ol>
  );
}
