import { ApiError } from "../../lib/api";

/**
 * The small part of the orders kept on the phone that every page carries (decision 034); their
 * store (kept-orders-store.ts, IndexedDB) and their panel are loaded only by the pages that can
 * keep an order (load-kept-orders.ts), and on others only when the phone holds one.
 */

/**
 * The IndexedDB database of the kept orders, and the BroadcastChannel its tabs talk on. The
 * stored name stays "shop-outbox": phones keep orders under it.
 */
export const KEPT_ORDERS_DB = "shop-outbox";
export const KEPT_ORDERS_CHANNEL = "shop-outbox";
/** Said on the window when this tab keeps an order. */
export const KEPT_ORDER_EVENT = "shop:order-kept";

/** An action's answer saying the order was kept on the phone (features/order/place-order.client.ts). */
export const keptOnPhone = (actionResult: unknown): actionResult is { kept: true; key: string } =>
  typeof actionResult === "object" && actionResult !== null && "kept" in actionResult;

/** A key no one else will draw: random, and available on a shop reached over plain http too. */
export function newOrderKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether a failed send is the network's: then the order is kept rather than lost. */
export const isNetworkFailure = (error: unknown) =>
  error instanceof TypeError || (error instanceof ApiError && error.status === 0);

/** Whether the phone may hold kept orders (a browser that cannot list its databases: maybe). */
export async function mayHoldKeptOrders(): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  if (typeof indexedDB.databases !== "function") return true;
  return (await indexedDB.databases()).some((db) => db.name === KEPT_ORDERS_DB);
}
