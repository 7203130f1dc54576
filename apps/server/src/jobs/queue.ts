import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type JobRow, jobs } from "../db/schema/jobs.ts";

/** A job to add: its kind (a handler's name), what it needs, when, and its key if it must exist once. */
export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  uniqueKey?: string;
  maxAttempts?: number;
}

/** Adds a job; with a `uniqueKey` already used, adds nothing and answers null (decision 042). */
export async function enqueue(db: Db, job: NewJob): Promise<JobRow | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? {},
      runAt: job.runAt ?? new Date(),
      uniqueKey: job.uniqueKey ?? null,
      maxAttempts: job.maxAttempts ?? 5,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey, where: sql`${jobs.uniqueKey} is not null` })
    .returning();
  return row ?? null;
}

/**
 * Takes the next job of `kinds` that is due, or whose runner's lease ran out (it died), for
 * `leaseMs`: one statement, the row locked and skipped by every other runner, so no two take the
 * same job. Only kinds the runner knows: during a deployment, a server of the older version
 * leaves a new kind of job to the newer ones.
 */
export async function claimNext(
  db: Db,
  runner: string,
  leaseMs: number,
  now: Date,
  kinds: readonly string[],
): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const at = now.toISOString();
  const [row] = await db
    .update(jobs)
    .set({
      state: "running",
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: runner,
      lockedUntil: sql`${at}::timestamptz + ${`${leaseMs} milliseconds`}::interval`,
    })
    .where(
      eq(
        jobs.id,
        sql`(select id from ${jobs}
              where ${inArray(jobs.kind, [...kinds])}
                and ((${jobs.state} = 'waiting' and ${jobs.runAt} <= ${at}::timestamptz)
                  or (${jobs.state} = 'running' and ${jobs.lockedUntil} < ${at}::timestamptz))
              order by ${jobs.runAt}, ${jobs.id}
              limit 1
              for update skip locked)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Keeps a running job's lease while its handler works; false when the job is no longer this runner's. */
export async function extendLease(db: Db, id: number, runner: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, runner), eq(jobs.state, "running")))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** The handler finished: its report kept on the job. Only the runner holding it may finish it. */
export async function complete(db: Db, id: number, runner: string, result: unknown): Promise<void> {
  await db
    .update(jobs)
    .set({ state: "done", result: result ?? null, finishedAt: sql`now()`, lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, runner)));
}

/** The handler threw: tried again later (1, 4, 9… minutes), or failed for good after its last attempt. */
export async function fail(db: Db, job: JobRow, runner: string, error: unknown, now: Date): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const last = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set({
      state: last ? "failed" : "waiting",
      lastError: message.slice(0, 2000),
      runAt: last ? job.runAt : new Date(now.getTime() + job.attempts * job.attempts * 60_000),
      finishedAt: last ? sql`now()` : null,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, runner)));
}

/** The last finished run of a kind of job: when, and what its handler answered. */
export async function lastDone(db: Db, kind: string): Promise<{ at: Date; result: unknown } | null> {
  const [run] = await db
    .select({ at: jobs.finishedAt, result: jobs.result })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.state, "done")))
    .orderBy(desc(jobs.finishedAt))
    .limit(1);
  return run?.at ? { at: run.at, result: run.result } : null;
}
