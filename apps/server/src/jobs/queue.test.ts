/**
 * The durable job queue (decision 042) on the real database: a job exists once per key, is run
 * by one runner among several racing for it, is tried again after a failure and given up after
 * its last attempt, and is taken over once the lease of a runner that died has run out — never
 * while its runner is alive and working.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "../db/schema/jobs.ts";
import { useTestApp } from "../test/harness.ts";
import { claimNext, enqueue } from "./queue.ts";
import { planDailyJobs, type RunnerOptions, runDueJobs, shopDayAt } from "./runner.ts";

const ctx = useTestApp({ peer: true });

const quiet = { info: () => {}, error: () => {} };
const jobOf = async (id: number) => (await ctx.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
let kinds = 0;
const freshKind = () => `test-${++kinds}-${Date.now()}`;

describe("the job queue", () => {
  it("adds a job with a key once, whoever asks", async () => {
    const kind = freshKind();
    const first = await enqueue(ctx.database.db, { kind, uniqueKey: `${kind}:2026-11-28` });
    const again = await enqueue(ctx.peerApp.db, { kind, uniqueKey: `${kind}:2026-11-28` });
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    expect(await ctx.database.db.select().from(jobs).where(eq(jobs.kind, kind))).toHaveLength(1);
  });

  it("runs each job once when two app servers race for them", async () => {
    const kind = freshKind();
    for (let i = 0; i < 20; i++) await enqueue(ctx.database.db, { kind, payload: { i } });
    const seen: number[] = [];
    const handlers = {
      [kind]: async (job: { payload: unknown }) => {
        seen.push((job.payload as { i: number }).i);
        await new Promise((r) => setTimeout(r, 2));
        return { i: (job.payload as { i: number }).i };
      },
    };
    const [a, b] = await Promise.all([
      runDueJobs({ db: ctx.database.db, handlers, log: quiet, runner: "a" }),
      runDueJobs({ db: ctx.peerApp.db, handlers, log: quiet, runner: "b" }),
    ]);
    expect(seen.sort((x, y) => x - y)).toEqual([...Array(20).keys()]);
    expect(a + b).toBe(20);
    const rows = await ctx.database.db.select().from(jobs).where(eq(jobs.kind, kind));
    expect(rows.every((r) => r.state === "done" && r.attempts === 1 && r.finishedAt !== null)).toBe(true);
  });

  it("tries a failing job again later, then gives up after its last attempt with the error kept", async () => {
    const kind = freshKind();
    const job = (await enqueue(ctx.database.db, { kind, maxAttempts: 2 }))!;
    const options: RunnerOptions = {
      db: ctx.database.db,
      handlers: {
        [kind]: async () => {
          throw new Error("le fournisseur ne répond pas");
        },
      },
      log: quiet,
    };
    const start = Date.now();
    expect(await runDueJobs(options, () => new Date(start))).toBe(1);
    let row = await jobOf(job.id);
    expect(row).toMatchObject({ state: "waiting", attempts: 1, lastError: "le fournisseur ne répond pas" });
    expect(row.runAt.getTime()).toBe(start + 60_000);
    // Not before its time.
    expect(await runDueJobs(options, () => new Date(start + 30_000))).toBe(0);
    expect(await runDueJobs(options, () => new Date(start + 61_000))).toBe(1);
    row = await jobOf(job.id);
    expect(row).toMatchObject({ state: "failed", attempts: 2 });
    expect(await runDueJobs(options, () => new Date(start + 3600_000))).toBe(0);
  });

  it("is taken over when its runner died, once the lease ran out, and not before", async () => {
    const kind = freshKind();
    const job = (await enqueue(ctx.database.db, { kind }))!;
    const now = Date.now();
    // A runner claims it and dies (killed mid-job: it never answers).
    const claimed = await claimNext(ctx.database.db, "dead", 60_000, new Date(now), [kind]);
    expect(claimed?.id).toBe(job.id);
    let runs = 0;
    const options: RunnerOptions = {
      db: ctx.peerApp.db,
      handlers: { [kind]: async () => ++runs },
      log: quiet,
      runner: "alive",
    };
    expect(await runDueJobs(options, () => new Date(now + 30_000))).toBe(0);
    expect(await runDueJobs(options, () => new Date(now + 61_000))).toBe(1);
    expect(runs).toBe(1);
    expect(await jobOf(job.id)).toMatchObject({ state: "done", attempts: 2, result: 1 });
  });

  it("keeps a long job's lease while it works: another runner does not take it", async () => {
    const kind = freshKind();
    const job = (await enqueue(ctx.database.db, { kind }))!;
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let runs = 0;
    const handlers = {
      [kind]: async () => {
        runs++;
        await held;
        return "fini";
      },
    };
    const first = runDueJobs({ db: ctx.database.db, handlers, log: quiet, runner: "long", leaseMs: 300 });
    await new Promise((r) => setTimeout(r, 900));
    // Three leases later, the runner has kept it its own.
    expect(await runDueJobs({ db: ctx.peerApp.db, handlers, log: quiet, runner: "other", leaseMs: 300 })).toBe(0);
    release();
    expect(await first).toBe(1);
    expect(runs).toBe(1);
    expect(await jobOf(job.id)).toMatchObject({ state: "done", lockedBy: null, result: "fini" });
  });

  it("leaves a kind it does not know to the servers that do (a deployment in progress)", async () => {
    const kind = freshKind();
    const job = (await enqueue(ctx.database.db, { kind }))!;
    expect(await runDueJobs({ db: ctx.database.db, handlers: { [freshKind()]: async () => 1 }, log: quiet })).toBe(0);
    expect(await jobOf(job.id)).toMatchObject({ state: "waiting", attempts: 0 });
    expect(await runDueJobs({ db: ctx.database.db, handlers: { [kind]: async () => 1 }, log: quiet })).toBe(1);
  });
});

describe("the daily jobs", () => {
  it("fall on the shop's clock (Africa/Douala, UTC+1)", () => {
    expect(shopDayAt(new Date("2026-11-27T22:59:00Z"), 3)).toEqual({
      day: "2026-11-27",
      at: new Date("2026-11-27T02:00:00Z"),
    });
    expect(shopDayAt(new Date("2026-11-27T23:30:00Z"), 3)).toEqual({
      day: "2026-11-28",
      at: new Date("2026-11-28T02:00:00Z"),
    });
    expect(shopDayAt(new Date("2026-12-31T23:30:00Z"), 3, 1).day).toBe("2027-01-02");
  });

  it("are planned once a day whichever server plans them, today's and tomorrow's", async () => {
    const kind = freshKind();
    const now = new Date("2026-11-27T10:00:00Z");
    await Promise.all([
      planDailyJobs(ctx.database.db, [{ kind, hour: 3 }], now),
      planDailyJobs(ctx.peerApp.db, [{ kind, hour: 3 }], now),
    ]);
    await planDailyJobs(ctx.database.db, [{ kind, hour: 3 }], now);
    const rows = await ctx.database.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.runAt);
    expect(rows.map((r) => [r.uniqueKey, r.runAt.toISOString()])).toEqual([
      [`${kind}:2026-11-27`, "2026-11-27T02:00:00.000Z"],
      [`${kind}:2026-11-28`, "2026-11-28T02:00:00.000Z"],
    ]);
  });
});
