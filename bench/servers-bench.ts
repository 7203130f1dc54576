/**
 * `npm run bench:servers`: the crowd bench's mix (crowd-mix.ts: 200 connections through
 * anonymous pages, the catalogue API and signed-in carts) against three set-ups of the shop on
 * one PostgreSQL with the demo catalogue, in the same run on the same machine (decision 031):
 * 1. one app process (`npm start`);
 * 2. `WEB_CONCURRENCY=2` (two processes on one port, node's cluster);
 * 3. two app servers (one process each, their own DATA_DIR) behind HAProxy, round robin.
 * Every set-up has the same Redis (REDIS_URL) for its rate limits. The load generator runs on
 * the same machine and shares its cores: the figures compare set-ups, not machines.
 *
 * Options: see HELP (--help).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type Customer,
  MANY_SIGN_UPS,
  makeCustomers,
  mixGroups,
  mixTotals,
  PAGE_KEYS,
  pagesOf,
  runMix,
} from "./crowd-mix.ts";
import { startHaproxy } from "./haproxy.ts";
import { killChildren } from "./lib/children.ts";
import { OptionCheck, parseOptionsOrExit } from "./lib/cli.ts";
import { DEFAULT_POSTGRES } from "./lib/databases.ts";
import { f1, f2, int, table } from "./lib/format.ts";
import { loadAverage } from "./lib/machine.ts";
import { ROOT } from "./lib/paths.ts";
import { today, writeResults } from "./lib/report.ts";
import { freePort, npmStart, shopServer } from "./shop-server.ts";

const HELP = `Usage: npm run bench:servers -- [options]   (after npm run build; PostgreSQL and Redis running)
  --postgres <url>     the PostgreSQL server, where a fresh database is made (default
                       ${DEFAULT_POSTGRES})
  --redis <url>        the Redis every set-up shares (default redis://127.0.0.1:6379)
  --duration <s>       measured seconds of the mix per set-up (default 30)
  --warmup <s>         unmeasured seconds before each (default 2)
  --connections <n>    the mix's connections (default 200): half pages, a quarter catalogue
                       API, a quarter signed-in carts`;

const values = parseOptionsOrExit(
  process.argv.slice(2),
  {
    postgres: { type: "string", default: DEFAULT_POSTGRES },
    redis: { type: "string", default: "redis://127.0.0.1:6379" },
    duration: { type: "string", default: "30" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "200" },
  },
  HELP,
);
const check = new OptionCheck(HELP);
const duration = check.number("duration", values.duration, 1, 600);
const warmup = check.number("warmup", values.warmup, 0, 60);
const connections = check.count("connections", values.connections, 4, 1000);
check.exitOnProblems();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const env = {
  REDIS_URL: values.redis,
  ...MANY_SIGN_UPS,
  PAYMENT_RECONCILE_INTERVAL_MS: "0",
};

async function answers(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`${url} did not answer`);
}

interface Row {
  setup: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  groups: { label: string; rps: number; p99: number }[];
}

async function measure(setup: string, base: string, customers: Customer[], productId: string): Promise<Row> {
  const { pages } = await pagesOf(base, PAGE_KEYS);
  const groups = mixGroups(connections, pages, productId, customers);
  process.stdout.write(`   ${setup}: mix ${connections} connections, ${warmup} + ${duration} s… `);
  if (warmup > 0) await runMix(base, groups, warmup, false);
  const measured = await runMix(base, groups, duration, true);
  const all = mixTotals(measured);
  console.log(
    `${Math.round(all.rps)} req/s, p99 ${all.p99.toFixed(1)} ms; ${all.errors} errors, ${all.timeouts} time-outs, ${all.non2xx} non-2xx`,
  );
  return {
    setup,
    ...all,
    groups: measured.map((g) => ({ label: g.label, rps: g.result.rps, p99: g.result.p99 })),
  };
}

const shop = shopServer((line) => console.log(`   ${line}`), { postgresUrl: values.postgres, env });
const extra: ChildProcess[] = [];
const work = mkdtempSync(path.join(os.tmpdir(), "shop-servers-bench-"));
const rows: Row[] = [];
try {
  console.log(
    `Servers bench: ${os.cpus().length} CPUs, Node ${process.version}, load average ${loadAverage()}; ${connections} connections, ${warmup} + ${duration} s per set-up`,
  );
  const one = await shop.start();
  const { productIds } = await pagesOf(one, PAGE_KEYS);
  const productId = productIds[0] as string;
  console.log("   signing up 50 customers…");
  const customers = await makeCustomers(one, 50, productIds, `servers-${Date.now()}`);

  rows.push(await measure("1 process", one, customers, productId));

  const cluster = await shop.restart({ WEB_CONCURRENCY: "2" });
  await sleep(2000); // both processes up
  rows.push(await measure("WEB_CONCURRENCY=2", cluster, customers, productId));

  // Two servers, one process each, behind HAProxy.
  const first = await shop.restart({ WEB_CONCURRENCY: undefined });
  const start = npmStart();
  const secondPort = await freePort();
  const second = spawn(process.execPath, [...start.flags, start.script], {
    cwd: ROOT,
    stdio: "inherit",
    env: {
      ...process.env,
      ...start.env,
      ...env,
      NODE_ENV: "production",
      // The benches' admin signs in with a password alone (decision 040).
      STAFF_SECOND_FACTOR: "optional",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(secondPort),
      DATA_DIR: path.join(work, "second"),
      DATABASE_URL: shop.databaseUrl(),
    },
  });
  extra.push(second);
  await answers(`http://127.0.0.1:${secondPort}/api/health`, 60_000);
  const lbPort = await freePort();
  const haproxy = startHaproxy({
    port: lbPort,
    configFile: path.join(work, "haproxy.cfg"),
    servers: [
      { name: "app1", host: new URL(first).host },
      { name: "app2", host: `127.0.0.1:${secondPort}` },
    ],
  });
  extra.push(haproxy);
  const lb = `http://127.0.0.1:${lbPort}`;
  await answers(`${lb}/api/health`, 15_000);
  // Behind the proxy the servers see one client address: the shop trusts it only with TRUST_PROXY.
  rows.push(await measure("2 servers behind HAProxy", lb, customers, productId));

  const base = rows[0] as Row;
  const date = today();
  const group = (r: Row, i: number) => `${int(r.groups[i]?.rps ?? 0)} (${(r.groups[i]?.p99 ?? 0).toFixed(0)})`;
  const md = [
    `# Several app servers (decision 031) — ${date}`,
    "",
    `- Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), ${Math.round(os.totalmem() / 2 ** 30)} GB; Node ${process.version}; PostgreSQL database ${shop.database()}, Redis ${values.redis}`,
    `- The crowd bench's mix: ${connections} connections (pages, catalogue API, signed-in carts), ${warmup} s warm-up then ${duration} s, autocannon on the same machine`,
    "",
    table(
      [
        "Set-up",
        "req/s",
        "× 1 process",
        "p50 ms",
        "p99 ms",
        "errors",
        "time-outs",
        "non-2xx",
        "pages req/s (p99)",
        "API req/s (p99)",
        "carts req/s (p99)",
      ],
      "lrrrrrrrrrr",
      rows.map((r) => [
        r.setup,
        int(r.rps),
        f2(r.rps / base.rps),
        f1(r.p50),
        f1(r.p99),
        r.errors,
        r.timeouts,
        r.non2xx,
        group(r, 0),
        group(r, 1),
        group(r, 2),
      ]),
    ),
  ].join("\n");
  console.log(`\n${md}\n`);
  const written = await writeResults(`${date}-servers`, `${md}\n`);
  console.log(`Written: ${written}.md`);
} finally {
  for (const child of extra) child.kill("SIGTERM");
  killChildren();
  await shop.stop();
  rmSync(work, { recursive: true, force: true });
}
