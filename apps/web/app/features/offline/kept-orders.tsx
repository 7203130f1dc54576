import { lazy, Suspense, useEffect, useState } from "react";
import { KEPT_ORDER_EVENT, KEPT_ORDERS_CHANNEL, mayHoldKeptOrders } from "./kept-on-phone";

const KeptOrdersPanel = lazy(() => import("./kept-orders-panel").then((m) => ({ default: m.KeptOrdersPanel })));

/**
 * The panel of the orders kept on the phone, in the layout of every page: its code is loaded
 * only when the phone holds some, or when one is kept (in this tab or another).
 */
export function KeptOrders() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const show = () => setShown(true);
    void mayHoldKeptOrders().then((may) => may && show(), show);
    window.addEventListener(KEPT_ORDER_EVENT, show);
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(KEPT_ORDERS_CHANNEL);
    channel?.addEventListener("message", show);
    return () => {
      window.removeEventListener(KEPT_ORDER_EVENT, show);
      channel?.close();
    };
  }, []);
  return shown ? (
    <Suspense fallback={null}>
      <KeptOrdersPanel />
    </Suspense>
  ) : null;
}
