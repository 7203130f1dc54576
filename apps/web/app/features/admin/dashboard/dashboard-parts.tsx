import type { Dashboard } from "@shop/shared";
import { formatPrice } from "@shop/shared/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { plural } from "../orders/order-format";

/** A section of the dashboard, its title a heading. */
export function DashboardSection({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A period's orders and their value; `<data>` carries the numbers for machines. */
export function Figures({ id, title, figures }: { id: string; title: string; figures: Dashboard["today"] }) {
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 id={id} className="text-sm font-semibold text-slate-700">
        {title}
      </h2>
      <p className="mt-1">
        <data value={figures.orders} data-figure="orders">
          <span className="text-3xl font-extrabold">{figures.orders}</span>{" "}
          <span className="font-semibold">{figures.orders > 1 ? "commandes" : "commande"}</span>
        </data>
      </p>
      <p className="font-semibold text-brand-dark">
        <data value={figures.value} data-figure="value">
          {formatPrice(figures.value)}
        </data>{" "}
        {/* The goods' value: delivery fees are the couriers' (decision 025). */}
        <span className="text-sm font-normal text-slate-700">hors livraison</span>
      </p>
    </section>
  );
}

/**
 * Money received by Mobile Money (decision 026), today and this month: payments the provider
 * confirmed and transfers an admin approved. Apart from the orders' figures, which count
 * orders placed, paid or not.
 */
export function ReceivedOnline({ received }: { received: Dashboard["receivedOnline"] }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        {(
          [
            ["Aujourd'hui", received.today, "online-today"],
            ["Ce mois-ci", received.month, "online-month"],
          ] as const
        ).map(([term, value, figure]) => (
          <div key={figure}>
            <dt className="text-sm font-semibold text-slate-700">{term}</dt>
            <dd className="text-xl font-extrabold text-brand-dark">
              <data value={value} data-figure={figure}>
                {formatPrice(value)}
              </data>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-700">
        Paiements Mobile Money confirmés et transferts approuvés, livraison comprise.
      </p>
    </>
  );
}

/** The products sold most over the chart's days: name, quantity, value. */
export function BestSellers({ items }: { items: Dashboard["bestSellers"] }) {
  if (items.length === 0) return <p className="text-slate-700">Aucune vente sur cette période.</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead className="border-b border-slate-200 text-slate-600">
        <tr>
          <th scope="col" className="py-1 font-medium">
            Produit
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Qté
          </th>
          <th scope="col" className="py-1 pl-2 text-right font-medium">
            Valeur
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.productId ?? item.productName} className="border-b border-slate-100">
            <td className="py-2 pr-2 break-words">{item.productName}</td>
            <td className="py-2 text-right">{item.quantity}</td>
            <td className="py-2 pl-2 text-right whitespace-nowrap">{formatPrice(item.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "?stock=<id>" on the products screen: the product's quick stock adjustment opens at once. */
export const adjustStockHref = (productId: string) =>
  `/admin-panel/all-products?stock=${encodeURIComponent(productId)}`;

/**
 * The variants running out, sold-out ones first: product — variant, the count left, and a
 * link to the product's quick adjustment. Beyond the first ones, how many more there are.
 */
export function LowStock({ items, total }: { items: Dashboard["lowStock"]; total: number }) {
  if (items.length === 0) return <p className="text-slate-700">Aucune variante en stock bas.</p>;
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {items.map((item) => {
          const name = item.label ? `${item.productName} — ${item.label}` : item.productName;
          return (
            <li key={item.variantId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
              <span className="min-w-0 break-words">{name}</span>
              <span className="flex items-center gap-3">
                <span
                  className={`rounded-full px-2.5 py-0.5 text-sm font-bold whitespace-nowrap ring-1 ${
                    item.stock === 0
                      ? "bg-red-50 text-red-900 ring-red-300"
                      : "bg-amber-50 text-amber-900 ring-amber-300"
                  }`}
                >
                  {item.stock === 0 ? "Épuisé" : `${item.stock} en stock`}
                </span>
                <Link
                  to={adjustStockHref(item.productId)}
                  aria-label={`Ajuster le stock de ${name}`}
                  className="inline-flex min-h-11 items-center font-semibold text-brand underline"
                >
                  Ajuster
                </Link>
              </span>
            </li>
          );
        })}
      </ul>
      {total > items.length && (
        <p className="mt-2 text-sm text-slate-700">
          Et {plural(total - items.length, "autre variante", "autres variantes")} en stock bas.
        </p>
      )}
    </>
  );
}
