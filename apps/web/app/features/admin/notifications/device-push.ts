import type { PushSubscriptionInput } from "@shop/shared";
import { adminApi } from "../admin-api";

/**
 * This device's push subscription (decision 033), in the browser only: the Push API, the
 * permission to notify, and the server told what the device became.
 */
export type DeviceState = "unsupported" | "denied" | "off" | "on";

/** How long a first turning on waits for the service worker (the page registers it after loading). */
const WORKER_WAIT_MS = 15_000;

export function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The VAPID key as the server writes it (base64url) in the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** What the server keeps of a subscription: its endpoint and keys, nothing else. */
function toInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  };
}

async function readyWorker(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no service worker")), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What the device is now. No service worker registered yet means no subscription (it belongs to
 * the worker's registration): `ready` is not awaited here, it would wait for ever on a page
 * whose worker failed to register. A subscription found is sent to the server again, so that a
 * device the server forgot (a push service's 410 in the past, a role given back) rings again.
 */
export async function readDevice(): Promise<DeviceState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription || Notification.permission !== "granted") return "off";
  // A help, not the answer: the switch says what the device is even if this call fails.
  await adminApi()
    .subscribePush(toInput(subscription))
    .catch(() => {});
  return "on";
}

/**
 * Turns the notifications on: the browser's permission (asked first, while the tap still
 * allows it), the shop's key, the push service's subscription, then the server. Answers the
 * state and the server's message; a subscription the server refused is undone.
 */
export async function turnOn(): Promise<{ state: DeviceState; message?: string }> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return { state: "denied" };
  if (permission !== "granted") return { state: "off" };
  const api = adminApi();
  const [publicKey, registration] = await Promise.all([api.pushKey(), readyWorker()]);
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe(options);
  } catch (error) {
    // Subscribed earlier under another key (the shop's keys changed): that one goes first.
    if (!(error instanceof DOMException && error.name === "InvalidStateError")) throw error;
    await (await registration.pushManager.getSubscription())?.unsubscribe();
    subscription = await registration.pushManager.subscribe(options);
  }
  try {
    return { state: "on", message: await api.subscribePush(toInput(subscription)) };
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
}

/**
 * Turns them off: the device leaves the push service, then the server forgets it. Should the
 * server not hear it, the push service answers 410 at the next message and the server forgets
 * the device then (push.service.ts).
 */
export async function turnOff(): Promise<{ state: DeviceState; message?: string }> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return { state: "off" };
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  const message = await adminApi()
    .unsubscribePush(endpoint)
    .catch(() => undefined);
  return { state: "off", message };
}
