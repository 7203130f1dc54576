import { STOCK_REASONS } from "@shop/shared";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { inList } from "./common.ts";
import { orders } from "./orders.ts";
import { productVariants } from "./products.ts";
import { users } from "./users.ts";

/**
 * Every change of a tracked stock count: an order taking it, a cancellation giving it back,
 * an admin's adjustment with its reason; who (name kept as it was) and when (decision 024).
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    stockAfter: integer("stock_after").notNull(),
    reason: text("reason", { enum: STOCK_REASONS }).notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    orderReference: text("order_reference"),
    note: text("note").notNull().default(""),
    byUserId: uuid("by_user_id").references(() => users.id, { onDelete: "set null" }),
    byName: text("by_name").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_movements_variant_idx").on(t.variantId, t.createdAt.desc().nullsFirst()),
    index("stock_movements_order_idx").on(t.orderId),
    check("stock_movements_reason_check", sql`${t.reason} in (${inList(STOCK_REASONS)})`),
    check("stock_movements_stock_after_check", sql`${t.stockAfter} >= 0`),
  ],
);

/** 'Prévenez-moi': a visitor's number waiting for a variant to be back in stock. */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    /** "+237XXXXXXXXX". */
    phone: text("phone").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("stock_alerts_open_key").on(t.variantId, t.phone).where(sql`${t.notifiedAt} is null`),
    index("stock_alerts_variant_idx").on(t.variantId, t.createdAt),
  ],
);

export type StockMovementRow = typeof stockMovements.$inferSelect;
export type StockAlertRow = typeof stockAlerts.$inferSelect;
