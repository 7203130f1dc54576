import { DISCOUNT_TYPES, PROMOTION_KINDS } from "@shop/shared";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { inList, timestamps } from "./common.ts";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

/**
 * The owner's promotions (decision 051): timed sales, and codes customers type. A target of four
 * empty lists is the whole catalogue.
 */
export const promotions = pgTable(
  "promotions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: PROMOTION_KINDS }).notNull(),
    /** What the customer reads: the badge, the discount's line ("Black Friday"). */
    name: text("name").notNull(),
    /** Codes only, as normalised ("BLACKFRIDAY"). */
    code: text("code"),
    discountType: text("discount_type", { enum: DISCOUNT_TYPES }).notNull(),
    /** Percent (1–99) or whole francs; 0 for free delivery. */
    value: integer("value").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }).notNull(),
    /**
     * Null: a code that runs until ended. Ending early sets it to the moment, before the start
     * for one that had not begun (the back-office's input always ends after the start).
     */
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }),
    pausedAt: timestamp("paused_at", { withTimezone: true, mode: "date" }),
    productIds: uuid("product_ids").array().notNull().default(sql`'{}'::uuid[]`),
    variantIds: uuid("variant_ids").array().notNull().default(sql`'{}'::uuid[]`),
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    brands: text("brands").array().notNull().default(sql`'{}'::text[]`),
    minSubtotal: integer("min_subtotal"),
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    stacksWithSale: boolean("stacks_with_sale").notNull().default(false),
    /** Uses not given back; raised in the order's transaction, never past max_uses. */
    uses: integer("uses").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("promotions_code_key").on(t.code).where(sql`${t.code} is not null`),
    index("promotions_kind_ends_idx").on(t.kind, t.endsAt),
    check("promotions_kind_check", sql`${t.kind} in (${inList(PROMOTION_KINDS)})`),
    check("promotions_discount_type_check", sql`${t.discountType} in (${inList(DISCOUNT_TYPES)})`),
    check("promotions_code_check", sql`(${t.kind} = 'code') = (${t.code} is not null)`),
    check("promotions_value_check", sql`${t.value} >= 0`),
    check("promotions_uses_check", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
  ],
);

export type PromotionRow = typeof promotions.$inferSelect;

/**
 * A code's use by an order, written in the order's transaction (decision 051). A cancelled
 * order gives it back (`released_at`); the per-customer limit counts the others by phone and
 * by account.
 */
export const promotionUses = pgTable(
  "promotion_uses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    promotionId: uuid("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** "+237XXXXXXXXX". */
    phone: text("phone"),
    releasedAt: timestamp("released_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promotion_uses_order_key").on(t.promotionId, t.orderId),
    index("promotion_uses_phone_idx").on(t.promotionId, t.phone).where(sql`${t.releasedAt} is null`),
    index("promotion_uses_user_idx").on(t.promotionId, t.userId).where(sql`${t.releasedAt} is null`),
  ],
);
