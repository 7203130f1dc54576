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

  it("gives the event loop a turn between two queries, so that a crowd's connections are accepted", async () => {
    // PGlite runs SQL in this thread. Counts the event loop's turns while 30 queries wait
    // together, as 30 requests of a crowd do.
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const turnOfEach = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        await database.db.execute(sql`SELECT ${i}::int AS n`);
        return turns;
      }),
    );
    counting = false;
    // Each query ended in a turn of its own: between two of them, the loop could accept a
    // connection and read a request. Run back to back, they all ended in the same turn.
    expect(new Set(turnOfEach).size).toBe(30);
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
