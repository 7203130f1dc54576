import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import type { Config } from "../config.ts";
import { FILE_PREFIXES, type FileStorage, LocalStorage, typeOfKey } from "../lib/storage.ts";
import { openStorage } from "../plugins/files.ts";
import { openDatabase, pgliteOwner } from "./client.ts";

const run = promisify(execFile);

/** What a backup holds, written first in the archive as `shop-backup.json`. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: "pglite" | "postgres";
  /** Rows of the main tables and files, to check a restore against. */
  counts: { products: number; orders: number; users: number; files: number };
}

const MANIFEST = "shop-backup.json";
const PGLITE_DUMP = "database/pglite.tar.gz";
const POSTGRES_DUMP = "database/postgres.dump";

/** Raised for what the person running the command must fix; the message says what. */
export class BackupError extends Error {}

async function countRows(config: Config["database"]): Promise<Omit<BackupManifest["counts"], "files">> {
  const database = await openDatabase(config);
  try {
    const count = async (table: string) => {
      const result = await database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    };
    return { products: await count("products"), orders: await count("orders"), users: await count("users") };
  } finally {
    await database.close();
  }
}

/** A PostgreSQL URL as libpq's tools read it, and its database name. */
const pgTarget = (url: string) => ({ url, name: decodeURIComponent(new URL(url).pathname.slice(1)) });

/**
 * `npm run db:backup`: the database and every file (photos of every size, order forms' files,
 * transfer screenshots) in one .tar.gz (decision 031). PostgreSQL is dumped while the shop runs
 * (`pg_dump`: one consistent snapshot); the embedded PGlite can only be copied with the shop
 * stopped, since its folder belongs to the one process that has it open.
 */
export async function writeBackup(config: Config, file: string): Promise<BackupManifest> {
  const database = config.database;
  if (database.kind === "pglite") {
    const owner = pgliteOwner(database.dir);
    if (owner) {
      throw new BackupError(
        `The shop is running (process ${owner}) on its embedded database: stop it first (systemctl stop shop), ` +
          "or use PostgreSQL (DATABASE_URL) for backups while it runs.",
      );
    }
  }
  const stage = await mkdtemp(path.join(tmpdir(), "shop-backup-"));
  const files = await openStorage(config.storage);
  try {
    await mkdir(path.join(stage, "database"));
    const staged = new LocalStorage(path.join(stage, "files"));
    // The audit log's checkpoint before the database: the line it names is then in the dump,
    // and a restored shop's verification agrees with itself (decision 038).
    let fileCount = await stageFiles(files, staged, [AUDIT_PREFIX]);
    const counts = await countRows(database);
    if (database.kind === "pglite") {
      const opened = await openDatabase(database);
      try {
        const dump = await opened.dumpDataDir?.();
        if (!dump) throw new Error("PGlite gave no data folder");
        await writeFile(path.join(stage, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await opened.close();
      }
    } else {
      await run("pg_dump", [
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        `--file=${path.join(stage, POSTGRES_DUMP)}`,
        database.url,
      ]).catch((error: NodeJS.ErrnoException & { stderr?: string }) => {
        if (error.code === "ENOENT") throw new BackupError("pg_dump is missing: install Debian's postgresql-client.");
        throw new BackupError(`pg_dump failed: ${error.stderr ?? error.message}`);
      });
    }
    fileCount += await stageFiles(
      files,
      staged,
      FILE_PREFIXES.filter((prefix) => prefix !== AUDIT_PREFIX),
    );
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: database.kind,
      counts: { ...counts, files: fileCount },
    };
    await writeFile(path.join(stage, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.dirname(file), { recursive: true });
    const entries = [MANIFEST, "database", ...(fileCount ? ["files"] : [])];
    // Written beside the target, then renamed: an interrupted backup never looks complete.
    const partial = `${file}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: stage, portable: true }, entries);
    await rename(partial, file);
    return manifest;
  } finally {
    await files.close();
    await rm(stage, { recursive: true, force: true });
  }
}

/** Where the audit log's checkpoint is kept (modules/audit/checkpoint.ts). */
const AUDIT_PREFIX = "audit/";

/** Copies the files under `prefixes` into the backup's folder; answers how many. */
async function stageFiles(files: FileStorage, staged: LocalStorage, prefixes: readonly string[]): Promise<number> {
  let count = 0;
  for (const prefix of prefixes) {
    for await (const key of files.list(prefix)) {
      const stored = await files.get(key);
      if (!stored) continue; // removed since it was listed
      await staged.put(key, Buffer.concat(await stored.body.toArray()));
      count++;
    }
  }
  return count;
}

async function isEmptyShop(config: Config, files: FileStorage): Promise<boolean> {
  const database = config.database;
  if (database.kind === "pglite") {
    const entries = await readdir(database.dir).catch(() => []);
    if (entries.length > 0) return false;
  } else {
    const opened = await openDatabase(database);
    try {
      const result = await opened.db.execute<{ n: number }>(
        sql`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
      );
      if (Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n) > 0) return false;
    } finally {
      await opened.close();
    }
  }
  for (const prefix of FILE_PREFIXES) {
    for await (const _ of files.list(prefix)) return false;
  }
  return true;
}

/**
 * `npm run db:restore -- <archive>`: puts a backup back into an empty shop (no tables, no
 * files), on the database and file storage the configuration names; `replace` erases what is
 * there first. A PGlite backup restores into PGlite, a PostgreSQL one into PostgreSQL.
 */
export async function readBackup(
  config: Config,
  file: string,
  opts: { replace?: boolean } = {},
): Promise<BackupManifest> {
  const stage = await mkdtemp(path.join(tmpdir(), "shop-restore-"));
  try {
    await tar.extract({ file, cwd: stage, strict: true }).catch((error: Error) => {
      throw new BackupError(`${file} is not a backup of the shop: ${error.message}`);
    });
    const manifest = JSON.parse(
      await readFile(path.join(stage, MANIFEST), "utf8").catch(() => "null"),
    ) as BackupManifest | null;
    if (manifest?.format !== 1) throw new BackupError(`${file} is not a backup of the shop (no ${MANIFEST}).`);
    const database = config.database;
    if (manifest.database !== database.kind) {
      throw new BackupError(
        `This backup is of a ${manifest.database === "pglite" ? "PGlite" : "PostgreSQL"} database; the configuration names ${database.kind === "pglite" ? "PGlite (no DATABASE_URL)" : "PostgreSQL (DATABASE_URL)"}.`,
      );
    }
    if (database.kind === "pglite" && pgliteOwner(database.dir)) {
      throw new BackupError("The shop is running on this embedded database: stop it first.");
    }
    const files = await openStorage(config.storage);
    try {
      if (!(await isEmptyShop(config, files))) {
        if (!opts.replace) {
          throw new BackupError(
            "This shop already has data: restore into an empty one, or add --replace to erase it first.",
          );
        }
        await eraseShop(config, files);
      }
      if (database.kind === "pglite") {
        const dump = await readFile(path.join(stage, PGLITE_DUMP));
        const opened = await openDatabase({ ...database, loadDataDir: new Blob([new Uint8Array(dump)]) });
        await opened.close();
      } else {
        await run("pg_restore", [
          "--no-owner",
          "--no-privileges",
          "--exit-on-error",
          `--dbname=${pgTarget(database.url).url}`,
          path.join(stage, POSTGRES_DUMP),
        ]).catch((error: NodeJS.ErrnoException & { stderr?: string }) => {
          if (error.code === "ENOENT")
            throw new BackupError("pg_restore is missing: install Debian's postgresql-client.");
          throw new BackupError(`pg_restore failed: ${error.stderr ?? error.message}`);
        });
      }
      const staged = new LocalStorage(path.join(stage, "files"));
      for (const prefix of FILE_PREFIXES) {
        for await (const key of staged.list(prefix)) {
          const got = await staged.get(key);
          if (got) await files.put(key, Buffer.concat(await got.body.toArray()), typeOfKey(key));
        }
      }
    } finally {
      await files.close();
    }
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** Everything the shop holds, gone: its tables and its files (`db:reset`, `db:restore --replace`). */
export async function eraseShop(config: Config, files: FileStorage): Promise<void> {
  const database = config.database;
  if (database.kind === "pglite") {
    const owner = pgliteOwner(database.dir);
    if (owner)
      throw new BackupError(`The shop is running (process ${owner}) on this embedded database: stop it first.`);
    await rm(database.dir, { recursive: true, force: true });
  } else {
    const opened = await openDatabase(database);
    try {
      await opened.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
      await opened.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
      await opened.db.execute(sql`CREATE SCHEMA public`);
    } finally {
      await opened.close();
    }
  }
  for (const prefix of FILE_PREFIXES) {
    const keys: string[] = [];
    for await (const key of files.list(prefix)) keys.push(key);
    await files.remove(keys);
  }
}
