/** What one poll says: ask again, the end is reached, or it could not be read (network, server). */
export type PollOutcome = "again" | "done" | "failed";

/** How the poller sees the connection, for the screen to say so. */
export type PollerStatus = "live" | "retrying" | "offline" | "paused" | "done";

/** The browser as the poller needs it: a seam for tests. */
export interface PollerEnv {
  isOnline(): boolean;
  isVisible(): boolean;
  listen(event: "online" | "offline" | "visibilitychange", handler: () => void): () => void;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export interface PollerOptions {
  /** Between two reads while all is well (3 s). */
  interval?: number;
  /** The longest wait after failures in a row: the wait doubles from `interval` up to it. */
  maxInterval?: number;
  /** A read taking longer counts as failed (its late answer is still taken by `poll`'s caller). */
  timeout?: number;
  onStatus?: (status: PollerStatus) => void;
  env?: PollerEnv;
}

export const browserEnv = (): PollerEnv => ({
  isOnline: () => navigator.onLine !== false,
  isVisible: () => document.visibilityState !== "hidden",
  listen: (event, handler) => {
    const target = event === "visibilitychange" ? document : window;
    target.addEventListener(event, handler);
    return () => target.removeEventListener(event, handler);
  },
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (timer) => window.clearTimeout(timer as number),
});

/**
 * Reads `poll` every `interval` until it says "done". Never two reads at once; after failures
 * the wait doubles (up to `maxInterval`); offline it waits for the `online` event, hidden (the
 * phone locked, another app) for the page to be seen again, and then reads at once: coming
 * back shows the true state. Answers the function that stops it.
 */
export function startPoller(poll: () => Promise<PollOutcome>, options: PollerOptions = {}): () => void {
  const { interval = 3000, maxInterval = 30_000, timeout = 15_000, onStatus = () => {} } = options;
  const env = options.env ?? browserEnv();
  let timer: unknown = null;
  let inFlight = false;
  let stopped = false;
  let failures = 0;
  let status: PollerStatus | null = null;

  const say = (next: PollerStatus) => {
    if (next === status) return;
    status = next;
    onStatus(next);
  };
  const clear = () => {
    if (timer !== null) env.clearTimeout(timer);
    timer = null;
  };
  const schedule = (ms: number) => {
    clear();
    timer = env.setTimeout(tick, ms);
  };

  async function tick() {
    timer = null;
    if (stopped || inFlight) return;
    if (!env.isOnline()) return say("offline");
    if (!env.isVisible()) return say("paused");
    inFlight = true;
    let outcome: PollOutcome;
    let timeoutTimer: unknown = null;
    try {
      outcome = await Promise.race([
        poll(),
        new Promise<PollOutcome>((resolve) => {
          timeoutTimer = env.setTimeout(() => resolve("failed"), timeout);
        }),
      ]);
    } catch {
      outcome = "failed";
    } finally {
      env.clearTimeout(timeoutTimer);
      inFlight = false;
    }
    if (stopped) return;
    if (outcome === "done") return stop("done");
    if (outcome === "failed") {
      failures++;
      // Still online? Wait longer each time; offline, the `online` event wakes it.
      if (!env.isOnline()) return say("offline");
      say("retrying");
      return schedule(Math.min(interval * 2 ** failures, maxInterval));
    }
    failures = 0;
    say("live");
    schedule(interval);
  }

  /** Back online, or seen again: read now rather than at the end of a long wait. */
  const now = () => {
    if (stopped || inFlight) return;
    clear();
    void tick();
  };
  const unlisten = [
    env.listen("online", () => {
      failures = 0;
      now();
    }),
    env.listen("offline", () => {
      clear();
      say("offline");
    }),
    env.listen("visibilitychange", () => {
      if (env.isVisible()) now();
      else {
        clear();
        say("paused");
      }
    }),
  ];

  function stop(final?: "done") {
    if (stopped) return;
    stopped = true;
    clear();
    for (const off of unlisten) off();
    if (final) say(final);
  }

  // The page was just read by its loader: the first poll waits one interval.
  if (!env.isOnline()) say("offline");
  else if (!env.isVisible()) say("paused");
  else {
    say("live");
    schedule(interval);
  }
  return () => stop();
}
