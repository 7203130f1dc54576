import type { CartLine, DeliveryChoice, Order, ShopIdentity } from "@shop/shared";
import { formatPrice } from "@shop/shared/core";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { FormAlert } from "../../components/ui/form-alert";
import { toast } from "../../components/ui/toast";
import { ApiError, api, errorMessage } from "../../lib/api";
import { displayPhone, telHref } from "../../lib/format-phone";
import { KeptNotice } from "../offline/kept-notice";
import { isNetworkFailure, newOrderKey } from "../offline/kept-on-phone";
import { loadKeptOrders, preloadKeptOrders } from "../offline/load-kept-orders";
import { PayLink } from "../payment/pay-link";
import { recordThenOpenWhatsapp } from "./whatsapp-order";

type Channel = "whatsapp" | "phone";

/** The code made the order refused (decision 051): nothing was recorded. */
const codeRefused = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === "promo-code-refused" || error.issues.some((i) => /^body\.(promoCode|phone)$/.test(i.path)));

/** What the customer reads once the order is recorded: its reference, and for a call, the number. */
function Recorded({ order, channel, shop }: { order: Order; channel: Channel; shop: ShopIdentity }) {
  const box = useRef<HTMLDivElement>(null);
  // Said at once to screen readers, and in view on a phone where the panel is below the lines.
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      className="rounded-lg bg-green-50 p-4 text-green-950 ring-1 ring-green-700/30 focus:outline-none"
    >
      <p className="font-bold">
        Référence de votre commande : <span className="font-mono tracking-wider">{order.reference}</span>
      </p>
      {order.delivery && (
        <p className="mt-1 text-sm">
          {order.delivery.fee === null ? "Total hors livraison" : "Total à payer"} :{" "}
          <strong>{formatPrice(order.total)}</strong>
          {order.delivery.fee === null ? " (frais de livraison à confirmer par la boutique)" : ""}
        </p>
      )}
      {channel === "whatsapp" ? (
        <p className="mt-1 text-sm">
          Votre commande est enregistrée. Envoyez le message préparé sur WhatsApp : la boutique vous confirmera la
          commande.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm">
            Votre commande est enregistrée. Appelez la boutique au {displayPhone(shop.phone)} et donnez cette référence
            : la boutique vous confirmera la commande.
          </p>
          <a
            href={telHref(shop.phone)}
            className="mt-3 block rounded-full bg-green-800 px-5 py-3 text-center font-semibold text-white hover:bg-green-900 print:hidden"
          >
            Appeler
          </a>
        </>
      )}
      <PayLink order={order} className="mt-3 print:hidden" />
    </div>
  );
}

/**
 * Ordering the cart (SPEC.md §1, §2): on WhatsApp (the order is recorded first, so the message
 * carries its reference, lines, delivery and total), by phone (recorded, then the reference to
 * quote), or with the form. `deliveryChoice` checks the delivery fields first: null stops.
 * The two buttons submit the cart's form (cart-view.tsx) until the scripts run; then they do
 * the work here (decision 027, "The first tap").
 */
export function CartOrder({
  shop,
  lines,
  deliveryChoice,
  recorded: recordedByForm = null,
  orderKey: pageKey = null,
  refusal,
  promoCode = "",
  onCodeRefused,
}: {
  shop: ShopIdentity;
  /** The promotion code typed (decision 051): it goes with the order. */
  promoCode?: string;
  /** The order was refused for its code: said beside the field, the customer may order without it. */
  onCodeRefused?: (message: string) => void;
  lines: CartLine[];
  deliveryChoice: () => DeliveryChoice | null;
  /** An order recorded by the form posted without scripts. */
  recorded?: Order | null;
  /** The page's idempotency key, which the form posted without scripts carries too. */
  orderKey?: string | null;
  /** Why the form posted without scripts was refused, when no delivery field says it. */
  refusal?: string;
}) {
  const [sending, setSending] = useState<Channel | null>(null);
  const [recorded, setRecorded] = useState<{ order: Order; channel: Channel } | null>(() =>
    recordedByForm
      ? { order: recordedByForm, channel: recordedByForm.channel === "whatsapp" ? "whatsapp" : "phone" }
      : null,
  );
  // Kept on the phone until the network returns: the panel at the top of the page follows it.
  const [kept, setKept] = useState(false);

  // A double tap records one order: the state would only say so at the next render.
  const inFlight = useRef(false);
  // The order's idempotency key: kept until it is recorded, so a retry is the same order; the
  // page's own at first, so a tap before the scripts ran and one after are the same order too.
  const orderKey = useRef<string | null>(pageKey);
  // On the phone before the network goes: the code that keeps an order without it.
  useEffect(preloadKeptOrders, []);

  const order = async (channel: Channel) => {
    if (inFlight.current) return;
    const delivery = deliveryChoice();
    if (!delivery) return;
    inFlight.current = true;
    setSending(channel);
    orderKey.current ??= newOrderKey();
    const key = orderKey.current;
    // Without a network the order is kept on the phone and leaves when it can (decision 034).
    const keep = async () => {
      const { keepOrder } = await loadKeptOrders();
      await keepOrder({ key, cart: { channel, delivery, ...(promoCode.trim() ? { promoCode } : {}) } });
      orderKey.current = null;
      setKept(true);
      toast.info("En attente de réseau : votre commande partira dès le retour du réseau.");
    };
    try {
      if (!navigator.onLine) return await keep();
      const record = () => api().orderFromCart(channel, delivery, key, promoCode);
      const placed = channel === "whatsapp" ? await recordThenOpenWhatsapp(shop.whatsapp, record) : await record();
      // The server keeps the cart (the shop has not confirmed yet), so there is nothing to reload.
      orderKey.current = null;
      setRecorded({ order: placed, channel });
    } catch (error) {
      if (isNetworkFailure(error)) await keep();
      else if (codeRefused(error) && onCodeRefused) onCodeRefused(errorMessage(error));
      else toast.error(errorMessage(error));
    } finally {
      inFlight.current = false;
      setSending(null);
    }
  };

  const action =
    "block w-full rounded-full px-5 py-3 text-center font-semibold aria-disabled:cursor-wait aria-disabled:opacity-70";
  return (
    <div className="flex flex-col gap-3">
      {recorded && <Recorded key={recorded.order.reference} shop={shop} {...recorded} />}
      {kept && <KeptNotice />}
      {refusal && !recorded && (
        <FormAlert>
          <p className="font-medium">{refusal}</p>
        </FormAlert>
      )}
      {lines.length > 0 && !kept && (
        <div className="flex flex-col gap-3 print:hidden">
          {/* Before the scripts run, these post the cart's form: the order is recorded, then WhatsApp opens. */}
          <button
            type="submit"
            name="channel"
            value="whatsapp"
            aria-disabled={sending !== null || undefined}
            onClick={(event) => {
              event.preventDefault();
              void order("whatsapp");
            }}
            className={`${action} bg-green-700 text-white hover:bg-green-800`}
          >
            {sending === "whatsapp" ? "Enregistrement…" : "Commander sur WhatsApp"}
          </button>
          <button
            type="submit"
            name="channel"
            value="phone"
            aria-disabled={sending !== null || undefined}
            onClick={(event) => {
              event.preventDefault();
              void order("phone");
            }}
            className={`${action} border-2 border-brand text-brand hover:bg-brand/5`}
          >
            {sending === "phone" ? "Enregistrement…" : "Commander par téléphone"}
          </button>
          <Link to="/order" className="text-center text-sm font-semibold text-brand underline">
            Commander avec le formulaire
          </Link>
        </div>
      )}
    </div>
  );
}
