import { ApiError } from "../../lib/api";

/**
 * The small part of the orders kept on the phone that every page carries (decision 034); the
 * outbox itself (outbox.ts, IndexedDB) and its panel are loaded only by the pages that can keep
 * an order, and on others only when the phone holds one.
 */

/** The IndexedDB database of the outbox, and the BroadcastChannel its tabs talk on. */
export const OUTBOX_DB = "shop-outbox";
export const OUTBOX_CHANNEL = "shop-outbox";
/** Said on the window when this tab keeps an order. */
export const OUTBOX_EVENT = "shop:order-kept";

/** An action's answer saying the order was kept on the phone (features/order/place-order.client.ts). */
export const keptOnPhone = (actionResult: unknown): actionResult is { queued: true; key: string } =>
  typeof actionResult === "object" && actionResult !== null && "queued" in actionResult;

/** A key no one else will draw: random, and available on a shop reached over plain http too. */
export function newOrderKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether a failed send is the network's: then the order is kept rather than lost. */
export const isNetworkFailure = (error: unknown) =>
  error instanceof TypeError || (error instanceof ApiError && error.status === 0);

/** The outbox's code; on the pages that can keep an order it is asked for as they open. */
export const loadOutbox = () => import("./outbox");

/**
 * Fetches the outbox and its panel while the network is there (the service worker keeps them),
 * so that they are on the phone when an order has to be kept without a network.
 */
export function preloadOutbox(): void {
  void loadOutbox().catch(() => undefined);
  void import("./pending-orders").catch(() => undefined);
}

/** Whether the phone may hold kept orders (a browser that cannot list its databases: maybe). */
export async function outboxMayHoldOrders(): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  if (typeof indexedDB.databases !== "function") return true;
  return (await indexedDB.databases()).some((db) => db.name === OUTBOX_DB);
}
