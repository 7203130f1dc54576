import type { PollerEnv } from "../features/payment/poller";

/**
 * The browser as the payment poller sees it (its PollerEnv), driven by the test: set `online`
 * or `visible`, then `fire` the event a browser would; timers are vitest's (vi.useFakeTimers).
 */
export function pollerBrowser() {
  const handlers = new Map<string, Set<() => void>>();
  const state = { online: true, visible: true };
  const env: PollerEnv = {
    isOnline: () => state.online,
    isVisible: () => state.visible,
    listen: (event, handler) => {
      const set = handlers.get(event) ?? new Set();
      set.add(handler);
      handlers.set(event, set);
      return () => set.delete(handler);
    },
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
  return Object.assign(state, {
    env,
    fire(event: "online" | "offline" | "visibilitychange") {
      for (const handler of handlers.get(event) ?? []) handler();
    },
    /** How many handlers are still listening. */
    listeners: () => [...handlers.values()].reduce((n, set) => n + set.size, 0),
  });
}
