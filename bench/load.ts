/**
 * Child process of api-bench.ts: one autocannon run, then exit. A fresh process for each run
 * because autocannon slows down run after run in a long-lived process (measured on the bench
 * machine: ~30 000 → ~18 000 req/s over six 4 s runs against the same bare server, while a new
 * process each time stays at ~30 000), which would favour whichever server is measured first.
 *
 * argv[2]: JSON of LoadOptions. Answers one LoadResult over IPC.
 */
import autocannon from "autocannon";

export interface LoadOptions {
  url: string;
  method: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  /** Replace `[<id>]` in the URL with a new id in each request. */
  idReplacement: boolean;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

// autocannon's timers warn when a run ends with requests still waiting: nothing to act on.
process.removeAllListeners("warning");
process.on("warning", (w) => {
  if (w.name !== "TimeoutNegativeWarning") console.warn(`${w.name}: ${w.message}`);
});

const options = JSON.parse(process.argv[2] ?? "{}") as LoadOptions;

/** Exact per-request latencies (autocannon's own histogram rounds to whole milliseconds). */
let latencies = new Float64Array(1 << 20);
let count = 0;
let non2xx = 0;

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : Number.NaN;

const started = performance.now();
const instance = autocannon(
  {
    url: options.url,
    method: options.method,
    headers: { ...(options.body ? { "content-type": "application/json" } : {}), ...options.headers },
    body: options.body,
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
    timeout: 10,
    idReplacement: options.idReplacement,
  },
  (error, result) => {
    if (error) throw error;
    const elapsed = (performance.now() - started) / 1000;
    const sorted = latencies.subarray(0, count).sort();
    const answer: LoadResult = {
      rps: count / elapsed,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      requests: count,
      non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
    };
    process.send?.(answer, () => process.exit(0));
  },
);
instance.on("response", (_client, status, _bytes, ms) => {
  if (status < 200 || status >= 300) {
    non2xx++;
    return;
  }
  if (count === latencies.length) {
    const bigger = new Float64Array(latencies.length * 2);
    bigger.set(latencies);
    latencies = bigger;
  }
  latencies[count++] = ms;
});
