import type { ProductOption, ProductVariant } from "@shop/shared";
import { availability } from "@shop/shared/core";
import { aVariant, uuid } from "./builders";

/** The demo catalogue's iPhone 15 (decision 024), for the product page's tests. */
export const IPHONE_OPTIONS: ProductOption[] = [
  { name: "Stockage", values: ["128 Go", "256 Go", "512 Go"] },
  { name: "Couleur", values: ["Noir", "Bleu", "Rose"] },
];

const variant = (n: number, values: string[], price: number, sellingPrice: number, stock: number | null) =>
  aVariant({ _id: uuid(n), optionValues: values, price, sellingPrice, ...availability(stock) });

export const IPHONE_VARIANTS: ProductVariant[] = [
  variant(1, ["128 Go", "Noir"], 430_000, 395_000, 8),
  variant(2, ["128 Go", "Bleu"], 430_000, 395_000, 5),
  variant(3, ["128 Go", "Rose"], 430_000, 395_000, 2),
  variant(4, ["256 Go", "Noir"], 470_000, 470_000, 6),
  variant(5, ["256 Go", "Bleu"], 470_000, 470_000, 0),
  variant(6, ["512 Go", "Noir"], 560_000, 560_000, 1),
];

/** The variant sold in these values. */
export const iphone = (...values: string[]) => {
  const found = IPHONE_VARIANTS.find((v) => v.optionValues.join("|") === values.join("|"));
  if (!found) throw new Error(`no variant ${values.join(", ")}`);
  return found;
};
