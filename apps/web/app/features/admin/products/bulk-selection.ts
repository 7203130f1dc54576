import type { BulkProductsInput } from "@shop/shared";
import { useReducer } from "react";
import type { BulkAnswer } from "./bulk-form-values";

/*
 * The grid's selection for a bulk change (decision 048): the products ticked, or the whole
 * filter. The boxes are checked from here once the scripts run; before, and without them, they
 * are the browser's own, and the form posts whatever they hold.
 */

export interface SelectionState {
  picked: ReadonlySet<string>;
  /** The filter (its key) the filter-wide choice was made for: another filter is another choice. */
  wholeFilterFor: string | null;
}

export type SelectionChange =
  | { type: "toggle"; id: string; on: boolean }
  | { type: "page"; ids: readonly string[]; on: boolean }
  | { type: "whole-filter"; filterKey: string | null }
  /** What the boxes hold when the scripts take over: ticked before, they stay ticked. */
  | { type: "adopt"; ids: readonly string[]; filterKey: string | null }
  | { type: "clear" };

function reduce(state: SelectionState, change: SelectionChange): SelectionState {
  switch (change.type) {
    case "toggle": {
      const picked = new Set(state.picked);
      if (change.on) picked.add(change.id);
      else picked.delete(change.id);
      return { ...state, picked };
    }
    case "page": {
      const picked = new Set(state.picked);
      for (const id of change.ids) {
        if (change.on) picked.add(id);
        else picked.delete(id);
      }
      return { ...state, picked };
    }
    case "whole-filter":
      return { ...state, wholeFilterFor: change.filterKey };
    case "adopt":
      return { picked: new Set(change.ids), wholeFilterFor: change.filterKey };
    case "clear":
      return { picked: new Set(), wholeFilterFor: null };
  }
}

/**
 * The selection a page is drawn with: none, or, when it answers the bulk form posted without
 * scripts, what was chosen (the products previewed, or those ticked when refused).
 */
export function initialSelection(
  answer: BulkAnswer | null,
  pageIds: readonly string[],
  filterKey: string,
): SelectionState {
  if (!answer || (answer.bulk === "apply" && answer.ok)) return { picked: new Set(), wholeFilterFor: null };
  if (answer.ok) {
    return { picked: new Set(answer.input.ids ?? []), wholeFilterFor: answer.input.filter ? filterKey : null };
  }
  const { values } = answer;
  return {
    picked: new Set([...values.ids, ...(values.wholePage ? pageIds : [])]),
    wholeFilterFor: values.wholeFilter ? filterKey : null,
  };
}

export interface BulkSelection {
  /** The products of this page that are ticked, in the page's order. */
  selected: readonly string[];
  /** Whether the filter-wide choice holds, for the grid's current filter. */
  wholeFilter: boolean;
  /** Every product of the page is ticked. */
  wholePage: boolean;
  isPicked: (id: string) => boolean;
  change: (change: SelectionChange) => void;
}

/** `pageIds`: the products of the page that may be changed; `filterKey`: the grid's filter, as text. */
export function useBulkSelection(
  pageIds: readonly string[],
  filterKey: string,
  initial: () => SelectionState,
): BulkSelection {
  const [state, change] = useReducer(reduce, undefined, initial);
  const selected = pageIds.filter((id) => state.picked.has(id));
  return {
    selected,
    wholeFilter: state.wholeFilterFor === filterKey,
    wholePage: pageIds.length > 0 && selected.length === pageIds.length,
    isPicked: (id) => state.picked.has(id),
    change,
  };
}

/** Whether a preview is of what is chosen now: a confirmation applies what was previewed, nothing else. */
export function previewMatches(input: BulkProductsInput, selection: BulkSelection): boolean {
  if (input.filter) return selection.wholeFilter;
  if (selection.wholeFilter) return false;
  const ids = new Set(input.ids);
  return ids.size === selection.selected.length && selection.selected.every((id) => ids.has(id));
}
