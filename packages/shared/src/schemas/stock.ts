import { z } from "zod";
import { STOCK_REASONS } from "../constants.ts";
import { FIELD_MSG } from "../messages.ts";
import { id, isoDate, pageQuery } from "./common.ts";
import { cameroonPhone } from "./orders.ts";
import { stockStatusField } from "./products.ts";

/**
 * The back-office's stock calls (decision 024), under /api/admin/: exact counts,
 * quick adjustments with their reason, and the history of every movement.
 */

const count = z.number({ error: FIELD_MSG.stockAdjustOneOf }).int().min(0).max(1_000_000);

/**
 * POST /api/admin/stock/adjust: either `delta` (+/−: a delivery received, a unit found broken)
 * or `stock` (a new count after counting the shelf; null stops tracking: 'non suivi'), and why.
 */
export const stockAdjustInput = z
  .strictObject({
    variantId: id,
    delta: z
      .number({ error: FIELD_MSG.stockAdjustOneOf })
      .int()
      .min(-1_000_000)
      .max(1_000_000)
      .refine((d) => d !== 0, FIELD_MSG.stockDeltaZero)
      .optional(),
    stock: count.nullable().optional(),
    note: z.string({ error: FIELD_MSG.stockNoteRequired }).trim().min(1, FIELD_MSG.stockNoteRequired).max(200),
  })
  .refine((v) => (v.delta === undefined) !== (v.stock === undefined), {
    message: FIELD_MSG.stockAdjustOneOf,
    path: ["delta"],
  });
export type StockAdjustInput = z.infer<typeof stockAdjustInput>;

/** A variant's exact count, for admins only. */
export const adminVariantStock = z.object({
  _id: id,
  productId: id,
  productName: z.string(),
  /** "256 Go, Noir"; "" for a product without options. */
  label: z.string(),
  /** null: not tracked ('non suivi'). */
  stock: z.number().int().nullable(),
  stockStatus: stockStatusField,
  updatedAt: isoDate,
});
export type AdminVariantStock = z.infer<typeof adminVariantStock>;

/** GET /api/admin/stock/movements: newest first, for a product or one of its variants. */
export const stockMovementsQuery = pageQuery.extend({ productId: id.optional(), variantId: id.optional() });
export type StockMovementsQuery = z.infer<typeof stockMovementsQuery>;

export const stockMovement = z.object({
  _id: id,
  variantId: id,
  productId: id,
  productName: z.string(),
  label: z.string(),
  delta: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  /** The order that took or gave back the units. */
  orderReference: z.string().nullable(),
  note: z.string(),
  /** Who: the customer for an order, the admin otherwise (the name as it was then). */
  by: z.object({ _id: id.nullable(), name: z.string() }),
  createdAt: isoDate,
});
export type StockMovement = z.infer<typeof stockMovement>;

/** POST /api/stock-alerts ('Prévenez-moi'): a visitor's number for a sold-out variant. */
export const stockAlertInput = z.strictObject({ variantId: id, phone: cameroonPhone });
export type StockAlertInput = z.infer<typeof stockAlertInput>;

/** A visitor waiting for a variant that is back in stock, for the back-office. */
export const stockAlert = z.object({
  _id: id,
  variantId: id,
  productId: id,
  productName: z.string(),
  label: z.string(),
  /** "+237XXXXXXXXX". */
  phone: z.string(),
  createdAt: isoDate,
  /** Added by decision 043: the link the message carries to stop reminders and promotions. */
  stopPromotionsUrl: z.string().optional(),
});
export type StockAlert = z.infer<typeof stockAlert>;

export const stockAlertParams = z.object({ id });
