import { CURRENCY, LOCALE } from "./constants.ts";

const formatter = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: CURRENCY,
  maximumFractionDigits: 0,
});

/** The one price formatter (XAF has no minor unit): 1250000 → "1'250'000 FCFA". */
export function formatPrice(francs: number): string {
  return formatter.format(francs);
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
