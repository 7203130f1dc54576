import { z } from "zod";
import { ADMIN_PRODUCT_SORTS, PRODUCT_VISIBILITIES } from "../back-office.ts";
import {
  MAX_OPTION_VALUES,
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_OPTIONS,
  MAX_PRODUCT_VARIANTS,
  SEARCH_MAX_LENGTH,
  STOCK_STATUSES,
} from "../constants.ts";
import { FIELD_MSG, MSG } from "../messages.ts";
import { francs, id, isoDate, pageQuery } from "./common.ts";

/** A category of the shop by its name; which names exist is the server's to check (decision 046). */
export const category = z
  .string({ error: FIELD_MSG.categoryInvalid })
  .trim()
  .min(1, FIELD_MSG.categoryInvalid)
  .max(60, FIELD_MSG.categoryInvalid);

/** An image uploaded to this shop (/uploads/images/…) or, for older clients, an http(s) URL. */
export const imageUrl = z
  .string({ error: FIELD_MSG.imageUrlInvalid })
  .trim()
  .max(500, FIELD_MSG.imageUrlInvalid)
  .refine(
    (v) => /^\/uploads\/images\/[\w-]+\/\d+\.webp$/.test(v) || /^https?:\/\/[^\s"'<>]+$/.test(v),
    FIELD_MSG.imageUrlInvalid,
  );

/** An option of a product, as stored and answered: its name and its values, in order. */
export const productOption = z.object({
  name: z.string().trim().min(1).max(40),
  values: z.array(z.string().trim().min(1).max(40)).min(1).max(MAX_OPTION_VALUES),
});
export const productOptions = z.array(productOption).max(MAX_PRODUCT_OPTIONS);
export type ProductOption = z.infer<typeof productOption>;

const productFields = {
  productName: z
    .string({ error: FIELD_MSG.productNameRequired })
    .trim()
    .min(1, FIELD_MSG.productNameRequired)
    .max(120, FIELD_MSG.productNameTooLong),
  brandName: z
    .string({ error: FIELD_MSG.brandNameRequired })
    .trim()
    .min(1, FIELD_MSG.brandNameRequired)
    .max(60, FIELD_MSG.brandNameTooLong),
  category,
  productImage: z.array(imageUrl).max(MAX_PRODUCT_IMAGES, FIELD_MSG.tooManyImages),
  /** A draft, off the storefront until shown (decision 046). */
  hidden: z.boolean({ error: FIELD_MSG.hiddenInvalid }),
  description: z.string().trim().max(5000, FIELD_MSG.descriptionTooLong),
  price: francs,
  sellingPrice: francs,
};

/**
 * Fields of a product that a client may echo back (the original admin form spreads the whole
 * product into its request) but that the server never takes from a client.
 */
const echoedReadOnly = {
  userId: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  __v: z.unknown().optional(),
  rating: z.unknown().optional(),
  // What answers carry since decision 024 (variants): echoed back by the same form.
  options: z.unknown().optional(),
  variants: z.unknown().optional(),
  sellingPriceMax: z.unknown().optional(),
  stockStatus: z.unknown().optional(),
  stockLeft: z.unknown().optional(),
  archived: z.unknown().optional(),
  sale: z.unknown().optional(),
};

function sellingNotAbovePrice(v: { price?: number; sellingPrice?: number }): boolean {
  return v.price === undefined || v.sellingPrice === undefined || v.sellingPrice <= v.price;
}
const sellingIssue = { message: MSG.sellingAbovePrice, path: ["sellingPrice"] };

export const productCreateInput = z
  .strictObject({
    ...productFields,
    productImage: productFields.productImage.default([]),
    description: productFields.description.default(""),
    hidden: productFields.hidden.optional(),
    ...echoedReadOnly,
  })
  .refine(sellingNotAbovePrice, sellingIssue);
export type ProductCreateInput = z.infer<typeof productCreateInput>;

/** Update: `_id` and any subset of the editable fields. */
export const productUpdateInput = z
  .strictObject({
    _id: id,
    productName: productFields.productName.optional(),
    brandName: productFields.brandName.optional(),
    category: category.optional(),
    productImage: productFields.productImage.optional(),
    description: productFields.description.optional(),
    price: francs.optional(),
    sellingPrice: francs.optional(),
    hidden: productFields.hidden.optional(),
    ...echoedReadOnly,
  })
  .refine(sellingNotAbovePrice, sellingIssue);
export type ProductUpdateInput = z.infer<typeof productUpdateInput>;

/**
 * What a customer may know of stock (decision 024): `in_stock` ('En stock'), `low` ('Plus que
 * N en stock', N in `stockLeft`), `out` ('Épuisé'), `untracked` (always available, shown as in
 * stock). Exact counts above LOW_STOCK_MAX are not public.
 */
export const stockStatusField = z.enum(STOCK_STATUSES);
const availability = { stockStatus: stockStatusField, stockLeft: z.number().int().nullable() };

/** The sale a price comes from (decision 051): what the badge and the time left read. */
export const productSale = z.object({
  promotionId: z.string(),
  /** "Black Friday". */
  name: z.string(),
  endsAt: isoDate,
  discountType: z.enum(["percent", "amount"]),
  /** Percent, or francs off each unit. */
  value: z.number().int(),
});
export type ProductSale = z.infer<typeof productSale>;

export const product = z.object({
  _id: id,
  productName: z.string(),
  brandName: z.string(),
  category,
  productImage: z.array(z.string()),
  description: z.string(),
  /** The cheapest variant's (by selling price): what older clients and cards show. */
  price: z.number(),
  sellingPrice: z.number(),
  userId: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  // Added by decision 024 (variants); older clients ignore them.
  options: z.array(productOption),
  /** The dearest variant's selling price: above `sellingPrice`, cards read "à partir de". */
  sellingPriceMax: z.number(),
  /** Over all its variants: out only when every one is. */
  ...availability,
  // Added by decision 046; the storefront's answers only ever hold shown products.
  /** A draft: the back-office's alone until shown. */
  hidden: z.boolean(),
  /** Deleted while orders named it: kept for them, off the storefront. */
  archived: z.boolean(),
  /**
   * Added by decision 051: the sale running on it (its cheapest variant's), or null. During a
   * sale `sellingPrice` is what the customer pays and `price` the struck, usual one.
   */
  sale: productSale.nullable(),
});
export type Product = z.infer<typeof product>;

/** One variant as the product page offers it. */
export const productVariant = z.object({
  _id: id,
  /** One value per option, in the options' order; [] for a product without options. */
  optionValues: z.array(z.string()),
  /** "256 Go, Noir"; "" for a product without options. */
  label: z.string(),
  price: z.number(),
  sellingPrice: z.number(),
  /** Its own photos; empty: the product's. */
  images: z.array(z.string()),
  ...availability,
  /** Added by decision 051: the sale lowering `sellingPrice` (then `price` is the usual one), or null. */
  sale: productSale.nullable(),
});
export type ProductVariant = z.infer<typeof productVariant>;

/** One variant as the back-office's product form sends it (decision 024). */
export const variantInput = z.strictObject({
  /** An existing variant kept (its history and carts) even if its values change. */
  _id: id.optional(),
  optionValues: z.array(z.string().trim().min(1).max(40)).max(MAX_PRODUCT_OPTIONS),
  price: francs,
  sellingPrice: francs,
  /** null: not tracked ('non suivi'). */
  stock: z.number().int().min(0).max(1_000_000).nullable(),
  /**
   * The count the form was opened with: if an order changed it since, the save is refused
   * rather than overwrite it.
   */
  stockSeen: z.number().int().min(0).nullable().optional(),
  images: z.array(imageUrl).max(MAX_PRODUCT_IMAGES, FIELD_MSG.tooManyImages).default([]),
});
export type VariantInput = z.infer<typeof variantInput>;

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v.toLowerCase() === b[i]?.toLowerCase());

/**
 * POST /api/admin/products/:id/variants: the product's options and every variant it sells.
 * Without options, one variant without values (the product's stock and prices).
 */
export const productVariantsInput = z
  .strictObject({
    options: productOptions,
    variants: z.array(variantInput).min(1).max(MAX_PRODUCT_VARIANTS),
  })
  .superRefine(({ options, variants }, ctx) => {
    const names = options.map((o) => o.name.toLowerCase());
    if (new Set(names).size !== names.length) {
      ctx.addIssue({ code: "custom", path: ["options"], message: FIELD_MSG.optionNameDuplicate });
    }
    options.forEach((option, i) => {
      const values = option.values.map((v) => v.toLowerCase());
      if (new Set(values).size !== values.length) {
        ctx.addIssue({ code: "custom", path: ["options", i, "values"], message: FIELD_MSG.optionValueDuplicate });
      }
    });
    if (options.length === 0 && (variants.length !== 1 || variants[0]?.optionValues.length !== 0)) {
      ctx.addIssue({ code: "custom", path: ["variants"], message: FIELD_MSG.variantWithoutOptions });
    }
    variants.forEach((variant, i) => {
      const fits =
        variant.optionValues.length === options.length &&
        variant.optionValues.every((v, k) =>
          options[k]?.values.some((allowed) => allowed.toLowerCase() === v.toLowerCase()),
        );
      if (!fits) {
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "optionValues"],
          message: FIELD_MSG.variantValuesMismatch,
        });
      }
      if (variant.sellingPrice > variant.price) {
        ctx.addIssue({ code: "custom", path: ["variants", i, "sellingPrice"], message: MSG.sellingAbovePrice });
      }
      if (variants.slice(0, i).some((other) => sameValues(other.optionValues, variant.optionValues))) {
        ctx.addIssue({ code: "custom", path: ["variants", i, "optionValues"], message: FIELD_MSG.variantDuplicate });
      }
    });
  });
export type ProductVariantsInput = z.infer<typeof productVariantsInput>;

/** Customers' reviews of a product: average of 1-5 stars (one decimal), null when none yet. */
export const productRating = z.object({ average: z.number().nullable(), count: z.number().int().min(0) });
export type ProductRating = z.infer<typeof productRating>;

/** What /api/product-details answers: the product, its real rating and its variants. */
export const productDetails = product.extend({ rating: productRating, variants: z.array(productVariant) });
export type ProductDetails = z.infer<typeof productDetails>;

export const PRICE_SORTS = ["asc", "dsc"] as const;
export type PriceSort = (typeof PRICE_SORTS)[number];

/**
 * Query string of /api/filter-product: paging and an optional order on sellingPrice ('asc'
 * 'Prix croissant', 'dsc' 'Prix - du haut au bas'); without it, newest first.
 */
export const filterQuery = pageQuery.extend({ sort: z.enum(PRICE_SORTS).optional() });
export type FilterQuery = z.infer<typeof filterQuery>;

export const productIdInput = z.strictObject({ productId: id });
/** `/api/admin/products/:id/…`. */
export const productIdParams = z.object({ id });
export const deleteProductInput = z.strictObject({ _id: id });
/** What a deletion did: a product that orders name is archived instead (decision 046). */
export const deleteProductResult = z.object({ archived: z.boolean() }).nullable();
/**
 * A category named by a read. Reads are lenient, as the original shop's were: older clients
 * ask for categories of their own ("airpodes", "IPHONE 7"), which simply have no products.
 * Writes keep `category`, which refuses them.
 */
const categoryName = z.string({ error: FIELD_MSG.categoryInvalid });
/** More names than a client could mean; the list goes into the catalogue cache's key. */
const MAX_FILTER_CATEGORIES = 100;

export const categoryInput = z.strictObject({ category: categoryName });
export const filterInput = z.strictObject({
  // One category alone is taken as a list of one.
  category: z.preprocess(
    (v) => (typeof v === "string" ? [v] : v),
    z.array(categoryName).max(MAX_FILTER_CATEGORIES, FIELD_MSG.tooManyCategories),
  ),
});

/** A search reads its first SEARCH_MAX_LENGTH characters: a longer one is cut, never refused. */
export const searchQuery = z.object({
  q: z
    .string()
    .default("")
    .transform((q) => (q.length > SEARCH_MAX_LENGTH ? Array.from(q).slice(0, SEARCH_MAX_LENGTH).join("") : q)),
});

/*
 * 'Gestion des Produits' at scale (decision 044): the admin's grid searched, filtered and
 * sorted, every choice in the page's address. The sorts and their labels are in back-office.ts,
 * free of zod, for the page's form.
 */
/** Empty values are no filter: a GET form sends every field, filled or not. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, FIELD_MSG.filterTooLong)
    .optional()
    .transform((v) => (v ? v : undefined));
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.enum(values, { error: FIELD_MSG.filterInvalid }).optional());

export const adminProductsQuery = pageQuery.extend({
  /** The storefront's search: typos, accents, French stems, variant values. */
  q: optionalText(100),
  category: optionalText(100),
  brand: optionalText(100),
  stock: optionalChoice(STOCK_STATUSES),
  /** "yes": sold below its old price; "no": at its price. */
  promo: optionalChoice(["yes", "no"] as const),
  /** None: every product but the archived ones. */
  visibility: optionalChoice(PRODUCT_VISIBILITIES),
  /** Defaults to relevance with a search, newest without. */
  sort: optionalChoice(ADMIN_PRODUCT_SORTS),
});
export type AdminProductsQuery = z.infer<typeof adminProductsQuery>;

/** What the grid's filters choose, without its paging and sort: a bulk change's "all that match". */
export const adminProductsFilter = adminProductsQuery.omit({ page: true, limit: true, sort: true });
export type AdminProductsFilter = z.infer<typeof adminProductsFilter>;

/** At most this many products change in one bulk change (one transaction). */
export const BULK_MAX_PRODUCTS = 10_000;

/**
 * A bulk change on 'Gestion des Produits' (decision 048): the products ticked, or all that
 * match the filter, and one change. `price` moves every variant's selling price (and, with
 * `field: "both"`, its old price) by a percentage or an amount of francs, rounded to whole
 * francs, never below 1 franc nor above the old price.
 */
export const bulkAction = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({
      kind: z.literal("price"),
      mode: z.enum(["percent", "amount"], { error: FIELD_MSG.bulkPriceModeInvalid }),
      value: z
        .number({ error: FIELD_MSG.bulkPriceValueInvalid })
        .refine((v) => Number.isFinite(v) && v !== 0, FIELD_MSG.bulkPriceValueInvalid),
      field: z.enum(["selling", "both"]).default("selling"),
    }),
    z.strictObject({ kind: z.literal("category"), category }),
    z.strictObject({ kind: z.literal("hide") }),
    z.strictObject({ kind: z.literal("show") }),
    z.strictObject({
      kind: z.literal("stock"),
      /** Every variant's count; null: not tracked. */
      stock: z
        .number({ error: FIELD_MSG.stockInvalid })
        .int(FIELD_MSG.stockInvalid)
        .min(0, FIELD_MSG.stockInvalid)
        .max(1_000_000, FIELD_MSG.stockInvalid)
        .nullable(),
    }),
    z.strictObject({ kind: z.literal("delete") }),
  ],
  { error: FIELD_MSG.bulkActionInvalid },
);
export type BulkAction = z.infer<typeof bulkAction>;

export const bulkProductsInput = z
  .strictObject({
    /** The products ticked on the grid… */
    ids: z.array(id).min(1).max(BULK_MAX_PRODUCTS).optional(),
    /** …or every product that matches the grid's filter. */
    filter: adminProductsFilter.optional(),
    action: bulkAction,
  })
  .refine((v) => (v.ids === undefined) !== (v.filter === undefined), {
    message: FIELD_MSG.bulkTargetInvalid,
    path: ["ids"],
  });
export type BulkProductsInput = z.infer<typeof bulkProductsInput>;

/** One product as the preview shows it: its name and its selling price before and after. */
export const bulkSample = z.object({
  _id: id,
  productName: z.string(),
  sellingPrice: z.number(),
  sellingPriceAfter: z.number(),
  category: z.string(),
  categoryAfter: z.string(),
});
export const bulkPreview = z.object({
  /** How many products the change names. */
  count: z.number().int(),
  /** A few of them (the grid's first), as they are and would become. */
  sample: z.array(bulkSample),
  /** For a deletion: how many orders name, and are archived instead. */
  archived: z.number().int(),
  /** For a price change: variants whose selling price stops at the old price. */
  capped: z.number().int(),
});
export type BulkPreview = z.infer<typeof bulkPreview>;
export const bulkResult = z.object({
  count: z.number().int(),
  archived: z.number().int(),
  deleted: z.number().int(),
});
export type BulkResult = z.infer<typeof bulkResult>;
