import type { AdminCategory } from "@shop/shared";

/** What a category select needs of a category: its name, and whether the storefront hides it. */
export type CategoryOption = Pick<AdminCategory, "name" | "hidden">;

export interface CategoryChoice {
  value: string;
  label: string;
}

// The admin's category choice is sorted alphabetically (SPEC.md §3), "IPHONE 8" before "IPHONE 11".
const byName = new Intl.Collator("fr", { sensitivity: "base", numeric: true }).compare;

/**
 * The back-office's category choices (decision 046): every category, hidden ones marked
 * "(masquée)", alphabetically. `current` (a product's category, a shared link's filter) is kept
 * as a choice when the list lacks it, so a select never silently shows another one.
 */
export function categoryChoices(categories: readonly CategoryOption[], current?: string): CategoryChoice[] {
  const choices = categories.map((c) => ({ value: c.name, label: c.hidden ? `${c.name} (masquée)` : c.name }));
  if (current && !categories.some((c) => c.name === current)) choices.push({ value: current, label: current });
  return choices.sort((a, b) => byName(a.value, b.value));
}
