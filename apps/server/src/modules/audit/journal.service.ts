import { type JournalFilters, type JournalQuery, MSG, SHOP_TIME_ZONE } from "@shop/shared";
import { and, asc, desc, eq, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { type AuditLine, auditLog } from "../../db/schema/audit.ts";
import { products } from "../../db/schema/products.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { forbidden } from "../../lib/errors.ts";

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

/** The ids a range of days covers. */
interface IdRange {
  lower?: number;
  upper?: number;
}

/**
 * The id of the first line from `from` on and of the last one before the end of `to`; null
 * when there is none. A line's time never comes before the previous line's (migration 0021),
 * so the lines of those days are exactly the ids between, and the search walks the primary
 * key between two known ids. Read first, as two lookups of the time index, then given to the
 * search as values: compared with times or sub-queries, the planner may prefer walking the
 * time index over a year of lines (measured: 200–400 ms a page on PGlite, minutes for an
 * export; bench/audit-bench.ts).
 */
async function idRangeOf(db: Db, filters: JournalFilters): Promise<IdRange | null> {
  const range: IdRange = {};
  if (filters.from) {
    const [first] = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(gte(auditLog.at, dayStart(filters.from)))
      .orderBy(asc(auditLog.at), asc(auditLog.id))
      .limit(1);
    if (!first) return null;
    range.lower = first.id;
  }
  if (filters.to) {
    // `to` is the last day shown, whole.
    const [last] = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(lt(auditLog.at, dayStart(filters.to, 1)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(1);
    if (!last) return null;
    range.upper = last.id;
  }
  return range;
}

function conditions(filters: JournalFilters, range: IdRange, before?: number): SQL | undefined {
  return and(
    filters.actor ? eq(auditLog.actorId, filters.actor) : undefined,
    filters.entity ? eq(auditLog.entity, filters.entity) : undefined,
    filters.entityId ? eq(auditLog.entityId, filters.entityId) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    range.lower !== undefined ? gte(auditLog.id, range.lower) : undefined,
    range.upper !== undefined ? lte(auditLog.id, range.upper) : undefined,
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
  const range = await idRangeOf(db, query);
  if (!range) return { rows: [], next: null };
  const rows = await linesWhere(db, conditions(query, range, query.before), query.limit + 1);
  const more = rows.length > query.limit;
  const shown = more ? rows.slice(0, query.limit) : rows;
  return { rows: shown, next: more ? (shown.at(-1)?.line.id ?? null) : null };
}

/** Every line the filters keep, newest first, a batch at a time (the export of a whole year). */
export async function* journalLines(db: Db, filters: JournalFilters, batch = 1000): AsyncGenerator<JournalRow> {
  const range = await idRangeOf(db, filters);
  if (!range) return;
  let before: number | undefined;
  for (;;) {
    const rows = await linesWhere(db, conditions(filters, range, before), batch);
    yield* rows;
    if (rows.length < batch) return;
    before = rows.at(-1)?.line.id;
  }
}

/**
 * The lines of one product or one order, newest first (the last `limit`). An order's are every
 * admin's; a product's its own ADMIN's (SPEC.md §6) or a SUPERADMIN's, and a deleted product's
 * the SUPERADMIN's alone.
 */
export async function historyOf(
  db: Db,
  reader: Pick<UserRow, "id" | "role">,
  entity: "product" | "order",
  id: string,
  limit = 200,
): Promise<JournalRow[]> {
  if (entity === "product" && reader.role !== "SUPERADMIN") {
    const [product] = z.uuid().safeParse(id).success
      ? await db.select({ userId: products.userId }).from(products).where(eq(products.id, id)).limit(1)
      : [];
    if (product?.userId !== reader.id) throw forbidden(MSG.historyNotAllowed);
  }
  return linesWhere(db, and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)), limit);
}
