/**
 * Child process of api-bench.ts and crowd-bench.ts: one autocannon run, then exit. A fresh
 * process for each run because autocannon slows down run after run in a long-lived process
 * (measured on the bench machine: ~30 000 → ~18 000 req/s over six 4 s runs against the same
 * bare server, while a new process each time stays at ~30 000), which would favour whichever
 * server is measured first.
 *
 * argv[2]: JSON of LoadOptions, or `@<file>` holding it. Answers one LoadResult over IPC (after a `{type:"loaded"}`
 * and waiting for `{type:"go"}` when `waitForGo` is set: several runs then start together).
 */
import { readFileSync } from "node:fs";
import autocannon, { type Client, type Request } from "autocannon";
import { percentile } from "./lib/stats.ts";

/** One request of a sequence (`requests`, `perConnection`). */
export interface LoadRequest {
  /** Groups the results (`byTag`): e.g. "view-cart", "update-cart". */
  tag: string;
  method: "GET" | "POST";
  /** Path and query string. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  /** The server (with `requests` or `perConnection`, only its origin is used). */
  url: string;
  method: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  /** Replace `[<id>]` in the URL with a new id in each request. */
  idReplacement: boolean;
  /** A sequence every connection goes through in a loop, instead of one request. */
  requests?: LoadRequest[];
  /**
   * One sequence per connection, in turn: connection i loops through perConnection[i % n]
   * (e.g. one signed-in customer per connection, each with their own cart).
   */
  perConnection?: LoadRequest[][];
  /** Send `{type:"loaded"}`, then start on `{type:"go"}`. */
  waitForGo?: boolean;
  /** Also answer every 2xx latency (`latencies`), so that several runs can be merged. */
  keepLatencies?: boolean;
  /** At most this many requests per second from all connections together (default: as fast as answered). */
  overallRate?: number;
}

export interface TagResult {
  requests: number;
  non2xx: number;
  p50: number;
  p99: number;
  /** The slowest answer (ms), and how many took over a second. */
  max: number;
  overOneSecond: number;
  /** When (s from the start) the first 100 answers over a second ended, and how long each took (ms). */
  slow: [number, number][];
}

export interface LoadResult {
  /** Answers with a 2xx status per second. */
  rps: number;
  /** Of the 2xx answers, exact (ms). */
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** autocannon's count: connection errors and time-outs together. */
  errors: number;
  timeouts: number;
  /** Seconds from the first request to the end. */
  elapsed?: number;
  /** Statuses of the non-2xx answers, with their counts. */
  statuses?: Record<string, number>;
  /** With a sequence: per tag. */
  byTag?: Record<string, TagResult>;
  /** With `keepLatencies`. */
  latencies?: number[];
  /**
   * Requests still waiting when the run stopped (about one per connection when the server
   * keeps up), and how long the oldest had waited: neither in p99 nor counted as time-outs.
   */
  unanswered?: { count: number; oldestMs: number };
}

// autocannon's timers warn when a run ends with requests still waiting: nothing to act on.
process.removeAllListeners("warning");
process.on("warning", (w) => {
  if (w.name !== "TimeoutNegativeWarning") console.warn(`${w.name}: ${w.message}`);
});

// The options as JSON, or `@<file>` holding them (a crowd's sequences outgrow a command line).
const arg = process.argv[2] ?? "{}";
const options = JSON.parse(arg.startsWith("@") ? readFileSync(arg.slice(1), "utf8") : arg) as LoadOptions;

/** Exact per-request latencies, growing as needed (autocannon's histogram rounds to whole ms). */
class Samples {
  values = new Float64Array(1 << 16);
  count = 0;
  push(ms: number) {
    if (this.count === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.count++] = ms;
  }
  sorted() {
    return this.values.subarray(0, this.count).sort();
  }
}

const all = new Samples();
let non2xx = 0;
const statuses: Record<string, number> = {};
const tags = new Map<string, { samples: Samples; non2xx: number; slow: [number, number][] }>();
let startedAt = 0;

type Tagged = Request & { tag: string };
const toRequest = (r: LoadRequest): Tagged => ({
  tag: r.tag,
  method: r.method,
  path: r.path,
  headers: { ...(r.body ? { "content-type": "application/json" } : {}), ...r.headers },
  ...(r.body ? { body: r.body } : {}),
});

const sequences = options.perConnection ?? (options.requests ? [options.requests] : undefined);
let nextConnection = 0;
/** When each connection sent the request it waits for (pipelining 1: one at a time). */
const waiting = new Map<Client, number>();

function run() {
  const started = performance.now();
  startedAt = started;
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
      ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      ...(sequences ? { requests: (sequences[0] ?? []).map(toRequest) } : {}),
      setupClient: (client: Client) => {
        // With perConnection, each connection (autocannon's client) gets its own sequence, in turn.
        if (options.perConnection) {
          const sequence = sequences?.[nextConnection++ % sequences.length] ?? [];
          client.requestIterator.setRequests(sequence.map(toRequest));
        }
        // A time-out's new request replaces the one given up.
        client.on("request", () => waiting.set(client, performance.now()));
      },
    },
    (error, result) => {
      if (error) throw error;
      const now = performance.now();
      const elapsed = (now - started) / 1000;
      const ages = [...waiting.values()].map((sentAt) => now - sentAt);
      const sorted = all.sorted();
      const answer: LoadResult = {
        rps: all.count / elapsed,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        requests: all.count,
        non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        elapsed,
        statuses,
        unanswered: { count: ages.length, oldestMs: ages.length ? Math.max(...ages) : 0 },
        ...(sequences
          ? {
              byTag: Object.fromEntries(
                [...tags].map(([tag, t]) => {
                  const s = t.samples.sorted();
                  const firstSlow = s.findIndex((ms) => ms > 1000);
                  const result: TagResult = {
                    requests: t.samples.count,
                    non2xx: t.non2xx,
                    p50: percentile(s, 50),
                    p99: percentile(s, 99),
                    max: s.length ? (s[s.length - 1] ?? 0) : Number.NaN,
                    overOneSecond: firstSlow < 0 ? 0 : s.length - firstSlow,
                    slow: t.slow,
                  };
                  return [tag, result];
                }),
              ),
            }
          : {}),
        ...(options.keepLatencies ? { latencies: Array.from(sorted, (ms) => Math.round(ms * 1000) / 1000) } : {}),
      };
      process.send?.(answer, () => process.exit(0));
    },
  );
  instance.on("response", (client, status, _bytes, ms) => {
    waiting.delete(client as Client);
    // With pipelining 1, the client's current request is the one just answered.
    const tag = sequences ? ((client as Client).requestIterator.currentRequest as Tagged).tag : undefined;
    let t = tag === undefined ? undefined : tags.get(tag);
    if (tag !== undefined && !t) {
      t = { samples: new Samples(), non2xx: 0, slow: [] };
      tags.set(tag, t);
    }
    if (status < 200 || status >= 300) {
      non2xx++;
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (t) t.non2xx++;
      return;
    }
    all.push(ms);
    t?.samples.push(ms);
    if (t && ms > 1000 && t.slow.length < 100)
      t.slow.push([Math.round((performance.now() - startedAt) / 100) / 10, Math.round(ms)]);
  });
}

if (options.waitForGo) {
  process.on("message", (m: { type: string }) => {
    if (m.type === "go") run();
  });
  process.send?.({ type: "loaded" });
} else run();
