import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLog } from "../../db/schema/audit.ts";
import type { UserRow } from "../../db/schema/users.ts";

/**
 * A member of staff making changes, as the admin services get them: the signed-in user, the
 * session they act in, and the request's address (decision 038).
 */
export interface Staff {
  user: Pick<UserRow, "id" | "role" | "name">;
  sessionId: string | null;
  address: string | null;
}

/** One change: the kind of thing and its id, what was done, its fields before and after. */
export interface AuditChange {
  entity: string;
  entityId: string;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** Field names whose values never enter the log, whatever object they sit in. */
const SECRET = /password|hash|token|secret|otp|recovery|key$/i;

/**
 * A value as the log keeps it: plain JSON (dates as ISO text), each field whose name says it
 * holds a password hash, a token, a key or a secret left out, at any depth.
 */
export function redacted(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redacted);
  if (typeof value === "object") {
    const kept: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      if (SECRET.test(key) || field === undefined || typeof field === "function") continue;
      kept[key] = redacted(field);
    }
    return kept;
  }
  if (typeof value === "bigint") return value.toString();
  return value;
}

/**
 * Writes one line of the audit log with `db`, which must be the change's own transaction: the
 * line commits with the change or neither does. The database chains it to the line before
 * (migration 0018); a caller in a REPEATABLE READ or SERIALIZABLE transaction would chain it to
 * a line it saw, not the last one: changes run at READ COMMITTED, PostgreSQL's default.
 */
export async function recordChange(db: Db, staff: Staff, change: AuditChange): Promise<void> {
  await db.insert(auditLog).values({
    actorId: staff.user.id,
    actorRole: staff.user.role,
    sessionId: staff.sessionId,
    address: staff.address,
    entity: change.entity,
    entityId: change.entityId,
    action: change.action,
    before: redacted(change.before),
    after: redacted(change.after),
  });
}

/** Lines per statement: a bulk change of thousands of products writes them in a few. */
const LINES_PER_INSERT = 500;

/**
 * Several changes of one act (a bulk change, decision 048): one line each, as `recordChange`
 * writes it, inserted a few hundred per statement. The chaining trigger runs row by row and
 * sees the rows its statement inserted before (PostgreSQL's rule for row-level BEFORE
 * triggers), so the chain holds as if they were written one at a time.
 */
export async function recordChanges(db: Db, staff: Staff, changes: readonly AuditChange[]): Promise<void> {
  for (let i = 0; i < changes.length; i += LINES_PER_INSERT) {
    await db.insert(auditLog).values(
      changes.slice(i, i + LINES_PER_INSERT).map((change) => ({
        actorId: staff.user.id,
        actorRole: staff.user.role,
        sessionId: staff.sessionId,
        address: staff.address,
        entity: change.entity,
        entityId: change.entityId,
        action: change.action,
        before: redacted(change.before),
        after: redacted(change.after),
      })),
    );
  }
}

/**
 * A change the shop made by itself (a scheduled job, decision 042): no person, the role
 * "system", in the log like any other.
 */
export async function recordSystemChange(db: Db, change: AuditChange): Promise<void> {
  await db.insert(auditLog).values({
    actorId: null,
    actorRole: "system",
    sessionId: null,
    address: null,
    entity: change.entity,
    entityId: change.entityId,
    action: change.action,
    before: redacted(change.before),
    after: redacted(change.after),
  });
}

/**
 * A member of staff opened a customer's file (an order form's file, often an identity
 * document, or a transfer's screenshot): who, when and which, in the log like a change
 * (decision 041). Written before the file is sent, so no read goes unrecorded.
 */
export function recordFileRead(db: Db, staff: Staff, read: { entity: string; entityId: string; file: string }) {
  return recordChange(db, staff, {
    entity: read.entity,
    entityId: read.entityId,
    action: "file-read",
    after: { file: read.file },
  });
}

/**
 * Records an update with only the fields, among `keys`, whose values changed, as they were and
 * became; writes nothing when none did (a form sent back unchanged leaves no line).
 */
export async function recordUpdate(
  db: Db,
  staff: Staff,
  change: Omit<AuditChange, "before" | "after"> & { before: object; after: object; keys: readonly string[] },
): Promise<void> {
  const was = change.before as Record<string, unknown>;
  const is = change.after as Record<string, unknown>;
  const touched = change.keys.filter((k) => JSON.stringify(redacted(was[k])) !== JSON.stringify(redacted(is[k])));
  if (touched.length === 0) return;
  await recordChange(db, staff, {
    entity: change.entity,
    entityId: change.entityId,
    action: change.action,
    before: Object.fromEntries(touched.map((k) => [k, was[k]])),
    after: Object.fromEntries(touched.map((k) => [k, is[k]])),
  });
}

export type LogVerdict = { intact: true; lines: number } | { intact: false; lines: number; firstBroken: number };

/**
 * Checks the whole chain: each line's `previous_hash` is the hash of the line before it, and
 * its `hash` is what its own fields give. The first line that fails is the first one changed
 * or removed behind the application's back (a removed line breaks the one after it).
 */
export async function verifyLog(db: Db): Promise<LogVerdict> {
  const { rows } = (await db.execute(sql`
    SELECT
      (SELECT count(*) FROM ${auditLog})::int AS lines,
      (SELECT id FROM (
        SELECT id, previous_hash, hash,
          lag(hash, 1, '') OVER (ORDER BY id) AS expected_previous,
          shop_audit_hash(previous_hash, at, actor_id, actor_role, session_id, address, entity,
            entity_id, action, before, after) AS expected_hash
        FROM ${auditLog}
      ) AS chain
      WHERE previous_hash <> expected_previous OR hash <> expected_hash
      ORDER BY id LIMIT 1) AS first_broken
  `)) as unknown as { rows: { lines: number; first_broken: string | number | null }[] };
  const [row] = rows;
  const lines = row?.lines ?? 0;
  if (row?.first_broken === null || row?.first_broken === undefined) return { intact: true, lines };
  return { intact: false, lines, firstBroken: Number(row.first_broken) };
}

/**
 * How many lines of one action under one entity were written in the last `minutes`: what a
 * limit counted across app servers reads (the wrong second factors of an account, decision 040).
 */
export async function recentLines(
  db: Db,
  line: { entity: string; entityId: string; action: string },
  minutes: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, line.entity),
        eq(auditLog.entityId, line.entityId),
        eq(auditLog.action, line.action),
        gt(auditLog.at, sql`now() - make_interval(mins => ${minutes})`),
      ),
    );
  return row?.n ?? 0;
}
