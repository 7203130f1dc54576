/**
 * Child process of api-bench.ts: the real app on 127.0.0.1 (random port), with the catalogue
 * filled. Configured through the environment like production (DATA_DIR, DATABASE_URL,
 * LOG_LEVEL=silent), plus BENCH_PRODUCTS (how many products to insert) and BENCH_WHAT_IF_SQL
 * (SQL to run after inserting them, for experiments).
 *
 * Talks to the parent over IPC:
 *  - sends `{ type: "ready", port, seeded, seedMs, source, token }` once listening (`token`:
 *    the super admin's, signed in through the API, for the signed-in endpoints);
 *  - on `{ type: "record" }` starts noting the SQL the app sends (text and parameters);
 *  - on `{ type: "sql", runs }` stops noting, then times each noted query alone (driver call,
 *    no HTTP, no Drizzle mapping) and with EXPLAIN ANALYZE, and answers `{ type: "sql", queries }`;
 *  - on `{ type: "replay", answers }` keeps those bytes for the route `/__bench/replay/:key`,
 *    which this file adds to the app: the same Fastify instance, plugins and hooks, answering
 *    ready bytes without database or serialization (the ceiling a response cache could reach);
 *  - on `{ type: "stop" }` closes the app and the database and exits (which also writes the
 *    CPU profile when started with --cpu-prof).
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { prepareDatabase } from "../apps/server/src/bootstrap.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { products } from "../apps/server/src/db/schema.ts";
import { benchCatalogue } from "./catalogue.ts";
import type { ChildMessage, ParentMessage, Replay, SqlTiming } from "./protocol.ts";

const send = (message: ChildMessage) => process.send?.(message);

const BATCH = 500;

// Only what the bench chooses: nothing of the shell's environment leaks into the app.
const config = loadConfig({
  DATA_DIR: process.env.DATA_DIR,
  DATABASE_URL: process.env.DATABASE_URL,
  DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
  NODE_ENV: "production",
  // The benches' admin signs in with a password alone (decision 040).
  STAFF_SECOND_FACTOR: "optional",
  HOST: "127.0.0.1",
  PORT: "0",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
  TOKEN_SECRET: randomBytes(32).toString("hex"),
  ADMIN_PASSWORD: randomBytes(12).toString("hex"),
});
const { database, superAdminId } = await prepareDatabase(config, { info: () => {}, warn: () => {} });
const { db } = database;

// ---- the catalogue: bulk inserts in batches through Drizzle ----
const count = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const started = performance.now();
const { products: rows, source } = await benchCatalogue(count);
for (let i = 0; i < rows.length; i += BATCH) {
  await db.insert(products).values(rows.slice(i, i + BATCH).map((r) => ({ ...r, userId: superAdminId })));
}
// `--what-if-sql`: an index or a setting to try without changing the app.
// One statement at a time (PGlite's query() takes one); no ";" inside a statement, then.
for (const statement of (process.env.BENCH_WHAT_IF_SQL ?? "").split(";")) {
  if (statement.trim()) await db.execute(sql.raw(statement));
}
// What autovacuum does on PostgreSQL shortly after such a load (PGlite has no autovacuum).
if (process.env.BENCH_ANALYZE !== "0") await db.execute(sql`ANALYZE`);
const seedMs = performance.now() - started;

// ---- SQL recording ----
// What the app sends, caught at the driver. PostgreSQL: every pg.Client's query (the pool's
// and the transactions' connections alike). PGlite: the client's query and, in a
// transaction, the transaction object's.
type Query = (...args: unknown[]) => Promise<{ rows: unknown[] }>;
let recording = false;
const noted: { text: string; params: unknown[] }[] = [];
function note(text: unknown, params: unknown) {
  if (!recording) return;
  noted.push({
    text: typeof text === "string" ? text : (text as { text: string }).text,
    params: Array.isArray(params) ? params : [],
  });
}
function wrap(query: Query): Query {
  return function (this: unknown, ...args: unknown[]) {
    note(args[0], args[1]);
    return query.apply(this, args);
  };
}

/** Runs statements in order on one connection, so that a transaction's SET LOCAL holds. */
let onOneConnection: <T>(
  fn: (query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>) => Promise<T>,
) => Promise<T>;

if (database.kind === "postgres") {
  const proto = pg.Client.prototype as unknown as { query: Query };
  proto.query = wrap(proto.query);
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  onOneConnection = async (fn) => {
    const connection = await pool.connect();
    try {
      return await fn((text, params) => connection.query(text, params));
    } finally {
      connection.release();
    }
  };
} else {
  interface Transaction {
    query: Query;
  }
  const client = (
    db as unknown as { $client: Transaction & { transaction: <T>(cb: (tx: Transaction) => Promise<T>) => Promise<T> } }
  ).$client;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = wrap(query);
  client.transaction = (callback) =>
    transaction(async (tx) => {
      note("BEGIN", []);
      tx.query = wrap(tx.query.bind(tx));
      try {
        const result = await callback(tx);
        note("COMMIT", []);
        return result;
      } catch (error) {
        note("ROLLBACK", []);
        throw error;
      }
    });
  onOneConnection = (fn) => fn((text, params) => query(text, params));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

/**
 * Replays the statements noted during one request, in order on one connection: `runs` times
 * timed through the driver, then up to 10 times with each SELECT under EXPLAIN ANALYZE.
 */
async function timeQueries(runs: number): Promise<SqlTiming[]> {
  recording = false;
  const statements = noted.splice(0);
  const wall = statements.map(() => [] as number[]);
  const planning = statements.map(() => [] as number[]);
  const execution = statements.map(() => [] as number[]);
  const plans = statements.map(() => "");
  await onOneConnection(async (query) => {
    const inTransaction = { value: false };
    const run = async (text: string, params: unknown[]) => {
      if (/^\s*begin\b/i.test(text)) inTransaction.value = true;
      if (/^\s*(commit|rollback)\b/i.test(text)) inTransaction.value = false;
      return query(text, params);
    };
    try {
      for (let r = 0; r < runs; r++) {
        for (const [i, s] of statements.entries()) {
          const t0 = performance.now();
          await run(s.text, s.params);
          wall[i]?.push(performance.now() - t0);
        }
      }
      for (let r = 0; r < Math.min(runs, 10); r++) {
        for (const [i, s] of statements.entries()) {
          if (!/^\s*(select|with)\b/i.test(s.text)) {
            await run(s.text, s.params);
            continue;
          }
          const res = await run(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.params);
          const lines = res.rows.map((row) => String(Object.values(row as Record<string, unknown>)[0]));
          plans[i] = lines.join("\n");
          const ms = (label: string) => Number(lines.find((l) => l.startsWith(label))?.match(/([\d.]+) ms/)?.[1]);
          planning[i]?.push(ms("Planning Time"));
          execution[i]?.push(ms("Execution Time"));
        }
      }
    } catch (error) {
      if (inTransaction.value) await query("ROLLBACK", []).catch(() => {});
      throw error;
    }
  });
  return statements.map((s, i) => ({
    text: s.text,
    params: s.params.map((p) => (typeof p === "string" ? p : JSON.stringify(p))),
    wallMs: median(wall[i] ?? []),
    planningMs: median(planning[i] ?? []),
    executionMs: median(execution[i] ?? []),
    plan: plans[i] ?? "",
  }));
}

const app = await buildApp({ config, database });
const replays = new Map<string, { status: number; contentType: string; body: Buffer }>();
// Only with --ceiling: otherwise the app is exactly what buildApp() makes.
if (process.env.BENCH_CEILING === "1")
  app.route({
    method: ["GET", "POST"],
    url: "/__bench/replay/:key",
    handler: async (request, reply) => {
      const answer = replays.get((request.params as { key: string }).key);
      if (!answer) return reply.code(404).send();
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    },
  });
await app.listen({ host: config.host, port: config.port });
const { port } = app.server.address() as AddressInfo;

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await app.close().catch(() => {});
  await database.close().catch(() => {});
  process.exit(code);
}

process.on("message", (message: ParentMessage) => {
  if (message.type === "record") {
    noted.length = 0;
    recording = true;
    send({ type: "recording" });
  } else if (message.type === "replay") {
    for (const a of message.answers as Replay[]) {
      replays.set(a.key, { status: a.status, contentType: a.contentType, body: Buffer.from(a.bodyBase64, "base64") });
    }
    send({ type: "replaying" });
  } else if (message.type === "sql") {
    timeQueries(message.runs).then(
      (queries) => send({ type: "sql", queries }),
      (error: unknown) => send({ type: "error", message: String(error) }),
    );
  } else if (message.type === "stop") {
    void stop(0);
  }
});
// The parent died without saying goodbye: do not linger.
process.on("disconnect", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

const signIn = await app.inject({
  method: "POST",
  url: "/api/signin",
  payload: { email: config.firstAdmin.email, password: config.firstAdmin.password },
});
const token = (signIn.json() as { data: string }).data;
send({ type: "ready", port, seeded: rows.length, seedMs, source, token });
