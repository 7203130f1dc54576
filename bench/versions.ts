/** The database versions a bench's results name (API and crowd benches). */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const ROOT = path.resolve(import.meta.dirname, "..");

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
