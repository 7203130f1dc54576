import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity } from "@shop/shared/back-office";

/** The Journal's filters as its address carries them; empty ones are left out. */
export interface JournalFilterValues {
  actor?: string;
  entity?: AuditEntity;
  entityId?: string;
  action?: AuditAction;
  /** Days of the shop's calendar, as `<input type="date">` sends them (YYYY-MM-DD). */
  from?: string;
  to?: string;
}

export interface JournalListQuery extends JournalFilterValues {
  /** The page that starts below this line's id (the "Plus anciens" links); none is the newest page. */
  before?: number;
  /** The chain of hashes is checked too (the "Vérifier le journal" link). */
  verify: boolean;
}

const FILTER_KEYS = ["actor", "entity", "entityId", "action", "from", "to"] as const;

const keyOf = <T extends string>(words: Record<T, string>, value: string | null): T | undefined =>
  value !== null && Object.hasOwn(words, value) ? (value as T) : undefined;

const textOf = (value: string | null) => value?.trim() || undefined;

/**
 * The Journal's filters from its address. An unknown entity or action is no filter at all (an
 * old link); a person or a day that cannot be one is passed on, for the API to say why in French.
 */
export function readJournalQuery(url: URL): JournalListQuery {
  const get = (key: string) => url.searchParams.get(key);
  const before = Number(get("before"));
  return {
    actor: textOf(get("actor")),
    entity: keyOf(AUDIT_ENTITIES, get("entity")),
    entityId: textOf(get("entityId")),
    action: keyOf(AUDIT_ACTIONS, get("action")),
    from: textOf(get("from")),
    to: textOf(get("to")),
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
    verify: get("verify") === "1",
  };
}

/** Only the filters (no page, no verification): what the API's list and export are asked. */
export function journalFilters(query: JournalFilterValues): JournalFilterValues {
  const filters: JournalFilterValues = {};
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value) Object.assign(filters, { [key]: value });
  }
  return filters;
}

/** Whether any filter narrows the list (the empty state then blames the filters, not the log). */
export const isFiltered = (query: JournalFilterValues) => Object.keys(journalFilters(query)).length > 0;

function searchOf(query: Partial<JournalListQuery>): string {
  const params = new URLSearchParams(journalFilters(query) as Record<string, string>);
  if (query.before) params.set("before", String(query.before));
  if (query.verify) params.set("verify", "1");
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The Journal's address for these filters, page and verification; empty values are left out. */
export const journalHref = (query: Partial<JournalListQuery>) => `/admin-panel/journal${searchOf(query)}`;

/**
 * The CSV of every line these filters keep: the API's own address, on the same origin, so the
 * browser downloads it with the session's cookie and no script is needed.
 */
export const journalExportHref = (query: JournalFilterValues) =>
  `/api/admin/journal/export${searchOf(journalFilters(query))}`;
