// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminPath, DEFAULT_ADMIN_PATH, FALLBACK_NOTIFICATION, onNotificationClick, onPush, readPush } from "./push";

const ORIGIN = "https://boutique.cm";

interface FakeWindow {
  url: string;
  focused: boolean;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

/** The worker's global scope, as much of it as push.ts reads. */
function fakeWorker(windows: Partial<FakeWindow>[] = []) {
  const clients = windows.map((w) => {
    const client: FakeWindow = {
      url: w.url ?? `${ORIGIN}/`,
      focused: w.focused ?? false,
      focus: vi.fn(async () => client),
      navigate: w.navigate ?? vi.fn(async (url: string) => ({ ...client, url })),
    };
    return client;
  });
  const scope = {
    location: { origin: ORIGIN },
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => clients), openWindow: vi.fn(async () => null) },
  };
  vi.stubGlobal("self", scope);
  return { scope, clients };
}

const json = (value: unknown) => ({ json: () => JSON.parse(JSON.stringify(value)) });
const broken = { json: () => JSON.parse("pas du json") };

/** An event's waitUntil, kept for the test to await. */
function waiting() {
  const promises: Promise<unknown>[] = [];
  return { waitUntil: (p: Promise<unknown>) => promises.push(p), done: () => Promise.all(promises) };
}

beforeEach(() => fakeWorker());
afterEach(() => vi.unstubAllGlobals());

describe("readPush", () => {
  it("reads the server's notification", () => {
    const sent = { title: "Nouvelle commande CMD-1", body: "Awa — 10 000 FCFA", url: "/admin-panel/orders/CMD-1" };
    expect(readPush(json({ ...sent, tag: "order-CMD-1" }))).toEqual({ ...sent, tag: "order-CMD-1" });
  });

  it("falls back to a French notice for nothing, not JSON, or no title", () => {
    const fallback = { ...FALLBACK_NOTIFICATION, url: DEFAULT_ADMIN_PATH };
    expect(readPush(null)).toEqual(fallback);
    expect(readPush(broken)).toEqual(fallback);
    expect(readPush(json("texte"))).toEqual(fallback);
    expect(readPush(json({ body: "sans titre", title: "  " }))).toEqual(fallback);
    expect(readPush(json({ title: "Titre", body: 42, url: 7 }))).toEqual({
      title: "Titre",
      body: "",
      url: DEFAULT_ADMIN_PATH,
    });
  });
});

describe("adminPath", () => {
  it("keeps this origin's back-office paths", () => {
    expect(adminPath("/admin-panel/orders/CMD-1?x=1#a", ORIGIN)).toBe("/admin-panel/orders/CMD-1?x=1#a");
    expect(adminPath(`${ORIGIN}/admin-panel/messages`, ORIGIN)).toBe("/admin-panel/messages");
    expect(adminPath("/admin-panel", ORIGIN)).toBe("/admin-panel");
  });

  it("sends anything else to the orders", () => {
    for (const url of [
      "https://ailleurs.cm/admin-panel/orders",
      "//ailleurs.cm/admin-panel",
      "/",
      "/cart",
      "/admin-panelx",
      "/admin-panel/../cart",
      "javascript:alert(1)",
      "",
      undefined,
      42,
    ]) {
      expect(adminPath(url, ORIGIN), String(url)).toBe(DEFAULT_ADMIN_PATH);
    }
  });
});

describe("onPush", () => {
  it("shows the notification, in French, with the page a tap opens", async () => {
    const { scope } = fakeWorker();
    const event = waiting();
    onPush({
      ...event,
      data: json({ title: "Nouvelle commande CMD-2", body: "Paul — 5 000 FCFA", url: "/admin-panel/orders/CMD-2" }),
    } as unknown as PushEvent);
    await event.done();
    expect(scope.registration.showNotification).toHaveBeenCalledWith("Nouvelle commande CMD-2", {
      body: "Paul — 5 000 FCFA",
      data: { url: "/admin-panel/orders/CMD-2" },
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
      lang: "fr",
    });
  });

  it("still shows something for a message it cannot read", async () => {
    const { scope } = fakeWorker();
    const event = waiting();
    onPush({ ...event, data: broken } as unknown as PushEvent);
    await event.done();
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      FALLBACK_NOTIFICATION.title,
      expect.objectContaining({ body: FALLBACK_NOTIFICATION.body, data: { url: DEFAULT_ADMIN_PATH } }),
    );
  });
});

describe("onNotificationClick", () => {
  async function tap(url: unknown) {
    const event = waiting();
    const close = vi.fn();
    onNotificationClick({ ...event, notification: { close, data: { url } } } as unknown as NotificationEvent);
    await event.done();
    expect(close).toHaveBeenCalled();
  }

  it("focuses the window already on that page", async () => {
    const { scope, clients } = fakeWorker([
      { url: `${ORIGIN}/admin-panel/dashboard`, focused: true },
      { url: `${ORIGIN}/admin-panel/orders/CMD-3` },
    ]);
    await tap("/admin-panel/orders/CMD-3");
    expect(clients[1]?.focus).toHaveBeenCalled();
    expect(clients[0]?.navigate).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it("takes one of the shop's windows there, the focused one first, never another site's", async () => {
    const { scope, clients } = fakeWorker([
      { url: "https://ailleurs.cm/", focused: true },
      { url: `${ORIGIN}/` },
      { url: `${ORIGIN}/cart`, focused: true },
    ]);
    await tap("/admin-panel/orders/CMD-4");
    expect(clients[2]?.focus).toHaveBeenCalled();
    expect(clients[2]?.navigate).toHaveBeenCalledWith(`${ORIGIN}/admin-panel/orders/CMD-4`);
    expect(clients[0]?.focus).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it("opens a new window when none of the shop's is open, or the one open cannot be taken there", async () => {
    const { scope } = fakeWorker();
    await tap("https://ailleurs.cm/piege");
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}${DEFAULT_ADMIN_PATH}`);

    const uncontrolled = fakeWorker([
      { url: `${ORIGIN}/`, navigate: vi.fn(async () => Promise.reject(new TypeError("not controlled"))) },
    ]);
    await tap("/admin-panel/messages");
    expect(uncontrolled.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/admin-panel/messages`);
  });
});
