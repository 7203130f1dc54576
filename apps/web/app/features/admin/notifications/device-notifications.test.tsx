import { MSG } from "@shop/shared/core";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ok, refused, stubApi } from "../../../test/api";
import {
  DENIED_MESSAGE,
  DEVICE_NOTIFICATIONS_LABEL,
  DeviceNotifications,
  failedMessage,
  UNSUPPORTED_MESSAGE,
} from "./device-notifications";

/** The shop's VAPID public key as the server answers it (base64url of a 65-byte P-256 point). */
const PUBLIC_KEY = Buffer.from([4, ...Array.from({ length: 64 }, (_, i) => 250 - i)]).toString("base64url");
const SUBSCRIPTION = {
  endpoint: "https://push.exemple.net/push/abc",
  expirationTime: null,
  keys: { p256dh: "p".repeat(87), auth: "a".repeat(22) },
};

type Permission = "default" | "granted" | "denied";

/** The server's push routes; what it was asked is in `calls`. */
function fakeServer(refuseSubscription = false) {
  return stubApi({
    "GET /api/admin/push/key": ok("", { publicKey: PUBLIC_KEY }),
    "POST /api/admin/push/subscriptions": refuseSubscription
      ? refused(400, "Abonnement refusé.")
      : ok(MSG.pushSubscribed),
    "POST /api/admin/push/unsubscribe": ok(MSG.pushUnsubscribed),
  }).calls;
}

/**
 * The browser's side: a service worker registration whose PushManager subscribes (or not),
 * and Notification's permission with the answer its prompt will give.
 */
function fakeBrowser(options: {
  permission?: Permission;
  prompt?: Permission;
  subscribed?: boolean;
  registered?: boolean;
  subscribeFails?: boolean;
}) {
  const { permission = "default", prompt = "granted", subscribed = false, registered = true } = options;
  let current: ReturnType<typeof subscription> | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const subscription = () => ({ endpoint: SUBSCRIPTION.endpoint, toJSON: () => SUBSCRIPTION, unsubscribe });
  if (subscribed) current = subscription();
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_: PushSubscriptionOptionsInit) => {
      if (options.subscribeFails) throw new DOMException("push service error", "AbortError");
      current = subscription();
      return current;
    }),
  };
  const registration = { pushManager };
  const Notification = {
    permission,
    requestPermission: vi.fn(async () => {
      Notification.permission = prompt;
      return prompt;
    }),
  };
  vi.stubGlobal("Notification", Notification);
  vi.stubGlobal("PushManager", class {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: {
      getRegistration: vi.fn(async () => (registered ? registration : undefined)),
      ready: Promise.resolve(registration),
    },
  });
  return { pushManager, unsubscribe, Notification };
}

const toggle = () => screen.getByRole("switch", { name: DEVICE_NOTIFICATIONS_LABEL });
const status = () => screen.getByRole("status");
/** Waits until the device's state is read (the switch no longer busy). */
const settled = () => waitFor(() => expect(toggle().getAttribute("aria-busy")).toBe("false"));

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("DeviceNotifications", () => {
  it("says a browser without Web Push cannot receive them, and the switch does nothing", async () => {
    const calls = fakeServer();
    render(<DeviceNotifications />);
    await waitFor(() => expect(status().textContent).toBe(UNSUPPORTED_MESSAGE));
    expect(toggle().getAttribute("aria-checked")).toBe("false");
    expect(toggle().getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(toggle());
    expect(calls).toEqual([]);
  });

  it("says how to allow notifications the browser blocks", async () => {
    const browser = fakeBrowser({ permission: "denied" });
    fakeServer();
    render(<DeviceNotifications />);
    await waitFor(() => expect(status().textContent).toBe(DENIED_MESSAGE));
    expect(toggle().getAttribute("aria-disabled")).toBe("true");
    // Still reachable by the keyboard, with the reason read with it.
    expect(toggle().getAttribute("aria-describedby")).toContain(status().id);
    fireEvent.click(toggle());
    expect(browser.Notification.requestPermission).not.toHaveBeenCalled();
  });

  it("is off without a subscription; on: permission, the shop's key, the push service, then the server", async () => {
    const browser = fakeBrowser({});
    const calls = fakeServer();
    render(<DeviceNotifications />);
    // The server's page and the first render: waiting, before the browser is asked anything.
    expect(toggle().getAttribute("aria-busy")).toBe("true");
    await settled();
    expect(toggle().getAttribute("aria-checked")).toBe("false");
    expect(calls).toEqual([]);

    fireEvent.click(toggle());
    expect(browser.Notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(toggle().getAttribute("aria-busy")).toBe("true");
    expect(status().textContent).toBe("Activation…");
    await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("true"));
    expect(status().textContent).toBe(MSG.pushSubscribed);

    const [options] = browser.pushManager.subscribe.mock.calls[0] ?? [];
    expect(options?.userVisibleOnly).toBe(true);
    const key = options?.applicationServerKey as Uint8Array;
    expect(key).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(key).toString("base64url")).toBe(PUBLIC_KEY);
    expect(calls).toEqual([
      { route: "GET /api/admin/push/key", body: undefined },
      { route: "POST /api/admin/push/subscriptions", body: SUBSCRIPTION },
    ]);
  });

  it("is on with a subscription, sends it to the server again, and turns off: the device, then the server", async () => {
    const browser = fakeBrowser({ permission: "granted", subscribed: true });
    const calls = fakeServer();
    render(<DeviceNotifications />);
    await settled();
    expect(toggle().getAttribute("aria-checked")).toBe("true");
    // A device the server forgot is kept again.
    expect(calls).toEqual([{ route: "POST /api/admin/push/subscriptions", body: SUBSCRIPTION }]);

    fireEvent.click(toggle());
    expect(status().textContent).toBe("Désactivation…");
    await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("false"));
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    expect(calls.at(-1)).toEqual({
      route: "POST /api/admin/push/unsubscribe",
      body: { endpoint: SUBSCRIPTION.endpoint },
    });
    expect(status().textContent).toBe(MSG.pushUnsubscribed);
  });

  it("a refusal at the browser's prompt leaves it blocked, and nothing is sent", async () => {
    const browser = fakeBrowser({ prompt: "denied" });
    const calls = fakeServer();
    render(<DeviceNotifications />);
    await settled();
    fireEvent.click(toggle());
    await waitFor(() => expect(status().textContent).toBe(DENIED_MESSAGE));
    expect(toggle().getAttribute("aria-checked")).toBe("false");
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it("a prompt dismissed leaves it off, to try again", async () => {
    fakeBrowser({ prompt: "default" });
    const calls = fakeServer();
    render(<DeviceNotifications />);
    await settled();
    fireEvent.click(toggle());
    await settled();
    expect(toggle().getAttribute("aria-checked")).toBe("false");
    expect(toggle().getAttribute("aria-disabled")).toBe("false");
    expect(calls).toEqual([]);
  });

  it("a subscription the server refuses is undone, with the server's reason", async () => {
    const browser = fakeBrowser({});
    fakeServer(true);
    render(<DeviceNotifications />);
    await settled();
    fireEvent.click(toggle());
    await waitFor(() => expect(status().textContent).toBe("Abonnement refusé."));
    expect(toggle().getAttribute("aria-checked")).toBe("false");
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it("a push service that does not answer leaves it off, and says so", async () => {
    fakeBrowser({ subscribeFails: true });
    fakeServer();
    render(<DeviceNotifications />);
    await settled();
    fireEvent.click(toggle());
    await waitFor(() => expect(status().textContent).toBe(failedMessage(true)));
    expect(toggle().getAttribute("aria-checked")).toBe("false");
  });

  it("ignores taps while a change is under way", async () => {
    const browser = fakeBrowser({});
    fakeServer();
    render(<DeviceNotifications />);
    await settled();
    await act(async () => {
      fireEvent.click(toggle());
      fireEvent.click(toggle());
    });
    await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("true"));
    expect(browser.Notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });
});
