import type { DeliveryOffer } from "@shop/shared";
import { useEffect, useState } from "react";
import { type DeliveryState, NO_DELIVERY, stillOffered } from "./delivery-choice-state";

const KEY = "shop.livraison";

function remembered(): DeliveryState | null {
  try {
    const raw = JSON.parse(window.localStorage.getItem(KEY) ?? "null") as Partial<DeliveryState> | null;
    if (!raw || typeof raw !== "object") return null;
    const text = (v: unknown) => (typeof v === "string" ? v.slice(0, 200) : "");
    return {
      mode: text(raw.mode),
      neighbourhood: text(raw.neighbourhood),
      city: text(raw.city),
      landmark: text(raw.landmark),
    };
  } catch {
    return null;
  }
}

/**
 * The delivery choice, remembered on this phone for the next order (a customer's neighbourhood
 * and landmark rarely change): read after the first render, so the server's page and the
 * browser's first render agree; forgotten where today's offer no longer has it.
 */
export function useDeliveryState(offer: DeliveryOffer, initial: DeliveryState = NO_DELIVERY) {
  const [state, setState] = useState(initial);
  useEffect(() => {
    if (initial !== NO_DELIVERY) return;
    const saved = remembered();
    if (saved) setState(stillOffered(offer, saved));
  }, [offer, initial]);
  const update = (next: DeliveryState) => {
    setState(next);
    try {
      window.localStorage.setItem(KEY, JSON.stringify(next));
    } catch {
      // A full or refused storage only costs the customer typing it again next time.
    }
  };
  return [state, update] as const;
}
