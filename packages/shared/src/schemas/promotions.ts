import { z } from "zod";
import { FIELD_MSG } from "../messages.ts";
import { DISCOUNT_TYPES, normalizeCode, PROMO_CODE_PATTERN, PROMOTION_KINDS } from "../promotions.ts";
import { id, isoDate } from "./common.ts";

/**
 * Promotions (decision 051): the back-office's 'Promotions' calls and the cart's code check.
 */

export const PROMOTION_STATES = ["scheduled", "running", "paused", "ended"] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

const francs = z.number({ error: FIELD_MSG.promoAmountInvalid }).int(FIELD_MSG.promoAmountInvalid);
const instant = z.iso.datetime({ offset: true, error: FIELD_MSG.promoDateInvalid });
const names = (max: number) => z.array(z.string().trim().min(1).max(80)).max(max).default([]);

/** POST /api/admin/promotions and PUT /api/admin/promotions/:id. */
export const promotionInput = z
  .strictObject({
    kind: z.enum(PROMOTION_KINDS, { error: FIELD_MSG.promoKindInvalid }),
    name: z.string({ error: FIELD_MSG.promoNameRequired }).trim().min(1, FIELD_MSG.promoNameRequired).max(60),
    /** Codes only: typed as the customer will ("black friday"), kept as "BLACKFRIDAY". */
    code: z
      .string()
      .transform(normalizeCode)
      .pipe(z.string().regex(PROMO_CODE_PATTERN, FIELD_MSG.promoCodeInvalid))
      .nullable()
      .default(null),
    discountType: z.enum(DISCOUNT_TYPES, { error: FIELD_MSG.promoDiscountTypeInvalid }),
    /** Percent 1–99, or whole francs; 0 with free delivery. */
    value: francs.min(0, FIELD_MSG.promoAmountInvalid).max(10_000_000, FIELD_MSG.promoAmountInvalid),
    startsAt: instant,
    endsAt: instant.nullable().default(null),
    productIds: z.array(id).max(1000).default([]),
    variantIds: z.array(id).max(1000).default([]),
    categories: names(100),
    brands: names(100),
    /** Codes only. */
    minSubtotal: francs.min(1, FIELD_MSG.promoAmountInvalid).max(100_000_000).nullable().default(null),
    maxUses: z.number().int().min(1, FIELD_MSG.promoUsesInvalid).max(1_000_000).nullable().default(null),
    maxUsesPerCustomer: z.number().int().min(1, FIELD_MSG.promoUsesInvalid).max(1000).nullable().default(null),
    stacksWithSale: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (v.discountType === "percent" && (v.value < 1 || v.value > 99)) issue("value", FIELD_MSG.promoPercentInvalid);
    if (v.discountType === "amount" && v.value < 1) issue("value", FIELD_MSG.promoAmountInvalid);
    if (v.kind === "sale") {
      if (v.discountType === "free_delivery") issue("discountType", FIELD_MSG.promoSaleNoFreeDelivery);
      if (v.endsAt === null) issue("endsAt", FIELD_MSG.promoSaleNeedsEnd);
      if (v.code !== null) issue("code", FIELD_MSG.promoSaleHasNoCode);
      if (v.minSubtotal !== null || v.maxUses !== null || v.maxUsesPerCustomer !== null || v.stacksWithSale)
        issue("kind", FIELD_MSG.promoSaleCodeFields);
    } else if (v.code === null) issue("code", FIELD_MSG.promoCodeRequired);
    if (v.endsAt !== null && Date.parse(v.endsAt) <= Date.parse(v.startsAt))
      issue("endsAt", FIELD_MSG.promoEndBeforeStart);
  });
export type PromotionInput = z.infer<typeof promotionInput>;

export const promotionParams = z.object({ id });

/** What a promotion has brought, from the orders' copies (cancelled orders apart). */
export const promotionSummary = z.object({
  orders: z.number().int(),
  units: z.number().int(),
  /** What those orders' customers paid for their lines, after the discounts, in FCFA. */
  revenue: z.number().int(),
  /** The francs the promotion took off them. */
  discount: z.number().int(),
});
export type PromotionSummary = z.infer<typeof promotionSummary>;

/** One promotion as the back-office manages it. */
export const adminPromotion = z.object({
  _id: id,
  kind: z.enum(PROMOTION_KINDS),
  name: z.string(),
  code: z.string().nullable(),
  discountType: z.enum(DISCOUNT_TYPES),
  value: z.number().int(),
  startsAt: isoDate,
  endsAt: isoDate.nullable(),
  productIds: z.array(z.string()),
  variantIds: z.array(z.string()),
  categories: z.array(z.string()),
  brands: z.array(z.string()),
  minSubtotal: z.number().int().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  stacksWithSale: z.boolean(),
  /** Uses counted so far (codes), given back by cancelled orders. */
  uses: z.number().int(),
  pausedAt: isoDate.nullable(),
  state: z.enum(PROMOTION_STATES),
  summary: promotionSummary,
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type AdminPromotion = z.infer<typeof adminPromotion>;

/** POST /api/admin/promotions/:id/pause, …/resume, …/end: nothing in the body. */
export const promotionStateAction = z.enum(["pause", "resume", "end"]);
export type PromotionStateAction = z.infer<typeof promotionStateAction>;
