import type { PromoCodeCheck } from "@shop/shared";
import type { DeliveryErrors, DeliveryState } from "../delivery/delivery-choice-state";

/**
 * What the cart's HTML forms ask of the cart page's action (cart-actions.server.ts): the same
 * work their buttons' scripts do in the browser (decision 027, "The first tap").
 */
export const CART_INTENTS = { add: "add", line: "line", order: "order" } as const;

/** The address of the cart showing an order just recorded by phone: its reference and 'Appeler'. */
export const RECORDED_PARAM = "commande";

/** The button that checks the code typed, without ordering (`name`, beside the order's buttons). */
export const CHECK_CODE = "checkCode";

/** A promotion code as the cart holds it (decision 051): typed, and what the shop said of it. */
export interface PromoState {
  code: string;
  /** What it takes off the cart; null until checked, or when refused. */
  check: PromoCodeCheck | null;
  /** The French words: applied, or why not. */
  message: string;
}

/**
 * The cart's form posted without scripts and answered on the page: an order refused (the
 * delivery as typed, and why), or a code checked.
 */
export interface CartOrderRefusal {
  delivery: DeliveryState;
  deliveryErrors: DeliveryErrors;
  message: string;
  promo?: PromoState;
}
