import type { CartLine, DeliveryOffer, Order, ShopIdentity } from "@shop/shared";
import { cartTotals, LOCALE } from "@shop/shared/core";
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";
import { DeliveryChoice, deliveryFieldId } from "../delivery/delivery-choice";
import {
  checkDelivery,
  choiceOf,
  DELIVERY_FIELDS,
  type DeliveryErrors,
  quoteDelivery,
} from "../delivery/delivery-choice-state";
import { useDeliveryState } from "../delivery/use-delivery-state";
import { CART_INTENTS, type CartOrderRefusal, type PromoState } from "./cart-intents";
import { CartLineItem } from "./cart-line";
import { CartOrder } from "./cart-order";
import { useCartActions } from "./cart-session";
import { CartSummary } from "./cart-summary";
import { PromoCodeField } from "./promo-code-field";
import { useCartLines } from "./use-cart-lines";

const printDate = new Intl.DateTimeFormat(LOCALE, { dateStyle: "long", timeStyle: "short" });

/**
 * The moment the cart is printed (SPEC.md §4: printing sets a flag), for the printed page's
 * date: set by 'imprimer' and by the browser's own print command alike.
 */
function usePrintedAt() {
  const [printedAt, setPrintedAt] = useState<Date | null>(null);
  useEffect(() => {
    const before = () => flushSync(() => setPrintedAt(new Date()));
    window.addEventListener("beforeprint", before);
    return () => window.removeEventListener("beforeprint", before);
  }, []);
  const print = () => {
    flushSync(() => setPrintedAt(new Date()));
    window.print();
  };
  return { printedAt, print };
}

/**
 * The signed-in customer's cart: lines, 'Sommation', delivery, printing and ordering. Its
 * buttons are HTML forms posting to the cart page's action, and scripts do the same work
 * once they run (decision 027, "The first tap").
 */
export function CartView({
  loaded,
  shop,
  delivery: offer,
  recorded = null,
  orderKey = null,
  refused,
}: {
  loaded: CartLine[];
  shop: ShopIdentity;
  delivery: DeliveryOffer;
  /** An order by phone just recorded by the form posted without scripts. */
  recorded?: Order | null;
  /** The order's idempotency key drawn with the page, for the form posted without scripts. */
  orderKey?: string | null;
  /** The form posted without scripts, refused: the delivery as typed and why. */
  refused?: CartOrderRefusal;
}) {
  const { refreshCount } = useCartActions();
  const { lines, pending, setQuantity, remove } = useCartLines(loaded, refreshCount);
  const totals = cartTotals(lines.map((l) => ({ quantity: l.quantity, sellingPrice: l.variant.sellingPrice })));
  const { printedAt, print } = usePrintedAt();
  const hydrated = useHydrated();
  const [delivery, setDelivery] = useDeliveryState(offer, refused?.delivery);
  const [deliveryErrors, setDeliveryErrors] = useState<DeliveryErrors>(refused?.deliveryErrors ?? {});
  const quote = quoteDelivery(offer, delivery, totals.price);
  // The code typed, and what the shop said of it: as the form posted without scripts left it.
  const [promo, setPromo] = useState<PromoState>(refused?.promo ?? { code: "", check: null, message: "" });

  /** The delivery fields' check before an order is recorded: null (and the first field focused) when wrong. */
  const deliveryChoice = () => {
    const errors = checkDelivery(offer, delivery);
    setDeliveryErrors(errors);
    const first = DELIVERY_FIELDS.find((f) => errors[f]);
    if (first) {
      document.getElementById(deliveryFieldId("cart", first))?.focus();
      return null;
    }
    return choiceOf(delivery);
  };

  // A removed line takes its focused button with it: the focus goes to the list (or the empty cart).
  const list = useRef<HTMLElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus) return;
    list.current?.focus();
    setRefocus(false);
  }, [refocus]);

  return (
    <>
      {printedAt && (
        <div className="hidden print:mb-4 print:block">
          <p className="text-lg font-bold">{shop.name}</p>
          <p>Récapitulatif de commande du {printDate.format(printedAt)}</p>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start print:block">
        <section ref={list} tabIndex={-1} aria-label="Articles du panier" className="focus:outline-none">
          {lines.length === 0 ? (
            <div className="rounded-lg bg-white p-6 text-center ring-1 ring-slate-200">
              <p className="text-lg font-semibold">Pas de produits</p>
              <Link to="/product" className="mt-3 inline-block font-semibold text-brand underline print:hidden">
                Voir les articles
              </Link>
            </div>
          ) : (
            <ul className="flex flex-col gap-3 print:gap-0 print:divide-y print:divide-slate-300">
              {lines.map((line) => (
                <CartLineItem
                  key={line._id}
                  line={line}
                  busy={pending.has(line._id)}
                  onQuantity={(quantity) => void setQuantity(line, quantity)}
                  onRemove={async () => {
                    if (await remove(line)) setRefocus(true);
                  }}
                />
              ))}
            </ul>
          )}
        </section>
        <form method="post" action="/cart" className="flex flex-col gap-4 print:mt-4">
          {/* The first submit button, disabled: Enter in a delivery field does not order. */}
          <button type="submit" disabled hidden aria-hidden="true" tabIndex={-1} />
          <input type="hidden" name="intent" value={CART_INTENTS.order} />
          {orderKey && <input type="hidden" name="idempotencyKey" value={orderKey} />}
          {lines.length > 0 && (
            <>
              <CartSummary {...totals} delivery={quote} code={promo.check} />
              {/* Printing needs the scripts: offered once they run. */}
              {hydrated && (
                <button
                  type="button"
                  onClick={print}
                  className="rounded-full border border-slate-400 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-100 print:hidden"
                >
                  imprimer
                </button>
              )}
            </>
          )}
          {lines.length > 0 && offer.options.length > 0 && (
            <div className="rounded-lg bg-white p-4 ring-1 ring-slate-200 print:hidden">
              <DeliveryChoice
                offer={offer}
                subtotal={totals.price}
                state={delivery}
                onChange={(next) => {
                  setDelivery(next);
                  if (Object.keys(deliveryErrors).length) setDeliveryErrors({});
                }}
                errors={deliveryErrors}
                idPrefix="cart"
              />
            </div>
          )}
          {lines.length > 0 && <PromoCodeField promo={promo} onChange={setPromo} />}
          <CartOrder
            shop={shop}
            promoCode={promo.code}
            onCodeRefused={(message) => setPromo({ ...promo, check: null, message })}
            lines={lines}
            deliveryChoice={offer.options.length > 0 ? deliveryChoice : () => ({})}
            recorded={recorded}
            orderKey={orderKey}
            refusal={
              refused && !refused.promo && !DELIVERY_FIELDS.some((f) => refused.deliveryErrors[f])
                ? refused.message
                : undefined
            }
          />
        </form>
      </div>
    </>
  );
}
