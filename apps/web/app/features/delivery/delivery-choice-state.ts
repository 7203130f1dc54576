import type { DeliveryChoice, DeliveryOffer, DeliveryOption } from "@shop/shared";
import { deliveryFeeFor, FIELD_MSG, LOCALE, orderTotal } from "@shop/shared/core";

/**
 * The customer's delivery choice (decision 025) as the cart and the order form hold it: a
 * customer knows their neighbourhood, not the shop's zones, so home delivery is one choice
 * ("zone") and the neighbourhood picks the zone and its fee.
 */

/** The API's "zone of this neighbourhood" (ZONE_OF_NEIGHBOURHOOD). */
export const HOME = "zone";

export interface DeliveryState {
  /** "" (nothing chosen yet), HOME, or a pickup's or shipping's id. */
  mode: string;
  neighbourhood: string;
  city: string;
  landmark: string;
}
export const NO_DELIVERY: DeliveryState = { mode: "", neighbourhood: "", city: "", landmark: "" };

export const DELIVERY_FIELDS = ["deliveryOptionId", "neighbourhood", "city", "landmark"] as const;
export type DeliveryField = (typeof DELIVERY_FIELDS)[number];
export type DeliveryErrors = Partial<Record<DeliveryField, string>>;

const collator = new Intl.Collator(LOCALE, { sensitivity: "base" });

/** Every neighbourhood delivered, in alphabetical order, with its zone. */
export function neighbourhoodsOf(offer: DeliveryOffer): { name: string; zone: DeliveryOption }[] {
  return offer.options
    .filter((o) => o.kind === "zone")
    .flatMap((zone) => zone.neighbourhoods.map((name) => ({ name, zone })))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** The zones' lowest and highest fees, for the home delivery's line before a neighbourhood is chosen. */
export function zoneFees(offer: DeliveryOffer): { min: number; max: number } | null {
  const fees = offer.options.filter((o) => o.kind === "zone").map((o) => o.fee ?? 0);
  return fees.length ? { min: Math.min(...fees), max: Math.max(...fees) } : null;
}

/** The option the state points at: the neighbourhood's zone for home delivery. */
export function chosenOption(offer: DeliveryOffer, state: DeliveryState): DeliveryOption | null {
  if (state.mode === HOME) {
    return neighbourhoodsOf(offer).find((n) => collator.compare(n.name, state.neighbourhood) === 0)?.zone ?? null;
  }
  return offer.options.find((o) => o._id === state.mode && o.kind !== "zone") ?? null;
}

export interface DeliveryQuote {
  option: DeliveryOption;
  /** null: to be confirmed by the shop. */
  fee: number | null;
  free: boolean;
  total: number;
}

/** What the choice costs on this subtotal, as the server will count it; null until it names an option. */
export function quoteDelivery(offer: DeliveryOffer, state: DeliveryState, subtotal: number): DeliveryQuote | null {
  const option = chosenOption(offer, state);
  if (!option) return null;
  const { fee, free } = deliveryFeeFor(option, subtotal, offer.freeFrom);
  return { option, fee, free, total: orderTotal(subtotal, fee) };
}

/** The API's fields for this choice: only what the option uses. */
export function choiceOf(state: DeliveryState): DeliveryChoice {
  if (!state.mode) return {};
  if (state.mode === HOME) {
    return { deliveryOptionId: HOME, neighbourhood: state.neighbourhood.trim(), landmark: state.landmark.trim() };
  }
  const landmark = state.landmark.trim();
  const city = state.city.trim();
  return { deliveryOptionId: state.mode, ...(city ? { city } : {}), ...(landmark ? { landmark } : {}) };
}

/** The checks the server makes, made first so that nothing is sent in vain on mobile data. */
export function checkDelivery(offer: DeliveryOffer, state: DeliveryState): DeliveryErrors {
  if (!state.mode) return { deliveryOptionId: FIELD_MSG.deliveryOptionRequired };
  const errors: DeliveryErrors = {};
  if (state.mode === HOME) {
    if (!state.neighbourhood.trim()) errors.neighbourhood = FIELD_MSG.neighbourhoodRequired;
    if (!state.landmark.trim()) errors.landmark = FIELD_MSG.landmarkRequired;
    return errors;
  }
  const option = chosenOption(offer, state);
  if (!option) return { deliveryOptionId: FIELD_MSG.deliveryOptionRequired };
  if (option.kind === "shipping" && !state.city.trim()) errors.city = FIELD_MSG.cityRequired;
  return errors;
}

/** A remembered choice still makes sense with today's offer: else it is forgotten, not half-kept. */
export function stillOffered(offer: DeliveryOffer, state: DeliveryState): DeliveryState {
  if (state.mode === HOME) {
    const known = neighbourhoodsOf(offer).some((n) => collator.compare(n.name, state.neighbourhood) === 0);
    return known ? state : { ...state, mode: HOME, neighbourhood: "" };
  }
  if (state.mode && !offer.options.some((o) => o._id === state.mode)) return { ...state, mode: "" };
  return state;
}
