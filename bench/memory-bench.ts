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
 * This file runs the steps: the options (memory/settings.ts), the runs (memory/runs.ts, which
 * measure with memory/measure.ts), the report (memory/report.ts).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { cleanUpOnInterrupt } from "./lib/children.ts";
import { errorDetail, errorMessage } from "./lib/format.ts";
import { loadAverage, machine, machineSummary } from "./lib/machine.ts";
import { today, writeResults } from "./lib/report.ts";
import type { Measured } from "./memory/measure.ts";
import { markdown, type Report, resultsName } from "./memory/report.ts";
import { measureBare, runDatabase } from "./memory/runs.ts";
import { settings } from "./memory/settings.ts";
import { stopAllShops, storefrontBuilt } from "./shop-server.ts";

async function main(argv: string[]): Promise<number> {
  const s = await settings(argv);
  if (typeof s === "number") return s;
  if (!storefrontBuilt()) return 1;
  cleanUpOnInterrupt(stopAllShops, 20_000);
  const m = machine();
  console.log(
    `Memory bench: ${machineSummary(m)}, load average ${m.loadAverage}; ` +
      `${s.kinds.join(", ")}; ${s.connections} connections, ${s.warmup} + ${s.duration} s, cooldown ${s.cooldown} s` +
      (s.soakMinutes ? `; soak ${s.soakMinutes} min at ${s.soakConnections} connections` : ""),
  );
  const date = today();
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
        report.failures.push(`${kind}: ${errorMessage(error)}`);
        console.error(`\n${kind}: ${errorDetail(error)}`);
      }
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  report.seconds = (performance.now() - started) / 1000;
  if (!report.rows.length) return 1;
  const md = markdown(report);
  const written = await writeResults(resultsName(s, date), md, report);
  console.log(`\n${md}\nWritten: ${written}.md and .json`);
  console.log(`Done in ${report.seconds.toFixed(0)} s.`);
  return report.failures.length ? 1 : 0;
}

process.exit(await main(process.argv.slice(2)));
