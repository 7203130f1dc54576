import type { ProductOption, ProductVariant } from "@shop/shared";

/**
 * Which variant the product page shows, and what each option's values would lead to
 * (decision 024). Pure: the picker and its tests build on it.
 */

type Availability = Pick<ProductVariant, "stockStatus">;

/** Can be added to the cart: in stock, low, or not tracked. */
export const buyable = (variant: Availability) => variant.stockStatus !== "out";

/**
 * The choice shown when the address names none: as the server's `addtocart {productId}` picks
 * (variants.service.ts, defaultVariantOf), the cheapest that can be bought, else the cheapest;
 * equal prices keep the variants' order.
 */
export function defaultVariant<V extends ProductVariant>(variants: readonly V[]): V | undefined {
  let best: V | undefined;
  for (const v of variants) {
    if (
      !best ||
      (buyable(v) && !buyable(best)) ||
      (buyable(v) === buyable(best) && v.sellingPrice < best.sellingPrice)
    ) {
      best = v;
    }
  }
  return best;
}

/** The variant of `?variant=<id>`, or the default one when the address names none (or an unknown one). */
export function chosenVariant<V extends ProductVariant>(variants: readonly V[], id: string | null): V | undefined {
  return (id ? variants.find((v) => v._id === id) : undefined) ?? defaultVariant(variants);
}

/** What one value of an option would do, given the values chosen for the other options. */
export interface ValueChoice {
  value: string;
  /** It is the chosen variant's value for this option. */
  selected: boolean;
  /**
   * How choosing it reads: `sold` (this value with the other chosen values is sold),
   * `soldOut` (sold, but 'Épuisé': still selectable), `unavailable` (that combination is not
   * sold: choosing it moves to the nearest one that is).
   */
  state: "sold" | "soldOut" | "unavailable";
  /** The variant choosing it leads to; undefined when no variant has this value at all. */
  target?: ProductVariant;
}

export interface OptionChoices {
  name: string;
  values: ValueChoice[];
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The variant sold with `value` for option `index` that is closest to `from`: the most other
 * values in common (the earlier options weigh more, so "Rose" from "512 Go, Noir" keeps the
 * capacity if it can), then one that can be bought, then the variants' order.
 */
export function nearestVariant(
  variants: readonly ProductVariant[],
  from: readonly string[],
  index: number,
  value: string,
): ProductVariant | undefined {
  let best: ProductVariant | undefined;
  let bestScore = -1;
  for (const v of variants) {
    if (v.optionValues[index] !== value) continue;
    let score = 0;
    v.optionValues.forEach((own, k) => {
      // Option k counts 2^(n-k): keeping the first option outweighs keeping all the later ones.
      if (k !== index && own === from[k]) score += 2 ** (v.optionValues.length - k);
    });
    score = score * 2 + (buyable(v) ? 1 : 0);
    if (score > bestScore) {
      best = v;
      bestScore = score;
    }
  }
  return best;
}

/** One group of values per option, each value with what choosing it would show. */
export function optionChoices(
  options: readonly ProductOption[],
  variants: readonly ProductVariant[],
  chosen: ProductVariant | undefined,
): OptionChoices[] {
  const current = chosen?.optionValues ?? [];
  return options.map((option, index) => ({
    name: option.name,
    values: option.values.map((value): ValueChoice => {
      const wanted = current.map((v, k) => (k === index ? value : v));
      const exact = variants.find((v) => same(v.optionValues, wanted));
      if (exact)
        return { value, selected: current[index] === value, state: buyable(exact) ? "sold" : "soldOut", target: exact };
      return { value, selected: false, state: "unavailable", target: nearestVariant(variants, current, index, value) };
    }),
  }));
}

/** The address of a choice, as a shared link carries it. */
export const variantSearch = (variantId: string) => `?variant=${encodeURIComponent(variantId)}`;

/**
 * Whether going from one address to the other changes nothing but `?variant=`: the product
 * is the same, its data is not asked for again.
 */
export function onlyVariantChanged(from: URL, to: URL): boolean {
  if (from.pathname !== to.pathname) return false;
  const a = new URLSearchParams(from.search);
  const b = new URLSearchParams(to.search);
  a.delete("variant");
  b.delete("variant");
  a.sort();
  b.sort();
  return a.toString() === b.toString() && from.search !== to.search;
}

/** The photos of a choice: its own, else the product's. */
export const photosOf = (productImages: readonly string[], variant: Pick<ProductVariant, "images"> | undefined) =>
  variant && variant.images.length > 0 ? variant.images : productImages;
