import type { DeliveryErrors, DeliveryState } from "../delivery/delivery-choice-state";

/**
 * What the cart's HTML forms ask of the cart page's action (cart-actions.server.ts): the same
 * work their buttons' scripts do in the browser (decision 027, "The first tap").
 */
export const CART_INTENTS = { add: "add", line: "line", order: "order" } as const;

/** The address of the cart showing an order just recorded by phone: its reference and 'Appeler'. */
export const RECORDED_PARAM = "commande";

/** An order posted without scripts and refused: the delivery as typed, and why. */
export interface CartOrderRefusal {
  delivery: DeliveryState;
  deliveryErrors: DeliveryErrors;
  message: string;
}
