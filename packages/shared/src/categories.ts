/** The shop's 17 categories, in the storefront's display order (SPEC.md §3). */
export const CATEGORIES = [
  "NOUVEAUX IPHONE",
  "IPHONE 15",
  "IPHONE 14",
  "IPHONE 13",
  "IPHONE 12",
  "IPHONE 11",
  "IPHONE XR",
  "IPHONE 8",
  "SMARTPHONES",
  "IPHONE PROMAX",
  "SAMSUNG",
  "PIXEL",
  "REDMI",
  "HUAWEI",
  "GADGETS ÉLECTRONIQUES",
  "APPLE WATCH",
  "ACCESSOIRES",
] as const;

export type Category = (typeof CATEGORIES)[number];

/** The admin's category choice is sorted alphabetically (SPEC.md §3). Pure: left out of bundles that don't use it. */
export const CATEGORIES_SORTED: readonly Category[] = /* @__PURE__ */ [...CATEGORIES].sort(
  /* @__PURE__ */ new Intl.Collator("fr", { sensitivity: "base", numeric: true }).compare,
);

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}
