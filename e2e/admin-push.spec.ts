/**
 * The owner's phone rings for each new order (decision 033), in Chromium at 360 px
 * against the real server. Chromium here reaches no push service (no internet): the page's
 * PushManager hands out subscriptions of the local push service (apps/server/src/test/
 * push-service.ts, started by playwright.config.ts, which the shop trusts), where the server's
 * messages arrive, VAPID checked and decrypted. What arrived is then given to the page's real
 * service worker through DevTools, as the push service would, and the notification it shows is read.
 */
import type { Order } from "@shop/shared";
import { formatPrice, MSG } from "@shop/shared/core";
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from "./fixtures.ts";
import {
  expectAccessible,
  expectNoSidewaysScroll,
  open,
  serverLog,
  signedInCustomer,
  signInAdmin,
  someProduct,
  visitorAddress,
} from "./helpers.ts";

const PUSH_SERVICE = process.env.E2E_PUSH_SERVICE ?? "";

interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface ReceivedPush {
  subscription: string;
  payload: { title: string; body: string; url: string; tag: string };
  ttl?: string;
  urgency?: string;
}

/** A new browser's subscription at the local push service. */
async function newSubscription(request: APIRequestContext): Promise<BrowserSubscription> {
  const answer = await request.post(`${PUSH_SERVICE}/subscriptions`);
  expect(answer.status()).toBe(201);
  return answer.json();
}

/** What the local push service received for a subscription, decrypted, oldest first. */
async function received(request: APIRequestContext, subscription: BrowserSubscription): Promise<ReceivedPush[]> {
  const url = `${PUSH_SERVICE}/messages?subscription=${encodeURIComponent(subscription.endpoint)}`;
  return (await request.get(url)).json();
}

/**
 * In the page, instead of the browser's push service: PushManager's subscribe() answers this
 * subscription (and keeps the key it was asked for, which the test compares with the shop's),
 * getSubscription() answers it while subscribed. Kept in localStorage, as the browser keeps its
 * own across visits. Runs in the page: self-contained.
 */
function fakePushManager(json: BrowserSubscription) {
  const KEPT = "e2e-push-application-server-key";
  const toBase64Url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  const bytes = (base64url: string) =>
    Uint8Array.from(atob(base64url.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)).buffer;
  const subscription = (key: string) => ({
    endpoint: json.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: bytes(key) },
    getKey: (name: "p256dh" | "auth") => bytes(json.keys[name]),
    toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(KEPT);
      return true;
    },
  });
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    const key = options?.applicationServerKey;
    let text = "";
    if (typeof key === "string") text = key;
    else if (key instanceof ArrayBuffer) text = toBase64Url(new Uint8Array(key));
    else if (key) text = toBase64Url(new Uint8Array(key.buffer, key.byteOffset, key.byteLength));
    localStorage.setItem(KEPT, text);
    return subscription(text) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async () => {
    const key = localStorage.getItem(KEPT);
    return key === null ? null : (subscription(key) as unknown as PushSubscription);
  };
}

/** The admin's phone: notifications allowed, the push service faked, signed in. */
async function adminPhone(page: Page, context: BrowserContext, baseURL: string) {
  const subscription = await newSubscription(page.request);
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await context.addInitScript(fakePushManager, subscription);
  await signInAdmin(page);
  return subscription;
}

const deviceSwitch = (page: Page) => page.getByRole("switch", { name: "Notifications sur cet appareil" });

/** A customer on another phone orders one product from their cart. */
async function customerOrders(browser: Browser, name: string, productIndex: number): Promise<Order> {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
  const shopper = await context.newPage();
  await signedInCustomer(shopper, name);
  const product = await someProduct(shopper.request, productIndex);
  expect((await shopper.request.post("/api/addtocart", { data: { productId: product._id } })).status()).toBe(201);
  const placed = await shopper.request.post("/api/orders/from-cart", { data: { channel: "whatsapp" } });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).data as Order;
  await context.close();
  return order;
}

/** The notification the server sends for a new order (apps/server/src/plugins/notify.ts). */
const orderNotification = (order: Order) => ({
  title: `Nouvelle commande ${order.reference}`,
  body: `${order.name} — ${formatPrice(order.total)}`,
  url: `/admin-panel/orders/${order.reference}`,
  tag: `order-${order.reference}`,
});

/** The id DevTools gives the page's service worker registration (scope /). */
async function workerRegistration(context: BrowserContext, page: Page, origin: string) {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return { cdp, registrationId: await registrationId };
}

/** The notifications the page's service worker shows now. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
      icon: new URL(n.icon).pathname,
      lang: n.lang,
    })),
  );

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
});

test("the switch on, a new order rings the admin's phone, which shows it; off, it rings no more", async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const logged = serverLog();
  const device = await adminPhone(page, context, origin);
  await open(page, "/admin-panel");
  await expect(page).toHaveURL("/admin-panel/dashboard");
  const toggle = deviceSwitch(page);
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(toggle).toHaveAttribute("aria-busy", "false");

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("status").filter({ hasText: MSG.pushSubscribed })).toBeVisible();
  // The page subscribed with the shop's own key.
  const { publicKey } = (await (await page.request.get("/api/admin/push/key")).json()).data;
  expect(await page.evaluate(() => localStorage.getItem("e2e-push-application-server-key"))).toBe(publicKey);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo);

  // A customer orders: the push service receives the shop's message for this device.
  const order = await customerOrders(browser, "Awa Nkolo", 6);
  expect(order.name).toBe("Awa Nkolo");
  await expect.poll(async () => (await received(page.request, device)).length).toBe(1);
  const [push] = await received(page.request, device);
  expect(push?.payload).toEqual(orderNotification(order));
  expect(push?.urgency).toBe("high");
  expect((await (await page.request.get(`${PUSH_SERVICE}/refused`)).json()) as string[]).toEqual([]);

  // Delivered to the page's service worker as the push service would: it shows the notification.
  const { cdp, registrationId } = await workerRegistration(context, page, origin);
  await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: JSON.stringify(push?.payload) });
  await expect
    .poll(() => shownNotifications(page))
    .toContainEqual({
      title: `Nouvelle commande ${order.reference}`,
      body: `Awa Nkolo — ${formatPrice(order.total)}`,
      tag: `order-${order.reference}`,
      url: `/admin-panel/orders/${order.reference}`,
      icon: "/icons/icon-192.png",
      lang: "fr",
    });

  // Off, by the keyboard: the server forgets this device. Another device of the admin, kept
  // through the API, shows the next order was announced; this one receives nothing more.
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(page.getByRole("status").filter({ hasText: MSG.pushUnsubscribed })).toBeVisible();
  const other = await newSubscription(page.request);
  expect((await page.request.post("/api/admin/push/subscriptions", { data: other })).status()).toBe(201);
  const next = await customerOrders(browser, "Paul Essomba", 7);
  await expect
    .poll(async () => (await received(page.request, other)).map((p) => p.payload))
    .toEqual([orderNotification(next)]);
  expect(await received(page.request, device)).toHaveLength(1);
  expect((await page.request.post("/api/admin/push/unsubscribe", { data: { endpoint: other.endpoint } })).ok()).toBe(
    true,
  );
  // Every message left: nothing logged as an error on the way.
  expect(logged().filter((line) => Number(line.level) >= 50)).toEqual([]);
});

test("a device the server forgot is kept again when the back-office opens on it", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const device = await adminPhone(page, context, baseURL ?? "");
  await open(page, "/admin-panel/dashboard");
  await deviceSwitch(page).click();
  await expect(deviceSwitch(page)).toHaveAttribute("aria-checked", "true");

  // The server forgets it (as when its push service once answered 410); the phone still has it.
  expect((await page.request.post("/api/admin/push/unsubscribe", { data: { endpoint: device.endpoint } })).ok()).toBe(
    true,
  );
  const sentAgain = page.waitForResponse(
    (r) => r.url().endsWith("/api/admin/push/subscriptions") && r.request().method() === "POST",
  );
  await open(page, "/admin-panel/dashboard");
  expect((await sentAgain).status()).toBe(201);
  await expect(deviceSwitch(page)).toHaveAttribute("aria-checked", "true");

  const order = await customerOrders(browser, "Nadège Fouda", 8);
  await expect
    .poll(async () => (await received(page.request, device)).map((p) => p.payload))
    .toEqual([orderNotification(order)]);
  await deviceSwitch(page).click();
  await expect(deviceSwitch(page)).toHaveAttribute("aria-checked", "false");
});
