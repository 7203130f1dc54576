import type { CartOrderInput, DeliveryChoice, Order } from "@shop/shared";
import { createStore, del, get, set, type UseStore, values } from "idb-keyval";
import { ApiError, api } from "../../lib/api";
import { KEPT_ORDER_EVENT, KEPT_ORDERS_CHANNEL, KEPT_ORDERS_DB } from "./kept-on-phone";

/**
 * Orders kept on the phone until the network takes them (decision 034): an order form or a
 * cart button used without a network. Each carries its idempotency key from the first try,
 * so the shop records it once however many times it is sent (by this tab, another tab, after
 * the tab was closed and opened again). Kept in IndexedDB — files included — until the
 * customer has read the answer and closes it: nothing a customer sends is lost.
 */
export interface KeptOrder {
  /** The idempotency key, sent with every try (`idempotencyKey`, API). */
  key: string;
  createdAt: number;
  state: "waiting" | "sent" | "refused";
  /** The order form's fields and file, as typed. */
  form?: { fields: [string, string][]; file: Blob | null; fileName: string };
  /** A cart button: the channel and the delivery chosen. */
  cart?: { channel: CartOrderInput["channel"]; delivery: DeliveryChoice; promoCode?: string };
  /** Once sent: the order the shop recorded. Once refused: why, in French. */
  order?: Order;
  message?: string;
}

let store: UseStore | null = null;
const keptStore = () => {
  store ??= createStore(KEPT_ORDERS_DB, "orders");
  return store;
};

// Tabs of the shop hear of each other's changes (one sends, every one shows the reference).
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

export function onKeptOrdersChange(listener: () => void): () => void {
  if (!channel && typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(KEPT_ORDERS_CHANNEL);
    channel.onmessage = () => {
      for (const l of listeners) l();
    };
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed() {
  for (const l of listeners) l();
  channel?.postMessage("changed");
}

export async function keptOrders(): Promise<KeptOrder[]> {
  const all = await values<KeptOrder>(keptStore());
  return all.sort((a, b) => a.createdAt - b.createdAt);
}

export async function keepOrder(order: Omit<KeptOrder, "createdAt" | "state">): Promise<void> {
  await set(order.key, { ...order, createdAt: Date.now(), state: "waiting" } satisfies KeptOrder, keptStore());
  changed();
  window.dispatchEvent(new Event(KEPT_ORDER_EVENT));
}

/** The customer has read the answer: the order leaves the phone (a waiting one cannot). */
export async function dismissKeptOrder(key: string): Promise<void> {
  const order = await get<KeptOrder>(key, keptStore());
  if (order?.state === "waiting") return;
  await del(key, keptStore());
  changed();
}

/** Whether a failure is the network's or a busy shop's (try again later) rather than a refusal. */
const worthRetrying = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500);

async function sendOne(order: KeptOrder): Promise<KeptOrder> {
  try {
    if (order.form) {
      const data = new FormData();
      for (const [name, value] of order.form.fields) data.append(name, value);
      if (order.form.file) data.set("file", order.form.file, order.form.fileName);
      data.set("idempotencyKey", order.key);
      return { ...order, state: "sent", order: (await api().placeOrder(data)).order };
    }
    if (order.cart) {
      const placed = await api().orderFromCart(
        order.cart.channel,
        order.cart.delivery,
        order.key,
        order.cart.promoCode,
      );
      return { ...order, state: "sent", order: placed };
    }
    return { ...order, state: "refused", message: "Commande illisible sur ce téléphone." };
  } catch (error) {
    if (worthRetrying(error)) return order;
    // The shop's refusal, in its words; anything else is this phone's copy that cannot be read.
    const message = error instanceof ApiError ? error.message : "Commande illisible sur ce téléphone.";
    return { ...order, state: "refused", message };
  }
}

let sending: Promise<void> | null = null;

/**
 * Sends every order waiting, one after the other; a second call while it runs waits for the
 * same round. Two tabs may both send one: its key makes the shop record it once.
 */
export function sendKeptOrders(): Promise<void> {
  sending ??= (async () => {
    try {
      for (const order of await keptOrders()) {
        if (order.state !== "waiting" || !navigator.onLine) continue;
        const after = await sendOne(order);
        if (after.state === "waiting") break;
        await set(order.key, after, keptStore());
        changed();
      }
    } finally {
      sending = null;
    }
  })();
  return sending;
}
