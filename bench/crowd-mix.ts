/**
 * The crowd benchmark's mix (its part (b) in bench/README.md), shared by crowd-bench.ts and
 * memory-bench.ts: the storefront's anonymous pages, the catalogue API reads and signed-in
 * customers reading and changing their cart, as three autocannon processes (load.ts) started
 * together; plus the HTTP helpers and the shop data (pages, customers) it needs.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { forkChild, stopChild } from "./lib/children.ts";
import { type Cell, int } from "./lib/format.ts";
import { BENCH } from "./lib/paths.ts";
import { percentile } from "./lib/stats.ts";
import type { LoadOptions, LoadRequest, LoadResult, TagResult } from "./load.ts";

export type PageKey = "home" | "product" | "category" | "search";
export const PAGE_KEYS: PageKey[] = ["home", "product", "category", "search"];

/** What a phone sends (Chromium on Android also offers zstd, which the shop does not use). */
export const PHONE = { "accept-encoding": "br, gzip" };

/** The server's environment for a crowd: its customers sign up and in from 127.0.0.1, more than the 10 a minute allowed. */
export const MANY_SIGN_UPS = { AUTH_RATE_LIMIT_MAX: "100000" };

/** A load.ts process: `go()` starts it (at once without `waitForGo`), `result` is its answer. */
export function loadProcess(options: LoadOptions): {
  loaded: Promise<void>;
  go: () => void;
  result: Promise<LoadResult>;
} {
  // Long options (a crowd's sequences, each with its customer's token) go through a file:
  // a command line holds about 128 KB.
  let arg = JSON.stringify(options);
  if (arg.length > 64 * 1024) {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "shop-load-")), "options.json");
    writeFileSync(file, arg);
    arg = `@${file}`;
  }
  const proc = forkChild(path.join(BENCH, "load.ts"), [arg], {
    env: { PATH: process.env.PATH },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let onLoaded = () => {};
  const loaded = new Promise<void>((resolve) => {
    onLoaded = resolve;
  });
  const result = new Promise<LoadResult>((resolve, reject) => {
    let answer: LoadResult | undefined;
    proc.on("message", (m: LoadResult | { type: "loaded" }) => {
      if ("type" in m) onLoaded();
      else answer = m;
    });
    proc.once("exit", (code) => {
      onLoaded();
      if (answer) resolve(withNaN(answer));
      else reject(new Error(`load.ts exited (${code}) without a result`));
    });
  });
  return { loaded, go: () => proc.send({ type: "go" }), result };
}

/** The bare server (bare-server.ts), answering the bytes recorded in `file`. */
export async function startBare(file: string): Promise<{ port: number; pid: number; stop: () => Promise<void> }> {
  const proc = forkChild(path.join(BENCH, "bare-server.ts"), [file], {
    env: { PATH: process.env.PATH },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    proc.once("message", (m: { type: string; port: number }) => resolve(m.port));
    proc.once("exit", (code) => reject(new Error(`bare-server.ts exited (${code})`)));
  });
  return { port, pid: proc.pid as number, stop: () => stopChild(proc, 10_000) };
}

/**
 * When a run stops, the server still has the requests then waiting to answer (about one per
 * connection): without the page cache, seconds of rendering that would slow whatever is
 * measured next. Waits for them, at the rate the run measured (at most 15 s).
 */
export async function settle(...results: LoadResult[]): Promise<void> {
  const seconds = Math.max(0, ...results.map((r) => (r.unanswered?.count ?? 0) / Math.max(r.rps, 1)));
  await new Promise((resolve) => setTimeout(resolve, Math.min(15, seconds) * 1000 + 200));
}

/** JSON turns NaN (a percentile of no answers) into null: back to NaN. */
export function withNaN(r: LoadResult): LoadResult {
  const n = (x: number | null) => (typeof x === "number" ? x : Number.NaN);
  const byTag = r.byTag
    ? Object.fromEntries(
        Object.entries(r.byTag).map(([k, t]) => [k, { ...t, p50: n(t.p50), p99: n(t.p99), max: n(t.max) }]),
      )
    : undefined;
  return { ...r, p50: n(r.p50), p99: n(r.p99), ...(byTag ? { byTag } : {}) };
}

// ---------------------------------------------------------------- HTTP

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One request with node:http, which (unlike fetch) gives the bytes as sent: still compressed. */
export function raw(
  base: string,
  urlPath: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      base + urlPath,
      {
        method: init.method ?? "GET",
        headers: { ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

export async function json<T>(
  base: string,
  urlPath: string,
  init: Parameters<typeof raw>[2] = {},
): Promise<{ status: number; body: T }> {
  const answer = await raw(base, urlPath, init);
  const text = decode(answer).toString("utf8");
  try {
    return { status: answer.status, body: JSON.parse(text) as T };
  } catch {
    throw new Error(`${init.method ?? "GET"} ${urlPath}: HTTP ${answer.status}, not JSON: ${text.slice(0, 200)}`);
  }
}

export function decode(answer: RawAnswer): Buffer {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body);
  if (encoding === "gzip") return gunzipSync(answer.body);
  return answer.body;
}

// ---------------------------------------------------------------- the shop's data

export interface Page {
  key: PageKey;
  label: string;
  path: string;
}

export async function pagesOf(base: string, keys: PageKey[]): Promise<{ pages: Page[]; productIds: string[] }> {
  const categoryProducts = await json<{ data?: { _id: string }[] }>(base, "/api/get-categoryProduct");
  const first = categoryProducts.body.data?.[0]?._id;
  if (categoryProducts.status !== 200 || !first) throw new Error("GET /api/get-categoryProduct gave no product");
  const list = await json<{ data?: { _id: string }[] }>(base, "/api/get-product");
  const productIds = (list.body.data ?? []).map((p) => p._id);
  const all: Page[] = [
    { key: "home", label: "Home `/`", path: "/" },
    { key: "product", label: "Product `/product/{id}`", path: `/product/${first}` },
    {
      key: "category",
      label: "Category `/product-category?category=SAMSUNG`",
      path: "/product-category?category=SAMSUNG",
    },
    { key: "search", label: "Search `/search?q=iphone`", path: "/search?q=iphone" },
  ];
  return {
    pages: all.filter((p) => keys.includes(p.key)),
    productIds: [first, ...productIds.filter((id) => id !== first)],
  };
}

export interface Customer {
  email: string;
  token: string;
  /** The cart line whose quantity the mix changes. */
  lineId: string;
  lines: number;
}

/** Signs up and in `count` customers, each with two products in their cart, a few at a time. */
export async function makeCustomers(
  base: string,
  count: number,
  productIds: string[],
  tag: string,
): Promise<Customer[]> {
  const customers: Customer[] = [];
  const one = async (i: number): Promise<Customer> => {
    const email = `crowd-${tag}-${i}@bench.example`;
    const password = "bench-motdepasse";
    const up = await json<unknown>(base, "/api/signup", {
      method: "POST",
      body: JSON.stringify({ name: `Client ${i}`, email, password, confirmPassword: password, profilePic: "" }),
    });
    if (up.status !== 201) throw new Error(`sign-up of ${email}: HTTP ${up.status} ${JSON.stringify(up.body)}`);
    const signIn = await json<{ data?: string }>(base, "/api/signin", {
      method: "POST",
      body: JSON.stringify({ email, password }),
    });
    const token = signIn.body.data;
    if (signIn.status !== 200 || !token) throw new Error(`sign-in of ${email}: HTTP ${signIn.status}`);
    const auth = { authorization: `Bearer ${token}` };
    const lineIds: string[] = [];
    // Two products from the catalogue, different for neighbouring customers; sold-out ones are refused (409).
    for (let k = 0; lineIds.length < 2 && k < productIds.length; k++) {
      const productId = productIds[(i * 2 + k) % productIds.length];
      const added = await json<{ data?: { _id: string } }>(base, "/api/addtocart", {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ productId }),
      });
      if (added.status === 201 && added.body.data) lineIds.push(added.body.data._id);
      else if (added.status !== 409) throw new Error(`add to cart for ${email}: HTTP ${added.status}`);
    }
    const lineId = lineIds[0];
    if (!lineId) throw new Error(`no product could be added to ${email}'s cart`);
    return { email, token, lineId, lines: lineIds.length };
  };
  for (let i = 0; i < count; i += 5) {
    customers.push(...(await Promise.all(Array.from({ length: Math.min(5, count - i) }, (_, k) => one(i + k)))));
  }
  return customers;
}

export type GroupKey = "pages" | "api" | "cart";

export interface MixGroup {
  key: GroupKey;
  label: string;
  connections: number;
  result: LoadResult;
}

/** The catalogue API reads of a crowd, as a phone asks for them: the list, a category, a product, a search. */
export function catalogueReads(productId: string): LoadRequest[] {
  return [
    { tag: "api get-product", method: "GET", path: "/api/get-product", headers: PHONE },
    {
      tag: "api category-product",
      method: "POST",
      path: "/api/category-product",
      headers: PHONE,
      body: JSON.stringify({ category: "SAMSUNG" }),
    },
    {
      tag: "api product-details",
      method: "POST",
      path: "/api/product-details",
      headers: PHONE,
      body: JSON.stringify({ productId }),
    },
    { tag: "api search", method: "GET", path: "/api/search?q=iphone", headers: PHONE },
  ];
}

export function mixGroups(connections: number, pages: Page[], productId: string, customers: Customer[]) {
  const pageConnections = Math.round(connections / 2);
  const apiConnections = Math.round(connections / 4);
  const cartConnections = connections - pageConnections - apiConnections;
  const pageRequests: LoadRequest[] = pages.map((p) => ({
    tag: `page ${p.key}`,
    method: "GET",
    path: p.path,
    headers: PHONE,
  }));
  const apiRequests = catalogueReads(productId);
  // Each cart connection is one customer (in turn): reads the cart, sets a quantity, reads, sets it back.
  const perCustomer: LoadRequest[][] = customers.map((c) => {
    const headers = { ...PHONE, authorization: `Bearer ${c.token}` };
    const update = (quantity: number): LoadRequest => ({
      tag: "cart update-cart-product",
      method: "POST",
      path: "/api/update-cart-product",
      headers,
      body: JSON.stringify({ _id: c.lineId, quantity }),
    });
    const view: LoadRequest = { tag: "cart view-card-product", method: "GET", path: "/api/view-card-product", headers };
    return [view, update(2), view, update(1)];
  });
  return [
    {
      key: "pages" as const,
      label: "Anonymous pages (4, in turn)",
      connections: pageConnections,
      requests: pageRequests,
    },
    {
      key: "api" as const,
      label: "Catalogue API (4 reads, in turn)",
      connections: apiConnections,
      requests: apiRequests,
    },
    {
      key: "cart" as const,
      label: `Signed-in carts (${customers.length} customers: view, update)`,
      connections: cartConnections,
      perConnection: perCustomer,
    },
  ].filter((g) => g.connections > 0);
}

export async function runMix(
  base: string,
  groups: ReturnType<typeof mixGroups>,
  seconds: number,
  keepLatencies: boolean,
  /** At most this many requests per second in all, shared by the groups as their connections are. */
  rate?: number,
): Promise<MixGroup[]> {
  const connections = groups.reduce((n, g) => n + g.connections, 0);
  const processes = groups.map((g) =>
    loadProcess({
      url: base,
      method: "GET",
      connections: g.connections,
      seconds,
      idReplacement: false,
      ...("requests" in g ? { requests: g.requests } : { perConnection: g.perConnection }),
      waitForGo: true,
      keepLatencies,
      ...(rate ? { overallRate: Math.max(1, Math.round((rate * g.connections) / connections)) } : {}),
    }),
  );
  // The three start together, once each has loaded autocannon.
  await Promise.all(processes.map((p) => p.loaded));
  for (const p of processes) p.go();
  const results = await Promise.all(processes.map((p) => p.result));
  return groups.map((g, i) => ({
    key: g.key,
    label: g.label,
    connections: g.connections,
    result: results[i] as LoadResult,
  }));
}

/** Totals of a measured mix: req/s added, p50 and p99 of every 2xx latency merged (the groups' `latencies` are dropped). */
export function mixTotals(measured: MixGroup[]): MixTotals {
  const merged = new Float64Array(measured.reduce((n, g) => n + (g.result.latencies?.length ?? 0), 0));
  let offset = 0;
  for (const g of measured) {
    merged.set(g.result.latencies ?? [], offset);
    offset += g.result.latencies?.length ?? 0;
    delete g.result.latencies;
  }
  merged.sort();
  const sum = (f: (r: LoadResult) => number) => measured.reduce((n, g) => n + f(g.result), 0);
  return {
    rps: sum((r) => r.rps),
    p50: percentile(merged, 50),
    p99: percentile(merged, 99),
    requests: sum((r) => r.requests),
    errors: sum((r) => r.errors - r.timeouts),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
  };
}

export interface MixTotals {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors, time-outs apart. */
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** The columns of a measured mix's "per request" table (crowd and memory benches), after the run's own. */
export const REQUEST_COLUMNS = [
  "Request",
  "Answers (2xx)",
  "req/s",
  "p50 ms",
  "p99 ms",
  "Slowest ms",
  "Over 1 s",
  "Non-2xx",
];
export const REQUEST_ALIGN = "lrrrrrrr";

/** A group's rows of that table, one per request (tag); `ms` writes its latencies; `seconds`, the run's length if the group's is unknown. */
export function requestRows(g: MixGroup, seconds: number, ms: (n: number) => string): Cell[][] {
  return (Object.entries(g.result.byTag ?? {}) as [string, TagResult][]).map(([tag, t]) => [
    tag,
    int(t.requests),
    int(t.requests / (g.result.elapsed ?? seconds)),
    ms(t.p50),
    ms(t.p99),
    int(t.max),
    t.overOneSecond,
    t.non2xx,
  ]);
}
