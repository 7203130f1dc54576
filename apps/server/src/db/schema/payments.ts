import { PAYMENT_METHODS, PAYMENT_OPERATORS, PAYMENT_STATES } from "@shop/shared";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { inList, timestamps } from "./common.ts";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

/**
 * Every attempt to pay an order (decision 026): a Mobile Money charge through the provider, or
 * a transfer the customer declares. The amount is the order's total when the attempt started.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    operator: text("operator", { enum: PAYMENT_OPERATORS }),
    /** "+237XXXXXXXXX" charged or declared from. */
    phone: text("phone"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("XAF"),
    state: text("state", { enum: PAYMENT_STATES }).notNull(),
    /** Why it did not pay, in French, shown to the customer (or the admin's rejection). */
    reason: text("reason"),
    /** Why an online payment waits for an admin: amount, currency, already paid, cancelled. */
    flag: text("flag"),
    provider: text("provider"),
    /** Ours, sent to the provider as its `reference`: "<order reference>-<n>". */
    merchantReference: text("merchant_reference"),
    /** The provider's own reference ("trx.…"), once initialised. */
    providerReference: text("provider_reference"),
    /** The provider's last status read ("complete", "failed"…). */
    providerStatus: text("provider_status"),
    /** A declared transfer's ID, upper-cased without spaces. */
    transactionId: text("transaction_id"),
    screenshotPath: text("screenshot_path"),
    screenshotType: text("screenshot_type"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedByName: text("reviewed_by_name"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true, mode: "date" }),
    /** Last time the provider was asked (the waiting screen's reads are spaced by it). */
    checkedAt: timestamp("checked_at", { withTimezone: true, mode: "date" }),
    settledAt: timestamp("settled_at", { withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    index("payments_order_idx").on(t.orderId, t.createdAt),
    // One attempt in progress per order: a second tap or a second server gets that one.
    uniqueIndex("payments_pending_key").on(t.orderId).where(sql`${t.state} = 'pending'`),
    uniqueIndex("payments_merchant_reference_key").on(t.merchantReference),
    uniqueIndex("payments_provider_reference_key").on(t.provider, t.providerReference),
    // One transaction ID for one order, unless an admin rejected it.
    uniqueIndex("payments_transaction_key").on(t.transactionId).where(sql`${t.state} <> 'rejected'`),
    index("payments_state_idx").on(t.state, t.createdAt),
    check("payments_amount_check", sql`${t.amount} >= 0`),
    check("payments_method_check", sql`${t.method} in (${inList(PAYMENT_METHODS)})`),
    check("payments_state_check", sql`${t.state} in (${inList(PAYMENT_STATES)})`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
