/**
 * What the service worker does with the shop's pushes (decision 033): show the notification the
 * server sent (`{ title, body, url, tag }`, apps/server/src/plugins/notify.ts), and on a tap open
 * the back-office page it names. sw.ts adds the listeners.
 */
declare const self: ServiceWorkerGlobalScope;

/** Where a tap leads when the message names nowhere the back-office knows. */
export const DEFAULT_ADMIN_PATH = "/admin-panel/orders";

/** Shown when the message cannot be read: the device still says something happened. */
export const FALLBACK_NOTIFICATION = {
  title: "Du nouveau dans la boutique",
  body: "Ouvrez le back-office pour voir les dernières commandes et les messages.",
} as const;

export interface ShopNotification {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

const text = (value: unknown, max: number): string | undefined =>
  typeof value === "string" && value.trim() ? value.trim().slice(0, max) : undefined;

/** The notification a push carries, whatever arrived: anything unreadable gives the fallback. */
export function readPush(data: Pick<PushMessageData, "json"> | null): ShopNotification {
  let message: Record<string, unknown> = {};
  try {
    const parsed: unknown = data?.json();
    if (parsed && typeof parsed === "object") message = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the fallback below.
  }
  const title = text(message.title, 120);
  const tag = text(message.tag, 100);
  return {
    title: title ?? FALLBACK_NOTIFICATION.title,
    body: title ? (text(message.body, 300) ?? "") : FALLBACK_NOTIFICATION.body,
    url: adminPath(message.url, self.location.origin),
    ...(tag ? { tag } : {}),
  };
}

/**
 * The back-office path a notification may open: a path of this origin under /admin-panel,
 * anything else (another site, a storefront page, nothing) the orders' list.
 */
export function adminPath(url: unknown, origin: string): string {
  if (typeof url !== "string") return DEFAULT_ADMIN_PATH;
  try {
    const target = new URL(url, origin);
    const inAdmin = target.pathname === "/admin-panel" || target.pathname.startsWith("/admin-panel/");
    if (target.origin === origin && inAdmin) return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    // Not a URL: the default below.
  }
  return DEFAULT_ADMIN_PATH;
}

export function onPush(event: PushEvent): void {
  const { title, body, url, tag } = readPush(event.data);
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      ...(tag ? { tag } : {}),
      data: { url },
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
      lang: "fr",
    }),
  );
}

/** A tap: the window already on that page comes forward, else one of the shop's goes there, else a new one. */
export function onNotificationClick(event: NotificationEvent): void {
  event.notification.close();
  const origin = self.location.origin;
  const url = new URL(adminPath((event.notification.data as { url?: unknown } | null)?.url, origin), origin).href;
  event.waitUntil(openAdminPage(url, origin));
}

async function openAdminPage(url: string, origin: string): Promise<unknown> {
  const windows = (await self.clients.matchAll({ type: "window", includeUncontrolled: true })).filter(
    (client) => new URL(client.url).origin === origin,
  );
  const already = windows.find((client) => client.url === url);
  if (already) return already.focus();
  const shop = windows.find((client) => client.focused) ?? windows[0];
  if (shop) {
    try {
      // Focus first, while the tap still allows it; navigate() refuses a window this worker
      // does not control, and then a new window opens instead.
      const focused = await shop.focus();
      if (await focused.navigate(url)) return;
    } catch {
      // Below: a new window.
    }
  }
  return self.clients.openWindow(url);
}
