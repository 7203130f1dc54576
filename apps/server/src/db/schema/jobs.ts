import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The durable job queue (decision 042): work that outlives a request. A job is claimed by one
 * app server at a time (`FOR UPDATE SKIP LOCKED`) for a lease its runner keeps extending while
 * it works; a server that dies leaves a lease that runs out, and another server takes the job
 * again (so every job is written to be run again safely). `unique_key` makes a schedule's job
 * ("retention:2026-11-28") exist once whichever server plans it.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default(sql`'{}'::jsonb`),
    uniqueKey: text("unique_key"),
    state: text("state", { enum: ["waiting", "running", "done", "failed"] })
      .notNull()
      .default("waiting"),
    runAt: timestamp("run_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    /** Which runner holds it, and until when (extended while it works). */
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    /** What the handler answered (a report), or the last error's message. */
    result: jsonb("result"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("jobs_unique_key").on(t.uniqueKey).where(sql`${t.uniqueKey} is not null`),
    index("jobs_due_idx").on(t.runAt).where(sql`${t.state} in ('waiting', 'running')`),
    index("jobs_kind_idx").on(t.kind, t.createdAt),
    check("jobs_state_check", sql`${t.state} in ('waiting', 'running', 'done', 'failed')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
