import type { Dashboard } from "@shop/shared";
import { formatPrice } from "@shop/shared/core";
import type { ReactNode } from "react";

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
        </data>
      </p>
    </section>
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
