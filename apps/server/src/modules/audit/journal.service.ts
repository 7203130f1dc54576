import { type JournalFilters, type JournalQuery, SHOP_TIME_ZONE } from "@shop/shared";
import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type AuditLine, auditLog } from "../../db/schema/audit.ts";
import { users } from "../../db/schema/users.ts";

/**
 * Reading the audit log (decision 038): the 'Journal' screen's pages, its CSV export and the
 * history of one product or order. Every read walks an index newest first (migrations 0018,
 * 0019) and stops at its page: no count of a year's lines.
 */

export interface JournalRow {
  line: AuditLine;
  actorName: string | null;
}

/** The start of a day of the shop's calendar, as a moment. */
const dayStart = (day: string, plus = 0) =>
  sql`((${day}::date + ${plus}::int)::timestamp at time zone ${SHOP_TIME_ZONE})`;

function conditions(filters: JournalFilters, before?: number): SQL | undefined {
  return and(
    filters.actor ? eq(auditLog.actorId, filters.actor) : undefined,
    filters.entity ? eq(auditLog.entity, filters.entity) : undefined,
    filters.entityId ? eq(auditLog.entityId, filters.entityId) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.from ? gte(auditLog.at, dayStart(filters.from)) : undefined,
    // `to` is the last day shown, whole.
    filters.to ? lt(auditLog.at, dayStart(filters.to, 1)) : undefined,
    before ? lt(auditLog.id, before) : undefined,
  );
}

async function linesWhere(db: Db, where: SQL | undefined, limit: number): Promise<JournalRow[]> {
  return db
    .select({ line: auditLog, actorName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/** A page of the Journal, newest first, and the `before` of the next page (null: the last). */
export async function journalPage(db: Db, query: JournalQuery): Promise<{ rows: JournalRow[]; next: number | null }> {
  const rows = await linesWhere(db, conditions(query, query.before), query.limit + 1);
  const more = rows.length > query.limit;
  const shown = more ? rows.slice(0, query.limit) : rows;
  return { rows: shown, next: more ? (shown.at(-1)?.line.id ?? null) : null };
}

/** Every line the filters keep, newest first, a batch at a time (the export of a whole year). */
export async function* journalLines(db: Db, filters: JournalFilters, batch = 1000): AsyncGenerator<JournalRow> {
  let before: number | undefined;
  for (;;) {
    const rows = await linesWhere(db, conditions(filters, before), batch);
    yield* rows;
    if (rows.length < batch) return;
    before = rows.at(-1)?.line.id;
  }
}

/** The lines of one product or one order, newest first (the last `limit`). */
export function historyOf(db: Db, entity: "product" | "order", id: string, limit = 200): Promise<JournalRow[]> {
  return linesWhere(db, and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)), limit);
}
