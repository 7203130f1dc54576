/**
 * `npm run bench -- --crowd`: a crowd from a WhatsApp promotion (decision 028), against the
 * production build of the shop on the demo catalogue. See bench/README.md and
 * docs/performance.md.
 *
 * (a) Each anonymous page (home, a product, a category, a search), requested like a phone
 *     (`accept-encoding: br, gzip`) over 200 connections, against the app and against a bare
 *     node:http server answering the app's exact bytes and headers: ≥ 0.5 × the bare server's
 *     req/s and p99 < 50 ms.
 * (b) A mix at 200 connections: anonymous pages, catalogue API reads and signed-in customers
 *     reading and changing their cart, three autocannon processes at once: 0 errors, 0
 *     time-outs, p99 < 250 ms on PostgreSQL; on PGlite 0 errors, its p99 reported.
 *
 * Both with the page cache ("on") and without it (`PAGE_CACHE=off`, "before"), on the same
 * seeded database, in one run. Every server and every autocannon run is a child process.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Recorded } from "./bare-server.ts";
import {
  decode,
  loadProcess,
  MANY_SIGN_UPS,
  type MixGroup,
  makeCustomers,
  mixGroups,
  mixTotals,
  PAGE_KEYS,
  type Page,
  type PageKey,
  PHONE,
  pagesOf,
  REQUEST_ALIGN,
  REQUEST_COLUMNS,
  raw,
  requestRows,
  runMix,
  settle,
  startBare,
} from "./crowd-mix.ts";
import { cleanUpOnInterrupt } from "./lib/children.ts";
import { OptionCheck, parseOptions } from "./lib/cli.ts";
import {
  DB_KINDS,
  type DbKind,
  DEFAULT_POSTGRES,
  databaseVersion,
  defaultKinds,
  postgresUrl,
} from "./lib/databases.ts";
import { bytes, errorDetail, f1, f2, int, table } from "./lib/format.ts";
import { loadAverage, type Machine, machine, machineLine, machineSummary } from "./lib/machine.ts";
import { APP_VS_BARE, appVsBare, today, writeResults } from "./lib/report.ts";
import type { LoadResult } from "./load.ts";
import { npmStart, shopServer, stopAllShops, storefrontBuilt } from "./shop-server.ts";

const HELP = `Usage: npm run bench -- --crowd [options]
  --db <list>           pglite, postgres or pglite,postgres (default: pglite, plus postgres
                        when DATABASE_URL is set or --postgres is given)
  --postgres            also run on PostgreSQL; DATABASE_URL or ${DEFAULT_POSTGRES}
  --duration <s>        (a) measured seconds per page and server (default 10)
  --warmup <s>          unmeasured seconds before each measurement, (a) and (b) (default 2)
  --mix-duration <s>    (b) measured seconds of the mix (default 30)
  --connections <n>     concurrent connections (default 200); the mix gives half to pages,
                        a quarter to the catalogue API, a quarter to signed-in carts
  --customers <n>       signed-in customers of the mix, one per cart connection in turn
                        (default: as many as cart connections)
  --no-page-cache       only the baseline: the server started with PAGE_CACHE=off
  --page-cache-only     only with the page cache (default: both, "on" then "off (before)")
  --parts <list>        pages, mix or pages,mix (default)
  --pages <list>        some of home,product,category,search (default all)`;

// ---------------------------------------------------------------- options

type Mode = "on" | "off";

const RATIO_TARGET = 0.5;
const PAGE_P99_MS = 50;
const MIX_P99_MS = 250;

interface Settings {
  kinds: DbKind[];
  postgresUrl: string;
  duration: number;
  warmup: number;
  mixDuration: number;
  connections: number;
  customers: number | undefined;
  modes: Mode[];
  parts: { pages: boolean; mix: boolean };
  pages: PageKey[];
}

function settings(argv: string[]): Settings | number {
  const values = parseOptions(
    argv,
    {
      db: { type: "string" },
      postgres: { type: "boolean", default: false },
      duration: { type: "string", default: "10" },
      warmup: { type: "string", default: "2" },
      "mix-duration": { type: "string", default: "30" },
      connections: { type: "string", default: "200" },
      customers: { type: "string" },
      "no-page-cache": { type: "boolean", default: false },
      "page-cache-only": { type: "boolean", default: false },
      parts: { type: "string", default: "pages,mix" },
      pages: { type: "string", default: PAGE_KEYS.join(",") },
    },
    HELP,
  );
  if (typeof values === "number") return values;
  const check = new OptionCheck(HELP);
  const kinds = check.list("db", values.db ?? defaultKinds(values.postgres), DB_KINDS, "database");
  const parts = check.list("parts", values.parts, ["pages", "mix"], "part");
  const pages = check.list("pages", values.pages, PAGE_KEYS, "page");
  if (values["no-page-cache"] && values["page-cache-only"])
    check.fail("--no-page-cache and --page-cache-only exclude each other");
  const connections = check.count("connections", values.connections, 4, 1000);
  const result: Settings = {
    kinds,
    postgresUrl: postgresUrl(),
    duration: check.number("duration", values.duration, 1, 600),
    warmup: check.number("warmup", values.warmup, 0, 60),
    mixDuration: check.number("mix-duration", values["mix-duration"], 1, 600),
    connections,
    customers: values.customers === undefined ? undefined : check.count("customers", values.customers, 1, 1000),
    modes: values["no-page-cache"] ? ["off"] : values["page-cache-only"] ? ["on"] : ["on", "off"],
    parts: { pages: parts.includes("pages"), mix: parts.includes("mix") },
    pages,
  };
  return check.exitCode() ?? result;
}

// ---------------------------------------------------------------- child processes

/** One autocannon run of one page: a new process each time (see load.ts). */
function loadPage(base: string, pagePath: string, connections: number, seconds: number): Promise<LoadResult> {
  return loadProcess({
    url: base + pagePath,
    method: "GET",
    headers: PHONE,
    connections,
    seconds,
    idReplacement: false,
  }).result;
}

/** The headers the bare server sends again with the bytes (content-type apart). */
const REPLAYED = ["content-encoding", "etag", "vary"] as const;

// ---------------------------------------------------------------- (a) pages

interface PageRow {
  mode: Mode;
  key: PageKey;
  label: string;
  path: string;
  /** Bytes sent (compressed) and the HTML they hold. */
  bytes: number;
  htmlBytes: number;
  encoding: string;
  etag: boolean;
  app: LoadResult;
  bare: LoadResult;
  ratio: number;
  meets: boolean;
  /** What makes the row invalid (wrong status, a cookie, a failed bare server…). */
  problems: string[];
  /** Worth knowing, not a failure (e.g. two answers in a row differ: a nonce). */
  notes: string[];
}

async function recordPages(base: string, pages: Page[]) {
  const recorded: Recorded[] = [];
  const rows: Omit<PageRow, "app" | "bare" | "ratio" | "meets" | "mode">[] = [];
  for (const page of pages) {
    // Once to fill whatever cache there is, then the answer kept, then once more to compare.
    await raw(base, page.path, { headers: PHONE });
    const a = await raw(base, page.path, { headers: PHONE });
    const b = await raw(base, page.path, { headers: PHONE });
    const problems: string[] = [];
    const notes: string[] = [];
    if (a.status !== 200) problems.push(`status ${a.status}`);
    if (a.headers["set-cookie"]) problems.push("the anonymous page sets a cookie");
    if (!a.body.equals(b.body)) notes.push("two answers in a row differ");
    const headers: Record<string, string> = {};
    for (const name of REPLAYED) {
      const value = a.headers[name];
      if (value !== undefined) headers[name] = value;
    }
    recorded.push({
      method: "GET",
      url: page.path,
      status: a.status,
      contentType: a.headers["content-type"] ?? "",
      bodyBase64: a.body.toString("base64"),
      headers,
    });
    rows.push({
      key: page.key,
      label: page.label,
      path: page.path,
      bytes: a.body.length,
      htmlBytes: decode(a).length,
      encoding: a.headers["content-encoding"] ?? "identity",
      etag: a.headers.etag !== undefined,
      problems,
      notes,
    });
  }
  return { recorded, rows };
}

async function measurePages(s: Settings, base: string, mode: Mode, pages: Page[], tmp: string) {
  const { recorded, rows } = await recordPages(base, pages);
  const file = path.join(tmp, `pages-${mode}.json`);
  await writeFile(file, JSON.stringify(recorded));
  const bare = await startBare(file);
  const bareBase = `http://127.0.0.1:${bare.port}`;
  const out: PageRow[] = [];
  try {
    for (const row of rows) {
      process.stdout.write(`   ${row.label}: app… `);
      if (s.warmup > 0) await loadPage(base, row.path, s.connections, s.warmup);
      const app = await loadPage(base, row.path, s.connections, s.duration);
      await settle(app);
      const after = await raw(base, row.path, { headers: PHONE });
      if (after.status !== 200) row.problems.push(`status ${after.status} after the run`);
      process.stdout.write(`${int(app.rps)} req/s, p99 ${f1(app.p99)} ms${failures(app)}; bare… `);
      if (s.warmup > 0) await loadPage(bareBase, row.path, s.connections, s.warmup);
      const bareResult = await loadPage(bareBase, row.path, s.connections, s.duration);
      console.log(`${int(bareResult.rps)} req/s, p99 ${f1(bareResult.p99)} ms${failures(bareResult)}`);
      if (app.non2xx) row.problems.push(`app: ${app.non2xx} non-2xx answers (${statusList(app)})`);
      if (bareResult.non2xx || bareResult.errors || bareResult.timeouts)
        row.problems.push(
          `bare: ${bareResult.non2xx} non-2xx, ${bareResult.errors} errors, ${bareResult.timeouts} timeouts`,
        );
      const ratio = app.rps / bareResult.rps;
      out.push({
        ...row,
        mode,
        app,
        bare: bareResult,
        ratio,
        meets:
          row.problems.length === 0 &&
          app.errors === 0 &&
          app.timeouts === 0 &&
          ratio >= RATIO_TARGET &&
          app.p99 < PAGE_P99_MS,
      });
    }
  } finally {
    await bare.stop();
  }
  return out;
}

// ---------------------------------------------------------------- (b) the mix

interface MixRun {
  mode: Mode;
  seconds: number;
  customers: number;
  groups: MixGroup[];
  all: { rps: number; p50: number; p99: number; requests: number; errors: number; timeouts: number; non2xx: number };
  meets: boolean;
  /** PostgreSQL: errors, time-outs, p99; PGlite: errors (p99 reported). */
  target: string;
}

async function measureMix(
  s: Settings,
  kind: DbKind,
  base: string,
  mode: Mode,
  pages: Page[],
  productIds: string[],
  customerTag: string,
): Promise<MixRun> {
  const cartConnections = s.connections - Math.round(s.connections / 2) - Math.round(s.connections / 4);
  const count = s.customers ?? cartConnections;
  process.stdout.write(`   (b) signing up ${count} customers… `);
  const customers = await makeCustomers(base, count, productIds, customerTag);
  console.log("done");
  const groups = mixGroups(s.connections, pages, productIds[0] as string, customers);
  if (s.warmup > 0) {
    process.stdout.write(`   (b) mix warm-up ${s.warmup} s… `);
    await runMix(base, groups, s.warmup, false);
    console.log("done");
  }
  process.stdout.write(`   (b) mix ${s.mixDuration} s… `);
  const measured = await runMix(base, groups, s.mixDuration, true);
  const all = mixTotals(measured);
  console.log(
    `${int(all.rps)} req/s, p99 ${f1(all.p99)} ms; ${all.errors} errors, ${all.timeouts} time-outs, ${all.non2xx} non-2xx`,
  );
  await settle(...measured.map((g) => g.result));
  const clean = all.errors === 0 && all.timeouts === 0 && all.non2xx === 0;
  const meets = kind === "postgres" ? clean && all.p99 < MIX_P99_MS : clean;
  const target =
    kind === "postgres" ? `0 errors, 0 time-outs, p99 < ${MIX_P99_MS} ms` : "0 errors and 0 time-outs (p99 reported)";
  return { mode, seconds: s.mixDuration, customers: customers.length, groups: measured, all, meets, target };
}

// ---------------------------------------------------------------- one database

interface Run {
  kind: DbKind;
  database: string;
  loadAverage: string;
  seedSeconds: number;
  pages: PageRow[];
  mixes: MixRun[];
}

const modeEnv = (mode: Mode) => ({ PAGE_CACHE: mode });

async function runOne(s: Settings, kind: DbKind): Promise<Run> {
  const started = loadAverage();
  const database = await databaseVersion(kind, s.postgresUrl);
  const log = (line: string) => console.log(`   ${line}`);
  const shop = shopServer(log, {
    ...(kind === "postgres" ? { postgresUrl: s.postgresUrl } : {}),
    env: { ...MANY_SIGN_UPS, ...modeEnv(s.modes[0] ?? "on") },
  });
  const tmp = await mkdtemp(path.join(os.tmpdir(), "shop-crowd-bench-"));
  const run: Run = { kind, database, loadAverage: started, seedSeconds: 0, pages: [], mixes: [] };
  try {
    console.log(`\n== ${database}: seeding the demo catalogue and starting the production server…`);
    const t0 = performance.now();
    let base = await shop.start();
    run.seedSeconds = (performance.now() - t0) / 1000;
    if (kind === "postgres") run.database = `${database}, database ${shop.database()}`;
    for (const [i, mode] of s.modes.entries()) {
      if (i > 0) base = await shop.restart(modeEnv(mode));
      console.log(`\n-- page cache ${mode === "on" ? "on" : "off (PAGE_CACHE=off, before)"}: ${base}`);
      const { pages, productIds } = await pagesOf(base, s.pages);
      if (s.parts.pages) run.pages.push(...(await measurePages(s, base, mode, pages, tmp)));
      if (s.parts.mix) {
        // Every page of the mix, whatever --pages says.
        const mixPages = (await pagesOf(base, PAGE_KEYS)).pages;
        for (const p of mixPages) await raw(base, p.path, { headers: PHONE });
        const tag = `${kind}-${mode}-${randomBytes(3).toString("hex")}`;
        run.mixes.push(await measureMix(s, kind, base, mode, mixPages, productIds, tag));
      }
    }
    return run;
  } finally {
    await shop.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- report

const modeLabel = (m: Mode) => (m === "on" ? "on" : "off (before)");
const failures = (r: LoadResult) =>
  r.errors || r.non2xx ? ` (${r.errors - r.timeouts} errors, ${r.timeouts} time-outs, ${r.non2xx} non-2xx)` : "";
const waiting = (r: LoadResult) => (r.unanswered ? `${r.unanswered.count} (${int(r.unanswered.oldestMs)})` : "–");
const statusList = (r: LoadResult) =>
  Object.entries(r.statuses ?? {})
    .map(([status, n]) => `${n} × ${status}`)
    .join(", ");

/** Requests still waiting when the run stopped, when the oldest had waited past the target. */
function lateAtEnd(r: LoadResult, targetMs: number): string {
  const u = r.unanswered;
  return u && u.oldestMs >= targetMs
    ? `${u.count} requests still waiting at the end, the oldest for ${int(u.oldestMs)} ms`
    : "";
}

function pageVerdict(r: PageRow): string {
  if (r.problems.length) return `❌ invalid: ${r.problems.join("; ")}`;
  const misses: string[] = [];
  if (r.ratio < RATIO_TARGET) misses.push(`ratio ${f2(r.ratio)} < ${RATIO_TARGET}`);
  if (!(r.app.p99 < PAGE_P99_MS)) misses.push(`p99 ≥ ${PAGE_P99_MS} ms`);
  if (r.app.timeouts) misses.push(`${r.app.timeouts} time-outs (10 s, not in p99)`);
  if (r.app.errors - r.app.timeouts) misses.push(`${r.app.errors - r.app.timeouts} errors`);
  const late = lateAtEnd(r.app, PAGE_P99_MS);
  return `${r.meets ? "✅ yes" : `❌ no (${misses.join("; ")})`}${late ? `; ${late}` : ""}`;
}

function pagesTable(run: Run): string {
  return table(
    ["Page", "Page cache", "Sent (HTML)", ...APP_VS_BARE, "Target met"],
    "llrrrrrrrrl",
    run.pages.map((r) => [
      r.label,
      modeLabel(r.mode),
      `${bytes(r.bytes)} ${r.encoding} (${bytes(r.htmlBytes)})`,
      ...appVsBare(r.app, r.bare, r.ratio),
      pageVerdict(r),
    ]),
  );
}

function mixVerdict(m: MixRun): string {
  const misses: string[] = [];
  if (m.all.errors) misses.push(`${m.all.errors} errors`);
  if (m.all.timeouts) misses.push(`${m.all.timeouts} time-outs`);
  if (m.all.non2xx) misses.push(`${m.all.non2xx} non-2xx`);
  if (m.target.includes("p99 <") && !(m.all.p99 < MIX_P99_MS)) misses.push(`p99 ≥ ${MIX_P99_MS} ms`);
  return m.meets ? `✅ yes (${m.target})` : `❌ no: ${misses.join("; ")} (target: ${m.target})`;
}

function mixTable(run: Run): string {
  const rows = run.mixes.flatMap((m) => {
    const groups = m.groups.map((g) => {
      const r = g.result;
      const non2xx = r.non2xx ? `${r.non2xx} (${statusList(r)})` : "0";
      const errors = r.errors - r.timeouts;
      return [
        modeLabel(m.mode),
        g.label,
        g.connections,
        int(r.rps),
        f2(r.p50),
        f2(r.p99),
        errors,
        r.timeouts,
        non2xx,
        waiting(r),
        "",
      ];
    });
    const connections = m.groups.reduce((n, g) => n + g.connections, 0);
    const count = m.groups.reduce((n, g) => n + (g.result.unanswered?.count ?? 0), 0);
    const oldest = Math.max(0, ...m.groups.map((g) => g.result.unanswered?.oldestMs ?? 0));
    const all = m.all;
    return [
      ...groups,
      [
        modeLabel(m.mode),
        "**All**",
        connections,
        `**${int(all.rps)}**`,
        f2(all.p50),
        `**${f2(all.p99)}**`,
        all.errors,
        all.timeouts,
        all.non2xx,
        `${count} (${int(oldest)})`,
        mixVerdict(m),
      ],
    ];
  });
  return table(
    [
      "Page cache",
      "Group",
      "Connections",
      "req/s",
      "p50 ms",
      "p99 ms",
      "Errors",
      "Time-outs",
      "Non-2xx",
      "Waiting at the end (oldest ms)",
      "Target met",
    ],
    "llrrrrrrrrl",
    rows,
  );
}

function mixDetailTable(run: Run): string {
  const rows = run.mixes.flatMap((m) =>
    m.groups.flatMap((g) => requestRows(g, m.seconds, f2).map((cells) => [modeLabel(m.mode), ...cells])),
  );
  return table(["Page cache", ...REQUEST_COLUMNS], `l${REQUEST_ALIGN}`, rows);
}

function markdown(s: Settings, run: Run, m: Machine, date: string, finishedLoad: string): string {
  const notes = run.pages
    .filter((r) => r.notes.length)
    .map((r) => `- ${r.label}, page cache ${modeLabel(r.mode)}: ${r.notes.join("; ")}`);
  const mixConnections = mixGroups(s.connections, [], "", []);
  return `# Crowd benchmark (a WhatsApp promotion) — ${run.database} — ${date}

${machineLine(m)}
- Load average (1, 5, 15 min): ${run.loadAverage} when this database's run started, ${finishedLoad} when it ended
- Server: the production build (\`${npmStart().script}\`, \`NODE_ENV=production\`, \`LOG_LEVEL=warn\`) on the demo catalogue (seeded with its pictures; seeding and start ${f1(run.seedSeconds)} s), "page cache off" = the same server restarted with \`PAGE_CACHE=off\`
- Requests like a phone: \`accept-encoding: br, gzip\`; autocannon, a new process per run, time-out 10 s (time-outs are not in p99); latencies are exact per request, of 2xx answers; requests still waiting when a run stops are in no figure: their number and the oldest one's wait are given
- (a) ${s.connections} connections, ${s.warmup} s warm-up then ${s.duration} s per page and server; bare = node:http answering the app's bytes with its status, content-type, content-encoding, etag and vary. Target: app ≥ ${RATIO_TARGET} × bare req/s and p99 < ${PAGE_P99_MS} ms
- (b) ${s.connections} connections for ${s.mixDuration} s (after ${s.warmup} s of warm-up), three autocannon processes started together: ${mixConnections.map((g) => `${g.connections} × ${g.key}`).join(", ")}. Target: ${run.kind === "postgres" ? `0 errors, 0 time-outs, p99 < ${MIX_P99_MS} ms` : "0 errors, 0 time-outs; p99 reported"}

## (a) Anonymous pages

${run.pages.length ? pagesTable(run) : "(not measured)"}
${notes.length ? `\n${notes.join("\n")}\n` : ""}
## (b) The mix

${run.mixes.length ? `${mixTable(run)}\n\nPer request:\n\n${mixDetailTable(run)}` : "(not measured)"}
`;
}

// ---------------------------------------------------------------- main

export async function crowdBench(argv: string[]): Promise<number> {
  const s = settings(argv);
  if (typeof s === "number") return s;
  if (!storefrontBuilt()) return 1;
  cleanUpOnInterrupt(stopAllShops, 20_000);
  const m = machine();
  console.log(
    `Crowd bench: ${machineSummary(m)}, load average ${m.loadAverage}; ` +
      `${s.connections} connections; pages ${s.warmup}+${s.duration} s, mix ${s.warmup}+${s.mixDuration} s; page cache ${s.modes.join(", ")}`,
  );
  const date = today();
  const started = performance.now();
  let failed = false;
  for (const kind of s.kinds) {
    try {
      const run = await runOne(s, kind);
      const finishedLoad = loadAverage();
      const md = markdown(s, run, m, date, finishedLoad);
      const json = { date, machine: m, settings: s, loadAverageAtEnd: finishedLoad, ...run };
      const written = await writeResults(`${date}-crowd-${kind}`, md, json);
      console.log(`\n${md}\nWritten: ${written}.md and .json`);
    } catch (error) {
      failed = true;
      console.error(`\n${kind}: ${errorDetail(error)}`);
    }
  }
  console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  return failed ? 1 : 0;
}
