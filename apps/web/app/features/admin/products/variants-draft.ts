import type { AdminVariantStock, ProductDetails, ProductVariantsInput } from "@shop/shared";
import {
  FIELD_MSG,
  MAX_OPTION_VALUES,
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_OPTIONS,
  MAX_PRODUCT_VARIANTS,
  MSG,
  variantLabel,
} from "@shop/shared/core";
import { francsOf } from "./product-form-values";

/**
 * The product form's options and variants (decision 024), as the admin edits them:
 * up to MAX_PRODUCT_OPTIONS options, each a name and its values; one row per combination of
 * their values, sold or not, each with its prices, its stock (or 'Non suivi') and its photos. A
 * product without options has one row without values: its one stock.
 */

export interface OptionDraft {
  /** React's key: stays while the name changes. */
  key: string;
  name: string;
  values: string[];
}

export interface VariantDraft {
  /** A variant the product already has: kept (its history, the carts holding it). */
  _id?: string;
  optionValues: string[];
  sold: boolean;
  price: string;
  sellingPrice: string;
  /** false: 'Non suivi', always available. */
  tracked: boolean;
  stock: string;
  /** The count the form was opened with: an order changing it since refuses the save. */
  stockSeen?: number | null;
  /**
   * Its own photos: keys of the product's photos in the form (`saved-0`, `new-3`), or the URL
   * of a photo it has that is not among the product's.
   */
  images: string[];
}

export interface VariantsDraft {
  options: OptionDraft[];
  /**
   * A row per combination shown so far, in the order they appeared: those of the current
   * options are shown (in the options' order); the others are remembered, so that a value
   * removed and put back finds its row as it was.
   */
  rows: VariantDraft[];
}

/** What a row is found by: its values, case aside, in the options' order. */
export const valuesKey = (values: readonly string[]) => JSON.stringify(values.map((v) => v.toLowerCase()));

/** Options that have a value: the ones that make combinations. */
const complete = (options: readonly OptionDraft[]) => options.filter((o) => o.values.length > 0);

/** Every combination of the options' values, in their order: [[]] without options. */
export function combinations(options: readonly OptionDraft[]): string[][] {
  return complete(options).reduce<string[][]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => [...combo, value])),
    [[]],
  );
}

const sameValue = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
/** `inner`'s values are all among `outer`'s (the same variant, with one option more). */
const within = (inner: readonly string[], outer: readonly string[]) =>
  inner.every((v) => outer.some((o) => sameValue(o, v)));

export interface RowDefaults {
  price: string;
  sellingPrice: string;
}

/**
 * The rows once the options changed: every combination of the options has its row, the new
 * ones sold (`sold`) and priced like the row they come from, a row no longer shown whose values
 * are all in theirs (the same variant with one option more), else at `defaults`. The first
 * new row that comes from a variant the product has keeps it, with its count and its history:
 * a product without options that gains some keeps its variant as its first combination. A
 * variant is kept by one shown row only.
 */
export function syncRows(
  options: readonly OptionDraft[],
  rows: readonly VariantDraft[],
  defaults: RowDefaults,
  sold = true,
): VariantDraft[] {
  const combos = combinations(options);
  const shown = new Set(combos.map(valuesKey));
  const byKey = new Map(rows.map((row) => [valuesKey(row.optionValues), row]));
  const taken = new Set(combos.flatMap((combo) => byKey.get(valuesKey(combo))?._id ?? []));
  const result = [...rows];
  for (const combo of combos) {
    if (byKey.has(valuesKey(combo))) continue;
    // The closest: the row with the most values in common.
    const parent = rows
      .filter((row) => row.sold && !shown.has(valuesKey(row.optionValues)) && within(row.optionValues, combo))
      .sort((a, b) => b.optionValues.length - a.optionValues.length)[0];
    const inherits = parent?._id !== undefined && !taken.has(parent._id);
    if (inherits) taken.add(parent._id!);
    // The one stock of a product without options: its prices are the product's, its count the
    // variant's that the first combination keeps; the others are counted anew.
    const fromOptions = parent !== undefined && parent.optionValues.length > 0;
    const tracked = fromOptions ? parent.tracked : true;
    const row: VariantDraft = {
      ...(inherits ? { _id: parent._id, stockSeen: parent.stockSeen } : {}),
      optionValues: combo,
      sold,
      price: (fromOptions && parent.price) || defaults.price,
      sellingPrice: (fromOptions && parent.sellingPrice) || defaults.sellingPrice,
      tracked,
      stock: inherits && parent.tracked ? parent.stock : "",
      images: parent ? [...parent.images] : [],
    };
    result.push(row);
    byKey.set(valuesKey(combo), row);
  }
  // A value put back after another row took its variant: the row shown later is a new one.
  const kept = new Set<string>();
  const later = new Set<VariantDraft>();
  for (const combo of combos) {
    const row = byKey.get(valuesKey(combo));
    if (!row?._id) continue;
    if (kept.has(row._id)) later.add(row);
    else kept.add(row._id);
  }
  return result.map((row) => {
    if (!later.has(row)) return row;
    const { _id, stockSeen, ...fresh } = row;
    return { ...fresh, stock: "", tracked: true };
  });
}

/** The rows the form shows: one per combination of the current options, in their order. */
export function shownRows(draft: VariantsDraft): VariantDraft[] {
  const byKey = new Map(draft.rows.map((row) => [valuesKey(row.optionValues), row]));
  return combinations(draft.options).flatMap((combo) => {
    const row = byKey.get(valuesKey(combo));
    return row ? [row] : [];
  });
}

let lastKey = 0;
const optionKey = () => `option-${++lastKey}`;

/** A new product: no options, one stock, not tracked ('Non suivi'). */
export function newDraft(): VariantsDraft {
  return {
    options: [],
    rows: [{ optionValues: [], sold: true, price: "", sellingPrice: "", tracked: false, stock: "", images: [] }],
  };
}

/** The path of a stored photo ("/uploads/images/…"), whatever origin its URL was answered under. */
export const imagePath = (url: string) => url.replace(/^https?:\/\/[^/]+(?=\/uploads\/images\/)/, "");

/**
 * A product's variants as the form starts with them: from product-details (values, prices,
 * photos) and the back-office's exact counts. Combinations it does not sell are shown as not
 * sold. A variant's photos are named by the key of the product's photo they are (`photoKeys`,
 * by path), or kept as URLs.
 */
export function loadedDraft(
  product: Pick<ProductDetails, "options" | "variants">,
  stock: readonly Pick<AdminVariantStock, "_id" | "stock">[],
  photoKeys: ReadonlyMap<string, string>,
): VariantsDraft {
  const counts = new Map(stock.map((s) => [s._id, s.stock]));
  const options = product.options.map((o) => ({ key: optionKey(), name: o.name, values: [...o.values] }));
  const rows: VariantDraft[] = product.variants.map((v) => {
    const count = counts.has(v._id) ? (counts.get(v._id) ?? null) : null;
    return {
      _id: v._id,
      optionValues: [...v.optionValues],
      sold: true,
      price: String(v.price),
      sellingPrice: String(v.sellingPrice),
      tracked: count !== null,
      stock: count === null ? "" : String(count),
      stockSeen: count,
      images: v.images.map((url) => photoKeys.get(imagePath(url)) ?? url),
    };
  });
  return { options, rows: syncRows(options, rows, { price: "", sellingPrice: "" }, false) };
}

/** The stock an order changed since: the new counts, seen now, on the rows of those variants. */
export function withCounts(draft: VariantsDraft, stock: readonly Pick<AdminVariantStock, "_id" | "stock">[]) {
  const counts = new Map(stock.map((s) => [s._id, s.stock]));
  return {
    ...draft,
    rows: draft.rows.map((row) => {
      if (!row._id || !counts.has(row._id)) return row;
      const count = counts.get(row._id) ?? null;
      return { ...row, tracked: count !== null, stock: count === null ? "" : String(count), stockSeen: count };
    }),
  };
}

// Editing, each a new draft.

/** The values typed at once, separated by commas: trimmed, empty and repeated ones left out. */
export function splitValues(text: string): string[] {
  const values: string[] = [];
  for (const part of text.split(/[,;\n]/)) {
    const value = part.trim().replace(/\s+/g, " ");
    if (value && !values.some((v) => sameValue(v, value))) values.push(value);
  }
  return values;
}

export const VARIANT_TEXT = {
  optionNameRequired: "Donnez un nom à l'option (par exemple Stockage ou Couleur).",
  optionValuesRequired: "Ajoutez au moins une valeur à cette option.",
  valueTaken: (value: string) => `« ${value} » est déjà une valeur de cette option.`,
  tooManyValues: `${MAX_OPTION_VALUES} valeurs au maximum par option.`,
  noneSold: "Choisissez au moins une variante à vendre.",
  tooManyVariants: `${MAX_PRODUCT_VARIANTS} variantes vendues au maximum.`,
  stockRequired: "Indiquez le nombre en stock, ou cochez « Non suivi ».",
  stockInvalid: "Le stock est un nombre entier, 0 ou plus.",
  tooManyImages: `${MAX_PRODUCT_IMAGES} photos au maximum par variante.`,
} as const;

export type Edit =
  | { type: "addOption" }
  | { type: "renameOption"; key: string; name: string }
  | { type: "removeOption"; key: string }
  | { type: "addValues"; key: string; values: string[] }
  | { type: "removeValue"; key: string; value: string }
  | { type: "setRow"; values: string[]; change: Partial<Omit<VariantDraft, "_id" | "optionValues" | "stockSeen">> }
  | { type: "toggleImage"; values: string[]; image: string };

/**
 * A change the admin made. Changing the options' values makes the rows follow (new
 * combinations sold, priced at `defaults`, the product's prices as typed so far).
 */
export function editDraft(draft: VariantsDraft, edit: Edit, defaults: RowDefaults): VariantsDraft {
  const withOptions = (options: OptionDraft[]) => ({ options, rows: syncRows(options, draft.rows, defaults) });
  switch (edit.type) {
    case "addOption":
      if (draft.options.length >= MAX_PRODUCT_OPTIONS) return draft;
      return { ...draft, options: [...draft.options, { key: optionKey(), name: "", values: [] }] };
    case "renameOption":
      return { ...draft, options: draft.options.map((o) => (o.key === edit.key ? { ...o, name: edit.name } : o)) };
    case "removeOption":
      return withOptions(draft.options.filter((o) => o.key !== edit.key));
    case "addValues":
      return withOptions(
        draft.options.map((o) => {
          if (o.key !== edit.key) return o;
          const fresh = edit.values.filter((v) => !o.values.some((known) => sameValue(known, v)));
          return { ...o, values: [...o.values, ...fresh].slice(0, MAX_OPTION_VALUES) };
        }),
      );
    case "removeValue":
      return withOptions(
        draft.options.map((o) => (o.key === edit.key ? { ...o, values: o.values.filter((v) => v !== edit.value) } : o)),
      );
    case "setRow":
    case "toggleImage": {
      const key = valuesKey(edit.values);
      return {
        ...draft,
        rows: draft.rows.map((row) => {
          if (valuesKey(row.optionValues) !== key) return row;
          if (edit.type === "setRow") return { ...row, ...edit.change };
          const images = row.images.includes(edit.image)
            ? row.images.filter((i) => i !== edit.image)
            : [...row.images, edit.image];
          return { ...row, images };
        }),
      };
    }
  }
}

// Checking and sending.

/**
 * Where an error shows: `option-<i>-name`, `option-<i>-values`, `variant-<i>-<field>` (i: the
 * shown row's index), or `variants` for the whole list. They are the ids of the form's fields.
 */
export type VariantErrors = Record<string, string>;

const isStock = (text: string) => /^\d{1,7}$/.test(text.trim());

/**
 * What the browser checks before sending, in the words of the API where it has them: options
 * named, once each, with values; at least one combination sold; each sold one priced (selling
 * not above the old price) and counted or not tracked. Without options, the product's prices
 * are checked with the product.
 */
export function checkVariants(draft: VariantsDraft): VariantErrors {
  const errors: VariantErrors = {};
  const names = draft.options.map((o) => o.name.trim().toLowerCase());
  draft.options.forEach((option, i) => {
    if (!names[i]) errors[`option-${i}-name`] = VARIANT_TEXT.optionNameRequired;
    else if (names.indexOf(names[i]!) !== i) errors[`option-${i}-name`] = FIELD_MSG.optionNameDuplicate;
    if (option.values.length === 0) errors[`option-${i}-values`] = VARIANT_TEXT.optionValuesRequired;
  });
  const rows = shownRows(draft);
  const sold = rows.filter((r) => r.sold);
  if (draft.options.length > 0 && sold.length === 0) errors.variants = VARIANT_TEXT.noneSold;
  if (sold.length > MAX_PRODUCT_VARIANTS) errors.variants = VARIANT_TEXT.tooManyVariants;
  rows.forEach((row, i) => {
    if (!row.sold) return;
    if (draft.options.length > 0) {
      const price = francsOf(row.price);
      const selling = francsOf(row.sellingPrice);
      if (!price) errors[`variant-${i}-price`] = FIELD_MSG.priceInvalid;
      if (!selling) errors[`variant-${i}-sellingPrice`] = FIELD_MSG.priceInvalid;
      else if (price && selling > price) errors[`variant-${i}-sellingPrice`] = MSG.sellingAbovePrice;
      if (row.images.length > MAX_PRODUCT_IMAGES) errors[`variant-${i}-images`] = VARIANT_TEXT.tooManyImages;
    }
    if (row.tracked && !row.stock.trim()) errors[`variant-${i}-stock`] = VARIANT_TEXT.stockRequired;
    else if (row.tracked && !isStock(row.stock)) errors[`variant-${i}-stock`] = VARIANT_TEXT.stockInvalid;
  });
  return errors;
}

/**
 * What POST /api/admin/products/:id/variants receives; call after `checkVariants`. Without
 * options, the one variant has the product's prices (`productPrices`). `imageUrl` gives a
 * photo's stored URL from its key (null while it is not stored), and takes a URL as it is.
 */
export function variantsInput(
  draft: VariantsDraft,
  productPrices: { price: number; sellingPrice: number },
  imageUrl: (ref: string) => string | null,
): ProductVariantsInput {
  const options = complete(draft.options).map((o) => ({ name: o.name.trim(), values: [...o.values] }));
  const variants = shownRows(draft)
    .filter((row) => row.sold || options.length === 0)
    .map((row) => ({
      ...(row._id ? { _id: row._id, stockSeen: row.stockSeen ?? null } : {}),
      optionValues: [...row.optionValues],
      price: options.length ? (francsOf(row.price) ?? 0) : productPrices.price,
      sellingPrice: options.length ? (francsOf(row.sellingPrice) ?? 0) : productPrices.sellingPrice,
      stock: row.tracked ? Number(row.stock.trim()) : null,
      images: options.length ? row.images.flatMap((ref) => imageUrl(ref) ?? []) : [],
    }));
  return { options, variants };
}

/** The prices the product is saved with when it has options: its cheapest variant's (as the server will set). */
export function cheapestPrices(input: ProductVariantsInput): { price: number; sellingPrice: number } | null {
  const cheapest = [...input.variants].sort((a, b) => a.sellingPrice - b.sellingPrice)[0];
  return cheapest ? { price: cheapest.price, sellingPrice: cheapest.sellingPrice } : null;
}

/** "64 Go, Noir"; the one stock of a product without options has no name of its own. */
export const rowLabel = (row: Pick<VariantDraft, "optionValues">) => variantLabel(row.optionValues);
