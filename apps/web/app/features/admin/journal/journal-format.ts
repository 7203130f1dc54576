import type { JournalLine } from "@shop/shared";
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from "@shop/shared/back-office";

/** A change no person made: the demo catalogue's, written by the seed. */
export const NO_ACTOR = "Catalogue de démonstration";

/** Shown for a field a side does not have (a creation's "before", a deletion's "after"). */
export const ABSENT = "—";

/** A word of the log, in French; a word a newer server writes is shown as it is. */
const wordOf = (words: Record<string, string>, key: string) => (Object.hasOwn(words, key) ? words[key]! : key);

export const actionLabel = (action: string) => wordOf(AUDIT_ACTIONS, action);
export const entityLabel = (entity: string) => wordOf(AUDIT_ENTITIES, entity);

/** "Awa Ngono (ADMIN)", as the person was when they made the change. */
export const actorLabel = (actor: JournalLine["actor"]) => (actor ? `${actor.name} (${actor.role})` : NO_ACTOR);

/**
 * Where the thing a line names is read in the back-office: an order's page, a product's own
 * history (the product itself may be gone); the other kinds have no page of their own.
 */
export function entityHref(line: Pick<JournalLine, "entity" | "entityId">): string | null {
  const id = encodeURIComponent(line.entityId);
  if (line.entity === "order") return `/admin-panel/orders/${id}`;
  if (line.entity === "product") return `/admin-panel/history/product/${id}`;
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A side's fields: an object's own, nothing for null, anything else as one "valeur". */
const fieldsOf = (side: unknown): Record<string, unknown> =>
  isRecord(side) ? side : side === null || side === undefined ? {} : { valeur: side };

/** A value as the details show it: text as typed, objects and lists as JSON, nothing as "—". */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null || value === "") return ABSENT;
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

export interface ChangedField {
  name: string;
  before: string;
  after: string;
}

/** Every field either side names, in the order they first appear, with both values shown. */
export function changedFields(before: unknown, after: unknown): ChangedField[] {
  const was = fieldsOf(before);
  const is = fieldsOf(after);
  const names = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  const valueIn = (side: Record<string, unknown>, name: string) => (Object.hasOwn(side, name) ? side[name] : undefined);
  return names.map((name) => ({ name, before: shownValue(valueIn(was, name)), after: shownValue(valueIn(is, name)) }));
}
