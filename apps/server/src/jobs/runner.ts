import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import type { JobRow } from "../db/schema/jobs.ts";
import { claimNext, complete, enqueue, extendLease, fail } from "./queue.ts";

/** What a job kind does; what it answers is kept on the job as its report. */
export type JobHandler = (job: JobRow) => Promise<unknown>;

/** A job made once a day at this hour of the shop's clock (Africa/Douala, UTC+1 all year). */
export interface DailySchedule {
  kind: string;
  hour: number;
}

export interface RunnerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  log: Pick<FastifyBaseLogger, "info" | "error">;
  /** How long a claim holds without news from its runner (kept up while the handler works). */
  leaseMs?: number;
  /** This runner's name in `locked_by`. */
  runner?: string;
}

const DEFAULT_LEASE_MS = 60_000;
const DOUALA_OFFSET_MS = 60 * 60 * 1000;

/**
 * Runs every job that is due now, one after the other, until none is left; answers how many
 * ran. Several runners (app servers) may call it at once: each job is claimed by one of them.
 */
export async function runDueJobs(options: RunnerOptions, now: () => Date = () => new Date()): Promise<number> {
  const { db, handlers, log } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const runner = options.runner ?? `runner-${process.pid}-${randomUUID().slice(0, 8)}`;
  let ran = 0;
  for (;;) {
    const job = await claimNext(db, runner, leaseMs, now(), Object.keys(handlers));
    if (!job) return ran;
    ran++;
    const handler = handlers[job.kind];
    // The lease is renewed while the handler works, so a long job is never taken by another runner.
    const keep = setInterval(() => {
      extendLease(db, job.id, runner, leaseMs).catch(() => {});
    }, leaseMs / 3);
    keep.unref();
    try {
      if (!handler) throw new Error(`no handler for the job kind "${job.kind}"`);
      const result = await handler(job);
      await complete(db, job.id, runner, result);
      log.info({ job: job.id, kind: job.kind, result }, "job done");
    } catch (error) {
      log.error({ err: error, job: job.id, kind: job.kind, attempt: job.attempts }, "job failed");
      await fail(db, job, runner, error, now());
    } finally {
      clearInterval(keep);
    }
  }
}

/** The date ("2026-11-28") and the instant of `hour` o'clock on the shop's clock, `days` after `now`'s day. */
export function shopDayAt(now: Date, hour: number, days = 0): { day: string; at: Date } {
  const local = new Date(now.getTime() + DOUALA_OFFSET_MS);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days);
  return {
    day: new Date(midnight).toISOString().slice(0, 10),
    at: new Date(midnight + hour * 3600_000 - DOUALA_OFFSET_MS),
  };
}

/**
 * Makes today's and tomorrow's job of each daily schedule, once whichever server asks
 * (`kind:day` is unique): a server down at the hour finds today's job waiting when it starts.
 */
export async function planDailyJobs(db: Db, schedules: readonly DailySchedule[], now: Date): Promise<void> {
  for (const schedule of schedules) {
    for (const days of [0, 1]) {
      const { day, at } = shopDayAt(now, schedule.hour, days);
      await enqueue(db, { kind: schedule.kind, runAt: at, uniqueKey: `${schedule.kind}:${day}` });
    }
  }
}

/**
 * Every `pollMs`, plans the daily jobs and runs what is due (decision 042). Answers the function
 * that stops it, waiting for the job in hand.
 */
export function startJobRunner(
  options: RunnerOptions & { pollMs: number; schedules: readonly DailySchedule[] },
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  // Planned once per shop day on this server, not at every poll (the keys make it once anyway).
  let plannedDay = "";
  const plan = async () => {
    const now = new Date();
    const { day } = shopDayAt(now, 0);
    if (day === plannedDay) return;
    await planDailyJobs(options.db, options.schedules, now);
    plannedDay = day;
  };
  const tick = () => {
    if (running || stopped) return;
    running = plan()
      .then(() => runDueJobs(options))
      .catch((error: unknown) => options.log.error({ err: error }, "job runner failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.pollMs);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
