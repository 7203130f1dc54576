import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type DailySchedule, type JobHandler, startJobRunner } from "../jobs/runner.ts";

/**
 * The durable job queue's runner on this app server (decision 042): from the moment the app is
 * ready until it closes (a graceful stop waits for the job in hand). JOBS_POLL_INTERVAL_MS=0
 * runs none here (the tests run their jobs themselves).
 */
export const jobsPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      pollMs: number;
      leaseMs?: number;
      handlers: Record<string, JobHandler>;
      schedules: readonly DailySchedule[];
    },
  ) => {
    if (opts.pollMs <= 0) return;
    let stop: (() => Promise<void>) | undefined;
    app.addHook("onReady", async () => {
      stop = startJobRunner({
        db: app.db,
        handlers: opts.handlers,
        schedules: opts.schedules,
        log: app.log,
        pollMs: opts.pollMs,
        leaseMs: opts.leaseMs,
      });
    });
    app.addHook("onClose", async () => {
      await stop?.();
    });
  },
  { name: "jobs" },
);
