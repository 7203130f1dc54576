import type { Order } from "@shop/shared";
import { orderReferenceWhatsappMessage, whatsappLink } from "@shop/shared/core";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { displayPhone, telHref } from "../../lib/format-phone";
import { useShop } from "../layout/use-shop";
import { PayLink } from "../payment/pay-link";
import { OrderSummary } from "./order-summary";

/**
 * After the form: the shop has the order. The reference is what the customer quotes; they can
 * send it on WhatsApp straight away, call, or follow the order later.
 */
export function OrderConfirmation({ order }: { order: Order }) {
  const shop = useShop();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="order-done" className="space-y-4">
      <div className="rounded-lg bg-green-50 p-4 ring-1 ring-green-200">
        <h2 id="order-done" ref={heading} tabIndex={-1} className="text-xl font-bold text-green-900 outline-none">
          Merci {order.name} ! Votre commande est enregistrée.
        </h2>
        <p className="mt-2 text-green-900">Sa référence :</p>
        <p className="mt-1 font-mono text-3xl font-extrabold tracking-widest text-slate-900" data-testid="reference">
          {order.reference}
        </p>
        <p className="mt-2 text-sm text-green-900">
          Notez-la : la boutique vous la demandera pour confirmer votre commande, et elle vous permet d'en suivre
          l'avancement.
        </p>
      </div>
      <PayLink order={order} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <a
          href={whatsappLink(shop.whatsapp, orderReferenceWhatsappMessage(order.reference))}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-full bg-green-700 px-5 py-3 text-center font-semibold text-white hover:bg-green-800"
        >
          Envoyer la référence sur WhatsApp
        </a>
        <a
          href={telHref(shop.phone)}
          className="rounded-full border-2 border-brand px-5 py-3 text-center font-semibold text-brand hover:bg-brand/5"
        >
          Appeler
          <span className="sr-only"> le {displayPhone(shop.phone)}</span>
        </a>
      </div>
      <OrderSummary order={order} />
      <p>
        <Link
          to={`/order-status?reference=${encodeURIComponent(order.reference)}`}
          className="font-semibold text-brand underline"
        >
          Suivre ma commande
        </Link>
      </p>
    </section>
  );
}
