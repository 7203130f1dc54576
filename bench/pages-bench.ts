/**
 * Lighthouse on the storefront's pages, as a customer's phone sees them: the production server
 * on a fresh demo catalogue (shop-server.ts), Lighthouse's default mobile profile (simulated
 * slow 4G and 4× CPU slowdown), Debian's Chromium. Several runs per page; the run of median
 * performance score is reported. See bench/README.md and docs/performance.md.
 *
 * Each page is measured as a first visit (Lighthouse empties the origin's storage: no service
 * worker) and, side by side in the same run, with the shop's service worker installed (decision
 * 034): the same fresh Chromium first visits the page until the worker keeps it and its files
 * (sw-visits.ts), then Lighthouse runs with `disableStorageReset` so that the worker answers.
 *
 * Then (`--first-tap`, first-tap.ts) real loads in Chromium: how long each page stays painted
 * but not hydrated, and whether a tap on 'Ajouter au panier' at the first paint counts.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import {
  customerWithCart,
  firstTapMarkdown,
  type HydrationPage,
  type HydrationResult,
  paintToHydration,
  signedUpCustomer,
  type TapsResult,
  tapsAtFirstPaint,
  tapsSummary,
} from "./first-tap.ts";
import { type H2Proxy, startH2Proxy } from "./h2-proxy.ts";
import { OptionCheck, parseOptionsOrExit } from "./lib/cli.ts";
import { errorMessage, kb } from "./lib/format.ts";
import { loadAverage } from "./lib/machine.ts";
import { ROOT } from "./lib/paths.ts";
import { writeResults } from "./lib/report.ts";
import { shopServer, storefrontBuilt } from "./shop-server.ts";
import { type FirstVisit, firstVisitBytes, type Installed, installWorker } from "./sw-visits.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];
/** Behind the HTTP/2 proxy, whose certificate is made at start and signed by no one. */
const HTTP2_FLAGS = ["--ignore-certificate-errors"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const KB = 1024;
const SW_SERIES = ["both", "off", "on"] as const;
const FIRST_TAP = ["both", "off", "only"] as const;

/** Targets of docs/performance.md (performance 98, LCP 1.5 s, four script files, CLS 0; decision 027). */
const TARGETS = {
  performance: 98,
  otherScores: 100,
  lcpMs: 1500,
  cls: 0,
  scriptFiles: 4,
  jsBytes: 120 * KB,
  cardImageBytes: 30 * KB,
};
const CARD_IMAGE = /\/uploads\/images\/.*\/400\.webp$/;

const PAGES = {
  home: { label: "Accueil", path: async () => "/" },
  product: { label: "Produit", path: firstProductPath },
  category: { label: "Catégorie", path: async () => "/product-category?category=SAMSUNG" },
  search: { label: "Recherche", path: async () => "/search?q=iphone" },
} satisfies Record<string, { label: string; path: (base: string) => Promise<string> }>;
type PageKey = keyof typeof PAGES;

const HELP = `npm run bench:pages [-- options]   (after npm run build)

  --runs N          Lighthouse runs per page (default 5; the median by performance score is kept)
  --http2           measure through an HTTP/2 proxy with TLS on localhost (bench/h2-proxy.ts)
  --pages a,b       some of: ${Object.keys(PAGES).join(", ")} (default: all)
  --sw both|off|on  off: a first visit (Lighthouse empties storage, no service worker), the
                    baseline; on: with the service worker installed by a first visit in the same
                    Chromium profile (Lighthouse with disableStorageReset); both (default): each
                    run of a page measures both, one after the other. With on or both, also what
                    installing the worker costs a first visit in bytes (once per page, HTTP/1.1,
                    unthrottled and under slow 4G)
  --first-tap both|off|only
                    both (default): after Lighthouse, also first paint → hydration on five pages
                    (home, product, category, search, cart) under slow 4G and 3G, and taps on
                    'Ajouter au panier' at the first paint (bench/first-tap.ts); off: Lighthouse
                    alone; only: that part alone, no Lighthouse
  --sale            with a sale running on the whole catalogue (-10 %, decision 051): every
                    card and product page shows its badge and the usual price struck
  --tap-runs N      loads per page and network for first paint → hydration (default 3)
  --taps N          loads of the product page, each with a tap at the first paint (default 20)
  --help            this text`;

const SERIES = { off: "first visit", on: "worker" } as const;
type Series = keyof typeof SERIES;

/** The demo catalogue's first product, as the categories list of the API gives it. */
async function firstProductPath(base: string): Promise<string> {
  const response = await fetch(`${base}/api/get-categoryProduct`);
  const body = (await response.json()) as { data?: { _id: string }[] };
  const id = body.data?.[0]?._id;
  if (!response.ok || !id) throw new Error(`GET /api/get-categoryProduct gave no product (HTTP ${response.status})`);
  return `/product/${id}`;
}

type NetworkItem = { url: string; transferSize?: number; resourceType?: string; protocol?: string };
type FailedAudit = { id: string; title: string; score: number | null; displayValue?: string; items: string[] };
type Opportunity = { id: string; title: string; displayValue?: string; savingsMs: number; savingsBytes: number };

type Summary = {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  totalBytes: number;
  jsBytes: number;
  /** Every .js file the page fetched (module scripts, imports, preloads). */
  scriptFiles: number;
  protocol: string;
  imageBytes: number;
  largestCardImage: { url: string; bytes: number } | null;
  largestUpload: { url: string; bytes: number } | null;
  requests: number;
  benchmarkIndex: number | undefined;
  /** The page's answers from its service worker (Chromium's `fromServiceWorker`), from Lighthouse's DevTools log. */
  worker: WorkerAnswers;
  /** FCP and LCP as this machine's Chromium painted them, with no throttling (Lighthouse's "observed" metrics). */
  observed: { fcpMs: number; lcpMs: number };
  /** With the worker: what its caches held after the visits that installed it. */
  installed: Installed | null;
};

type WorkerAnswers = {
  /** Answers the page received (Network.responseReceived of the page's own session). */
  responses: number;
  byWorker: number;
  /** How the worker got them (Chromium's `serviceWorkerResponseSource`): its caches, the network… */
  sources: Record<string, number>;
  documentByWorker: boolean;
};

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

function networkItems(lhr: Result): NetworkItem[] {
  const details = lhr.audits["network-requests"]?.details;
  return details && details.type === "table" ? (details.items as NetworkItem[]) : [];
}

function largest(items: NetworkItem[], match: RegExp) {
  const found = items
    .filter((i) => match.test(new URL(i.url).pathname))
    .sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))[0];
  return found ? { url: new URL(found.url).pathname, bytes: found.transferSize ?? 0 } : null;
}

type DevtoolsEvent = { method: string; params: Record<string, unknown>; sessionId?: string; targetType?: string };
type ReceivedResponse = {
  type?: string;
  response?: { url?: string; fromServiceWorker?: boolean; serviceWorkerResponseSource?: string };
};

/** The page's answers and which of them its service worker gave, from the run's DevTools log. */
function workerAnswers(devtoolsLog: DevtoolsEvent[]): WorkerAnswers {
  const answers: WorkerAnswers = { responses: 0, byWorker: 0, sources: {}, documentByWorker: false };
  for (const event of devtoolsLog) {
    // The page's own requests only, not the worker's (a session of its own).
    if (event.method !== "Network.responseReceived" || (event.targetType && event.targetType !== "page")) continue;
    const { type, response } = event.params as ReceivedResponse;
    if (!response?.url?.startsWith("http")) continue;
    answers.responses++;
    if (!response.fromServiceWorker) continue;
    answers.byWorker++;
    const source = response.serviceWorkerResponseSource ?? "unknown";
    answers.sources[source] = (answers.sources[source] ?? 0) + 1;
    if (type === "Document") answers.documentByWorker = true;
  }
  return answers;
}

function observedMetrics(lhr: Result): { fcpMs: number; lcpMs: number } {
  const details = lhr.audits.metrics?.details as { items?: Record<string, number | undefined>[] } | undefined;
  const item = details?.items?.[0] ?? {};
  return {
    fcpMs: item.observedFirstContentfulPaint ?? Number.NaN,
    lcpMs: item.observedLargestContentfulPaint ?? Number.NaN,
  };
}

function summarize({ lhr, devtoolsLog, installed }: Run): Summary {
  const items = networkItems(lhr);
  const bytesOf = (type: string) =>
    items.filter((i) => i.resourceType === type).reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    fcpMs: numeric(lhr, "first-contentful-paint"),
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    speedIndexMs: numeric(lhr, "speed-index"),
    totalBytes: numeric(lhr, "total-byte-weight"),
    jsBytes: bytesOf("Script"),
    scriptFiles: new Set(
      items
        .filter((i) => i.resourceType === "Script" || new URL(i.url).pathname.endsWith(".js"))
        .map((i) => new URL(i.url).pathname),
    ).size,
    protocol: items[0]?.protocol ?? "?",
    imageBytes: bytesOf("Image"),
    largestCardImage: largest(items, CARD_IMAGE),
    largestUpload: largest(items, /^\/uploads\//),
    requests: items.length,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    worker: workerAnswers(devtoolsLog),
    observed: observedMetrics(lhr),
    installed,
  };
}

/** What an audit's items point at (a selector, a URL, a console message), for the printed list. */
function itemLabels(details: unknown): string[] {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  return items.slice(0, 5).map((item) => {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    const where = (item.sourceLocation as { url?: string } | undefined)?.url;
    const label = node?.selector ?? node?.snippet ?? item.url ?? where;
    const text = typeof item.description === "string" ? item.description : "";
    if (typeof label === "string") return text ? `${label}: ${text}` : label;
    return text || JSON.stringify(item).slice(0, 120);
  });
}

function failedAudits(lhr: Result, category: string): FailedAudit[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (a) =>
        a && a.score !== null && a.score < 1 && ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode),
    )
    .map((a) => ({
      id: a!.id,
      title: a!.title,
      score: a!.score,
      displayValue: a!.displayValue,
      items: itemLabels(a!.details),
    }));
}

/** The performance category's diagnostics that estimate a saving, largest first. */
function opportunities(lhr: Result): Opportunity[] {
  return (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.group === "diagnostics")
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => {
      const saved = a!.metricSavings ?? {};
      const details = a!.details as { overallSavingsMs?: number; overallSavingsBytes?: number } | undefined;
      return {
        id: a!.id,
        title: a!.title,
        displayValue: a!.displayValue,
        savingsMs: Math.max((saved.LCP ?? 0) + (saved.FCP ?? 0) + (saved.TBT ?? 0), details?.overallSavingsMs ?? 0),
        savingsBytes: details?.overallSavingsBytes ?? 0,
      };
    })
    .filter((o) => o.savingsMs > 0 || o.savingsBytes > 0)
    .sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes);
}

/** The Chromium of the run in progress, killed by the Ctrl-C handler below (ours, not chrome-launcher's,
 * which would exit before the server is stopped). */
let chrome: chromeLauncher.LaunchedChrome | undefined;

type Run = { lhr: Result; devtoolsLog: DevtoolsEvent[]; installed: Installed | null };

const chromeFlagsFor = (http2: boolean) => (http2 ? [...CHROME_FLAGS, ...HTTP2_FLAGS] : CHROME_FLAGS);

/**
 * One Lighthouse run in a new Chromium (a fresh temporary profile each time). `series` "off":
 * as Lighthouse always measures, a first visit (it empties the origin's storage, service
 * workers and caches included, and the HTTP cache). "on": the worker is installed first in
 * that same Chromium (installWorker), then Lighthouse keeps the storage (`disableStorageReset`).
 */
async function lighthouseRun(url: string, http2: boolean, series: Series): Promise<Run> {
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: chromeFlagsFor(http2),
    handleSIGINT: false,
  });
  try {
    const installed = series === "on" ? await installWorker(chrome.port, url) : null;
    // No config: Lighthouse's default, i.e. the mobile profile with simulated throttling.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      disableStorageReset: series === "on",
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message} (${url})`);
    const devtoolsLog = (result.artifacts.DevtoolsLog ?? []) as unknown as DevtoolsEvent[];
    return { lhr: result.lhr, devtoolsLog, installed };
  } finally {
    chrome.kill();
    chrome = undefined;
  }
}

/**
 * Lighthouse now and then fails to record a trace ("Please run Lighthouse again", NO_NAVSTART):
 * such a run is made again once, and said so.
 */
async function lighthouseRunOrRetry(url: string, http2: boolean, series: Series): Promise<Run> {
  try {
    return await lighthouseRun(url, http2, series);
  } catch (error) {
    if (!(error instanceof Error && /run Lighthouse again/.test(error.message))) throw error;
    console.error(`${error.message}: running it again`);
    return lighthouseRun(url, http2, series);
  }
}

// ---- formatting ----
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function misses(s: Summary): string[] {
  const out: string[] = [];
  if (s.scores.performance < TARGETS.performance)
    out.push(`performance ${s.scores.performance} < ${TARGETS.performance}`);
  for (const c of ["accessibility", "best-practices", "seo"] as const)
    if (s.scores[c] < TARGETS.otherScores) out.push(`${c} ${s.scores[c]}`);
  if (s.lcpMs > TARGETS.lcpMs) out.push(`LCP ${seconds(s.lcpMs)} > ${seconds(TARGETS.lcpMs)}`);
  if (s.cls > TARGETS.cls) out.push(`CLS ${s.cls.toFixed(3)} > ${TARGETS.cls}`);
  if (s.scriptFiles > TARGETS.scriptFiles) out.push(`${s.scriptFiles} script files > ${TARGETS.scriptFiles}`);
  if (s.jsBytes > TARGETS.jsBytes) out.push(`JS ${kb(s.jsBytes)} > ${kb(TARGETS.jsBytes)}`);
  if (s.largestCardImage && s.largestCardImage.bytes > TARGETS.cardImageBytes)
    out.push(`card image ${kb(s.largestCardImage.bytes)} > ${kb(TARGETS.cardImageBytes)}`);
  return out;
}

type PageResult = {
  key: PageKey;
  path: string;
  series: Series;
  runs: Summary[];
  median: Summary;
  medianRun: number;
};

/** "12/16 (cache-storage 11, network 1)": the page's answers its worker gave, and from where. */
function byWorker({ worker }: Summary): string {
  if (!worker.byWorker) return `0/${worker.responses}`;
  const sources = Object.entries(worker.sources)
    .sort((a, b) => b[1] - a[1])
    .map(([source, n]) => `${source} ${n}`)
    .join(", ");
  return `${worker.byWorker}/${worker.responses} (${sources})`;
}

function table(results: PageResult[]): string {
  const head =
    "| Page | Visit | Perf (min–max) | A11y | BP | SEO | FCP | LCP | TBT | CLS | Speed Index | Transfer | Script files | JS (compressed) | Images | Largest card image (400 w) | Requests | Answered by the worker | Protocol | Misses |\n" +
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|---|";
  const rows = results.map(({ key, path: p, series, median: s, runs }) => {
    const perf = runs.map((r) => r.scores.performance);
    const spread = runs.length > 1 ? ` (${Math.min(...perf)}–${Math.max(...perf)})` : "";
    return [
      `${PAGES[key].label} \`${p.length > 40 ? `${p.slice(0, 37)}…` : p}\``,
      SERIES[series],
      `${s.scores.performance}${spread}`,
      s.scores.accessibility,
      s.scores["best-practices"],
      s.scores.seo,
      seconds(s.fcpMs),
      seconds(s.lcpMs),
      `${Math.round(s.tbtMs)} ms`,
      s.cls.toFixed(3),
      seconds(s.speedIndexMs),
      kb(s.totalBytes),
      s.scriptFiles,
      kb(s.jsBytes),
      kb(s.imageBytes),
      s.largestCardImage ? kb(s.largestCardImage.bytes) : "—",
      s.requests,
      byWorker(s),
      s.protocol,
      misses(s).join("; ") || "✅ none",
    ].join(" | ");
  });
  return [head, ...rows.map((r) => `| ${r} |`)].join("\n");
}

function findings(result: PageResult, lhr: Result): string {
  const lines = [
    `### ${PAGES[result.key].label} \`${result.path}\`, ${SERIES[result.series]} (run ${result.medianRun + 1}, the median)`,
  ];
  const scores = result.runs.map((r) => r.scores.performance).join(", ");
  lines.push(`Performance scores of the runs: ${scores}.`);
  const observed = result.runs.map((r) => `${Math.round(r.observed.fcpMs)}/${Math.round(r.observed.lcpMs)}`);
  lines.push(`Observed FCP/LCP of the runs (this machine, no throttling), ms: ${observed.join(", ")}.`);
  if (result.series === "on") {
    const installed = result.runs.map((r) => r.installed).filter((i) => i !== null);
    const range = (values: number[]) =>
      Math.min(...values) === Math.max(...values) ? `${values[0]}` : `${Math.min(...values)}–${Math.max(...values)}`;
    lines.push(
      `Worker: it answered ${result.runs.map(byWorker).join("; ")} of the page's requests in the runs, ` +
        `the document ${result.runs.filter((r) => r.worker.documentByWorker).length} time(s) in ${result.runs.length}; ` +
        `its caches before Lighthouse: pages ${range(installed.map((i) => i.pages))}, ` +
        `scripts and styles ${range(installed.map((i) => i.assets))}, photos ${range(installed.map((i) => i.photos))}` +
        ` (photos the second visit loaded and the worker did not keep: ${range(installed.map((i) => i.photosMissing))}).`,
    );
  }
  const { largestUpload, largestCardImage } = result.median;
  const scripts = networkItems(lhr)
    .filter((i) => i.resourceType === "Script")
    .sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))
    .slice(0, 4)
    .map((i) => `\`${path.basename(new URL(i.url).pathname)}\` ${kb(i.transferSize ?? 0)}`);
  if (scripts.length) lines.push(`Largest scripts: ${scripts.join(", ")}.`);
  const lcpElement = itemLabels(
    (lhr.audits["largest-contentful-paint-element"]?.details as { items?: unknown[] } | undefined)?.items?.[0],
  )[0];
  if (lcpElement) lines.push(`LCP element: \`${lcpElement}\`.`);
  if (largestUpload && largestUpload.url !== largestCardImage?.url)
    lines.push(`Largest picture fetched: \`${largestUpload.url}\` ${kb(largestUpload.bytes)}.`);
  for (const category of ["accessibility", "best-practices", "seo"]) {
    const failed = failedAudits(lhr, category);
    lines.push(`- ${category}: ${failed.length ? "failed audits" : "no failed audit"}`);
    for (const a of failed) {
      lines.push(`  - \`${a.id}\` ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
      for (const item of a.items) lines.push(`    - \`${item.replaceAll("`", "'")}\``);
    }
  }
  const top = opportunities(lhr).slice(0, 6);
  lines.push(`- performance: ${top.length ? "top diagnostics" : "no diagnostic with a saving"}`);
  for (const o of top) {
    const saving = [o.savingsMs ? `~${Math.round(o.savingsMs)} ms` : "", o.savingsBytes ? kb(o.savingsBytes) : ""]
      .filter(Boolean)
      .join(", ");
    lines.push(
      `  - \`${o.id}\` ${o.title}${o.displayValue ? ` (${o.displayValue})` : ""}${saving ? ` — saving ${saving}` : ""}`,
    );
  }
  return lines.join("\n");
}

type FirstVisitCost = { key: PageKey; path: string; throttled: boolean; without: FirstVisit; withWorker: FirstVisit };

/** The requests of `visit` beyond those of `base` (same path, counted as many times as each was made). */
function extraRequests(visit: FirstVisit, base: FirstVisit) {
  const left = new Map<string, number>();
  for (const r of base.requests) left.set(r.path, (left.get(r.path) ?? 0) + 1);
  return visit.requests.filter((r) => {
    const n = left.get(r.path) ?? 0;
    if (n > 0) left.set(r.path, n - 1);
    return n === 0;
  });
}

function costTable(costs: FirstVisitCost[]): string {
  const lines = [
    "### What installing the worker costs a first visit",
    "",
    "A first visit in a fresh Chromium (Lighthouse's mobile screen), counted by an HTTP/1.1 proxy in front of " +
      "the shop (every byte sent to the browser, headers included) until nothing was fetched for 3 s: with the " +
      "page's registration of the worker (and until it keeps the page and its files), and with " +
      "`navigator.serviceWorker.register` refusing, which the page ignores (the same visit without the worker). " +
      "Network: none (this machine's speed) or slow 4G (DevTools' throttling of the page as Lighthouse applies it, " +
      "562.5 ms, 1.4 Mbit/s, CPU 4× slower: a phone's order of events).",
    "",
    "| Page | Network | Without the worker | With the worker | Difference | Requests only with the worker |",
    "|---|---|--:|--:|--:|---|",
  ];
  for (const { key, path: p, throttled, without, withWorker } of costs) {
    const extra = extraRequests(withWorker, without);
    const listed = extra.map((r) => `\`${r.path}\` ${r.status} ${kb(r.bodyBytes)}`).join(", ") || "none";
    const diff = withWorker.bytes - without.bytes;
    lines.push(
      `| ${PAGES[key].label} \`${p.length > 40 ? `${p.slice(0, 37)}…` : p}\` | ${throttled ? "slow 4G" : "none"} | ` +
        `${kb(without.bytes)}, ${without.requests.length} requests | ` +
        `${kb(withWorker.bytes)}, ${withWorker.requests.length} requests | ${diff >= 0 ? "+" : ""}${kb(diff)} ` +
        `(${((diff / without.bytes) * 100).toFixed(1)} %) | ${listed} (bodies, compressed) |`,
    );
  }
  return lines.join("\n");
}

/** A sale on the whole catalogue, running for two days, made through the API by the demo's admin. */
async function startSale(base: string): Promise<void> {
  const signin = await fetch(`${base}/api/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@boutique.local", password: "bench-motdepasse" }),
  });
  const token = ((await signin.json()) as { data?: string }).data;
  if (!signin.ok || !token) throw new Error(`the bench's admin could not sign in (HTTP ${signin.status})`);
  const made = await fetch(`${base}/api/admin/promotions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      kind: "sale",
      name: "Black Friday",
      discountType: "percent",
      value: 10,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    }),
  });
  if (made.status !== 201) throw new Error(`the sale was not created (HTTP ${made.status}): ${await made.text()}`);
  log("A sale runs on the whole catalogue (-10 %).");
}

// ---- main ----
const values = parseOptionsOrExit(
  process.argv.slice(2),
  {
    runs: { type: "string", default: "5" },
    http2: { type: "boolean", default: false },
    pages: { type: "string", default: Object.keys(PAGES).join(",") },
    sw: { type: "string", default: "both" },
    "first-tap": { type: "string", default: "both" },
    "tap-runs": { type: "string", default: "3" },
    taps: { type: "string", default: "20" },
    sale: { type: "boolean", default: false },
  },
  HELP,
);
const check = new OptionCheck(HELP);
const runs = check.whole("runs", values.runs, 1);
const pageKeys = check.list("pages", values.pages, Object.keys(PAGES) as PageKey[], "page");
const sw = check.choice("sw", values.sw, SW_SERIES);
const firstTap = check.choice("first-tap", values["first-tap"], FIRST_TAP);
const tapRuns = check.whole("tap-runs", values["tap-runs"], 1);
const tapCount = check.whole("taps", values.taps, 0);
check.exitOnProblems();
const lighthouseRuns = firstTap !== "only";
const seriesToRun: Series[] = sw === "both" ? ["off", "on"] : [sw];
if (!storefrontBuilt()) process.exit(1);
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}: install Debian's 'chromium' package or set CHROMIUM_PATH.`);
  process.exit(1);
}

const log = (line: string) => console.error(line);
// Behind the proxy the shop reads the browser's scheme and host from it, as in production: the
// API's image addresses are then https ones on the proxy's port (decision 022).
if (values.http2) process.env.TRUST_PROXY = "true";
const shop = shopServer(log);
let proxy: H2Proxy | undefined;
let stopping = false;
const stopAndExit = async (code: number) => {
  if (stopping) return;
  stopping = true;
  chrome?.kill();
  await proxy?.close();
  await shop.stop();
  process.exit(code);
};
process.once("SIGINT", () => void stopAndExit(130));
process.once("SIGTERM", () => void stopAndExit(143));

try {
  const load = loadAverage(1);
  const direct = await shop.start();
  if (values.sale) await startSale(direct);
  if (values.http2) {
    proxy = await startH2Proxy(direct);
    log(`HTTP/2 proxy on ${proxy.url}`);
  }
  const base = proxy?.url ?? direct;
  const results: PageResult[] = [];
  const medians: Result[] = [];
  const costs: FirstVisitCost[] = [];
  for (const key of lighthouseRuns ? pageKeys : []) {
    const pagePath = await PAGES[key].path(direct);
    // One request first, as a customer finds it: the server's catalogue cache is warm.
    const warm = await fetch(direct + pagePath);
    if (!warm.ok) throw new Error(`${pagePath} answered HTTP ${warm.status}`);
    await warm.arrayBuffer();
    const pageRuns = new Map<Series, Run[]>(seriesToRun.map((series) => [series, []]));
    // The two series in turn, run after run: a change of the machine's load falls on both.
    for (let i = 0; i < runs; i++) {
      for (const series of seriesToRun) {
        log(`Lighthouse ${key} ${pagePath}, ${SERIES[series]}, run ${i + 1}/${runs}…`);
        pageRuns.get(series)!.push(await lighthouseRunOrRetry(base + pagePath, values.http2, series));
      }
    }
    for (const [series, seriesRuns] of pageRuns) {
      const summaries = seriesRuns.map(summarize);
      const order = summaries
        .map((_, i) => i)
        .sort((a, b) => summaries[a]!.scores.performance - summaries[b]!.scores.performance);
      const medianRun = order[Math.floor((order.length - 1) / 2)]!;
      results.push({ key, path: pagePath, series, runs: summaries, median: summaries[medianRun]!, medianRun });
      medians.push(seriesRuns[medianRun]!.lhr);
    }
  }
  // What installing the worker costs a first visit: once per page, after the Lighthouse runs.
  if (lighthouseRuns && seriesToRun.includes("on")) {
    const chromium = { chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS };
    for (const key of pageKeys) {
      const pagePath = results.find((r) => r.key === key)!.path;
      for (const throttled of [false, true]) {
        log(`First visit of ${pagePath} without and with the worker, counted${throttled ? ", slow 4G" : ""}…`);
        const without = await firstVisitBytes(direct, pagePath, false, chromium, throttled);
        const withWorker = await firstVisitBytes(direct, pagePath, true, chromium, throttled);
        costs.push({ key, path: pagePath, throttled, without, withWorker });
      }
    }
  }

  // First paint to hydration, and taps at first paint (first-tap.ts): real loads in Chromium.
  let hydration: HydrationResult[] = [];
  let taps: TapsResult | null = null;
  if (firstTap !== "off") {
    const tag = Date.now().toString(36);
    const withCart = await customerWithCart(direct, tag);
    const tapper = await signedUpCustomer(direct, tag);
    const launch = async () => {
      chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: chromeFlagsFor(values.http2),
        handleSIGINT: false,
      });
      return chrome;
    };
    const options = { launch, log };
    const hydrationPages: HydrationPage[] = [
      ...(Object.keys(PAGES) as PageKey[]).map((key) => ({ key, label: PAGES[key].label, path: "" })),
      { key: "cart", label: "Panier (2 produits)", path: "/cart", signedIn: true },
    ];
    for (const page of hydrationPages) {
      if (page.key in PAGES) page.path = await PAGES[page.key as PageKey].path(direct);
      // Warm, as for Lighthouse: the server's catalogue cache as customers find it.
      // Signed in: the cart page itself, not a redirect to the sign-in page.
      const warm = await fetch(direct + page.path, {
        headers: page.signedIn ? { cookie: `token=${withCart.cookie}` } : {},
        redirect: "manual",
      });
      if (!warm.ok) throw new Error(`${page.path} answered HTTP ${warm.status}`);
      await warm.arrayBuffer();
    }
    hydration = await paintToHydration(base, hydrationPages, tapRuns, withCart.cookie, options);
    if (tapCount > 0) {
      taps = await tapsAtFirstPaint(base, direct, tapCount, tapper, options);
      log(tapsSummary(taps));
    }
  }

  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT }).toString().trim();
  const chromium = execFileSync(CHROMIUM, ["--version"], { stdio: ["ignore", "pipe", "ignore"] })
    .toString()
    .trim();
  const date = new Date().toISOString();
  const environment = {
    date,
    commit,
    chromium,
    lighthouse: medians[0]?.lighthouseVersion,
    node: process.version,
    cpus: cpus().length,
    loadAverageAtStart: load,
    benchmarkIndex: results.map((r) => r.median.benchmarkIndex),
    runsPerPage: runs,
    protocol: values.http2 ? "HTTP/2 (TLS, bench/h2-proxy.ts)" : "HTTP/1.1",
    serviceWorker: sw,
    firstTap,
  };
  const firstTapSection = firstTap !== "off" ? [firstTapMarkdown(hydration, taps), ""] : [];
  const markdown = (
    lighthouseRuns
      ? [
          `## Storefront pages, Lighthouse mobile, ${environment.protocol}${values.sale ? ", a sale running" : ""} (${date.slice(0, 10)}, commit ${commit})`,
          "",
          `${chromium}, Lighthouse ${environment.lighthouse}, Node ${process.version}, ${environment.cpus} CPUs, load average ${load} at start; ` +
            `default mobile profile (simulated slow 4G, 4× CPU slowdown); median of ${runs} run(s) by performance score. ` +
            "Bytes are transfer sizes (compressed, over the wire); KB = 1024 bytes. " +
            (seriesToRun.includes("on")
              ? 'Visit "first visit": Lighthouse as always (storage emptied, no service worker); "worker": the same ' +
                "fresh Chromium first opened the page twice (the worker installed, then answering and keeping the page's " +
                "photos), its HTTP cache then emptied, and Lighthouse run with disableStorageReset. " +
                '"Answered by the worker": the page\'s answers Chromium marks fromServiceWorker, by serviceWorkerResponseSource.'
              : ""),
          "",
          table(results),
          "",
          `Targets: performance ≥ ${TARGETS.performance}; LCP ≤ ${seconds(TARGETS.lcpMs)}; CLS ${TARGETS.cls}; ` +
            `accessibility, best practices, SEO ${TARGETS.otherScores}; at most ${TARGETS.scriptFiles} script files; ` +
            `JavaScript ≤ ${kb(TARGETS.jsBytes)}; a product card image (400 w) ≤ ${kb(TARGETS.cardImageBytes)}.`,
          "",
          ...(costs.length ? [costTable(costs), ""] : []),
          ...firstTapSection,
          ...results.map((r, i) => `${findings(r, medians[i]!)}\n`),
        ]
      : [
          `## Storefront pages, first paint to hydration and first taps, ${environment.protocol} (${date.slice(0, 10)}, commit ${commit})`,
          "",
          `${chromium}, Node ${process.version}, ${environment.cpus} CPUs, load average ${load} at start.`,
          "",
          ...firstTapSection,
        ]
  ).join("\n");
  console.log(markdown);

  const written = await writeResults(
    `${date.slice(0, 19).replaceAll(":", "-")}-pages${values.http2 ? "-h2" : ""}${lighthouseRuns ? "" : "-first-tap"}`,
    `${markdown}\n`,
    {
      environment,
      targets: TARGETS,
      results,
      firstVisitCost: costs,
      firstTap: { hydration, taps },
      lighthouse: medians,
    },
    1,
  );
  log(`Results: ${written}.md and .json (the .json holds each page's median Lighthouse report)`);
  await stopAndExit(0);
} catch (error) {
  if (!stopping) console.error(errorMessage(error));
  await stopAndExit(1);
}
