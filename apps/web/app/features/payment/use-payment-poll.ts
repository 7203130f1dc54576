import type { PaymentPoll } from "@shop/shared";
import { useEffect, useState } from "react";
import { ApiError } from "../../lib/api";
import { type PollerEnv, type PollerStatus, startPoller } from "./poller";

/** How the waiting screen reads an attempt: the API's GET /api/payments/:id, by default. */
export type ReadPayment = (id: string) => Promise<PaymentPoll>;

/**
 * The waiting screen's attempt, followed live: starts from the loader's answer and, while it is
 * pending, reads it again every 3 s straight from the API (one small JSON call, not the page's
 * loaders: the shop's layout would be read again each time, and a failed read would replace the
 * screen by the error page). A read that fails only delays the next one.
 */
export function usePaymentPoll(initial: PaymentPoll, read: ReadPayment, env?: PollerEnv) {
  const [payment, setPayment] = useState(initial);
  const [status, setStatus] = useState<PollerStatus>("live");
  // A newer loader answer (a reload, 'Actualiser') replaces what the polls said.
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setPayment(initial);
  }
  const pending = payment.state === "pending";
  const id = payment._id;

  useEffect(() => {
    if (!pending) return;
    let reads = 0;
    let latest = 0;
    return startPoller(
      async () => {
        const mine = ++reads;
        try {
          const next = await read(id);
          // Answers can cross on a slow network: an older one never overwrites a newer one.
          if (mine < latest) return "again";
          latest = mine;
          setPayment(next);
          return next.state === "pending" ? "again" : "done";
        } catch (error) {
          // No such attempt any more: nothing will change by asking again.
          if (error instanceof ApiError && error.status === 404) return "done";
          return "failed";
        }
      },
      { onStatus: setStatus, env },
    );
  }, [pending, id, read, env]);

  return { payment, status };
}
