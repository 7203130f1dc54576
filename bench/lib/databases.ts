/**
 * The databases a bench runs the shop on: PGlite (embedded, the default) or PostgreSQL, where a
 * bench makes a database of its own next to the URL's and drops it afterwards; and the versions
 * its results name.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { ROOT } from "./paths.ts";

export const DB_KINDS = ["pglite", "postgres"] as const;
export type DbKind = (typeof DB_KINDS)[number];

export const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";

/** The PostgreSQL server a bench uses: DATABASE_URL's, else the local test one. */
export const postgresUrl = () => process.env.DATABASE_URL || DEFAULT_POSTGRES;

/** `--db`'s default in the API and crowd benches: PGlite, plus PostgreSQL when DATABASE_URL is set or `--postgres` given. */
export const defaultKinds = (postgres: boolean) =>
  process.env.DATABASE_URL || postgres ? "pglite,postgres" : "pglite";

export async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ server_version: string }>("SHOW server_version");
    return `PostgreSQL ${res.rows[0]?.server_version ?? "?"}`;
  } finally {
    await client.end();
  }
}

/** `how`: where the bench runs it, e.g. "on disk". */
export function pgliteVersion(how: string): string {
  const file = path.join(ROOT, "node_modules/@electric-sql/pglite/package.json");
  const version = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version : "?";
  return `PGlite ${version} (${how})`;
}

/** The database a run's results name: PostgreSQL's version, or PGlite's in the app's process. */
export const databaseVersion = (kind: DbKind, url: string) =>
  kind === "postgres" ? postgresVersion(url) : Promise.resolve(pgliteVersion("on disk, in the app's process"));

/** One statement on its own connection (CREATE DATABASE, DROP DATABASE: outside any transaction). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Whether PostgreSQL answers at `url` (within 3 s). */
export async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The URL without its password, to print. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return url;
  }
}

export interface BenchDatabase {
  /** `shop_bench_<random>`. */
  name: string;
  url: string;
  /** Drops it `WITH (FORCE)` (the app may still hold connections); once, later calls do nothing. */
  drop: () => Promise<void>;
}

/** A new, empty database `shop_bench_<random>` next to the one of `adminUrl`, never one the shell points at. */
export async function benchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `shop_bench_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
