/**
 * One measurement of the memory bench: a process's VmRSS idle, through the crowd bench's mix,
 * after it (does it come back?) and optionally through a long soak, read from /proc/<pid> by
 * this process, which adds nothing to the measured one (decision 030).
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { type Customer, type MixGroup, type MixTotals, mixGroups, mixTotals, runMix } from "../crowd-mix.ts";
import type { DbKind } from "../lib/databases.ts";
import { commandLine, largestMappings, type Mapping, mustStatus, readStatus, type Status } from "../lib/proc.ts";
import { npmStart, type ShopServer } from "../shop-server.ts";
import type { ProbeLine } from "./probe.ts";
import type { Settings } from "./settings.ts";

export const SAMPLE_MS = 250;

/**
 * "Idle again": VmRSS back to at most the figure after the first requests plus 10 % of it
 * (16 MB at least).
 */
export const nearIdleKb = (referenceKb: number) => referenceKb + Math.max(0.1 * referenceKb, 16 * 1024);
export const NEAR_IDLE_TEXT = "the RSS after the first requests + 10 % (16 MB at least)";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mbText = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

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

/** The server's start, from its process's first sample to its first answer to /api/health. */
export interface Startup {
  /** [s from the first sample, VmRSS kB], every 100 ms. */
  samples: [number, number][];
  /** VmHWM when the server first answered. */
  hwmKb: number;
  /** When the highest sample was taken, and the answer came (s). */
  peakAt: number;
  readyAt: number;
}

/** Samples the server's VmRSS while it starts (the seeding's process is not the server: skipped). */
export function watchStart(shop: ShopServer): { stop: () => Startup | undefined } {
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

/** What is measured: the app on one database and variant, or the bare server. */
export interface Subject {
  startup: Startup | undefined;
  /** "bare", or the database and the variant. */
  label: string;
  kind: DbKind | "bare";
  variant: string;
  env: Record<string, string>;
  pid: number;
}

export interface Measured extends Subject {
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

export type Groups = (customers: Customer[]) => ReturnType<typeof mixGroups>;

/** How to load the subject: its address, the mix on it, its first requests and its customers. */
export interface Load {
  base: string;
  groups: Groups;
  firstRequests: () => Promise<void>;
  customers: () => Promise<Customer[]>;
  /** The probe's file (--probe), for the app. */
  probeFile: string | undefined;
}

export async function measure(s: Settings, subject: Subject, o: Load): Promise<Measured> {
  const { pid } = subject;
  if (s.settle > 0) await sleep(s.settle * 1000);
  const idle = mustStatus(pid);
  process.stdout.write(`   idle after ${s.settle} s: ${mbText(idle.rss)}`);
  let afterFirst: Status | undefined;
  if (subject.kind !== "bare") {
    await o.firstRequests();
    await sleep(1000);
    afterFirst = mustStatus(pid);
    process.stdout.write(`; after the first requests: ${mbText(afterFirst.rss)}`);
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
      `peak (VmHWM) ${mbText(atEnd.hwm)}, VmRSS at the end ${mbText(atEnd.rss)}`,
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
      `VmRSS ${mbText(afterCooldown.rss)} (lowest ${mbText(cooldownMinKb)}); ` +
        (idleAgainAfter === undefined
          ? `not back under ${mbText(nearIdleKb(idleReferenceKb))}`
          : `back near idle after ${idleAgainAfter.toFixed(1)} s`),
    );
  }
  sampler.stop();
  let soak: Soak | undefined;
  if (s.soakMinutes > 0) soak = await runSoak(s, o.base, pid, o.groups, customers);
  const probe = o.probeFile ? readProbe(o.probeFile) : undefined;
  return {
    ...subject,
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
  makeGroups: Groups,
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
      `     minute ${minute}: VmRSS ${mbText(st.rss)}, ${Math.round(totals.rps)} req/s, p99 ${totals.p99.toFixed(1)} ms, ` +
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
