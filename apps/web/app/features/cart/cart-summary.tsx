import type { PromoCodeCheck } from "@shop/shared";
import { deliveryFeeLabel, formatPrice } from "@shop/shared/core";
import type { DeliveryQuote } from "../delivery/delivery-choice-state";

/**
 * The 'Sommation' panel (SPEC.md §2, §9): total quantity and 'Prix Total' = Σ quantity ×
 * sellingPrice; once a delivery is chosen (decision 025), its fee and the total to pay.
 */
export function CartSummary({
  quantity,
  price,
  delivery,
  code = null,
}: {
  quantity: number;
  price: number;
  delivery?: DeliveryQuote | null;
  /** A promotion code applied (decision 051): its line, before the delivery, and the totals it changes. */
  code?: PromoCodeCheck | null;
}) {
  const off = code?.discount ?? 0;
  const fee = code?.deliveryFree ? 0 : (delivery?.fee ?? null);
  return (
    <section aria-labelledby="cart-summary" className="overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
      <h2
        id="cart-summary"
        className="bg-brand px-4 py-2 font-bold text-white print:bg-transparent print:px-0 print:text-black"
      >
        Sommation
      </h2>
      <dl className="space-y-2 p-4 print:px-0" aria-live="polite">
        <div className="flex justify-between gap-4">
          <dt>Quantité</dt>
          <dd className="font-semibold tabular-nums">{quantity}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Prix Total</dt>
          <dd className={delivery ? "font-semibold" : "font-bold text-brand-dark print:text-black"}>
            <data value={price}>{formatPrice(price)}</data>
          </dd>
        </div>
        {code && (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>Code promo {code.code}</dt>
            <dd className="text-right font-semibold">
              {code.deliveryFree ? "livraison offerte" : `-${formatPrice(code.discount)}`}
            </dd>
          </div>
        )}
        {delivery && (
          <div className="flex justify-between gap-4">
            <dt>Livraison ({delivery.option.name})</dt>
            <dd className="text-right font-semibold">{deliveryFeeLabel(fee, delivery.free || fee === 0)}</dd>
          </div>
        )}
        {(delivery || code) && (
          <div className="flex justify-between gap-4 border-t border-slate-200 pt-2">
            <dt className="font-bold">{delivery && fee === null ? "Total hors livraison" : "Total à payer"}</dt>
            <dd className="font-bold text-brand-dark print:text-black">
              <data value={price - off + (fee ?? 0)}>{formatPrice(price - off + (fee ?? 0))}</data>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
