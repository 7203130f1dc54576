import type { StockAdjustInput } from "@shop/shared";
import { FIELD_MSG, MSG, stockBelowZero } from "@shop/shared/core";
import type { FieldErrors } from "../../../lib/form-values";
import { countUnchanged, STOCK_TEXT } from "./stock-format";

/**
 * The quick adjustment's fields: units to add or take (`delta`, "+2", "−1"), or the new count
 * after counting the shelf (`count`), and why (`note`, required).
 */
export const ADJUST_FIELDS = ["delta", "count", "note"] as const;
export type AdjustField = (typeof ADJUST_FIELDS)[number];
export type AdjustValues = Record<AdjustField, string>;

export const EMPTY_ADJUST: AdjustValues = { delta: "", count: "", note: "" };

/** A whole number as typed on a phone ("+2", "−1", "- 3", " 12 "), or null. */
export function wholeOf(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, "").replace(/^[−–]/, "-");
  if (!/^[+-]?\d{1,7}$/.test(compact)) return null;
  return Number(compact);
}

/** The typed quantity to add or take; 0 when the field is empty or not a number yet. */
export const deltaOf = (values: AdjustValues) => wholeOf(values.delta) ?? 0;

/** The − and + buttons: one unit more or less than what the field says, the new count cleared. */
export function stepped(values: AdjustValues, step: 1 | -1): AdjustValues {
  const delta = deltaOf(values) + step;
  return { ...values, delta: delta === 0 ? "" : delta > 0 ? `+${delta}` : `${delta}` };
}

/** The count once the typed change is made, when it can be said (for the form's preview). */
export function countAfter(current: number | null, values: AdjustValues): number | null | undefined {
  if (values.count.trim()) {
    const count = wholeOf(values.count);
    return count !== null && count >= 0 ? count : undefined;
  }
  const delta = wholeOf(values.delta);
  if (current === null || delta === null || delta === 0) return undefined;
  return current + delta >= 0 ? current + delta : undefined;
}

export type AdjustCheck =
  | { ok: true; input: Omit<StockAdjustInput, "variantId"> }
  | { ok: false; errors: FieldErrors<AdjustField> };

/**
 * What the browser checks before sending, in the server's words where it has them: one of a
 * change or a new count (a typed count wins: it is what the admin counted), never below zero,
 * no change on an untracked count (a new count starts tracking it), and a reason.
 */
export function checkAdjust(current: number | null, values: AdjustValues): AdjustCheck {
  const errors: FieldErrors<AdjustField> = {};
  const note = values.note.trim();
  if (!note) errors.note = FIELD_MSG.stockNoteRequired;
  let change: { delta: number } | { stock: number } | null = null;
  if (values.count.trim()) {
    const count = wholeOf(values.count);
    if (count === null || count < 0) errors.count = STOCK_TEXT.countInvalid;
    else if (count === current) errors.count = countUnchanged(count);
    else change = { stock: count };
  } else if (values.delta.trim()) {
    const delta = wholeOf(values.delta);
    if (delta === null) errors.delta = STOCK_TEXT.deltaInvalid;
    else if (delta === 0) errors.delta = FIELD_MSG.stockDeltaZero;
    else if (current === null) errors.delta = MSG.stockUntracked;
    else if (current + delta < 0) errors.delta = stockBelowZero(current);
    else change = { delta };
  } else {
    errors.delta = FIELD_MSG.stockAdjustOneOf;
  }
  if (!change || errors.note) return { ok: false, errors };
  return { ok: true, input: { ...change, note } };
}
