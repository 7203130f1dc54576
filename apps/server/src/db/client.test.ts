import { mkdir, mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, pgliteBuffersMb } from "./client.ts";

describe.skipIf(process.env.DATABASE_URL)("the embedded database (PGlite)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("leaves the app's thread free while it works: the event loop turns during a long query", async () => {
    // PGlite runs in a thread of its own (decision 037); in the app's thread, a 300 ms query
    // held every request and every new connection for 300 ms.
    let turns = 0;
    const timer = setInterval(() => turns++, 10);
    try {
      await database.db.execute(sql`SELECT pg_sleep(0.3)`);
    } finally {
      clearInterval(timer);
    }
    expect(turns).toBeGreaterThanOrEqual(15);
  });

  it("answers PostgreSQL's errors with their fields, as the app reads them (code, constraint)", async () => {
    await database.db.execute(sql`CREATE TABLE IF NOT EXISTS unique_test (n int CONSTRAINT unique_test_n UNIQUE)`);
    await database.db.execute(sql`INSERT INTO unique_test VALUES (1)`);
    const error = await database.db.execute(sql`INSERT INTO unique_test VALUES (1)`).then(
      () => null,
      (e: unknown) => e as { cause?: { code?: string; constraint?: string; message?: string } },
    );
    expect(error?.cause).toMatchObject({ code: "23505", constraint: "unique_test_n" });
    expect(error?.cause?.message).toMatch(/unique/);
  });

  it("undoes a transaction whose work throws, and then runs the next query", async () => {
    await database.db.execute(sql`CREATE TABLE IF NOT EXISTS undo_test (n int)`);
    const failed = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO undo_test VALUES (1)`);
      throw new Error("the caller's own failure");
    });
    await expect(failed).rejects.toThrow("the caller's own failure");
    const { rows } = (await database.db.execute(sql`SELECT count(*)::int AS c FROM undo_test`)) as unknown as {
      rows: { c: number }[];
    };
    expect(rows[0]?.c).toBe(0);
  });

  it("sizes PostgreSQL's page cache to the database on disk: 16 MB for a small shop, 32 MB past 48 MB of data", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "shop-buffers-"));
    try {
      expect(await pgliteBuffersMb(undefined)).toBe(16);
      expect(await pgliteBuffersMb(dir)).toBe(16);
      await mkdir(path.join(dir, "base", "5"), { recursive: true });
      // Relation files as PostgreSQL lays them out (sparse here: only their size is read).
      await writeFile(path.join(dir, "base", "5", "16384"), "");
      await truncate(path.join(dir, "base", "5", "16384"), 30 * 1024 * 1024);
      expect(await pgliteBuffersMb(dir)).toBe(16);
      await writeFile(path.join(dir, "base", "5", "16385"), "");
      await truncate(path.join(dir, "base", "5", "16385"), 20 * 1024 * 1024);
      expect(await pgliteBuffersMb(dir)).toBe(32);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("keeps PostgreSQL's page cache small: 16 MB unless told otherwise", async () => {
    const shown = async (db: Database) =>
      ((await db.db.execute(sql`SHOW shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] }).rows[0]
        ?.shared_buffers;
    expect(await shown(database)).toBe("16MB");
    const larger = await openDatabase({ kind: "pglite", buffersMb: 48 });
    try {
      expect(await shown(larger)).toBe("48MB");
    } finally {
      await larger.close();
    }
  });

  it("runs a transaction's queries together: a query sent meanwhile waits for its end", async () => {
    await database.db.execute(sql`CREATE TABLE IF NOT EXISTS turn_test (n int)`);
    const order: string[] = [];
    await Promise.all([
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO turn_test VALUES (1)`);
        order.push("tx insert");
        await tx.execute(sql`INSERT INTO turn_test VALUES (2)`);
        order.push("tx end");
      }),
      database.db.execute(sql`SELECT count(*)::int AS c FROM turn_test`).then((res) => {
        order.push(`read ${(res as unknown as { rows: { c: number }[] }).rows[0]?.c}`);
      }),
    ]);
    expect(order).toEqual(["tx insert", "tx end", "read 2"]);
  });
});
