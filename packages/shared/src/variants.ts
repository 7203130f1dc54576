import { type StockStatus, stockStatus } from "./constants.ts";

/**
 * How a variant is named (decision 024): its option values in the options' order, "256 Go,
 * Noir"; empty for a product without options.
 */
export const variantLabel = (optionValues: readonly string[]) => optionValues.join(", ");

/** A cart or order line's name: "iPhone 15 — 256 Go, Noir", or the product's name alone. */
export const lineName = (productName: string, label: string) => (label ? `${productName} — ${label}` : productName);

/** What customers read of one count (decision 024): the status, and N only under the line. */
export function availability(stock: number | null): { stockStatus: StockStatus; stockLeft: number | null } {
  const status = stockStatus(stock);
  return { stockStatus: status, stockLeft: status === "low" ? stock : null };
}

/**
 * A product's, over its variants: out only when every one is; not tracked when none is; else
 * 'Plus que N' when all of them together are LOW_STOCK_MAX or fewer.
 */
export function overallAvailability(stocks: readonly (number | null)[]): {
  stockStatus: StockStatus;
  stockLeft: number | null;
} {
  if (stocks.length > 0 && stocks.every((s) => s === null)) return availability(null);
  if (stocks.some((s) => s === null)) return { stockStatus: "in_stock", stockLeft: null };
  return availability(stocks.reduce<number>((sum, s) => sum + (s ?? 0), 0));
}
