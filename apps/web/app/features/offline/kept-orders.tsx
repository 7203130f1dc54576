import { lazy, Suspense, useEffect, useState } from "react";
import { OUTBOX_CHANNEL, OUTBOX_EVENT, outboxMayHoldOrders } from "./kept-on-phone";

const PendingOrders = lazy(() => import("./pending-orders").then((m) => ({ default: m.PendingOrders })));

/**
 * The panel of the orders kept on the phone, in the layout of every page: its code is loaded
 * only when the phone holds some, or when one is kept (in this tab or another).
 */
export function KeptOrders() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const show = () => setShown(true);
    void outboxMayHoldOrders().then((may) => may && show(), show);
    window.addEventListener(OUTBOX_EVENT, show);
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(OUTBOX_CHANNEL);
    channel?.addEventListener("message", show);
    return () => {
      window.removeEventListener(OUTBOX_EVENT, show);
      channel?.close();
    };
  }, []);
  return shown ? (
    <Suspense fallback={null}>
      <PendingOrders />
    </Suspense>
  ) : null;
}
