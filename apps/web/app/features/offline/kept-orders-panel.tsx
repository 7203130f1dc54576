import { formatPrice, orderReferenceWhatsappMessage, orderWhatsappLink, whatsappLink } from "@shop/shared/core";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatDateTime } from "../../lib/format-date";

import { useShop } from "../layout/use-shop";
import { dismissKeptOrder, type KeptOrder, keptOrders, onKeptOrdersChange, sendKeptOrders } from "./kept-orders-store";

/** While orders wait, the phone tries again this often (and at once when the network returns). */
const RETRY_MS = 15_000;

/** The orders kept on this phone, read again whenever one changes (in any tab). */
export function useKeptOrders(): KeptOrder[] {
  const [orders, setOrders] = useState<KeptOrder[]>([]);
  useEffect(() => {
    let live = true;
    const read = () =>
      void keptOrders()
        .then((all) => live && setOrders(all))
        .catch(() => undefined);
    read();
    const stop = onKeptOrdersChange(read);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return orders;
}

/**
 * Sends the orders waiting on the phone: when a page opens (a tab closed and opened again),
 * when the network comes back, and every RETRY_MS while one waits.
 */
function useSender(waiting: boolean) {
  useEffect(() => {
    const send = () => void sendKeptOrders().catch(() => undefined);
    send();
    window.addEventListener("online", send);
    const timer = waiting ? window.setInterval(send, RETRY_MS) : undefined;
    return () => {
      window.removeEventListener("online", send);
      window.clearInterval(timer);
    };
  }, [waiting]);
}

function Waiting({ order }: { order: KeptOrder }) {
  return (
    <>
      <p className="font-bold">En attente de réseau</p>
      <p className="mt-1 text-sm">
        Votre commande du{" "}
        <time dateTime={new Date(order.createdAt).toISOString()}>
          {formatDateTime(new Date(order.createdAt).toISOString())}
        </time>{" "}
        est gardée sur ce téléphone : elle sera envoyée dès le retour du réseau, même si vous fermez cette page et
        revenez plus tard.
      </p>
    </>
  );
}

function Sent({ order, onClose }: { order: KeptOrder; onClose: () => void }) {
  const shop = useShop();
  const placed = order.order;
  if (!placed) return null;
  return (
    <>
      <p className="font-bold">Commande envoyée à la boutique.</p>
      <p className="mt-1">
        Sa référence : <span className="font-mono text-lg font-extrabold tracking-widest">{placed.reference}</span>
        {" · "}Total : {formatPrice(placed.total)}
      </p>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm font-semibold">
        <a
          href={
            order.cart?.channel === "whatsapp"
              ? orderWhatsappLink(shop.whatsapp, placed)
              : whatsappLink(shop.whatsapp, orderReferenceWhatsappMessage(placed.reference))
          }
          target="_blank"
          rel="noopener noreferrer"
          className="underline"
        >
          Envoyer la référence sur WhatsApp
        </a>
        <Link to={`/order-status?reference=${encodeURIComponent(placed.reference)}`} className="underline">
          Suivre ma commande
        </Link>
        <button type="button" onClick={onClose} className="underline">
          Fermer
        </button>
      </div>
    </>
  );
}

/**
 * The orders kept on the phone (kept-orders-store.ts): 'En attente de réseau', then the
 * reference the shop gave, or why it refused. Shown on every page, at the top, until closed.
 */
export function KeptOrdersPanel() {
  const orders = useKeptOrders();
  useSender(orders.some((o) => o.state === "waiting"));
  if (orders.length === 0) return null;
  const close = (key: string) => void dismissKeptOrder(key);
  return (
    <section
      aria-label="Commandes gardées sur ce téléphone"
      className="mx-auto max-w-6xl space-y-2 px-4 pt-3 print:hidden"
    >
      {orders.map((order) => (
        <div
          key={order.key}
          role="status"
          data-order-key={order.key}
          className={`rounded-lg p-3 ring-1 ${
            order.state === "sent"
              ? "bg-green-50 text-green-950 ring-green-700/30"
              : order.state === "refused"
                ? "bg-red-50 text-red-950 ring-red-700/30"
                : "bg-amber-50 text-amber-950 ring-amber-600/40"
          }`}
        >
          {order.state === "waiting" && <Waiting order={order} />}
          {order.state === "sent" && <Sent order={order} onClose={() => close(order.key)} />}
          {order.state === "refused" && (
            <>
              <p className="font-bold">Votre commande n'a pas été envoyée : {order.message}</p>
              <p className="mt-1 text-sm">
                Reprenez-la avec le formulaire ou contactez la boutique.{" "}
                <button type="button" onClick={() => close(order.key)} className="font-semibold underline">
                  Fermer
                </button>
              </p>
            </>
          )}
        </div>
      ))}
    </section>
  );
}
