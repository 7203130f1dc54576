import { DELIVERY_KINDS, ORDER_CHANNELS, ORDER_STATUSES, type OrderDiscount, PAYMENT_CHOICES } from "@shop/shared";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { inList, timestamps } from "./common.ts";
import { products, productVariants } from "./products.ts";
import { users } from "./users.ts";

/**
 * An order the shop recorded before the customer was sent anywhere (WhatsApp, a call) or
 * from the order form. `reference` ("CMD-7K4Q") is what the customer and the shop quote.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull(),
    channel: text("channel", { enum: ORDER_CHANNELS }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("nouvelle"),
    /** The signed-in customer who placed it, when there was one. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** "+237XXXXXXXXX"; null for a cart order sent by WhatsApp or phone (the shop sees the number there). */
    phone: text("phone"),
    address: text("address").notNull().default(""),
    message: text("message").notNull().default(""),
    /** Path of the private file under DATA_DIR/order-files, never served publicly. */
    filePath: text("file_path"),
    fileName: text("file_name"),
    fileType: text("file_type"),
    totalQuantity: integer("total_quantity").notNull().default(0),
    /** The lines' total, before delivery. */
    totalPrice: integer("total_price").notNull().default(0),
    // The delivery chosen, copied as it was (decision 025); all null for an order without one.
    deliveryKind: text("delivery_kind", { enum: DELIVERY_KINDS }),
    deliveryName: text("delivery_name"),
    /** FCFA charged; null with a kind: to be confirmed by the shop. */
    deliveryFee: integer("delivery_fee"),
    /** The zone's fee was waived by the free-delivery amount. */
    deliveryFree: boolean("delivery_free").notNull().default(false),
    deliveryDelay: text("delivery_delay"),
    deliveryNeighbourhood: text("delivery_neighbourhood"),
    deliveryCity: text("delivery_city"),
    deliveryLandmark: text("delivery_landmark"),
    /** What a promotion code took off the lines' total (decision 051), in FCFA. */
    discount: integer("discount").notNull().default(0),
    /** The code applied, as normalised; null without one. */
    promotionCode: text("promotion_code"),
    /** Each discount the order got, copied as it was (sales and the code), for every total shown. */
    discounts: jsonb("discounts").$type<OrderDiscount[]>().notNull().default([]),
    /** What the customer pays: the lines' total less the code's discount, and the known fee, kept by the database itself. */
    total: integer("total").notNull().generatedAlwaysAs(sql`total_price - discount + coalesce(delivery_fee, 0)`),
    /** How the customer chose to pay last (decision 026), or null. */
    paymentChoice: text("payment_choice", { enum: PAYMENT_CHOICES }),
    /**
     * The client's Idempotency-Key of the request that created it (decision 014): a retry with
     * the same key answers this order. Null for orders sent without one.
     */
    idempotencyKey: text("idempotency_key"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("orders_reference_key").on(t.reference),
    uniqueIndex("orders_idempotency_key_key").on(t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    index("orders_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("orders_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    check("orders_channel_check", sql`${t.channel} in (${inList(ORDER_CHANNELS)})`),
    check("orders_status_check", sql`${t.status} in (${inList(ORDER_STATUSES)})`),
    check("orders_delivery_kind_check", sql`${t.deliveryKind} in (${inList(DELIVERY_KINDS)})`),
    check("orders_discount_check", sql`${t.discount} >= 0 and ${t.discount} <= ${t.totalPrice}`),
  ],
);

/** A cart line copied into the order when it was made: name and price as they were then. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Kept as it was; null once the product is deleted (the line's name and price remain). */
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    /** Kept as it was; null once the variant is deleted. */
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /** The variant's values as they were ("256 Go, Noir"); empty for a product without options. */
    variantLabel: text("variant_label").notNull().default(""),
    unitPrice: integer("unit_price").notNull(),
    /** The unit's usual price when a sale lowered it (decision 051); null otherwise. */
    usualPrice: integer("usual_price"),
    /** The sale that lowered it, as it was (no reference: the order's copy outlives the sale's row). */
    salePromotionId: uuid("sale_promotion_id"),
    quantity: integer("quantity").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId, t.position),
    index("order_lines_product_idx").on(t.productId),
    index("order_lines_variant_idx").on(t.variantId),
    check("order_lines_quantity_check", sql`${t.quantity} >= 1`),
    check("order_lines_unit_price_check", sql`${t.unitPrice} >= 0`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * Every status change of an order, by whom and when (decision 018). The admin's name is kept
 * as it was, so the history still reads right once the account is renamed or deleted.
 */
export const orderStatusChanges = pgTable(
  "order_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: ORDER_STATUSES }).notNull(),
    toStatus: text("to_status", { enum: ORDER_STATUSES }).notNull(),
    changedBy: uuid("changed_by").references(() => users.id, { onDelete: "set null" }),
    changedByName: text("changed_by_name").notNull(),
    /** What came with it: "MTN MoMo — transaction trx.…" for a payment (decision 026). */
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("order_status_changes_order_idx").on(t.orderId, t.createdAt),
    check("order_status_changes_from_check", sql`${t.fromStatus} in (${inList(ORDER_STATUSES)})`),
    check("order_status_changes_to_check", sql`${t.toStatus} in (${inList(ORDER_STATUSES)})`),
  ],
);

export type OrderStatusChangeRow = typeof orderStatusChanges.$inferSelect;
