import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.ts";

describe.skipIf(process.env.DATABASE_URL)("the embedded database (PGlite)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("gives the event loop a turn every few queries, so that a crowd's connections are accepted", async () => {
    // PGlite runs SQL in this thread. Counts the event loop's turns while 30 queries of 4 ms
    // wait together, as 30 requests of a crowd do.
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const turnOfEach = await Promise.all(
      Array.from({ length: 30 }, async () => {
        await database.db.execute(sql`SELECT pg_sleep(0.004)`);
        return turns;
      }),
    );
    counting = false;
    // At most 10 ms of queries (three of 4 ms) end in one turn: between them, the loop could
    // accept a connection and read a request. Run back to back, all 30 ended in the same turn.
    const perTurn = new Map<number, number>();
    for (const turn of turnOfEach) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(3);
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

  it("still runs a transaction's queries together, and queries after it in order", async () => {
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
