import type { DeliveryKind } from "./constants.ts";
import { formatPrice } from "./money.ts";

/**
 * Delivery's rules both sides apply (decision 025): the server to record an order, the cart and
 * the order form to show the total before the customer sends it.
 */

export interface PricedDeliveryOption {
  kind: DeliveryKind;
  /** null: to be confirmed by the shop. */
  fee: number | null;
}

/**
 * The fee an order pays: a zone's is waived from `freeFrom` (the subtotal, before delivery);
 * a pickup is free; shipping out of Yaoundé keeps its fee, usually "à confirmer" (null).
 */
export function deliveryFeeFor(
  option: PricedDeliveryOption,
  subtotal: number,
  freeFrom: number | null,
): { fee: number | null; free: boolean } {
  if (option.kind === "pickup") return { fee: 0, free: false };
  if (option.kind === "zone" && freeFrom !== null && subtotal >= freeFrom && (option.fee ?? 0) > 0) {
    return { fee: 0, free: true };
  }
  return { fee: option.fee, free: false };
}

/** What the customer pays: the lines and a known fee (a fee to confirm is added once confirmed). */
export const orderTotal = (subtotal: number, fee: number | null) => subtotal + (fee ?? 0);

/** A fee as customers read it: "1 500 FCFA", "gratuite", "offerte", "à confirmer". */
export function deliveryFeeLabel(fee: number | null, free = false): string {
  if (fee === null) return "à confirmer";
  if (free) return "offerte";
  return fee === 0 ? "gratuite" : formatPrice(fee);
}

export interface DeliveryNaming {
  kind: DeliveryKind;
  name: string;
  delay: string;
  neighbourhood: string | null;
  city: string | null;
}

/** "Bastos (Zone 2 — 24 h)", "Retrait en boutique", "Expédition hors Yaoundé : Douala (2 à 4 jours)". */
export function deliveryPlaceLabel(d: DeliveryNaming): string {
  const delay = d.delay ? ` (${d.delay})` : "";
  if (d.kind === "zone")
    return d.neighbourhood ? `${d.neighbourhood} (${d.name}${d.delay ? ` — ${d.delay}` : ""})` : `${d.name}${delay}`;
  if (d.kind === "shipping" && d.city) return `${d.name} : ${d.city}${delay}`;
  return `${d.name}${delay}`;
}
