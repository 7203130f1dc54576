import { formatPrice } from "@shop/shared/core";

/** The 'Sommation' panel (SPEC.md §2, §9): total quantity and 'Prix Total' = Σ quantity × sellingPrice. */
export function CartSummary({ quantity, price }: { quantity: number; price: number }) {
  return (
    <section aria-labelledby="cart-summary" className="overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
      <h2
        id="cart-summary"
        className="bg-brand px-4 py-2 font-bold text-white print:bg-transparent print:px-0 print:text-black"
      >
        Sommation
      </h2>
      <dl className="space-y-2 p-4 print:px-0">
        <div className="flex justify-between gap-4">
          <dt>Quantité</dt>
          <dd className="font-semibold tabular-nums">{quantity}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Prix Total</dt>
          <dd className="font-bold text-brand-dark print:text-black">
            <data value={price}>{formatPrice(price)}</data>
          </dd>
        </div>
      </dl>
    </section>
  );
}
