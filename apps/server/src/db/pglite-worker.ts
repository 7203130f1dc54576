/**
 * The embedded database's own thread (decision 037): PGlite runs here, in a worker of the app's
 * process, and answers the messages of pglite-thread.ts. Its queries then use the second core
 * instead of holding the thread that reads requests and answers cached pages. Only this file
 * touches PGlite; it runs one query or transaction at a time, as PGlite itself does.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { FromWorker, ToWorker, WorkerOptions } from "./pglite-messages.ts";

const port = parentPort;
if (!port) throw new Error("pglite-worker.ts runs as a worker thread (pglite-thread.ts starts it).");

/**
 * Dates, intervals and their arrays as PostgreSQL writes them: drizzle reads them from the
 * text (drizzle-orm/pglite asks for the same), and every caller goes through drizzle.
 */
const AS_TEXT = (value: string) => value;
const PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [
    t,
    AS_TEXT,
  ]),
);

const options = workerData as WorkerOptions;
const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** An error as plain data: PostgreSQL's fields (`code`, `constraint`, `detail`…) included. */
function plain(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function") continue;
    // The query's parameters may hold what a user typed: they stay in this thread.
    if (key === "params") continue;
    fields[key] = typeof value === "object" && value !== null ? JSON.parse(JSON.stringify(value)) : value;
  }
  return { ...fields, name: error.name, message: error.message };
}

/** Open transactions, by the id the other side gave them: their handle and how to end them. */
const open = new Map<number, { tx: Transaction; end: PromiseWithResolvers<void>; done: Promise<void> }>();
/** Ends a transaction with a rollback: PGlite rolls back when its callback throws. */
const ROLLBACK = Symbol("rollback");

const db = await PGlite.create(options.dir, {
  extensions: { pg_trgm, unaccent },
  startParams: options.startParams,
  ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
}).catch((error: unknown) => {
  send({ kind: "failed", error: plain(error) });
  throw error;
});

async function answer(message: ToWorker): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (message.op) {
    case "query": {
      const target = message.tx === undefined ? db : open.get(message.tx)?.tx;
      if (!target) throw new Error(`transaction ${message.tx} is not open`);
      const result = await target.query(message.sql, message.params, { rowMode: message.rowMode, parsers: PARSERS });
      return { value: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows } };
    }
    case "exec": {
      const target = message.tx === undefined ? db : open.get(message.tx)?.tx;
      if (!target) throw new Error(`transaction ${message.tx} is not open`);
      const results = await target.exec(message.sql);
      return { value: results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })) };
    }
    case "begin": {
      const started = Promise.withResolvers<void>();
      const end = Promise.withResolvers<void>();
      const done = db.transaction(async (tx) => {
        open.set(message.tx, { tx, end, done });
        started.resolve();
        await end.promise;
      });
      // BEGIN itself failing ends `done` before `started`.
      await Promise.race([started.promise, done]);
      return { value: null };
    }
    case "end": {
      const transaction = open.get(message.tx);
      if (!transaction) return { value: null };
      open.delete(message.tx);
      if (message.commit) {
        transaction.end.resolve();
        await transaction.done;
      } else {
        transaction.end.reject(ROLLBACK);
        await transaction.done.catch((error: unknown) => {
          if (error !== ROLLBACK) throw error;
        });
      }
      return { value: null };
    }
    case "listen":
      await db.listen(message.channel, (payload) => send({ kind: "notification", channel: message.channel, payload }));
      return { value: null };
    case "dump": {
      const file = await db.dumpDataDir("gzip");
      const bytes = await file.arrayBuffer();
      return { value: bytes, transfer: [bytes] };
    }
    case "close":
      await db.close();
      return { value: null };
  }
}

port.on("message", (message: ToWorker) => {
  answer(message).then(
    ({ value, transfer }) => send({ kind: "answer", id: message.id, ok: true, value }, transfer),
    (error: unknown) => send({ kind: "answer", id: message.id, ok: false, error: plain(error) }),
  );
});

send({ kind: "ready" });
