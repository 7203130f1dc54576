/**
 * Where the app child spent its CPU:
 *   node bench/profile-summary.ts <file.cpuprofile> [--from <s>] [--to <s>] [--busiest <s>] [--top <n>]
 * Profiles come from `npm run bench -- --profile --only <endpoint>` (bench/results/profiles/).
 * The profile also holds the start-up (migrations, inserting the catalogue) and the time the
 * app is idle while the bare server is measured: the busy time of each second is printed
 * first; keep the measured load with --from/--to (seconds since the profile's start), or
 * with --busiest <s>: the busiest window of that length at or after --from. Then prints
 * self time by package and by function, and the inclusive time of a few stages of a request.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: "string", default: "0" },
    to: { type: "string" },
    busiest: { type: "string" },
    top: { type: "string", default: "25" },
  },
});
const file = positionals[0];
if (!file) {
  console.error("usage: node bench/profile-summary.ts <file.cpuprofile> [--busiest <seconds>] [--top <n>]");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** Sample i covers [times[i], times[i] + weights[i]), µs from the profile's start. */
const times: number[] = [];
const weights: number[] = [];
let t = 0;
for (const [i, d] of profile.timeDeltas.entries()) {
  t += d;
  times.push(t);
  weights.push(profile.timeDeltas[i + 1] ?? 0);
}
const idle = profile.samples.map((id) => byId.get(id)?.callFrame.functionName === "(idle)");

const seconds: number[] = [];
for (const [i, at] of times.entries()) {
  const s = Math.floor(at / 1e6);
  seconds[s] = (seconds[s] ?? 0) + (idle[i] ? 0 : (weights[i] ?? 0));
}
console.log(`Busy ms of each second: ${seconds.map((us, s) => `${s}:${Math.round((us ?? 0) / 1e3)}`).join(" ")}`);

let from = Number(values.from) * 1e6;
let to = values.to ? Number(values.to) * 1e6 : t;
if (values.busiest) {
  const width = Number(values.busiest) * 1e6;
  let best = -1;
  let lo = 0;
  let busy = 0;
  for (let hi = 0; hi < times.length; hi++) {
    if ((times[hi] ?? 0) < from) {
      lo = hi + 1;
      continue;
    }
    if (!idle[hi]) busy += weights[hi] ?? 0;
    while ((times[hi] ?? 0) - (times[lo] ?? 0) > width) if (!idle[lo++]) busy -= weights[lo - 1] ?? 0;
    if (busy > best) {
      best = busy;
      [from, to] = [times[lo] ?? 0, times[hi] ?? t];
    }
  }
}

function where(url: string): string {
  if (!url) return "(native / V8)";
  if (url.startsWith("node:")) return "node core";
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m?.[1]) return m[1];
  const app = url.match(/\/(apps\/[^/]+|packages\/[^/]+|bench)\//);
  return app?.[1] ?? url;
}

const self = new Map<string, number>();
const pkg = new Map<string, number>();
const inclusive = new Map<string, number>();
const STAGES: [string, RegExp][] = [
  ["fastify-type-provider-zod serializer (zod encode + JSON.stringify)", /fastify-type-provider-zod/],
  ["zod", /node_modules\/zod\//],
  ["drizzle-orm (query building + row mapping)", /node_modules\/drizzle-orm\//],
  ["PGlite (query in WASM + protocol parsing)", /node_modules\/@electric-sql\/pglite\//],
  ["pg (protocol parsing)", /node_modules\/pg(-protocol)?\//],
  ["fastify", /node_modules\/fastify\//],
  ["products mapper (toApiProduct)", /products\.mapper\.ts/],
];
let total = 0;
for (const [i, id] of profile.samples.entries()) {
  const at = times[i] ?? 0;
  if (at < from || at > to) continue;
  const dt = weights[i] ?? 0;
  total += dt;
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const name = `${functionName || "(anonymous)"} ${url ? `${url.replace(/^.*\/(node_modules|work\/main)\//, "")}:${lineNumber + 1}` : ""}`;
  self.set(name, (self.get(name) ?? 0) + dt);
  pkg.set(where(url), (pkg.get(where(url)) ?? 0) + dt);
  // Inclusive: count a stage once per sample if any frame of the stack matches it.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const u = byId.get(cur)?.callFrame.url ?? "";
    for (const [label, re] of STAGES) if (re.test(u)) seen.add(label);
  }
  for (const label of seen) inclusive.set(label, (inclusive.get(label) ?? 0) + dt);
}

const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const top = Number(values.top);
const print = (title: string, m: Map<string, number>, n = top) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${pct(v)}  ${k}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s of samples, ${(from / 1e6).toFixed(1)}–${(to / 1e6).toFixed(1)} s`);
print("Self time by package", pkg, 15);
print("Inclusive time by stage (a sample counts for every stage on its stack)", inclusive);
print("Self time by function", self);
