import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { serverRoot } from "../paths.ts";
import { startPgliteThread } from "./pglite-thread.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** PGlite's page cache for a shop of the demo's size (decision 030), and for a catalogue of thousands (decision 050). */
export const PGLITE_BUFFERS_SMALL_MB = 16;
export const PGLITE_BUFFERS_LARGE_MB = 32;
/** The data on disk (`base/`) past which the larger cache is taken: a new shop's is about 25 MB, 10,000 products about 73. */
const LARGE_DATABASE_BYTES = 48 * 1024 * 1024;

/**
 * PostgreSQL's shared_buffers inside PGlite when PGLITE_BUFFERS_MB is not set, from the size of
 * the database on disk at start (decision 050): 16 MB while the shop is small, which keeps the
 * memory of decision 030; 32 MB once its tables outgrow that, so that a search over thousands of
 * products reads its rows from the cache rather than through PGlite's file system at every
 * request. A shop that grows past it gets the larger cache at its next start.
 */
export async function pgliteBuffersMb(dir: string | undefined): Promise<number> {
  if (!dir) return PGLITE_BUFFERS_SMALL_MB;
  return (await pgliteDataBytes(dir, LARGE_DATABASE_BYTES)) > LARGE_DATABASE_BYTES
    ? PGLITE_BUFFERS_LARGE_MB
    : PGLITE_BUFFERS_SMALL_MB;
}

/** The bytes of PGlite's databases on disk (`base/`), counted up to `stopPast` at most. */
export async function pgliteDataBytes(dir: string, stopPast = Number.POSITIVE_INFINITY): Promise<number> {
  let bytes = 0;
  const entries = await readdir(path.join(dir, "base"), { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    bytes += (await stat(path.join(entry.parentPath, entry.name)).catch(() => null))?.size ?? 0;
    if (bytes > stopPast) break;
  }
  return bytes;
}

export type DatabaseOptions =
  /**
   * `buffersMb`: PostgreSQL's shared_buffers inside PGlite (PGlite's own default is 160 MB);
   * unset, sized at start to the database on disk (`pgliteBuffersMb`, decision 050).
   */
  | {
      kind: "pglite";
      dir?: string;
      buffersMb?: number;
      /** A data folder saved by `dumpDataDir` (a backup) to start from; `dir` must be empty. */
      loadDataDir?: Blob;
    }
  | { kind: "postgres"; url: string; poolSize: number };

export interface Database {
  db: Db;
  kind: DatabaseOptions["kind"];
  /** Applies the migrations of `folder` (the app's own by default; tests give an older set). */
  migrate(folder?: string): Promise<void>;
  /**
   * Calls `onNotify` for each NOTIFY on the channel, from any app server on this database;
   * `onGap` when notifications may have been missed (the listening connection was lost).
   */
  listen(channel: string, onNotify: (payload: string) => void, onGap: () => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs `task` only if no other app server on this database is running it (a PostgreSQL
   * advisory lock on `key`); answers null when another one is. PGlite has one server.
   */
  exclusively<T>(key: number, task: () => Promise<T>): Promise<T | null>;
  /** PGlite only: its whole data folder as a gzipped tar (db/backup.ts). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * PGlite's data folder is one process's: the process that opens it writes its pid beside it
 * (`<dir>.pid`), so that a backup or a second server can tell it is in use.
 */
export const pgliteOwnerFile = (dir: string) => `${dir}.pid`;

/** The live process that has this PGlite folder open, if any (a stale pid file is ignored). */
export function pgliteOwner(dir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(pgliteOwnerFile(dir), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

const migrationsFolder = path.join(serverRoot, "src/db/migrations");

/**
 * The trigram similarity from which search_lexicon's index offers a word as the correction of
 * a typo ("ipone" is 0.44 like "iphone"; "telephone" only 0.31). See decision 005.
 */
const SIMILARITY_SETTING = "pg_trgm.similarity_threshold";
const SIMILARITY_THRESHOLD = 0.4;

/** Any lock id will do as long as every instance uses the same one. */
const MIGRATION_LOCK = 727_100_2026;

export async function openDatabase(
  options: DatabaseOptions,
  onIdleError: (err: Error) => void = (err) => console.error("database connection lost:", err.message),
): Promise<Database> {
  if (options.kind === "pglite") {
    const { dir } = options;
    if (dir) {
      const owner = pgliteOwner(dir);
      // Two processes on one PGlite folder would corrupt it.
      if (owner) throw new Error(`The embedded database in ${dir} is already open in process ${owner}: stop it first.`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(pgliteOwnerFile(dir), `${process.pid}\n`);
    }
    // PostgreSQL's page cache lives in PGlite's WebAssembly memory, resident and never given
    // back; reads past it come from the system's file cache (decision 030). PGlite runs in a
    // thread of its own (decision 037).
    const client = await startPgliteThread(
      {
        dir,
        startParams: [
          ...PGlite.defaultStartParams,
          "-c",
          `shared_buffers=${options.buffersMb ?? (await pgliteBuffersMb(dir))}MB`,
        ],
        loadDataDir: options.loadDataDir,
      },
      onIdleError,
    );
    const db = drizzlePglite({ client: client as unknown as PGlite, schema });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      async migrate(folder = migrationsFolder) {
        await migratePglite(db, { migrationsFolder: folder });
        await client.exec(`SET ${SIMILARITY_SETTING} = ${SIMILARITY_THRESHOLD}`);
      },
      async listen(channel, onNotify) {
        await client.listen(channel, onNotify);
      },
      async notify(channel, payload) {
        await client.query("SELECT pg_notify($1, $2)", [channel, payload]);
      },
      exclusively: (_key, task) => task(),
      dumpDataDir: () => client.dumpDataDir(),
      async close() {
        await client.close();
        if (dir) rmSync(pgliteOwnerFile(dir), { force: true });
      },
    };
  }
  // Sent in the connection's start-up packet, so every session has it before its first query.
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    options: `-c ${SIMILARITY_SETTING}=${SIMILARITY_THRESHOLD}`,
  });
  // An idle connection that PostgreSQL drops (restart, failover) must not crash the process:
  // the pool discards it and opens another on the next query.
  pool.on("error", (err) => onIdleError(err));
  const db = drizzleNodePg({ client: pool, schema });
  const listeners: pg.Client[] = [];
  let closing = false;

  /** LISTEN needs a connection of its own, kept open; it reconnects after a loss. */
  const url = options.url;
  async function listenOn(
    channel: string,
    onNotify: (payload: string) => void,
    onGap: () => void,
    delayMs = 500,
  ): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    const retry = () => {
      const index = listeners.indexOf(client);
      if (index >= 0) listeners.splice(index, 1);
      if (closing) return;
      onGap();
      setTimeout(
        () => listenOn(channel, onNotify, onGap, Math.min(delayMs * 2, 30_000)).catch(() => {}),
        delayMs,
      ).unref();
    };
    client.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    client.on("error", (err) => onIdleError(err));
    client.on("end", retry);
    await client.connect();
    listeners.push(client);
    await client.query(`LISTEN "${channel.replaceAll('"', "")}"`);
  }

  return {
    db: db as unknown as Db,
    kind: "postgres",
    listen: (channel, onNotify, onGap) => listenOn(channel, onNotify, onGap),
    async notify(channel, payload) {
      await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async exclusively(key, task) {
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [key]);
        if (!rows[0]?.locked) return null;
        try {
          return await task();
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [key]).catch(() => {});
        }
      } finally {
        client.release();
      }
    },
    async migrate(folder = migrationsFolder) {
      // Several app servers may start at once: one applies the migrations, the others wait.
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: folder });
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    async close() {
      closing = true;
      await Promise.all(listeners.map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}
