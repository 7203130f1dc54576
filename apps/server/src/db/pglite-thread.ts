import { Worker } from "node:worker_threads";
import type { FromWorker, ToWorker, WorkerOptions } from "./pglite-messages.ts";

/** What a query answers, as PGlite's `query` does. */
export interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** The part of PGlite's interface that drizzle-orm/pglite and the app use, in a transaction too. */
export interface Queries {
  query(sql: string, params?: unknown[], options?: { rowMode?: "array" | "object" }): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
}

export interface PgliteThread extends Queries {
  transaction<T>(run: (tx: Queries) => Promise<T>): Promise<T>;
  listen(channel: string, onNotify: (payload: string) => void): Promise<void>;
  /** The data folder as a gzipped tar. */
  dumpDataDir(): Promise<Blob>;
  close(): Promise<void>;
}

/** The worker's file beside this one: TypeScript when run from the sources, JavaScript in dist/. */
const WORKER = new URL(import.meta.url.endsWith(".ts") ? "./pglite-worker.ts" : "./pglite-worker.js", import.meta.url);

/** An error the worker sent back as data, an Error again with PostgreSQL's fields (`code`, `constraint`…). */
function revive(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? "PGlite error"));
  Object.assign(error, fields);
  return error;
}

/**
 * The embedded database in a thread of its own (decision 037): PGlite runs in pglite-worker.ts
 * and this is its stand-in in the app's thread, with the same calls. Each query is a message;
 * a transaction keeps PGlite's lock in the worker until it is ended here, so queries from
 * elsewhere wait for it as they would on PGlite itself.
 */
export async function startPgliteThread(
  options: WorkerOptions,
  onLost: (error: Error) => void,
  /** The worker's code: pglite-worker's, or a test's stand-in. */
  file: URL = WORKER,
): Promise<PgliteThread> {
  const worker = new Worker(file, { workerData: options });
  const waiting = new Map<number, PromiseWithResolvers<unknown>>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let lastId = 0;
  let lastTx = 0;
  let lost: Error | null = null;
  const ready = Promise.withResolvers<void>();

  // The worker keeps the process alive only while something waits for it.
  worker.unref();
  const settled = () => {
    if (waiting.size === 0) worker.unref();
  };

  const giveUp = (error: Error) => {
    lost ??= error;
    ready.reject(error);
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  worker.on("message", (message: FromWorker) => {
    switch (message.kind) {
      case "ready":
        ready.resolve();
        return;
      case "failed":
        giveUp(revive(message.error));
        return;
      case "notification":
        for (const listener of listeners.get(message.channel) ?? []) listener(message.payload);
        return;
      case "answer": {
        const pending = waiting.get(message.id);
        if (!pending) return;
        waiting.delete(message.id);
        settled();
        if (message.ok) pending.resolve(message.value);
        else pending.reject(revive(message.error));
      }
    }
  });
  let closing = false;
  worker.on("error", (error) => {
    giveUp(error);
    onLost(error);
  });
  worker.on("exit", (code) => {
    const error = new Error(`The embedded database's thread stopped (exit code ${code}).`);
    giveUp(error);
    if (!closing) onLost(error);
  });

  worker.ref();
  await ready.promise.finally(() => worker.unref());

  type Request = ToWorker extends infer M ? (M extends ToWorker ? Omit<M, "id"> : never) : never;
  function call<T>(request: Request): Promise<T> {
    if (lost) return Promise.reject(lost);
    const id = ++lastId;
    const pending = Promise.withResolvers<unknown>();
    waiting.set(id, pending);
    if (waiting.size === 1) worker.ref();
    worker.postMessage({ ...request, id });
    return pending.promise as Promise<T>;
  }

  const queries = (tx?: number): Queries => ({
    query: (sql, params = [], opts = {}) =>
      call<Results>({ op: "query", sql, params, rowMode: opts.rowMode ?? "object", ...(tx ? { tx } : {}) }),
    exec: (sql) => call<Results[]>({ op: "exec", sql, ...(tx ? { tx } : {}) }),
  });

  return {
    ...queries(),
    async transaction<T>(run: (tx: Queries) => Promise<T>): Promise<T> {
      const tx = ++lastTx;
      await call({ op: "begin", tx });
      let result: T;
      try {
        result = await run(queries(tx));
      } catch (error) {
        await call({ op: "end", tx, commit: false }).catch(() => {});
        throw error;
      }
      await call({ op: "end", tx, commit: true });
      return result;
    },
    async listen(channel, onNotify) {
      let theirs = listeners.get(channel);
      if (!theirs) {
        theirs = new Set();
        listeners.set(channel, theirs);
        await call({ op: "listen", channel });
      }
      theirs.add(onNotify);
    },
    async dumpDataDir() {
      return new Blob([await call<ArrayBuffer>({ op: "dump" })]);
    },
    async close() {
      if (lost) return;
      closing = true;
      await call({ op: "close" });
      await worker.terminate();
    },
  };
}
