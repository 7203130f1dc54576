import { performance } from "node:perf_hooks";

/** A window in which the event loop worked more than this share of the time: a crowd. */
const BUSY = 0.2;
/** A window under this share after a crowd: the shop is quiet again. */
const QUIET = 0.02;
const WINDOW_MS = 5_000;

/** One window's verdict: `collect` once, on the first quiet window after busy ones. */
export function idleStep(busy: boolean, utilization: number): { busy: boolean; collect: boolean } {
  if (utilization > BUSY) return { busy: true, collect: false };
  if (busy && utilization < QUIET) return { busy: false, collect: true };
  return { busy, collect: false };
}

export interface IdleCollector {
  stop(): void;
}

/**
 * After a crowd, V8 keeps the heap it grew for it until it needs the room again. When the event
 * loop goes from busy to quiet, one full collection that reduces memory gives it back to the
 * system (after the benchmark's crowd: 215 → 186 MB, decision 030). It pauses the server for a
 * fraction of a second (220–260 ms measured on a busy 2-core machine), once, when nobody is
 * being served. Needs node's `--expose-gc`, which
 * `npm start` gives; without it, returns null and does nothing.
 */
export function collectWhenIdle(
  log: (fields: Record<string, number>, message: string) => void,
  windowMs = WINDOW_MS,
): IdleCollector | null {
  const gc = globalThis.gc;
  if (!gc) return null;
  let last = performance.eventLoopUtilization();
  let busy = false;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const step = idleStep(busy, performance.eventLoopUtilization(now, last).utilization);
    last = now;
    busy = step.busy;
    if (!step.collect) return;
    const before = process.memoryUsage().rss;
    const started = performance.now();
    gc({ type: "major", execution: "sync", flavor: "last-resort" });
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    log(
      {
        rssBeforeMb: mb(before),
        rssAfterMb: mb(process.memoryUsage().rss),
        ms: Math.round(performance.now() - started),
      },
      "quiet after a crowd: memory given back",
    );
  }, windowMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
