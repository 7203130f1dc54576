/**
 * `npm run bench`: throughput and latency of the catalogue reads, against a bare node:http
 * server answering the same bytes. See bench/README.md and docs/performance.md.
 *
 *   npm run bench                                   PGlite only
 *   DATABASE_URL=postgres://… npm run bench         PGlite, then PostgreSQL
 *   npm run bench -- --postgres                     the same, with postgres://postgres@127.0.0.1:5432/test
 *   npm run bench -- --db postgres --duration 5     options: see --help
 *   npm run bench -- --crowd                        the crowd benchmark instead (crowd-bench.ts)
 *
 * Every server runs in a child process on 127.0.0.1, and so does each autocannon run
 * (load.ts, a new process each time): this process only orchestrates.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Recorded } from "./bare-server.ts";
import { loadProcess } from "./crowd-mix.ts";
import { cleanUpOnInterrupt, forkChild, stopChild } from "./lib/children.ts";
import { OptionCheck, parseOptionsOrExit } from "./lib/cli.ts";
import {
  benchDatabase,
  DB_KINDS,
  type DbKind,
  DEFAULT_POSTGRES,
  defaultKinds,
  pgliteVersion,
  postgresUrl,
  postgresVersion,
} from "./lib/databases.ts";
import { bytes, errorDetail, errorMessage, f1, f2, int, table } from "./lib/format.ts";
import { loadAverage, type Machine, machine, machineLine, machineSummary, SERVER_SOURCES } from "./lib/machine.ts";
import { BENCH, RESULTS } from "./lib/paths.ts";
import { APP_VS_BARE, appVsBare, today, writeResults } from "./lib/report.ts";
import type { LoadOptions, LoadResult } from "./load.ts";
import type { ChildMessage, ParentMessage, Replay, SqlTiming } from "./protocol.ts";
import { signedInCrowd, signedInMarkdown } from "./signed-in-crowd.ts";

// `--crowd`: the crowd benchmark (a WhatsApp promotion: pages, a mix, 200 connections), its own options.
if (process.argv.slice(2).includes("--crowd")) {
  const { crowdBench } = await import("./crowd-bench.ts");
  process.exit(await crowdBench(process.argv.slice(2).filter((a) => a !== "--crowd")));
}

// ---------------------------------------------------------------- options

const HELP = `Usage: npm run bench -- [options]
  --crowd              the crowd benchmark instead (anonymous pages and a mix at 200
                       connections, page cache on and off): npm run bench -- --crowd --help
  --signed-in-only     only the signed-in crowd (after the endpoints by default: 200
                       connections, 50 signed-in customers, pages, catalogue and carts;
                       needs \`npm run build\`): signed-in-crowd.ts
  --no-signed-in       the endpoints only
  --db <list>          pglite, postgres or pglite,postgres (default: pglite, plus postgres
                       when DATABASE_URL is set or --postgres is given)
  --postgres           also run on PostgreSQL; DATABASE_URL or ${DEFAULT_POSTGRES}
  --duration <s>       measured seconds per endpoint and server (default 10)
  --warmup <s>         unmeasured seconds before each measurement (default 2)
  --connections <n>    concurrent connections (default 10)
  --products <n>       catalogue size (default 10000)
  --only <keys>        endpoints to run: ${"list,category,details,search,search-typo,list-signed-in,me"}
  --no-sql             skip timing the SQL alone (EXPLAIN ANALYZE)
  --profile            write a CPU profile of the app child to bench/results/profiles/
  --miss               every request gets a distinct URL (…&_bench_miss=<id>): no response
                       cache can answer it, the database path is measured (results: *-miss.md)
  --ceiling            also measure the app's own Fastify instance answering the captured
                       bytes (no database, no serialization): what a response cache could reach
  --log-level <level>  the app's LOG_LEVEL (default silent)
  --what-if-sql <sql>  SQL run after the catalogue is inserted, before ANALYZE: try an index
                       or a setting without changing the app (the results say so)`;

const opts = parseOptionsOrExit(
  process.argv.slice(2),
  {
    db: { type: "string" },
    postgres: { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "10" },
    products: { type: "string", default: "10000" },
    only: { type: "string" },
    "no-sql": { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    ceiling: { type: "boolean", default: false },
    miss: { type: "boolean", default: false },
    "log-level": { type: "string", default: "silent" },
    "what-if-sql": { type: "string" },
    "signed-in-only": { type: "boolean", default: false },
    "no-signed-in": { type: "boolean", default: false },
  },
  HELP,
);
const check = new OptionCheck(HELP);
const DURATION = check.number("duration", opts.duration, 1, 120);
const WARMUP = check.number("warmup", opts.warmup, 0, 30);
const CONNECTIONS = check.count("connections", opts.connections, 1, 256);
const PRODUCTS = check.count("products", opts.products, 100, 200_000);
const kinds = check.list("db", opts.db ?? defaultKinds(opts.postgres), DB_KINDS, "database");
check.exitOnProblems();
const SQL_RUNS = 20;
const POSTGRES_URL = postgresUrl();

// ---------------------------------------------------------------- endpoints

type Target = "ratio" | "p99";
interface Endpoint {
  key: string;
  label: string;
  method: "GET" | "POST";
  url: string;
  body?: string;
  /** Sent with every request of this endpoint (a signed-in visitor's token). */
  headers?: Record<string, string>;
  /** Catalogue reads: ≥ 0.5 × the bare server's req/s. Search and signed-in calls: p99 < 20 ms. */
  target: Target;
}
const RATIO_TARGET = 0.5;
const P99_TARGET_MS = 20;

function endpoints(productId: string, token: string): Endpoint[] {
  const signedIn = { authorization: `Bearer ${token}` };
  const all: Endpoint[] = [
    { key: "list", label: "GET /api/get-product", method: "GET", url: "/api/get-product", target: "ratio" },
    {
      key: "category",
      label: 'POST /api/category-product {"category":"SAMSUNG"}',
      method: "POST",
      url: "/api/category-product",
      body: JSON.stringify({ category: "SAMSUNG" }),
      target: "ratio",
    },
    {
      key: "details",
      label: "POST /api/product-details {productId}",
      method: "POST",
      url: "/api/product-details",
      body: JSON.stringify({ productId }),
      target: "ratio",
    },
    {
      key: "search",
      label: "GET /api/search?q=iphone 13",
      method: "GET",
      url: `/api/search?q=${encodeURIComponent("iphone 13")}`,
      target: "p99",
    },
    {
      key: "search-typo",
      label: "GET /api/search?q=samsng",
      method: "GET",
      url: "/api/search?q=samsng",
      target: "p99",
    },
    // A visitor with a token: its session is looked up (one query) before the cache answers.
    {
      key: "list-signed-in",
      label: "GET /api/get-product, with a session token",
      method: "GET",
      url: "/api/get-product",
      headers: signedIn,
      target: "ratio",
    },
    {
      key: "me",
      label: "GET /api/user-details, with a session token",
      method: "GET",
      url: "/api/user-details",
      headers: signedIn,
      target: "p99",
    },
  ];
  const only = opts.only?.split(",").map((s) => s.trim());
  return only ? all.filter((e) => only.includes(e.key)) : all;
}

// ---------------------------------------------------------------- child processes

interface Child {
  process: ChildProcess;
  port: number;
  /** The child's "ready" message (the bare server sends only its port). */
  ready: Extract<ChildMessage, { type: "ready" }>;
  /** Resolves with the next message of that type (or rejects when the child exits first). */
  next<T extends ChildMessage["type"]>(type: T, timeoutMs: number): Promise<Extract<ChildMessage, { type: T }>>;
  send(message: ParentMessage): void;
  stop(): Promise<void>;
}

async function startChild(script: string, args: string[], env: NodeJS.ProcessEnv, execArgv: string[]): Promise<Child> {
  // With a LOG_LEVEL other than silent, the app's log lines go to /dev/null, not to this terminal.
  const stdout = env.LOG_LEVEL && env.LOG_LEVEL !== "silent" ? "ignore" : "inherit";
  const proc = forkChild(path.join(BENCH, script), args, {
    env,
    execArgv,
    stdio: ["ignore", stdout, "inherit", "ipc"],
  });
  const exited = new Promise<never>((_, reject) => {
    proc.once("exit", (code, signal) => reject(new Error(`${script} exited (${signal ?? code})`)));
  });
  exited.catch(() => {});
  const next = <T extends ChildMessage["type"]>(type: T, timeoutMs: number) =>
    Promise.race([
      exited,
      new Promise<Extract<ChildMessage, { type: T }>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${script}: no "${type}" after ${timeoutMs} ms`)), timeoutMs);
        const onMessage = (m: ChildMessage) => {
          if (m.type === "error") reject(new Error(`${script}: ${m.message}`));
          else if (m.type !== type) return;
          else resolve(m as Extract<ChildMessage, { type: T }>);
          clearTimeout(timer);
          proc.off("message", onMessage);
        };
        proc.on("message", onMessage);
      }),
    ]);
  const ready = await next("ready", 300_000);
  return {
    process: proc,
    port: ready.port,
    ready,
    next,
    send: (m) => proc.send(m),
    stop: () => stopChild(proc, 15_000),
  };
}

/** Dropping the PostgreSQL database, removing the temporary DATA_DIR: also done on Ctrl-C. */
const cleanups = new Set<() => Promise<void>>();
cleanUpOnInterrupt(() => Promise.allSettled([...cleanups].map((c) => c())), 10_000);

// ---------------------------------------------------------------- HTTP

/** A query parameter the app ignores (its query schemas drop unknown keys) but that changes the URL. */
const withParam = (url: string, name: string, value: string) =>
  `${url}${url.includes("?") ? "&" : "?"}${name}=${value}`;

async function request(port: number, ep: Endpoint): Promise<Recorded> {
  const res = await fetch(`http://127.0.0.1:${port}${ep.url}`, {
    method: ep.method,
    // Like autocannon, which asks for no compression: these are the bytes it will receive.
    headers: {
      "accept-encoding": "identity",
      ...(ep.body ? { "content-type": "application/json" } : {}),
      ...ep.headers,
    },
    body: ep.body,
  });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    method: ep.method,
    url: ep.url,
    status: res.status,
    contentType: res.headers.get("content-type") ?? "",
    bodyBase64: body.toString("base64"),
  };
}

type Measure = LoadResult;

/**
 * One fixed-duration autocannon run, in a new process each time (see load.ts): the load
 * generator shares nothing with the servers, nor with the runs before it.
 */
function load(port: number, ep: Endpoint, seconds: number): Promise<Measure> {
  return loadProcess({
    // --miss: autocannon puts a new id in place of [<id>] in each request.
    url: `http://127.0.0.1:${port}${opts.miss ? withParam(ep.url, "_bench_miss", "[<id>]") : ep.url}`,
    idReplacement: opts.miss,
    method: ep.method,
    body: ep.body,
    headers: ep.headers,
    connections: CONNECTIONS,
    seconds,
  } satisfies LoadOptions).result;
}

async function measure(port: number, ep: Endpoint): Promise<Measure> {
  if (WARMUP > 0) await load(port, ep, WARMUP);
  return load(port, ep, DURATION);
}

// ---------------------------------------------------------------- one database

interface Row {
  key: string;
  label: string;
  target: Target;
  bytes: number;
  items: number | null;
  total: number | null;
  app: Measure;
  bare: Measure;
  /** --ceiling: the app's Fastify instance answering the captured bytes. */
  ceiling?: Measure;
  ratio: number;
  meets: boolean;
  sql: SqlTiming[];
  problems: string[];
}

interface Run {
  kind: DbKind;
  database: string;
  /** Of the whole machine when this database's run started: other work skews the numbers. */
  loadAverage: string;
  seeded: number;
  seedMs: number;
  source: string;
  rows: Row[];
}

async function runOne(kind: DbKind): Promise<Run> {
  const startLoad = loadAverage();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `shop-bench-${kind}-`));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    LOG_LEVEL: opts["log-level"],
    BENCH_PRODUCTS: String(PRODUCTS),
    ...(opts["what-if-sql"] ? { BENCH_WHAT_IF_SQL: opts["what-if-sql"] } : {}),
    ...(opts.ceiling ? { BENCH_CEILING: "1" } : {}),
  };
  let dropDatabase = async () => {};
  const cleanup = async () => {
    await dropDatabase().catch((e: unknown) => console.error(`could not drop the bench database: ${String(e)}`));
    await rm(dataDir, { recursive: true, force: true });
  };
  cleanups.add(cleanup);
  const execArgv = opts.profile
    ? [
        "--cpu-prof",
        `--cpu-prof-dir=${path.join(RESULTS, "profiles", kind)}`,
        `--cpu-prof-name=app-${Date.now()}.cpuprofile`,
      ]
    : [];

  let app: Child | undefined;
  let bare: Child | undefined;
  let database = pgliteVersion("on disk");
  try {
    if (kind === "postgres") {
      database = await postgresVersion(POSTGRES_URL);
      const db = await benchDatabase(POSTGRES_URL);
      dropDatabase = db.drop;
      env.DATABASE_URL = db.url;
    }
    console.log(`\n== ${database}: starting the app and inserting ${PRODUCTS} products…`);
    app = await startChild("app-server.ts", [], env, execArgv);
    const first = await request(app.port, {
      key: "",
      label: "",
      method: "GET",
      url: "/api/get-product",
      target: "ratio",
    });
    const firstBody = JSON.parse(Buffer.from(first.bodyBase64, "base64").toString()) as { data: { _id: string }[] };
    const productId = firstBody.data[0]?._id;
    if (!productId) throw new Error("the catalogue is empty");
    const list = endpoints(productId, app.ready.token);

    // The bytes the bare server will answer, checked to be stable and successful.
    const recorded: Recorded[] = [];
    const rows: Row[] = [];
    for (const ep of list) {
      const a = await request(app.port, ep);
      const b = await request(app.port, ep);
      const problems: string[] = [];
      if (a.status !== 200) problems.push(`status ${a.status}`);
      if (a.bodyBase64 !== b.bodyBase64) problems.push("the app answered different bytes twice in a row");
      const body = JSON.parse(Buffer.from(a.bodyBase64, "base64").toString()) as {
        data: unknown;
        meta?: { total: number };
      };
      recorded.push(a);
      rows.push({
        key: ep.key,
        label: ep.label,
        target: ep.target,
        bytes: Buffer.from(a.bodyBase64, "base64").length,
        items: Array.isArray(body.data) ? body.data.length : null,
        total: body.meta?.total ?? null,
        app: undefined as unknown as Measure,
        bare: undefined as unknown as Measure,
        ratio: Number.NaN,
        meets: false,
        sql: [],
        problems,
      });
    }
    const seeded = { seeded: app.ready.seeded, seedMs: app.ready.seedMs, source: app.ready.source };
    console.log(`   ${seeded.seeded} products in ${(seeded.seedMs / 1000).toFixed(1)} s (${seeded.source})`);

    // The SQL of each endpoint, timed alone.
    if (!opts["no-sql"]) {
      for (const [i, ep] of list.entries()) {
        app.send({ type: "record" });
        await app.next("recording", 10_000);
        // A URL never requested before, so that no response cache answers instead of the database.
        await request(app.port, { ...ep, url: withParam(ep.url, "_bench_sql", String(i)) });
        app.send({ type: "sql", runs: SQL_RUNS });
        try {
          const { queries } = await app.next("sql", 120_000);
          const row = rows[i];
          if (row) row.sql = queries;
        } catch (error) {
          console.warn(`   ${ep.label}: SQL not timed (${errorMessage(error)})`);
        }
      }
    }

    const file = path.join(dataDir, "responses.json");
    await writeFile(file, JSON.stringify(recorded));
    bare = await startChild("bare-server.ts", [file], { PATH: process.env.PATH }, []);
    if (opts.ceiling) {
      const answers: Replay[] = list.map((ep, i) => ({ key: ep.key, ...(recorded[i] as Recorded) }));
      app.send({ type: "replay", answers });
      await app.next("replaying", 10_000);
    }

    for (const [i, ep] of list.entries()) {
      const row = rows[i];
      if (!row) continue;
      process.stdout.write(`   ${ep.label}: app… `);
      row.app = await measure(app.port, ep);
      const after = await request(app.port, ep);
      if (after.bodyBase64 !== recorded[i]?.bodyBase64) row.problems.push("the app's answer changed during the run");
      process.stdout.write(`${row.app.rps.toFixed(0)} req/s; bare… `);
      row.bare = await measure(bare.port, ep);
      if (opts.ceiling) {
        process.stdout.write(`${row.bare.rps.toFixed(0)} req/s; app's Fastify with ready bytes… `);
        row.ceiling = await measure(app.port, { ...ep, url: `/__bench/replay/${ep.key}` });
        if (row.ceiling.non2xx) row.problems.push(`ceiling: ${row.ceiling.non2xx} non-2xx answers`);
        console.log(`${row.ceiling.rps.toFixed(0)} req/s`);
      } else console.log(`${row.bare.rps.toFixed(0)} req/s`);
      // A wrong answer invalidates the row; requests of the app that time out only make it miss.
      if (row.app.non2xx) row.problems.push(`app: ${row.app.non2xx} non-2xx answers`);
      const { bare: b } = row;
      if (b.non2xx || b.errors || b.timeouts)
        row.problems.push(`bare: ${b.non2xx} non-2xx, ${b.errors} errors, ${b.timeouts} timeouts`);
      row.ratio = row.app.rps / row.bare.rps;
      row.meets =
        row.problems.length === 0 &&
        row.app.timeouts === 0 &&
        (ep.target === "ratio" ? row.ratio >= RATIO_TARGET : row.app.p99 < P99_TARGET_MS);
    }
    return { kind, database, loadAverage: startLoad, ...seeded, rows };
  } finally {
    await bare?.stop().catch(() => {});
    await app?.stop().catch(() => {});
    cleanups.delete(cleanup);
    await cleanup();
  }
}

// ---------------------------------------------------------------- report

function verdict(r: Row): string {
  const why = r.target === "ratio" ? `ratio ≥ ${RATIO_TARGET}` : `p99 < ${P99_TARGET_MS} ms`;
  if (r.problems.length) return `❌ invalid: ${r.problems.join("; ")}`;
  const late = r.app.timeouts ? `; ${r.app.timeouts} requests timed out after 10 s, not in p99` : "";
  return `${r.meets ? "✅ yes" : "❌ no"} (${why}${late})`;
}

function endpointsTable(run: Run): string {
  return table(
    ["Endpoint", "Answer", ...APP_VS_BARE, "SQL alone ms", "Target met"],
    "llrrrrrrrrl",
    run.rows.map((r) => {
      const answer = `${bytes(r.bytes)}${r.items === null ? "" : `, ${r.items} of ${r.total ?? "?"}`}`;
      const sqlMs = r.sql.length
        ? `${f2(r.sql.reduce((sum, q) => sum + q.wallMs, 0))} (${r.sql.length} statement${r.sql.length > 1 ? "s" : ""})`
        : "–";
      return [r.label, answer, ...appVsBare(r.app, r.bare, r.ratio), sqlMs, verdict(r)];
    }),
  );
}

function ceilingTable(run: Run): string {
  if (!run.rows.some((r) => r.ceiling)) return "";
  return table(
    ["Endpoint", "Fastify + ready bytes req/s", "p50 ms", "p99 ms", "÷ bare", "App ÷ this"],
    "lrrrrr",
    run.rows.flatMap(({ label, ceiling: c, app, bare }) =>
      c ? [[label, int(c.rps), f2(c.p50), f2(c.p99), f2(c.rps / bare.rps), f2(app.rps / c.rps)]] : [],
    ),
  );
}

function markdown(run: Run, m: Machine, date: string): string {
  const sqlSection = run.rows
    .filter((r) => r.sql.length)
    .map((r) =>
      [
        `### ${r.label}`,
        ...r.sql.map((q, i) =>
          q.plan
            ? `Statement ${i + 1}: driver ${f2(q.wallMs)} ms, planning ${f2(q.planningMs)} ms, execution ${f2(q.executionMs)} ms (medians)\n\n` +
              `\`\`\`sql\n${q.text}\n-- params: ${JSON.stringify(q.params)}\n\`\`\`\n\n\`\`\`\n${q.plan}\n\`\`\``
            : `Statement ${i + 1}: driver ${f2(q.wallMs)} ms (median): \`${q.text}\``,
        ),
      ].join("\n\n"),
    )
    .join("\n\n");
  return `# API benchmark — ${run.database} — ${date}

${machineLine(m, "server sources")}
- Load average (1, 5, 15 min) when this run started: ${run.loadAverage}
- Catalogue: ${run.seeded} products (${run.source}), inserted and analysed in ${f1(run.seedMs / 1000)} s
- Requests: ${opts.miss ? "**--miss: every request has a distinct URL** (`…&_bench_miss=<id>`), so no response cache answers: the database path" : "the same request over and over, as the app answers it (a response cache, if the app has one, is warm after the warm-up)"}
- Load: autocannon, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s per endpoint and server, 127.0.0.1
- App: buildApp() in a child process, LOG_LEVEL=${opts["log-level"]}, NODE_ENV=production; bare: node:http in a child process answering the app's captured bytes
${opts["what-if-sql"] ? `- **What-if: not the app as it is.** After the insertion, this SQL was run: \`${opts["what-if-sql"]}\`\n` : ""}- "SQL alone": the statements one request sends, replayed in order on one connection through the driver, no HTTP: sum of their median times (${SQL_RUNS} runs)

${endpointsTable(run)}
${ceilingTable(run) ? `\n## Ceiling: the app's own Fastify instance (same plugins and hooks) answering the captured bytes\n\nNo database, no Drizzle, no zod serialization: what a response cache in the app could reach.\n\n${ceilingTable(run)}\n` : ""}
## SQL and plans

${sqlSection || "(not measured: --no-sql)"}
`;
}

// ---------------------------------------------------------------- main

const m = machine({ sources: SERVER_SOURCES, cpus: "nproc" });
console.log(
  `API bench: ${m.nproc} CPUs, Node ${m.node}, server sources ${m.sources}, load average ${m.loadAverage}; ${CONNECTIONS} connections, ${WARMUP}+${DURATION} s per run`,
);
const date = today();
const started = performance.now();
let failed = false;
for (const kind of kinds) {
  try {
    if (opts["signed-in-only"]) continue;
    const run = await runOne(kind);
    const md = markdown(run, m, date);
    const json = { date, machine: m, connections: CONNECTIONS, warmup: WARMUP, duration: DURATION, ...run };
    const written = await writeResults(`${date}-${kind}${opts.miss ? "-miss" : ""}`, md, json);
    const ceiling = ceilingTable(run);
    console.log(
      `\n### ${run.database}\n\n${endpointsTable(run)}\n${ceiling ? `\n${ceiling}\n` : ""}\nWritten: ${written}.md and .json`,
    );
  } catch (error) {
    failed = true;
    console.error(`\n${kind}: ${errorDetail(error)}`);
  }
}
// The signed-in crowd, on each database after its endpoints' figures (signed-in-crowd.ts).
if (!opts["no-signed-in"]) {
  for (const kind of kinds) {
    try {
      const run = await signedInCrowd(kind, POSTGRES_URL);
      const md = signedInMarkdown(run);
      const written = await writeResults(`${date}-${kind}-signed-in`, `${md}\n- Machine: ${machineSummary(m)}\n`, {
        date,
        machine: m,
        ...run,
      });
      console.log(`\n${md}\nWritten: ${written}.md and .json`);
      if (!run.meets) failed = true;
    } catch (error) {
      failed = true;
      console.error(`\nsigned-in crowd, ${kind}: ${errorDetail(error)}`);
    }
  }
}
console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
process.exitCode = failed ? 1 : 0;
