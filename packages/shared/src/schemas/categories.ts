import { z } from "zod";
import { FIELD_MSG } from "../messages.ts";
import { id, isoDate } from "./common.ts";
import { imageUrl } from "./products.ts";

/**
 * Categories as data (decision 046): the storefront reads the shown ones in their order, the
 * back-office's 'Catégories' page manages them. A product's `category` stays the name.
 */

/** A category's name as the owner types it: "IPHONE 16". */
export const categoryLabel = z
  .string({ error: FIELD_MSG.categoryNameRequired })
  .trim()
  .min(1, FIELD_MSG.categoryNameRequired)
  .max(60, FIELD_MSG.categoryNameTooLong);

/** Lowercase ASCII words joined by hyphens: "iphone-16". Made from the name when not given. */
export const categorySlug = z
  .string({ error: FIELD_MSG.categorySlugInvalid })
  .trim()
  .max(80, FIELD_MSG.categorySlugInvalid)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, FIELD_MSG.categorySlugInvalid);

/** GET /api/categories: a shown category, in the storefront's order. */
export const categoryEntry = z.object({
  _id: id,
  name: z.string(),
  slug: z.string(),
  /** Absolute URL of its picture, or null. */
  image: z.string().nullable(),
});
export type CategoryEntry = z.infer<typeof categoryEntry>;

/** GET /api/admin/categories: every category, hidden ones too, with how many products it holds. */
export const adminCategory = categoryEntry.extend({
  position: z.number().int(),
  hidden: z.boolean(),
  /** Every product of it, hidden and archived ones included: what refuses its deletion. */
  productCount: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type AdminCategory = z.infer<typeof adminCategory>;

export const categoryCreateInput = z.strictObject({
  name: categoryLabel,
  slug: categorySlug.optional(),
  image: imageUrl.nullable().optional(),
  hidden: z.boolean().optional(),
});
export type CategoryCreateInput = z.infer<typeof categoryCreateInput>;

/** Any subset; a new name carries every product of the category with it. */
export const categoryUpdateInput = categoryCreateInput.partial();
export type CategoryUpdateInput = z.infer<typeof categoryUpdateInput>;

/** The whole new order, every category once. */
export const categoryOrderInput = z.strictObject({
  ids: z.array(id).min(1).max(500),
});
export type CategoryOrderInput = z.infer<typeof categoryOrderInput>;

export const categoryParams = z.object({ id });
