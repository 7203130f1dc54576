import { CURRENCY, LOCALE } from "./constants.ts";

const formatter = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: CURRENCY,
  maximumFractionDigits: 0,
});

const NARROW_NBSP = "\u202f";
const NBSP = "\u00a0";

/**
 * The one price formatter (XAF has no minor unit): 1250000 → "1 250 000 FCFA", with narrow
 * no-break spaces between digit groups and a no-break space before FCFA. Runtimes ship
 * different CLDR data for fr-CH (Node 24 groups with an apostrophe, current Chromium with a
 * narrow space), so the separators are fixed here: a server-rendered price and the same
 * price rendered again in the browser must be the same text.
 */
export function formatPrice(francs: number): string {
  return formatter
    .formatToParts(francs)
    .map((part) => {
      if (part.type === "group") return NARROW_NBSP;
      if (part.type === "literal" && /\s/.test(part.value)) return NBSP;
      if (part.type === "currency") return "FCFA";
      return part.value;
    })
    .join("");
}

/** round((1 - sellingPrice/price) × 100); 0 when there is no discount. */
export function discountPercent(price: number, sellingPrice: number): number {
  if (!(price > 0) || sellingPrice >= price) return 0;
  return Math.round((1 - sellingPrice / price) * 100);
}

export interface PricedLine {
  quantity: number;
  sellingPrice: number;
}

/** Total quantity and total price of cart lines (SPEC.md §9). */
export function cartTotals(lines: readonly PricedLine[]): { quantity: number; price: number } {
  let quantity = 0;
  let price = 0;
  for (const line of lines) {
    quantity += line.quantity;
    price += line.quantity * line.sellingPrice;
  }
  return { quantity, price };
}
