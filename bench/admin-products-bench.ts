/**
 * 'Gestion des Produits' at scale (decision 044), `npm run bench:admin-products`: does a search
 * or a filter over 10,000 products answer in ≤ 50 ms at p99, on PGlite and on PostgreSQL?
 *
 * 1. **The catalogue** (`admin-products-fill.ts`): `catalogue.ts`'s 10,000 products (the 17 categories, ~40 % discounted,
 *    the demo catalogue's names), about a third of them with an option and 2–3 variants, and a
 *    stock of every state the grid filters on: not tracked, sold out, low (≤ 3 over the
 *    variants), in stock, and mixed (a tracked and an untracked variant). One in 20 is hidden (a
 *    draft). Inserted in bulk
 *    through Drizzle: the database's own triggers run for every row (the default variant,
 *    search_lexicon; search_vector and search_text are generated columns); what the variants'
 *    service writes besides (options, the cheapest variant's prices, variant_terms) is written
 *    by the same rule in bulk, then checked by saving a sample again through the app's own
 *    `POST /api/admin/products/:id/variants`: nothing may change. `VACUUM (ANALYZE)` after it (decision 049).
 * 2. **The grid's requests**, through the real app (`buildApp`, `app.inject`, a SUPERADMIN's
 *    session): a word, a typo, a filter alone, a filter with a word, a category sorted by
 *    price, everything sorted by stock, a deep page; beside them, in the same rounds, the
 *    storefront's search (`GET /api/search`) on its database path (a distinct URL each time,
 *    so that the catalogue cache does not answer) and from the cache. Every request once per
 *    round, rounds after warm-up rounds: a change in the machine's load falls on all of them.
 *    Target: p99 ≤ 50 ms for each admin request.
 * 3. **Plans**: each request once more with its SQL caught at the driver, replayed in a
 *    transaction with every SELECT under `EXPLAIN (ANALYZE, BUFFERS)`.
 * 4. For scale, a few products made one at a time through the app (create, then variants).
 *
 * On PGlite (a temporary DATA_DIR) and on PostgreSQL (a new database next to DATABASE_URL's,
 * dropped afterwards), in one process, each database in turn.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { CATEGORIES } from "@shop/shared";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { prepareDatabase } from "../apps/server/src/bootstrap.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { type Database, pgliteBuffersMb, pgliteDataBytes } from "../apps/server/src/db/client.ts";
import { fill, lexiconGaps, planCatalogue, rowsOf, snapshot } from "./admin-products-fill.ts";
import { OptionCheck, parseOptionsOrExit } from "./lib/cli.ts";
import {
  benchDatabase,
  DB_KINDS,
  type DbKind,
  DEFAULT_POSTGRES,
  databaseVersion,
  postgresUrl,
  reachable,
  redact,
} from "./lib/databases.ts";
import { f1, f2, int, table } from "./lib/format.ts";
import { loadAverage, machine, machineLine, SERVER_SOURCES } from "./lib/machine.ts";
import { today, writeResults } from "./lib/report.ts";
import { percentile } from "./lib/stats.ts";

const TARGET_P99_MS = 50;

const HELP = `npm run bench:admin-products [-- options]

  --db <kinds>            pglite, postgres or both (default: pglite,postgres; postgres at
                          DATABASE_URL or ${DEFAULT_POSTGRES})
  --products <n>          products in the catalogue (default 10000)
  --runs <n>              measured rounds, each request once a round (default 200)
  --warmup <n>            rounds before them, not counted (default 10)
  --limit <n>             page size sent to the admin listing (default: none, the API's own)
  --check <n>             products with variants saved again through the app, to check the
                          bulk fill wrote what the app writes (default 10)
  --service-sample <n>    products made one at a time through the app at the end, for scale
                          (default 20; 0: none)
  --what-if-sql "<sql>"   SQL run after the fill, before VACUUM (ANALYZE) (";"-separated): try an
                          index without changing the app; the report says so`;

// ---- the requests ----

interface Request {
  key: string;
  label: string;
  /** Path and query; `miss` adds a parameter the app ignores, distinct each time. */
  url: string;
  admin: boolean;
  miss?: boolean;
}

function requests(limit: number | undefined): Request[] {
  const admin = (key: string, label: string, query: string): Request => {
    const params = limit === undefined ? query : query ? `${query}&limit=${limit}` : `limit=${limit}`;
    return { key, label, url: `/api/admin/products${params ? `?${params}` : ""}`, admin: true };
  };
  return [
    admin("search", "a word", "q=iphone"),
    admin("typo", "a typo", "q=samsng"),
    admin("stock-low", "a filter alone", "stock=low"),
    admin("search-promo", "a filter and a word", "q=galaxy&promo=yes"),
    admin("category-price", "a category by price", "category=IPHONE%2013&sort=price"),
    admin("sort-stock", "everything by stock", "sort=stock"),
    admin("deep-page", "a deep page", "page=50"),
    admin("hidden", "the drafts", "visibility=hidden"),
    { key: "store-search", label: "storefront, database path", url: "/api/search?q=iphone", admin: false, miss: true },
    { key: "store-typo", label: "storefront, database path", url: "/api/search?q=samsng", admin: false, miss: true },
    { key: "store-search-hit", label: "storefront, cache hit", url: "/api/search?q=iphone", admin: false },
    { key: "store-typo-hit", label: "storefront, cache hit", url: "/api/search?q=samsng", admin: false },
  ];
}

let missCounter = 0;
const urlOf = (r: Request) => (r.miss ? `${r.url}&_bench_miss=${++missCounter}` : r.url);

// ---- the SQL of one request, caught at the driver and replayed under EXPLAIN ----

type Query = (...args: unknown[]) => Promise<{ rows: unknown[] }>;
type RunQuery = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
interface Statement {
  text: string;
  params: unknown[];
}
const recorder = { on: false, noted: [] as Statement[] };

function note(first: unknown, second: unknown) {
  if (!recorder.on) return;
  if (typeof first === "string") recorder.noted.push({ text: first, params: Array.isArray(second) ? second : [] });
  else if (first && typeof first === "object" && "text" in first) {
    const q = first as { text: string; values?: unknown[] };
    recorder.noted.push({ text: q.text, params: q.values ?? (Array.isArray(second) ? second : []) });
  }
}

function wrap(query: Query): Query {
  return function (this: unknown, ...args: unknown[]) {
    note(args[0], args[1]);
    return query.apply(this, args);
  };
}

let pgWrapped = false;

/** Catches the app's statements while `recorder.on`; answers how to replay them in one transaction. */
function instrument(database: Database): <T>(fn: (query: RunQuery) => Promise<T>) => Promise<T> {
  if (database.kind === "postgres") {
    if (!pgWrapped) {
      const proto = pg.Client.prototype as unknown as { query: Query };
      proto.query = wrap(proto.query);
      pgWrapped = true;
    }
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    return async (fn) => {
      const connection = await pool.connect();
      try {
        await connection.query("begin");
        try {
          return await fn((text, params) => connection.query(text, params));
        } finally {
          await connection.query("rollback");
        }
      } finally {
        connection.release();
      }
    };
  }
  interface Queries {
    query: Query;
  }
  const client = (
    database.db as unknown as {
      $client: Queries & { transaction: <T>(run: (tx: Queries) => Promise<T>) => Promise<T> };
    }
  ).$client;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = wrap(query);
  client.transaction = (run) =>
    transaction(async (tx) => {
      tx.query = wrap(tx.query.bind(tx));
      return run(tx);
    });
  return (fn) => transaction((tx) => fn((text, params) => tx.query(text, params)));
}

interface Explained {
  text: string;
  params: string[];
  executionMs: number;
  planningMs: number;
  plan: string;
}

/** The request's statements replayed in order, each SELECT under EXPLAIN (ANALYZE, BUFFERS). */
async function explain(
  inTransaction: <T>(fn: (query: RunQuery) => Promise<T>) => Promise<T>,
  statements: Statement[],
): Promise<Explained[]> {
  const kept = statements.filter((s) => !/^\s*(begin|commit|rollback)\b/i.test(s.text));
  return inTransaction(async (query) => {
    const out: Explained[] = [];
    for (const s of kept) {
      if (!/^\s*(select|with)\b/i.test(s.text)) {
        await query(s.text, s.params);
        continue;
      }
      const res = await query(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.params);
      const lines = res.rows.map((row) => String(Object.values(row as Record<string, unknown>)[0]));
      const ms = (label: string) => Number(lines.find((l) => l.startsWith(label))?.match(/([\d.]+) ms/)?.[1]);
      out.push({
        text: s.text.replace(/\s+/g, " ").trim(),
        params: s.params.map((p) => (typeof p === "string" ? p : JSON.stringify(p))),
        executionMs: ms("Execution Time"),
        planningMs: ms("Planning Time"),
        plan: lines.join("\n"),
      });
    }
    return out;
  });
}

// ---- measuring ----

interface Timing {
  key: string;
  label: string;
  url: string;
  admin: boolean;
  median: number;
  p95: number;
  p99: number;
  max: number;
  /** The answer's total (meta.total) and rows shown. */
  found: number;
  shown: number;
  statements: Explained[];
}

interface Options {
  products: number;
  runs: number;
  warmup: number;
  limit: number | undefined;
  check: number;
  serviceSample: number;
  whatIf: string;
}

async function measure(kind: DbKind, options: Options) {
  const loadAtStart = loadAverage();
  const temp = kind === "pglite" ? await mkdtemp(path.join(os.tmpdir(), "admin-products-bench-")) : null;
  const pgDb = kind === "postgres" ? await benchDatabase(postgresUrl()) : null;
  const password = randomBytes(12).toString("hex");
  const config = loadConfig({
    DATA_DIR: temp ?? undefined,
    DATABASE_URL: pgDb?.url,
    NODE_ENV: "production",
    // The benches' admin signs in with a password alone (decision 040).
    STAFF_SECOND_FACTOR: "optional",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "silent",
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    ADMIN_PASSWORD: password,
    // PGlite's shared_buffers as the shop would be started with (decision 030's 16 MB by default).
    PGLITE_BUFFERS_MB: process.env.PGLITE_BUFFERS_MB,
  });
  const { database, superAdminId } = await prepareDatabase(config, { info: () => {}, warn: () => {} });
  const { db } = database;
  if (!superAdminId) throw new Error("no super admin was made");
  const inTransaction = instrument(database);
  const app = await buildApp({ config, database, logger: false });
  try {
    const signIn = await app.inject({
      method: "POST",
      url: "/api/signin",
      payload: { email: config.firstAdmin.email, password },
    });
    if (signIn.statusCode !== 200) throw new Error(`signin: ${signIn.statusCode} ${signIn.body}`);
    const auth = { authorization: `Bearer ${(signIn.json() as { data: string }).data}` };
    const get = async (url: string) => {
      const res = await app.inject({ method: "GET", url, headers: auth });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json() as { data: unknown[]; meta?: { total: number } };
    };

    // ---- 1. the catalogue ----
    const { plan, source } = await planCatalogue(options.products);
    console.log(`  filling ${int(plan.length)} products…`);
    const filled = await fill(db, plan, superAdminId, options.whatIf);
    console.log(`  filled in ${f1(filled.totalSeconds)} s; checking against the app…`);
    // What PGlite's page cache would be at the shop's next start, sized to this data (decision 050).
    const onDisk =
      config.database.kind === "pglite"
        ? {
            mb: (await pgliteDataBytes(config.database.dir ?? "")) / 1024 / 1024,
            buffersAtStart: await pgliteBuffersMb(config.database.dir),
          }
        : null;
    if (onDisk)
      console.log(`  ${f1(onDisk.mb)} MB on disk: the app starts with ${onDisk.buffersAtStart} MB of buffers`);

    // The app's own save of a sample changes nothing the bulk fill wrote.
    const sample = plan.filter((p) => p.options.length > 0).slice(0, options.check);
    const ids = sample.map((p) => p.id);
    const before = await snapshot(db, ids);
    const gapsBefore = await lexiconGaps(db);
    const lexiconBefore = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from search_lexicon`))[0]
      ?.n;
    const saves: number[] = [];
    for (const p of sample) {
      const current = rowsOf<{ id: string; option_values: string[] }>(
        await db.execute(
          sql`select id, option_values from product_variants where product_id = ${p.id}::uuid order by position`,
        ),
      );
      const t = performance.now();
      const res = await app.inject({
        method: "POST",
        url: `/api/admin/products/${p.id}/variants`,
        headers: auth,
        payload: {
          options: p.options,
          variants: p.variants.map((v, i) => ({ ...v, _id: current[i]?.id, images: [] })),
        },
      });
      saves.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`save variants: ${res.statusCode} ${res.body}`);
    }
    const after = await snapshot(db, ids);
    const changed = ids.filter((id) => before.get(id) !== after.get(id));
    const lexiconAfter = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from search_lexicon`))[0]
      ?.n;
    if (changed.length || gapsBefore !== 0 || lexiconBefore !== lexiconAfter) {
      throw new Error(
        `the bulk fill differs from the app's save: ${changed.length} of ${ids.length} products changed` +
          ` (${changed.slice(0, 1).map((id) => `${before.get(id)} → ${after.get(id)}`)}), lexicon gaps ${gapsBefore},` +
          ` lexicon ${lexiconBefore} → ${lexiconAfter}`,
      );
    }

    // What the app reads of the stock, against the plan.
    const expected: Record<string, number> = { untracked: 0, in_stock: 0, low: 0, out: 0 };
    for (const p of plan) expected[p.state] = (expected[p.state] ?? 0) + 1;
    const states: Record<string, { expected: number; read: number }> = {};
    for (const state of Object.keys(expected)) {
      const read = (await get(`/api/admin/products?stock=${state}&limit=1`)).meta?.total ?? -1;
      states[state] = { expected: expected[state] ?? 0, read };
      if (read !== expected[state])
        throw new Error(`stock=${state}: the app reads ${read}, ${expected[state]} planned`);
    }
    const promo = (await get("/api/admin/products?promo=yes&limit=1")).meta?.total ?? -1;
    const hidden = (await get("/api/admin/products?visibility=hidden&limit=1")).meta?.total ?? -1;
    if (hidden !== plan.filter((p) => p.hidden).length)
      throw new Error(`visibility=hidden: the app reads ${hidden}, ${plan.filter((p) => p.hidden).length} planned`);
    const mixed = plan.filter(
      (p) => p.variants.some((v) => v.stock === null) && p.variants.some((v) => v.stock !== null),
    ).length;
    const withOptions = plan.filter((p) => p.options.length > 0).length;

    // ---- 2. the requests, each once a round ----
    const list = requests(options.limit);
    console.log(`  ${options.warmup} warm-up rounds, ${options.runs} measured rounds of ${list.length} requests…`);
    const samples = list.map(() => [] as number[]);
    const answers = list.map(() => ({ found: Number.NaN, shown: Number.NaN }));
    for (let round = 0; round < options.warmup + options.runs; round++) {
      for (const [i, r] of list.entries()) {
        const url = urlOf(r);
        const t = performance.now();
        const res = await app.inject({ method: "GET", url, headers: r.admin ? auth : {} });
        const ms = performance.now() - t;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (round === 0) {
          const body = res.json() as { data: unknown[]; meta?: { total: number } };
          answers[i] = { found: body.meta?.total ?? Number.NaN, shown: body.data.length };
        }
        if (round >= options.warmup) samples[i]?.push(ms);
      }
    }

    // ---- 3. plans ----
    console.log("  plans…");
    const timings: Timing[] = [];
    for (const [i, r] of list.entries()) {
      let statements: Explained[] = [];
      if (!r.key.endsWith("-hit")) {
        recorder.noted = [];
        recorder.on = true;
        try {
          await get(urlOf(r));
        } finally {
          recorder.on = false;
        }
        statements = await explain(inTransaction, recorder.noted.splice(0));
      }
      const sorted = Float64Array.from(samples[i] ?? []).sort();
      timings.push({
        key: r.key,
        label: r.label,
        url: r.url,
        admin: r.admin,
        median: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? Number.NaN,
        found: answers[i]?.found ?? Number.NaN,
        shown: answers[i]?.shown ?? Number.NaN,
        statements,
      });
      const t = timings.at(-1);
      console.log(`    ${r.url}: p99 ${f2(t?.p99 ?? Number.NaN)} ms`);
    }

    // ---- 4. for scale: products made one at a time through the app ----
    const oneByOne: number[] = [];
    const samplePlan = plan.filter((p) => p.options.length > 0);
    for (let i = 0; i < options.serviceSample; i++) {
      const p = samplePlan[i % samplePlan.length];
      if (!p) break;
      const t = performance.now();
      const made = await app.inject({
        method: "POST",
        url: "/api/upload-product",
        headers: auth,
        payload: {
          productName: p.row.productName,
          brandName: p.row.brandName,
          category: p.row.category,
          productImage: [],
          description: p.row.description,
          price: p.row.price,
          sellingPrice: p.row.sellingPrice,
        },
      });
      if (made.statusCode !== 201) throw new Error(`upload-product: ${made.statusCode} ${made.body}`);
      const id = (made.json() as { data: { _id: string } }).data._id;
      const saved = await app.inject({
        method: "POST",
        url: `/api/admin/products/${id}/variants`,
        headers: auth,
        payload: { options: p.options, variants: p.variants.map((v) => ({ ...v, images: [] })) },
      });
      if (saved.statusCode !== 200) throw new Error(`save variants: ${saved.statusCode} ${saved.body}`);
      oneByOne.push(performance.now() - t);
    }
    const sortedOne = Float64Array.from(oneByOne).sort();
    const sortedSaves = Float64Array.from(saves).sort();

    return {
      kind,
      database: await databaseVersion(kind, pgDb?.url ?? ""),
      loadAverage: { start: loadAtStart, end: loadAverage() },
      catalogue: {
        products: plan.length,
        source,
        variants: filled.variants,
        withOptions,
        mixed,
        promo,
        hidden,
        states,
        categories: CATEGORIES.length,
      },
      fill: filled,
      onDisk,
      check: {
        products: ids.length,
        saveMedianMs: percentile(sortedSaves, 50),
        lexiconWords: lexiconAfter ?? 0,
      },
      oneByOne: { products: oneByOne.length, medianMs: percentile(sortedOne, 50) },
      timings,
    };
  } finally {
    await app.close();
    await database.close();
    if (temp) await rm(temp, { recursive: true, force: true });
    await pgDb?.drop();
  }
}

type Result = Awaited<ReturnType<typeof measure>>;

/** The statement a request spent most of its database time in. */
const slowest = (t: Timing) => [...t.statements].sort((a, b) => b.executionMs - a.executionMs)[0];

function report(results: Result[], m: ReturnType<typeof machine>, options: Options): string {
  const out = [
    `# Admin products benchmark, ${today()}`,
    "",
    machineLine(m, "server sources"),
    `- Command: \`npm run bench:admin-products\` (${options.runs} measured rounds after ${options.warmup} warm-up rounds, each request once a round; ${options.limit === undefined ? "the API's page size" : `limit=${options.limit}`})`,
    options.whatIf ? `- **What-if SQL run after the fill**: \`${options.whatIf}\`` : "",
    `- PGlite's shared_buffers in this run: ${process.env.PGLITE_BUFFERS_MB ? `${process.env.PGLITE_BUFFERS_MB} MB (\`PGLITE_BUFFERS_MB\`)` : "sized by the app when it started on an empty database, 16 MB"}`,
    "",
    `Target (decision 044): a search or a filter of the admin listing over ${int(options.products)} products answers in ≤ ${TARGET_P99_MS} ms at p99, on PGlite and on PostgreSQL. The storefront's search is measured in the same rounds, as the baseline.`,
    "",
  ].filter((line, i, all) => line !== "" || all[i - 1] !== "");
  for (const r of results) {
    const c = r.catalogue;
    const s = c.states;
    const missed = r.timings.filter((t) => t.admin && !(t.p99 <= TARGET_P99_MS));
    out.push(
      `## ${r.kind} (${r.database})`,
      "",
      `Load average at the start ${r.loadAverage.start}, at the end ${r.loadAverage.end}.`,
      "",
      `**Fill**: ${int(c.products)} products, ${int(c.variants)} variants (${int(c.withOptions)} products with an option and 2–3 variants), in **${f1(r.fill.totalSeconds)} s**: products ${f1(r.fill.productsSeconds)} s (INSERT per 500 through Drizzle, with the triggers), variants and stock ${f1(r.fill.variantsSeconds)} s, ${r.fill.whatIfSeconds > 0.05 ? `what-if SQL ${f1(r.fill.whatIfSeconds)} s, ` : ""}VACUUM (ANALYZE) ${f1(r.fill.analyzeSeconds)} s. ` +
        `Stock as the app reads it: untracked ${int(s.untracked?.read ?? 0)}, in stock ${int(s.in_stock?.read ?? 0)} (${int(c.mixed)} of them mixed), low ${int(s.low?.read ?? 0)}, out ${int(s.out?.read ?? 0)}; on promotion ${int(c.promo)}; hidden ${int(c.hidden)}. ` +
        `${r.check.products} products saved again through \`POST /api/admin/products/:id/variants\` (median ${f2(r.check.saveMedianMs)} ms) are unchanged; search_lexicon holds every word (${int(r.check.lexiconWords)}).` +
        (r.oneByOne.products
          ? ` One at a time through the app (create, then its variants) a product takes ${f2(r.oneByOne.medianMs)} ms at the median: ${f1((r.oneByOne.medianMs * c.products) / 1000)} s for ${int(c.products)}.`
          : "") +
        (r.onDisk
          ? ` On disk after the fill: ${f1(r.onDisk.mb)} MB of data (\`base/\`), for which the app starts with ${r.onDisk.buffersAtStart} MB of shared_buffers (decision 050).`
          : ""),
      "",
      table(
        [
          "Request",
          "",
          "found",
          "shown",
          "median ms",
          "p95 ms",
          "p99 ms",
          "max ms",
          "slowest SQL ms",
          `≤ ${TARGET_P99_MS} ms`,
        ],
        "llrrrrrrrl",
        r.timings.map((t) => [
          `\`${t.url.replace(/^\/api/, "")}\``,
          t.label,
          int(t.found),
          int(t.shown),
          f2(t.median),
          f2(t.p95),
          f2(t.p99),
          f2(t.max),
          t.statements.length ? f2(slowest(t)?.executionMs ?? Number.NaN) : "",
          t.admin ? (t.p99 <= TARGET_P99_MS ? "yes" : "**no**") : "baseline",
        ]),
      ),
      "",
      missed.length
        ? `**Missed** on ${r.kind}: ${missed.map((t) => `\`${t.url.replace(/^\/api\/admin\/products/, "")}\` ${f2(t.p99)} ms`).join(", ")}.`
        : `**Met** on ${r.kind}: every admin request ≤ ${TARGET_P99_MS} ms at p99 (highest ${f2(Math.max(...r.timings.filter((t) => t.admin).map((t) => t.p99)))} ms).`,
      "",
      '"slowest SQL": the execution time `EXPLAIN ANALYZE` gives the request\'s slowest statement, replayed once after the rounds.',
      "",
    );
    for (const t of missed) {
      const st = slowest(t);
      if (!st) continue;
      out.push(
        `### Plan of \`${t.url}\` (${r.kind})`,
        "",
        "```sql",
        st.text,
        "```",
        "",
        `Parameters: ${st.params.map((p) => `\`${p}\``).join(", ")}`,
        "",
        "```text",
        st.plan,
        "```",
        "",
      );
    }
  }
  return out.join("\n");
}

// ---- the command line ----

const values = parseOptionsOrExit(
  process.argv.slice(2),
  {
    db: { type: "string", default: DB_KINDS.join(",") },
    products: { type: "string", default: "10000" },
    runs: { type: "string", default: "200" },
    warmup: { type: "string", default: "10" },
    limit: { type: "string" },
    check: { type: "string", default: "10" },
    "service-sample": { type: "string", default: "20" },
    "what-if-sql": { type: "string", default: "" },
  },
  HELP,
);
const check = new OptionCheck(HELP);
const kinds = check.list("db", values.db, DB_KINDS, "database");
const options: Options = {
  products: check.whole("products", values.products, 100),
  runs: check.whole("runs", values.runs, 1),
  warmup: check.whole("warmup", values.warmup, 0),
  limit: values.limit === undefined ? undefined : check.whole("limit", values.limit, 1),
  check: check.whole("check", values.check, 0),
  serviceSample: check.whole("service-sample", values["service-sample"], 0),
  whatIf: values["what-if-sql"],
};
check.exitOnProblems();
if (kinds.includes("postgres") && !(await reachable(postgresUrl()))) {
  console.error(`PostgreSQL is not reachable at ${redact(postgresUrl())}`);
  process.exit(2);
}
const m = machine({ sources: SERVER_SOURCES });
const results: Result[] = [];
for (const kind of kinds) {
  console.log(`${kind}: ${int(options.products)} products…`);
  results.push(await measure(kind, options));
}
const markdown = report(results, m, options);
console.log(`\n${markdown}`);
console.log(
  `Written: ${await writeResults(`${today()}-admin-products`, markdown, { machine: m, options, results })}.md`,
);
