import { PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES } from "@shop/shared";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { inList, timestamps } from "./common.ts";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

/**
 * "Stop": a person's objection to messages that are not about an order they made (decision
 * 043). Kept against a keyed hash of the number or e-mail, never the contact itself, so that it
 * outlives the account's erasure and still holds for a new account with the same number.
 */
export const promotionObjections = pgTable(
  "promotion_objections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** HMAC-SHA-256 of the normalised contact ("+237…" or a lower-cased e-mail), base64url. */
    contactHash: text("contact_hash").notNull(),
    /** The account that said stop from 'Mes données', while it exists. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Where it was said: 'my-data', 'link' (a message's one-tap link), 'request' (answered in the back-office). */
    source: text("source").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("promotion_objections_contact_key").on(t.contactHash)],
);

/**
 * A request about personal data from a customer without an account (decision 041), made on the
 * order status page with an order's reference and its number; answered in the back-office.
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: PRIVACY_REQUEST_KINDS }).notNull(),
    status: text("status", { enum: PRIVACY_REQUEST_STATUSES }).notNull().default("received"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** As the customer gave it, kept when the order goes (ten years on). */
    reference: text("reference").notNull(),
    /** "+237XXXXXXXXX", the order's; null once an erasure answered the request. */
    phone: text("phone"),
    message: text("message").notNull().default(""),
    dueAt: timestamp("due_at", { withTimezone: true, mode: "date" }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true, mode: "date" }),
    answeredBy: uuid("answered_by").references(() => users.id, { onDelete: "set null" }),
    answeredByName: text("answered_by_name"),
    answer: text("answer").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    index("privacy_requests_open_idx").on(t.status, t.dueAt),
    index("privacy_requests_phone_idx").on(t.phone),
    check("privacy_requests_kind_check", sql`${t.kind} in (${inList(PRIVACY_REQUEST_KINDS)})`),
    check("privacy_requests_status_check", sql`${t.status} in (${inList(PRIVACY_REQUEST_STATUSES)})`),
  ],
);

/** The register of processing (decision 041): one row per purpose, seeded, edited by the owner. */
export const processingActivities = pgTable(
  "processing_activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stable name of a seeded line, so that seeding twice adds nothing. */
    slug: text("slug").notNull(),
    position: integer("position").notNull(),
    purpose: text("purpose").notNull(),
    legalBasis: text("legal_basis").notNull(),
    data: text("data").notNull(),
    people: text("people").notNull(),
    retention: text("retention").notNull(),
    recipients: text("recipients").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("processing_activities_slug_key").on(t.slug)],
);

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;
export type ProcessingActivityRow = typeof processingActivities.$inferSelect;
