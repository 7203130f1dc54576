/**
 * The embedded database's upkeep (decision 049): on PGlite, which has no autovacuum, the daily
 * job and the end of a catalogue import vacuum and analyse the tables; on PostgreSQL the job is
 * not even planned, and a call leaves the work to autovacuum.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Config } from "../config.ts";
import { dailyJobs } from "../jobs/handlers.ts";
import { enqueue } from "../jobs/queue.ts";
import { runDueJobs } from "../jobs/runner.ts";
import { AUDIT_CHECKPOINT_JOB } from "../modules/audit/checkpoint.ts";
import { uploadProduct, useTestApp } from "../test/harness.ts";
import { jobs } from "./schema/jobs.ts";
import { CATALOGUE_TABLES, UPKEEP_JOB, upkeep } from "./upkeep.ts";

const ctx = useTestApp({ actors: true });
const onPglite = () => ctx.database.kind === "pglite";

/** When each table was last vacuumed and analysed by hand (not by autovacuum), in ms since 1970; 0: never. */
async function lastUpkeep(): Promise<Map<string, { vacuum: number; analyze: number }>> {
  const rows = (await ctx.database.db.execute(
    sql`select relname,
          coalesce(extract(epoch from last_vacuum) * 1000, 0)::float8 as vacuum,
          coalesce(extract(epoch from last_analyze) * 1000, 0)::float8 as analyze
        from pg_stat_user_tables`,
  )) as unknown as { rows: { relname: string; vacuum: number; analyze: number }[] };
  return new Map(rows.rows.map((r) => [r.relname, { vacuum: Number(r.vacuum), analyze: Number(r.analyze) }]));
}

describe("the database's upkeep", () => {
  it("is planned every night on PGlite only", () => {
    const kinds = (database: Config["database"]) => dailyJobs({ ...ctx.config, database }).map((s) => s.kind);
    expect(kinds({ kind: "pglite", dir: "" } as Config["database"])).toEqual([
      AUDIT_CHECKPOINT_JOB,
      "retention",
      UPKEEP_JOB,
    ]);
    expect(kinds({ kind: "postgres", url: "postgres://x", poolSize: 1 } as Config["database"])).toEqual([
      AUDIT_CHECKPOINT_JOB,
      "retention",
    ]);
  });

  it("vacuums and analyses every table as a job of the queue on PGlite; leaves it to autovacuum on PostgreSQL", async () => {
    // Rows rewritten, as a day of stock changes leaves them.
    for (let i = 0; i < 3; i++) {
      const made = await uploadProduct(ctx, ctx.actors.admin, { productName: `Upkeep ${i}` });
      expect(made.statusCode, made.body).toBe(201);
    }
    const before = new Date(Date.now() - 1000);
    const job = (await enqueue(ctx.database.db, { kind: UPKEEP_JOB, uniqueKey: `${UPKEEP_JOB}:test-${Date.now()}` }))!;
    const ran = await runDueJobs({
      db: ctx.database.db,
      handlers: { [UPKEEP_JOB]: () => upkeep(ctx.database) },
      log: { info: () => {}, error: () => {} },
    });
    expect(ran).toBe(1);
    const [row] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row?.state).toBe("done");
    const done = await lastUpkeep();
    if (onPglite()) {
      expect(row?.result).toMatchObject({ vacuumed: "all" });
      for (const table of ["products", "product_variants", "orders", "users", "audit_log"]) {
        expect(done.get(table)?.vacuum, table).toBeGreaterThan(before.getTime());
        expect(done.get(table)?.analyze, table).toBeGreaterThan(before.getTime());
      }
    } else {
      expect(row?.result).toEqual({ vacuumed: null, ms: 0 });
      expect(done.get("products")?.vacuum).toBe(0);
    }
  });

  it("after an import, vacuums the catalogue's tables alone", async () => {
    const before = new Date(Date.now() - 1000);
    const report = await upkeep(ctx.database, CATALOGUE_TABLES);
    if (!onPglite()) return expect(report.vacuumed).toBeNull();
    expect(report.vacuumed).toEqual(CATALOGUE_TABLES);
    const done = await lastUpkeep();
    for (const table of CATALOGUE_TABLES) expect(done.get(table)?.vacuum, table).toBeGreaterThan(before.getTime());
  });
});
