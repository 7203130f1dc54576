/**
 * `npm run bench:memory`: the shop's resident memory through a promotion's crowd (decision 030),
 * on the production build with the demo catalogue, on PGlite and on PostgreSQL. See
 * bench/README.md and docs/performance.md's memory section.
 *
 * For each database (and each `--variant`): the app process's VmRSS idle (a few seconds after
 * start) and after the first page requests; then the crowd bench's mix (crowd-mix.ts: pages,
 * catalogue API, signed-in carts, 200 connections) for 60 s with VmRSS sampled every 250 ms and
 * VmHWM (the peak) read at the end; then VmRSS watched idle for 60 s (does it come back?).
 * The same mix against a bare node:http server answering a small JSON gives the baseline.
 * `--soak <minutes>` adds a long steady run at lower concurrency, RSS each minute.
 *
 * Only the app's node process is counted (`/proc/<pid>/status` of the server's), not PostgreSQL's.
 */
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import type { Recorded } from "./bare-server.ts";
import {
  type Customer,
  children,
  killChildren,
  type MixGroup,
  type MixTotals,
  makeCustomers,
  mixGroups,
  mixTotals,
  PAGE_KEYS,
  PHONE,
  pagesOf,
  raw,
  runMix,
} from "./crowd-mix.ts";
import type { LoadRequest, TagResult } from "./load.ts";
import { loadAverage, machine } from "./machine.ts";
import type { ProbeLine } from "./memory-probe.ts";
import { npmStart, npmStartFlags, type ShopServer, shopServer } from "./shop-server.ts";
import { pgliteVersion, postgresVersion } from "./versions.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(HERE);
const RESULTS = path.join(HERE, "results");
const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";

const HELP = `Usage: npm run bench:memory -- [options]
  --db <list>             pglite, postgres or pglite,postgres (default: pglite, plus postgres
                          when DATABASE_URL or ${DEFAULT_POSTGRES} answers)
  --duration <s>          measured seconds of the mix (default 60)
  --warmup <s>            mix before the measured seconds, counted in the peak (default 2)
  --cooldown <s>          seconds VmRSS is watched idle after the mix (default 60)
  --settle <s>            seconds after start before the idle figure (default 5)
  --connections <n>       the mix's connections (default 200): half pages, a quarter catalogue
                          API, a quarter signed-in carts (one customer each)
  --soak <minutes>        then a steady mix for that long, RSS each minute (default 0: none)
  --soak-connections <n>  connections of the soak (default 50)
  --soak-rate <req/s>     at most this many requests per second in the soak (default: no limit)
  --node-options <flags>  NODE_OPTIONS of the app process, e.g. "--max-old-space-size=96"
  --node-args=<flags>     flags on the app's command line (node <flags> dist/server.js), for the V8
                          flags NODE_OPTIONS refuses, e.g. "--liftoff-only"; every variant;
                          default: those of \`npm start\`; --node-args= for none
  --env KEY=VALUE         added to the app process's environment (repeatable)
  --variant <name:K=V,…>  measure the app once per variant, restarted on the same data with
                          these variables added (repeatable; "name:" alone = no change), e.g.
                          --variant now: --variant heap96:NODE_OPTIONS=--max-old-space-size=96
  --no-bare               skip the bare node:http baseline
  --probe                 also load bench/memory-probe.ts into the app (NODE_OPTIONS --import):
                          process.memoryUsage() each second (JS heap, external, ArrayBuffers)`;

// ---------------------------------------------------------------- options

type DbKind = "pglite" | "postgres";

/** The memory targets (decision 030), in MB (MiB: kB of /proc ÷ 1024). */
const TARGETS: Record<DbKind, { peak: number; idle: number }> = {
  pglite: { peak: 384, idle: 200 },
  postgres: { peak: 256, idle: 150 },
};
/**
 * "Idle again": VmRSS back to at most the figure after the first requests plus 10 % of it
 * (16 MB at least).
 */
const nearIdleKb = (referenceKb: number) => referenceKb + Math.max(0.1 * referenceKb, 16 * 1024);
const NEAR_IDLE_TEXT = "the RSS after the first requests + 10 % (16 MB at least)";
/** The size V8 reserves around a 32-bit WebAssembly memory (8 GiB), in kB. */
const WASM_RESERVATION_KB = 8 * 1024 * 1024;
const SAMPLE_MS = 250;

interface Variant {
  name: string;
  env: Record<string, string>;
}

interface Settings {
  kinds: DbKind[];
  postgresUrl: string;
  duration: number;
  warmup: number;
  cooldown: number;
  settle: number;
  connections: number;
  soakMinutes: number;
  soakConnections: number;
  soakRate: number | undefined;
  nodeOptions: string | undefined;
  /** Flags on the app's command line, before the server's script. */
  nodeArgs: string[];
  env: Record<string, string>;
  variants: Variant[];
  bare: boolean;
  probe: boolean;
}

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

function keyValue(raw: string, problems: string[], where: string): [string, string] | undefined {
  const i = raw.indexOf("=");
  const key = raw.slice(0, i);
  if (i < 1 || !ENV_KEY.test(key)) {
    problems.push(`${where}: "${raw}" is not KEY=VALUE`);
    return undefined;
  }
  return [key, raw.slice(i + 1)];
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function settings(argv: string[]): Promise<Settings | number> {
  let values: ReturnType<typeof parse>["values"];
  function parse() {
    return parseArgs({
      args: argv,
      options: {
        db: { type: "string" },
        duration: { type: "string", default: "60" },
        warmup: { type: "string", default: "2" },
        cooldown: { type: "string", default: "60" },
        settle: { type: "string", default: "5" },
        connections: { type: "string", default: "200" },
        soak: { type: "string", default: "0" },
        "soak-connections": { type: "string", default: "50" },
        "soak-rate": { type: "string" },
        "node-options": { type: "string" },
        "node-args": { type: "string" },
        env: { type: "string", multiple: true, default: [] },
        variant: { type: "string", multiple: true, default: [] },
        "no-bare": { type: "boolean", default: false },
        probe: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    });
  }
  try {
    values = parse().values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    return 2;
  }
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const problems: string[] = [];
  const bounded = (name: string, raw: string | undefined, min: number, max: number) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max)
      problems.push(`--${name} must be a number between ${min} and ${max}`);
    return n;
  };
  const postgresUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES;
  let kinds: string[];
  if (values.db) kinds = values.db.split(",").map((k) => k.trim());
  else {
    kinds = ["pglite"];
    if (await reachable(postgresUrl)) kinds.push("postgres");
    else console.log(`PostgreSQL does not answer at ${redact(postgresUrl)}: PGlite only.`);
  }
  for (const k of kinds) if (k !== "pglite" && k !== "postgres") problems.push(`--db: unknown database ${k}`);
  const env: Record<string, string> = {};
  for (const raw of values.env) {
    const kv = keyValue(raw, problems, "--env");
    if (kv) env[kv[0]] = kv[1];
  }
  const variants: Variant[] = [];
  for (const raw of values.variant) {
    const colon = raw.indexOf(":");
    const name = colon < 0 ? raw : raw.slice(0, colon);
    if (!name) problems.push(`--variant "${raw}": a name first, then ":"`);
    const rest = colon < 0 ? "" : raw.slice(colon + 1);
    const variantEnv: Record<string, string> = {};
    // Split on the commas that start a new KEY=: a value may hold commas of its own.
    for (const part of rest ? rest.split(/,(?=[A-Za-z_][A-Za-z0-9_]*=)/) : []) {
      const kv = keyValue(part, problems, `--variant ${name}`);
      if (kv) variantEnv[kv[0]] = kv[1];
    }
    variants.push({ name, env: variantEnv });
  }
  if (new Set(variants.map((v) => v.name)).size !== variants.length)
    problems.push("--variant: two variants of one name");
  const result: Settings = {
    kinds: kinds as DbKind[],
    postgresUrl,
    duration: bounded("duration", values.duration, 1, 3600),
    warmup: bounded("warmup", values.warmup, 0, 60),
    cooldown: bounded("cooldown", values.cooldown, 0, 3600),
    settle: bounded("settle", values.settle, 0, 600),
    connections: Math.round(bounded("connections", values.connections, 4, 1000)),
    soakMinutes: Math.round(bounded("soak", values.soak, 0, 24 * 60)),
    soakConnections: Math.round(bounded("soak-connections", values["soak-connections"], 4, 1000)),
    soakRate: values["soak-rate"] === undefined ? undefined : bounded("soak-rate", values["soak-rate"], 1, 1e6),
    nodeOptions: values["node-options"],
    // Absent: those of `npm start`; `--node-args=` (empty): none.
    nodeArgs: values["node-args"] === undefined ? npmStartFlags() : values["node-args"].split(/\s+/).filter(Boolean),
    env,
    variants: variants.length ? variants : [{ name: "", env: {} }],
    bare: !values["no-bare"],
    probe: values.probe,
  };
  if (problems.length) {
    console.error(`${problems.join("\n")}\n\n${HELP}`);
    return 2;
  }
  return result;
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return url;
  }
}

// ---------------------------------------------------------------- /proc

/** From /proc/<pid>/status, in kB. */
interface Status {
  rss: number;
  hwm: number;
  anon: number;
  file: number;
  shmem: number;
  threads: number;
}

function readStatus(pid: number): Status | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? Number.NaN);
  return {
    rss: kb("VmRSS"),
    hwm: kb("VmHWM"),
    anon: kb("RssAnon"),
    file: kb("RssFile"),
    shmem: kb("RssShmem"),
    threads: kb("Threads"),
  };
}

function mustStatus(pid: number): Status {
  const s = readStatus(pid);
  if (!s) throw new Error(`process ${pid} is gone (no /proc/${pid}/status)`);
  return s;
}

/** The command line of a process, to check it is the one meant (e.g. `… apps/server/dist/server.js`). */
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
  } catch {
    return "";
  }
}

/** One mapping of /proc/<pid>/smaps, in kB. */
interface Mapping {
  range: string;
  perms: string;
  name: string;
  sizeKb: number;
  rssKb: number;
  /** Size of the run of adjacent anonymous mappings it belongs to (a reservation, e.g. a WebAssembly memory's). */
  reservedKb: number;
}

/** The largest mappings by resident size: where the memory is (heap, WebAssembly, libraries). */
function largestMappings(pid: number, count: number): Mapping[] {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, "utf8");
  } catch {
    return [];
  }
  const maps: (Mapping & { start: bigint; end: bigint })[] = [];
  let current: (Mapping & { start: bigint; end: bigint }) | undefined;
  for (const line of text.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      current = {
        range: `${head[1]}-${head[2]}`,
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3] ?? "",
        name: head[4] ?? "",
        sizeKb: 0,
        rssKb: 0,
        reservedKb: 0,
      };
      maps.push(current);
      continue;
    }
    const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
    if (field && current) {
      if (field[1] === "Size") current.sizeKb = Number(field[2]);
      else current.rssKb = Number(field[2]);
    }
  }
  // Runs of adjacent anonymous mappings (a reservation split into its used and its guard parts).
  for (let i = 0; i < maps.length; ) {
    let j = i;
    while (
      j + 1 < maps.length &&
      !maps[j]?.name &&
      !maps[j + 1]?.name &&
      (maps[j] as { end: bigint }).end === (maps[j + 1] as { start: bigint }).start
    )
      j++;
    const run = maps.slice(i, j + 1);
    const reserved = run.reduce((n, m) => n + m.sizeKb, 0);
    for (const m of run) m.reservedKb = m.name ? m.sizeKb : reserved;
    i = j + 1;
  }
  return maps
    .sort((a, b) => b.rssKb - a.rssKb)
    .slice(0, count)
    .map(({ start: _s, end: _e, ...m }) => m);
}

/** VmRSS every SAMPLE_MS, with the time (s) from a start. */
class Sampler {
  samples: [number, number][] = [];
  private timer: NodeJS.Timeout | undefined;
  private t0 = performance.now();
  private pid: number;
  constructor(pid: number) {
    this.pid = pid;
  }
  start() {
    this.t0 = performance.now();
    const take = () => {
      const s = readStatus(this.pid);
      if (s) this.samples.push([Math.round(performance.now() - this.t0) / 1000, s.rss]);
    };
    take();
    this.timer = setInterval(take, SAMPLE_MS);
  }
  /** Seconds since start. */
  now() {
    return (performance.now() - this.t0) / 1000;
  }
  stop() {
    clearInterval(this.timer);
  }
  maxBetween(from: number, to: number) {
    return Math.max(0, ...this.samples.filter(([t]) => t >= from && t <= to).map(([, rss]) => rss));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- one measurement

interface Soak {
  minutes: number;
  connections: number;
  rate: number | undefined;
  /** [minute, VmRSS kB] at the end of each minute. */
  rssByMinute: [number, number][];
  firstKb: number;
  lastKb: number;
  maxKb: number;
  /** Least squares, kB per 10 minutes. */
  slopeKbPer10Min: number;
  hwmKb: number;
  totals: MixTotals;
  /** The slowest minute's p99. */
  worstP99: number;
}

/** The server's start, from its process's first sample to its first answer to /api/health. */
interface Startup {
  /** [s from the first sample, VmRSS kB], every 100 ms. */
  samples: [number, number][];
  /** VmHWM when the server first answered. */
  hwmKb: number;
  /** When the highest sample was taken, and the answer came (s). */
  peakAt: number;
  readyAt: number;
}

/** Samples the server's VmRSS while it starts (the seeding's process is not the server: skipped). */
function watchStart(shop: ShopServer): { stop: () => Startup | undefined } {
  const samples: [number, number][] = [];
  let t0: number | undefined;
  let pid: number | undefined;
  const timer = setInterval(() => {
    const p = shop.pid();
    if (!p) return;
    if (p !== pid) {
      if (!commandLine(p).includes(npmStart().script)) return;
      pid = p;
      samples.length = 0;
      t0 = performance.now();
    }
    const st = readStatus(p);
    if (st && t0 !== undefined) samples.push([Math.round(performance.now() - t0) / 1000, st.rss]);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      const st = pid ? readStatus(pid) : undefined;
      if (!st || t0 === undefined || !samples.length) return undefined;
      const peak = samples.reduce((a, x) => (x[1] > a[1] ? x : a));
      return { samples, hwmKb: st.hwm, peakAt: peak[0], readyAt: (performance.now() - t0) / 1000 };
    },
  };
}

interface Measured {
  startup: Startup | undefined;
  /** "bare", or the database and the variant. */
  label: string;
  kind: DbKind | "bare";
  variant: string;
  env: Record<string, string>;
  pid: number;
  command: string;
  idle: Status;
  afterFirst: Status | undefined;
  beforeMix: Status;
  atEnd: Status;
  afterCooldown: Status | undefined;
  /** Seconds after the end of the mix when VmRSS first came back near the idle reference (nearIdleKb), if it did. */
  idleAgainAfter: number | undefined;
  idleReferenceKb: number;
  cooldownMinKb: number | undefined;
  /** VmRSS samples: [s from the start of the mix's warm-up, kB]; the measured part starts at `measuredFrom`. */
  samples: [number, number][];
  measuredFrom: number;
  measuredTo: number;
  /** Date.now() at the end of the mix (to find the probe's line). */
  mixEndedAt: number;
  /** The highest VmRSS sampled from the warm-up's start to the mix's end. */
  mixMaxRssKb: number;
  mix: { groups: MixGroup[]; all: MixTotals; customers: number; seconds: number };
  mappings: Mapping[];
  probe: ProbeLine[] | undefined;
  soak: Soak | undefined;
}

interface Target {
  peak: number;
  idle: number;
}

async function measure(
  s: Settings,
  o: {
    startup: Startup | undefined;
    label: string;
    kind: DbKind | "bare";
    variant: string;
    env: Record<string, string>;
    pid: number;
    base: string;
    groups: (customers: Customer[]) => ReturnType<typeof mixGroups>;
    firstRequests: () => Promise<void>;
    customers: () => Promise<Customer[]>;
    probeFile: string | undefined;
  },
): Promise<Measured> {
  const { pid } = o;
  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
  if (s.settle > 0) await sleep(s.settle * 1000);
  const idle = mustStatus(pid);
  process.stdout.write(`   idle after ${s.settle} s: ${mb(idle.rss)}`);
  let afterFirst: Status | undefined;
  if (o.kind !== "bare") {
    await o.firstRequests();
    await sleep(1000);
    afterFirst = mustStatus(pid);
    process.stdout.write(`; after the first requests: ${mb(afterFirst.rss)}`);
  }
  console.log();
  const customers = await o.customers();
  const groups = o.groups(customers);
  const beforeMix = mustStatus(pid);
  const sampler = new Sampler(pid);
  sampler.start();
  if (s.warmup > 0) await runMix(o.base, groups, s.warmup, false);
  const measuredFrom = sampler.now();
  process.stdout.write(`   mix ${s.connections} connections, ${s.warmup} + ${s.duration} s… `);
  const measured = await runMix(o.base, groups, s.duration, true);
  const measuredTo = sampler.now();
  const mixEndedAt = Date.now();
  const atEnd = mustStatus(pid);
  const mappings = largestMappings(pid, 8);
  const all = mixTotals(measured);
  console.log(
    `${Math.round(all.rps)} req/s, p99 ${all.p99.toFixed(1)} ms, ${all.errors} errors, ${all.timeouts} time-outs, ${all.non2xx} non-2xx; ` +
      `peak (VmHWM) ${mb(atEnd.hwm)}, VmRSS at the end ${mb(atEnd.rss)}`,
  );
  const idleReferenceKb = (afterFirst ?? idle).rss;
  let idleAgainAfter: number | undefined;
  let cooldownMinKb: number | undefined;
  let afterCooldown: Status | undefined;
  if (s.cooldown > 0) {
    process.stdout.write(`   cooldown ${s.cooldown} s… `);
    const until = measuredTo + s.cooldown;
    while (sampler.now() < until) {
      await sleep(SAMPLE_MS);
      const last = sampler.samples[sampler.samples.length - 1];
      if (idleAgainAfter === undefined && last && last[0] > measuredTo && last[1] <= nearIdleKb(idleReferenceKb))
        idleAgainAfter = last[0] - measuredTo;
    }
    afterCooldown = mustStatus(pid);
    cooldownMinKb = Math.min(...sampler.samples.filter(([t]) => t > measuredTo).map(([, rss]) => rss));
    console.log(
      `VmRSS ${mb(afterCooldown.rss)} (lowest ${mb(cooldownMinKb)}); ` +
        (idleAgainAfter === undefined
          ? `not back under ${mb(nearIdleKb(idleReferenceKb))}`
          : `back near idle after ${idleAgainAfter.toFixed(1)} s`),
    );
  }
  sampler.stop();
  let soak: Soak | undefined;
  if (s.soakMinutes > 0) soak = await runSoak(s, o.base, pid, o.groups, customers);
  const probe = o.probeFile ? readProbe(o.probeFile) : undefined;
  return {
    startup: o.startup,
    label: o.label,
    kind: o.kind,
    variant: o.variant,
    env: o.env,
    pid,
    command: commandLine(pid),
    idle,
    afterFirst,
    beforeMix,
    atEnd,
    afterCooldown,
    idleAgainAfter,
    idleReferenceKb,
    cooldownMinKb,
    samples: sampler.samples,
    measuredFrom,
    measuredTo,
    mixEndedAt,
    mixMaxRssKb: sampler.maxBetween(0, measuredTo),
    mix: { groups: measured, all, customers: customers.length, seconds: s.duration },
    mappings,
    probe,
    soak,
  };
}

async function runSoak(
  s: Settings,
  base: string,
  pid: number,
  makeGroups: (customers: Customer[]) => ReturnType<typeof mixGroups>,
  customers: Customer[],
): Promise<Soak> {
  // The same mix at lower concurrency: a new set of autocannon processes each minute.
  const full = makeGroups(customers);
  const groups = mixGroups(s.soakConnections, [], "", customers).map((g) => {
    const same = full.find((f) => f.key === g.key);
    return { ...(same ?? g), connections: g.connections };
  }) as ReturnType<typeof mixGroups>;
  const rssByMinute: [number, number][] = [];
  const results: MixGroup[][] = [];
  let worstP99 = 0;
  console.log(
    `   soak: ${s.soakMinutes} min at ${s.soakConnections} connections${s.soakRate ? `, at most ${s.soakRate} req/s` : ""}`,
  );
  for (let minute = 1; minute <= s.soakMinutes; minute++) {
    const measured = await runMix(base, groups, 60, true, s.soakRate);
    const totals = mixTotals(measured);
    worstP99 = Math.max(worstP99, Number.isFinite(totals.p99) ? totals.p99 : 0);
    results.push(measured);
    const st = mustStatus(pid);
    rssByMinute.push([minute, st.rss]);
    console.log(
      `     minute ${minute}: VmRSS ${(st.rss / 1024).toFixed(0)} MB, ${Math.round(totals.rps)} req/s, p99 ${totals.p99.toFixed(1)} ms, ` +
        `${totals.errors} errors, ${totals.timeouts} time-outs, ${totals.non2xx} non-2xx`,
    );
  }
  const n = rssByMinute.length;
  const mx = rssByMinute.reduce((a, [m]) => a + m, 0) / n;
  const my = rssByMinute.reduce((a, [, r]) => a + r, 0) / n;
  const sxy = rssByMinute.reduce((a, [m, r]) => a + (m - mx) * (r - my), 0);
  const sxx = rssByMinute.reduce((a, [m]) => a + (m - mx) ** 2, 0);
  const sum = (f: (t: MixTotals) => number) => results.reduce((a, r) => a + f(mixTotals(r)), 0);
  return {
    minutes: s.soakMinutes,
    connections: s.soakConnections,
    rate: s.soakRate,
    rssByMinute,
    firstKb: rssByMinute[0]?.[1] ?? Number.NaN,
    lastKb: rssByMinute[n - 1]?.[1] ?? Number.NaN,
    maxKb: Math.max(...rssByMinute.map(([, r]) => r)),
    slopeKbPer10Min: sxx > 0 ? (sxy / sxx) * 10 : 0,
    hwmKb: mustStatus(pid).hwm,
    totals: {
      rps: sum((t) => t.rps) / n,
      p50: Number.NaN,
      p99: Number.NaN,
      requests: sum((t) => t.requests),
      errors: sum((t) => t.errors),
      timeouts: sum((t) => t.timeouts),
      non2xx: sum((t) => t.non2xx),
    },
    worstP99,
  };
}

function readProbe(file: string): ProbeLine[] | undefined {
  try {
    return readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as ProbeLine);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- the shop on one database

const shops = new Set<ShopServer>();

/** The mix's groups on this server (pages and product of its catalogue). */
interface MixPlan {
  groups: (customers: Customer[]) => ReturnType<typeof mixGroups>;
  /** Every distinct request of the mix, for the bare server. */
  requests: LoadRequest[];
}

async function runDatabase(
  s: Settings,
  kind: DbKind,
  tmp: string,
): Promise<{
  database: string;
  seedSeconds: number;
  rows: Measured[];
  plan: MixPlan | undefined;
  failures: string[];
}> {
  const database =
    kind === "postgres" ? await postgresVersion(s.postgresUrl) : pgliteVersion("on disk, in the app's process");
  const log = (line: string) => console.log(`   ${line}`);
  const common: Record<string, string> = {
    // The customers of the mix sign up and in from 127.0.0.1, more than the 10 a minute allowed.
    AUTH_RATE_LIMIT_MAX: "100000",
    ...s.env,
  };
  const probeFile = (variant: string) => path.join(tmp, `probe-${kind}-${variant || "default"}.jsonl`);
  const envOf = (v: Variant): Record<string, string> => {
    const env = { ...common, ...v.env };
    const nodeOptions = [
      env.NODE_OPTIONS ?? s.nodeOptions,
      s.probe ? `--import=${path.join(HERE, "memory-probe.ts")}` : "",
    ]
      .filter(Boolean)
      .join(" ");
    if (nodeOptions) env.NODE_OPTIONS = nodeOptions;
    if (s.probe) env.MEMORY_PROBE_FILE = probeFile(v.name);
    return env;
  };
  const first = s.variants[0] as Variant;
  const shop = shopServer(log, {
    ...(kind === "postgres" ? { postgresUrl: s.postgresUrl } : {}),
    env: envOf(first),
    execArgv: s.nodeArgs,
  });
  shops.add(shop);
  const rows: Measured[] = [];
  let plan: MixPlan | undefined;
  const failures: string[] = [];
  let seedSeconds = 0;
  let name = database;
  try {
    console.log(`\n== ${database}: seeding the demo catalogue and starting the production server…`);
    const t0 = performance.now();
    let watch = watchStart(shop);
    let base = await shop.start();
    let startup = watch.stop();
    seedSeconds = (performance.now() - t0) / 1000;
    if (kind === "postgres") name = `${database}, database ${shop.database()}`;
    for (const [i, variant] of s.variants.entries()) {
      try {
        const env = envOf(variant);
        if (i > 0) {
          // This variant's variables, and none of the first one's that it does not set.
          const extra: Record<string, string | undefined> = { ...env };
          for (const key of Object.keys(envOf(first))) if (!(key in env)) extra[key] = undefined;
          watch = watchStart(shop);
          try {
            base = await shop.restart(extra);
          } finally {
            startup = watch.stop();
          }
        }
        const pid = shop.pid();
        if (!pid) throw new Error("no server process");
        const command = commandLine(pid);
        if (!command.includes(npmStart().script))
          throw new Error(`process ${pid} is not the server (${command || "gone"})`);
        const label = `${kind === "pglite" ? "shop on PGlite (embedded)" : "shop on PostgreSQL (app process only)"}${variant.name ? `, ${variant.name}` : ""}`;
        console.log(`\n-- ${label}: ${base}, pid ${pid}`);
        const { pages, productIds } = await pagesOf(base, PAGE_KEYS);
        const productId = productIds[0] as string;
        const groups = (customers: Customer[]) => mixGroups(s.connections, pages, productId, customers);
        const cartConnections = groups([]).find((g) => g.key === "cart")?.connections ?? 0;
        const requests = distinctRequests(groups([fakeCustomer()]));
        if (i === 0) plan = { groups, requests };
        const shown: Record<string, string> = { ...variant.env };
        if (s.nodeOptions && !("NODE_OPTIONS" in variant.env)) shown.NODE_OPTIONS = s.nodeOptions;
        if (s.nodeArgs.length) shown["node args"] = s.nodeArgs.join(" ");
        rows.push(
          await measure(s, {
            startup,
            label,
            kind,
            variant: variant.name,
            env: { ...s.env, ...shown },
            pid,
            base,
            groups,
            // The mix's pages and API reads once each, as crowd-bench does before its mix.
            firstRequests: async () => {
              for (const r of requests.filter((r) => !r.tag.startsWith("cart")))
                await raw(base, r.path, {
                  method: r.method,
                  headers: r.headers ?? PHONE,
                  ...(r.body ? { body: r.body } : {}),
                });
            },
            customers: async () => {
              process.stdout.write(`   signing up ${cartConnections} customers… `);
              const tag = `${kind}-${variant.name || "m"}-${randomBytes(3).toString("hex")}`;
              const c = await makeCustomers(base, cartConnections, productIds, tag);
              console.log("done");
              return c;
            },
            probeFile: s.probe ? probeFile(variant.name) : undefined,
          }),
        );
      } catch (error) {
        // One variant that fails (e.g. a flag NODE_OPTIONS refuses) does not lose the others.
        const message = error instanceof Error ? error.message : String(error);
        failures.push(`${kind}${variant.name ? ` ${variant.name}` : ""}: ${message}`);
        console.error(`\n${kind}${variant.name ? ` ${variant.name}` : ""}: ${message}`);
      }
    }
  } finally {
    await shop.stop();
    shops.delete(shop);
  }
  return { database: name, seedSeconds, rows, plan, failures };
}

function fakeCustomer(): Customer {
  return { email: "bare@bench.example", token: "bare", lineId: "bare", lines: 1 };
}

function distinctRequests(groups: ReturnType<typeof mixGroups>): LoadRequest[] {
  const seen = new Map<string, LoadRequest>();
  for (const g of groups) {
    const sequences: LoadRequest[][] = g.requests ? [g.requests] : (g.perConnection ?? []);
    for (const sequence of sequences) for (const r of sequence) seen.set(`${r.method} ${r.path}`, r);
  }
  return [...seen.values()];
}

// ---------------------------------------------------------------- the bare server

/** A small JSON, the same for every request of the mix. */
const SMALL_JSON = JSON.stringify({ success: true, error: false, message: "ok", data: [] });

async function measureBare(s: Settings, plan: MixPlan, tmp: string): Promise<Measured> {
  const file = path.join(tmp, "bare.json");
  const recorded: Recorded[] = plan.requests.map((r) => ({
    method: r.method,
    url: r.path,
    status: 200,
    contentType: "application/json; charset=utf-8",
    bodyBase64: Buffer.from(SMALL_JSON).toString("base64"),
  }));
  await writeFile(file, JSON.stringify(recorded));
  const proc = fork(path.join(HERE, "bare-server.ts"), [file], {
    env: { PATH: process.env.PATH },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  children.add(proc);
  const gone = new Promise<void>((resolve) =>
    proc.once("exit", () => {
      children.delete(proc);
      resolve();
    }),
  );
  try {
    const port = await new Promise<number>((resolve, reject) => {
      proc.once("message", (m: { type: string; port: number }) => resolve(m.port));
      proc.once("exit", (code) => reject(new Error(`bare-server.ts exited (${code})`)));
    });
    const pid = proc.pid as number;
    const base = `http://127.0.0.1:${port}`;
    console.log(`\n-- bare node:http answering a small JSON (${SMALL_JSON.length} bytes): ${base}, pid ${pid}`);
    return await measure(s, {
      startup: undefined,
      label: "bare `node:http` answering a small JSON",
      kind: "bare",
      variant: "",
      env: {},
      pid,
      base,
      groups: plan.groups,
      firstRequests: async () => {},
      customers: async () =>
        Array.from({ length: plan.groups([]).find((g) => g.key === "cart")?.connections ?? 0 }, fakeCustomer),
      probeFile: undefined,
    });
  } finally {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.send({ type: "stop" });
      const timer = setTimeout(() => proc.kill("SIGKILL"), 10_000);
      await gone;
      clearTimeout(timer);
    }
  }
}

// ---------------------------------------------------------------- report

const MB = (kb: number | undefined) => (kb === undefined || !Number.isFinite(kb) ? "–" : `${Math.round(kb / 1024)} MB`);
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");
const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "–");

function targetOf(r: Measured): Target | undefined {
  return r.kind === "bare" ? undefined : TARGETS[r.kind];
}

const clean = (t: MixTotals) => t.errors === 0 && t.timeouts === 0 && t.non2xx === 0;

function verdict(r: Measured): string {
  const t = targetOf(r);
  if (!t) return "baseline";
  const peak = r.atEnd.hwm / 1024;
  const idle = r.idle.rss / 1024;
  const parts = [
    `peak ≤ ${t.peak} MB ${peak <= t.peak ? "✅" : "❌"}`,
    `idle ≤ ${t.idle} MB ${idle <= t.idle ? "✅" : "❌"}`,
    `idle again ${r.afterCooldown ? (r.idleAgainAfter !== undefined ? "✅" : "❌") : "(not watched)"}`,
  ];
  const met = peak <= t.peak && idle <= t.idle && r.idleAgainAfter !== undefined;
  if (!clean(r.mix.all)) parts.push("❌ errors: the memory figures do not count");
  return `${met && clean(r.mix.all) ? "✅" : "❌"} ${parts.join(", ")}`;
}

function envLabel(env: Record<string, string>): string {
  const entries = Object.entries(env);
  return entries.length ? entries.map(([k, v]) => `\`${k}=${v}\``).join(" ") : "–";
}

function summaryTable(s: Settings, rows: Measured[]): string {
  const lines = [
    `| | settings | idle (${s.settle} s after start) | after the first requests | peak (VmHWM) under ${s.connections} connections for ${s.duration} s | peak before the mix (VmHWM) | highest VmRSS during the mix | after ${s.cooldown} s cooldown (lowest) | idle again | mix req/s | p99 ms | errors | time-outs | non-2xx | target |`,
    "|---|---|--:|--:|--:|--:|--:|--:|---|--:|--:|--:|--:|--:|---|",
  ];
  for (const r of rows) {
    const again = !r.afterCooldown
      ? "–"
      : r.idleAgainAfter !== undefined
        ? `yes, after ${f1(r.idleAgainAfter)} s`
        : `no (> ${MB(nearIdleKb(r.idleReferenceKb))})`;
    lines.push(
      `| ${r.label} | ${envLabel(r.env)} | ${MB(r.idle.rss)} | ${MB(r.afterFirst?.rss)} | **${MB(r.atEnd.hwm)}** | ${MB(r.beforeMix.hwm)} | ${MB(r.mixMaxRssKb)} | ${MB(r.afterCooldown?.rss)} (${MB(r.cooldownMinKb)}) | ${again} | ${int(r.mix.all.rps)} | ${f1(r.mix.all.p99)} | ${r.mix.all.errors} | ${r.mix.all.timeouts} | ${r.mix.all.non2xx} | ${verdict(r)} |`,
    );
  }
  return lines.join("\n");
}

function detailTable(rows: Measured[]): string {
  const lines = [
    "| | Request | Answers (2xx) | req/s | p50 ms | p99 ms | Slowest ms | Over 1 s | Non-2xx |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const r of rows) {
    for (const g of r.mix.groups) {
      for (const [tag, t] of Object.entries(g.result.byTag ?? {}) as [string, TagResult][]) {
        lines.push(
          `| ${r.label} | ${tag} | ${int(t.requests)} | ${int(t.requests / (g.result.elapsed ?? r.mix.seconds))} | ${f1(t.p50)} | ${f1(t.p99)} | ${int(t.max)} | ${t.overOneSecond} | ${t.non2xx} |`,
        );
      }
      const e = g.result;
      if (e.errors || e.timeouts)
        lines.push(
          `| ${r.label} | (${g.key}: ${e.errors - e.timeouts} errors, ${e.timeouts} time-outs) | | | | | | | |`,
        );
    }
  }
  return lines.join("\n");
}

function breakdown(r: Measured): string {
  const st = (label: string, x: Status | undefined) =>
    x
      ? `${label} ${MB(x.rss)} (anonymous ${MB(x.anon)}, files ${MB(x.file)}, shared ${MB(x.shmem)}; ${x.threads} threads; VmHWM so far ${MB(x.hwm)})`
      : "";
  const lines = [
    `- **${r.label}** (pid ${r.pid}, \`${r.command}\`): ${[st("idle", r.idle), st("after the first requests", r.afterFirst), st("before the mix (customers signed up)", r.beforeMix), st("end of the mix", r.atEnd), st("after the cooldown", r.afterCooldown)].filter(Boolean).join("; ")}.`,
  ];
  if (r.startup) {
    const k = r.startup;
    const highest = Math.max(...k.samples.map(([, rss]) => rss));
    lines.push(
      `  Start-up: VmRSS sampled every 100 ms from the process's start to its first answer (${f1(k.readyAt)} s): highest ${MB(highest)} at ${f1(k.peakAt)} s, VmHWM then ${MB(k.hwmKb)}; ${k.samples
        .filter((_, i) => i % 5 === 0)
        .map(([at, rss]) => `${f1(at)} s ${Math.round(rss / 1024)}`)
        .join(", ")} (MB).`,
    );
  }
  if (r.mappings.length)
    lines.push(
      `  Largest mappings at the end of the mix (resident / mapped; adjacent anonymous mappings reserved together): ${r.mappings
        .map(
          (m) =>
            `${MB(m.rssKb)} / ${MB(m.sizeKb)} ${m.perms} ${m.name || `anonymous${m.reservedKb > m.sizeKb ? ` (in ${MB(m.reservedKb)} reserved${m.reservedKb === WASM_RESERVATION_KB ? ": the shape of a WebAssembly memory" : ""})` : ""}`}`,
        )
        .join("; ")}.`,
    );
  if (r.probe?.length) {
    const peak = r.probe.reduce((a, p) => (p.rss > a.rss ? p : a));
    const last = r.probe[r.probe.length - 1] as ProbeLine;
    const line = (p: ProbeLine) =>
      `RSS ${MB(p.rss / 1024)}, JS heap ${MB(p.heapUsed / 1024)} used of ${MB(p.heapTotal / 1024)}, external ${MB(p.external / 1024)} (ArrayBuffers ${MB(p.arrayBuffers / 1024)}), malloc ${MB(p.malloced / 1024)}`;
    const atMixEnd = r.probe.reduce((a, p) => (Math.abs(p.t - r.mixEndedAt) < Math.abs(a.t - r.mixEndedAt) ? p : a));
    lines.push(
      `  process.memoryUsage() (probe, each second from the process's start): first ${line(r.probe[0] as ProbeLine)}; at its highest RSS ${line(peak)}; at the end of the mix ${line(atMixEnd)}; last ${line(last)}; V8 heap limit ${MB(peak.heapLimit / 1024)}.`,
    );
  }
  return lines.join("\n");
}

function timeline(r: Measured, step: number): string {
  const points: string[] = [];
  const end = r.samples[r.samples.length - 1]?.[0] ?? 0;
  for (let t = 0; t <= end + 0.001; t += step) {
    const near = r.samples.reduce((a, x) => (Math.abs(x[0] - t) < Math.abs(a[0] - t) ? x : a), r.samples[0] ?? [0, 0]);
    points.push(`${Math.round(near[0])} s ${Math.round(near[1] / 1024)}`);
  }
  return `- ${r.label}: ${points.join(", ")} (MB; the measured mix from ${f1(r.measuredFrom)} s to ${f1(r.measuredTo)} s, then the cooldown)`;
}

function soakTable(rows: Measured[]): string {
  const lines = [
    "| | minutes | connections | VmRSS first minute | last minute | highest | growth per 10 min (least squares) | VmHWM | req/s | slowest minute's p99 ms | errors | time-outs | non-2xx |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const r of rows) {
    const k = r.soak;
    if (!k) continue;
    lines.push(
      `| ${r.label} | ${k.minutes} | ${k.connections}${k.rate ? ` (≤ ${k.rate} req/s)` : ""} | ${MB(k.firstKb)} | ${MB(k.lastKb)} | ${MB(k.maxKb)} | ${(k.slopeKbPer10Min / 1024).toFixed(1)} MB | ${MB(k.hwmKb)} | ${int(k.totals.rps)} | ${f1(k.worstP99)} | ${k.totals.errors} | ${k.totals.timeouts} | ${k.totals.non2xx} |`,
    );
  }
  return lines.join("\n");
}

interface Report {
  date: string;
  machine: ReturnType<typeof machine>;
  settings: Settings;
  databases: { kind: DbKind; database: string; seedSeconds: number; loadAverage: [string, string] }[];
  rows: Measured[];
  failures: string[];
  seconds: number;
}

function markdown(r: Report): string {
  const s = r.settings;
  const m = r.machine;
  const groups = mixGroups(s.connections, [], "", []);
  const soak = r.rows.some((x) => x.soak);
  return `# Memory benchmark (decision 030) — ${r.date}

- Machine: ${m.nproc} CPUs (${m.cpu}), ${m.memoryGb} GB, ${m.os}; Node ${m.node}; commit ${m.commit}; sources ${m.sources}
- Databases: ${r.databases.map((d) => `${d.database} (seeding and start ${f1(d.seedSeconds)} s; load average ${d.loadAverage[0]} → ${d.loadAverage[1]})`).join("; ")}
- The app: the production build (\`${npmStart().script}\`, \`NODE_ENV=production\`, \`LOG_LEVEL=warn\`) on the demo catalogue${
    s.nodeArgs.length
      ? `, started as \`${Object.entries(npmStart().env)
          .map(([k, v]) => `${k}=${v} `)
          .join("")}node ${s.nodeArgs.join(" ")} ${path.basename(npmStart().script)}\``
      : ""
  }${s.nodeOptions ? `, \`NODE_OPTIONS=${s.nodeOptions}\`` : ""}${Object.keys(s.env).length ? `, ${envLabel(s.env)}` : ""}${s.probe ? ", with bench/memory-probe.ts loaded (--probe)" : ""}. Memory of its node process only (\`/proc/<pid>/status\`: VmRSS, VmHWM), not PostgreSQL's; MB = 1024 × 1024 bytes
- Idle: ${s.settle} s after the server answered its health check; "after the first requests": each page and catalogue read of the mix once, then 1 s
- The mix (crowd-mix.ts, as \`npm run bench -- --crowd\` part (b)): ${groups.map((g) => `${g.connections} × ${g.key}`).join(", ")}, three autocannon processes, ${s.warmup} s warm-up then ${s.duration} s measured, \`accept-encoding: br, gzip\`; VmRSS every ${SAMPLE_MS} ms, VmHWM (the process's peak since it started) at the end; then VmRSS watched for ${s.cooldown} s with no requests ("idle again" = back to ${NEAR_IDLE_TEXT})
- Bare: \`bare-server.ts\` answering every request of the same mix with a ${SMALL_JSON.length}-byte JSON
- Targets (decision 030): PGlite peak ≤ ${TARGETS.pglite.peak} MB, idle ≤ ${TARGETS.pglite.idle} MB; PostgreSQL app peak ≤ ${TARGETS.postgres.peak} MB, idle ≤ ${TARGETS.postgres.idle} MB; only with 0 errors, 0 time-outs, 0 non-2xx; idle again within the cooldown
- Run: ${Math.round(r.seconds)} s${r.failures.length ? `; **failed: ${r.failures.join("; ")}**` : ""}

${summaryTable(s, r.rows)}

## Where the memory is

${r.rows.map(breakdown).join("\n")}

## VmRSS over time (every 5 s from the start of the mix's warm-up)

${r.rows.map((x) => timeline(x, 5)).join("\n")}

## The mix, per request

${detailTable(r.rows)}
${soak ? `\n## Soak\n\n${soakTable(r.rows)}\n` : ""}`;
}

// ---------------------------------------------------------------- main

async function main(argv: string[]): Promise<number> {
  const s = await settings(argv);
  if (typeof s === "number") return s;
  if (!existsSync(path.join(ROOT, "apps/web/build/server/index.js"))) {
    console.error("No storefront build: run `npm run build` first (the benchmark measures the production build).");
    return 1;
  }
  process.on("exit", killChildren);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      killChildren();
      const timer = setTimeout(() => process.exit(130), 20_000);
      Promise.allSettled([...shops].map((shop) => shop.stop())).finally(() => {
        clearTimeout(timer);
        process.exit(130);
      });
    });
  }
  const m = machine();
  console.log(
    `Memory bench: ${m.nproc} CPUs, Node ${m.node}, commit ${m.commit}, sources ${m.sources}, load average ${m.loadAverage}; ` +
      `${s.kinds.join(", ")}; ${s.connections} connections, ${s.warmup} + ${s.duration} s, cooldown ${s.cooldown} s` +
      (s.soakMinutes ? `; soak ${s.soakMinutes} min at ${s.soakConnections} connections` : ""),
  );
  const date = new Date().toISOString().slice(0, 10);
  await mkdir(RESULTS, { recursive: true });
  const tmp = await mkdtemp(path.join(os.tmpdir(), "shop-memory-bench-"));
  const started = performance.now();
  const report: Report = { date, machine: m, settings: s, databases: [], rows: [], failures: [], seconds: 0 };
  let bare: Measured | undefined;
  try {
    for (const kind of s.kinds) {
      const load = loadAverage();
      try {
        const run = await runDatabase(s, kind, tmp);
        report.databases.push({
          kind,
          database: run.database,
          seedSeconds: run.seedSeconds,
          loadAverage: [load, loadAverage()],
        });
        report.rows.push(...run.rows);
        report.failures.push(...run.failures);
        // The baseline once, with the first database's requests (its pages and product),
        // after that app has stopped.
        if (s.bare && !bare && run.plan) {
          bare = await measureBare(s, run.plan, tmp);
          report.rows.unshift(bare);
        }
      } catch (error) {
        report.failures.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
        console.error(`\n${kind}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  report.seconds = (performance.now() - started) / 1000;
  if (!report.rows.length) return 1;
  const md = markdown(report);
  const suffix = `${s.nodeArgs.length || s.nodeOptions || Object.keys(s.env).length ? "-flags" : ""}${s.variants.length > 1 ? "-variants" : ""}${s.probe ? "-probe" : ""}${s.soakMinutes ? "-soak" : ""}`;
  const file = path.join(RESULTS, `${date}-memory${suffix}`);
  await writeFile(`${file}.md`, md);
  await writeFile(`${file}.json`, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${md}\nWritten: ${path.relative(ROOT, file)}.md and .json`);
  console.log(`Done in ${report.seconds.toFixed(0)} s.`);
  return report.failures.length ? 1 : 0;
}

process.exit(await main(process.argv.slice(2)));
