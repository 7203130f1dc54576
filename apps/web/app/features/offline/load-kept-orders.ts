/**
 * The kept orders' store (kept-orders-store.ts); on the pages that can keep an order it is
 * asked for as they open. Apart from kept-on-phone.ts, which the store itself imports.
 */
export const loadKeptOrders = () => import("./kept-orders-store");

/**
 * Fetches the store and its panel while the network is there (the service worker keeps them),
 * so that they are on the phone when an order has to be kept without a network.
 */
export function preloadKeptOrders(): void {
  void loadKeptOrders().catch(() => undefined);
  void import("./kept-orders-panel").catch(() => undefined);
}
