/** The memory bench's report: the summary against the targets (decision 030), where the memory is, over time, the mix. */
import path from "node:path";
import { type MixTotals, mixGroups, REQUEST_ALIGN, REQUEST_COLUMNS, requestRows } from "../crowd-mix.ts";
import type { DbKind } from "../lib/databases.ts";
import { f1, int, mb, table } from "../lib/format.ts";
import { type Machine, machineLine } from "../lib/machine.ts";
import { type Status, WASM_RESERVATION_KB } from "../lib/proc.ts";
import { npmStart } from "../shop-server.ts";
import { type Measured, NEAR_IDLE_TEXT, nearIdleKb, SAMPLE_MS } from "./measure.ts";
import type { ProbeLine } from "./probe.ts";
import { SMALL_JSON } from "./runs.ts";
import type { Settings } from "./settings.ts";

/** The memory targets (decision 030), in MB (MiB: kB of /proc ÷ 1024). */
const TARGETS: Record<DbKind, { peak: number; idle: number }> = {
  pglite: { peak: 384, idle: 200 },
  postgres: { peak: 256, idle: 150 },
};

export interface Report {
  date: string;
  machine: Machine;
  settings: Settings;
  databases: { kind: DbKind; database: string; seedSeconds: number; loadAverage: [string, string] }[];
  rows: Measured[];
  failures: string[];
  seconds: number;
}

/** The results file's name: `<date>-memory`, then what the run changed (`-flags`, `-variants`, `-probe`, `-soak`). */
export function resultsName(s: Settings, date: string): string {
  const flags = s.nodeArgs.length || s.nodeOptions || Object.keys(s.env).length;
  return `${date}-memory${flags ? "-flags" : ""}${s.variants.length > 1 ? "-variants" : ""}${s.probe ? "-probe" : ""}${s.soakMinutes ? "-soak" : ""}`;
}

const clean = (t: MixTotals) => t.errors === 0 && t.timeouts === 0 && t.non2xx === 0;

function verdict(r: Measured): string {
  const t = r.kind === "bare" ? undefined : TARGETS[r.kind];
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
  return table(
    [
      "",
      "settings",
      `idle (${s.settle} s after start)`,
      "after the first requests",
      `peak (VmHWM) under ${s.connections} connections for ${s.duration} s`,
      "peak before the mix (VmHWM)",
      "highest VmRSS during the mix",
      `after ${s.cooldown} s cooldown (lowest)`,
      "idle again",
      "mix req/s",
      "p99 ms",
      "errors",
      "time-outs",
      "non-2xx",
      "target",
    ],
    "llrrrrrrlrrrrrl",
    rows.map((r) => [
      r.label,
      envLabel(r.env),
      mb(r.idle.rss),
      mb(r.afterFirst?.rss),
      `**${mb(r.atEnd.hwm)}**`,
      mb(r.beforeMix.hwm),
      mb(r.mixMaxRssKb),
      `${mb(r.afterCooldown?.rss)} (${mb(r.cooldownMinKb)})`,
      !r.afterCooldown
        ? "–"
        : r.idleAgainAfter !== undefined
          ? `yes, after ${f1(r.idleAgainAfter)} s`
          : `no (> ${mb(nearIdleKb(r.idleReferenceKb))})`,
      int(r.mix.all.rps),
      f1(r.mix.all.p99),
      r.mix.all.errors,
      r.mix.all.timeouts,
      r.mix.all.non2xx,
      verdict(r),
    ]),
  );
}

function detailTable(rows: Measured[]): string {
  const lines = rows.flatMap((r) =>
    r.mix.groups.flatMap((g) => {
      const e = g.result;
      const failed = `(${g.key}: ${e.errors - e.timeouts} errors, ${e.timeouts} time-outs)`;
      return [
        ...requestRows(g, r.mix.seconds, f1).map((cells) => [r.label, ...cells]),
        ...(e.errors || e.timeouts ? [[r.label, failed, ...REQUEST_COLUMNS.slice(1).map(() => "")]] : []),
      ];
    }),
  );
  return table(["", ...REQUEST_COLUMNS], `l${REQUEST_ALIGN}`, lines);
}

function breakdown(r: Measured): string {
  const st = (label: string, x: Status | undefined) =>
    x
      ? `${label} ${mb(x.rss)} (anonymous ${mb(x.anon)}, files ${mb(x.file)}, shared ${mb(x.shmem)}; ${x.threads} threads; VmHWM so far ${mb(x.hwm)})`
      : "";
  const lines = [
    `- **${r.label}** (pid ${r.pid}, \`${r.command}\`): ${[st("idle", r.idle), st("after the first requests", r.afterFirst), st("before the mix (customers signed up)", r.beforeMix), st("end of the mix", r.atEnd), st("after the cooldown", r.afterCooldown)].filter(Boolean).join("; ")}.`,
  ];
  if (r.startup) {
    const k = r.startup;
    const highest = Math.max(...k.samples.map(([, rss]) => rss));
    lines.push(
      `  Start-up: VmRSS sampled every 100 ms from the process's start to its first answer (${f1(k.readyAt)} s): highest ${mb(highest)} at ${f1(k.peakAt)} s, VmHWM then ${mb(k.hwmKb)}; ${k.samples
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
            `${mb(m.rssKb)} / ${mb(m.sizeKb)} ${m.perms} ${m.name || `anonymous${m.reservedKb > m.sizeKb ? ` (in ${mb(m.reservedKb)} reserved${m.reservedKb === WASM_RESERVATION_KB ? ": the shape of a WebAssembly memory" : ""})` : ""}`}`,
        )
        .join("; ")}.`,
    );
  if (r.probe?.length) {
    const peak = r.probe.reduce((a, p) => (p.rss > a.rss ? p : a));
    const last = r.probe[r.probe.length - 1] as ProbeLine;
    const line = (p: ProbeLine) =>
      `RSS ${mb(p.rss / 1024)}, JS heap ${mb(p.heapUsed / 1024)} used of ${mb(p.heapTotal / 1024)}, external ${mb(p.external / 1024)} (ArrayBuffers ${mb(p.arrayBuffers / 1024)}), malloc ${mb(p.malloced / 1024)}`;
    const atMixEnd = r.probe.reduce((a, p) => (Math.abs(p.t - r.mixEndedAt) < Math.abs(a.t - r.mixEndedAt) ? p : a));
    lines.push(
      `  process.memoryUsage() (probe, each second from the process's start): first ${line(r.probe[0] as ProbeLine)}; at its highest RSS ${line(peak)}; at the end of the mix ${line(atMixEnd)}; last ${line(last)}; V8 heap limit ${mb(peak.heapLimit / 1024)}.`,
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
  return table(
    [
      "",
      "minutes",
      "connections",
      "VmRSS first minute",
      "last minute",
      "highest",
      "growth per 10 min (least squares)",
      "VmHWM",
      "req/s",
      "slowest minute's p99 ms",
      "errors",
      "time-outs",
      "non-2xx",
    ],
    "lrrrrrrrrrrrr",
    rows.flatMap(({ label, soak: k }) =>
      k
        ? [
            [
              label,
              k.minutes,
              `${k.connections}${k.rate ? ` (≤ ${k.rate} req/s)` : ""}`,
              mb(k.firstKb),
              mb(k.lastKb),
              mb(k.maxKb),
              `${(k.slopeKbPer10Min / 1024).toFixed(1)} MB`,
              mb(k.hwmKb),
              int(k.totals.rps),
              f1(k.worstP99),
              k.totals.errors,
              k.totals.timeouts,
              k.totals.non2xx,
            ],
          ]
        : [],
    ),
  );
}

export function markdown(r: Report): string {
  const s = r.settings;
  const groups = mixGroups(s.connections, [], "", []);
  const soak = r.rows.some((x) => x.soak);
  return `# Memory benchmark (decision 030) — ${r.date}

${machineLine(r.machine)}
- Databases: ${r.databases.map((d) => `${d.database} (seeding and start ${f1(d.seedSeconds)} s; load average ${d.loadAverage[0]} → ${d.loadAverage[1]})`).join("; ")}
- The app: the production build (\`${npmStart().script}\`, \`NODE_ENV=production\`, \`LOG_LEVEL=warn\`) on the demo catalogue${
    s.nodeArgs.length
      ? `, started as \`${Object.entries(npmStart().env)
          .map(([k, v]) => `${k}=${v} `)
          .join("")}node ${s.nodeArgs.join(" ")} ${path.basename(npmStart().script)}\``
      : ""
  }${s.nodeOptions ? `, \`NODE_OPTIONS=${s.nodeOptions}\`` : ""}${Object.keys(s.env).length ? `, ${envLabel(s.env)}` : ""}${s.probe ? ", with bench/memory/probe.ts loaded (--probe)" : ""}. Memory of its node process only (\`/proc/<pid>/status\`: VmRSS, VmHWM), not PostgreSQL's; MB = 1024 × 1024 bytes
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
