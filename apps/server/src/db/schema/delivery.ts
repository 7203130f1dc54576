import { DELIVERY_KINDS } from "@shop/shared";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { inList, timestamps } from "./common.ts";

/**
 * The delivery options the back-office manages (decision 025): zones of Yaoundé by
 * neighbourhood, 'Retrait en boutique', 'Expédition hors Yaoundé'. An order copies what it
 * chose, so an option can change or go without touching past orders.
 */
export const deliveryOptions = pgTable(
  "delivery_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: DELIVERY_KINDS }).notNull(),
    name: text("name").notNull(),
    /** FCFA; null only for shipping: "à confirmer". */
    fee: integer("fee"),
    delay: text("delay").notNull().default(""),
    details: text("details").notNull().default(""),
    neighbourhoods: text("neighbourhoods").array().notNull().default(sql`'{}'::text[]`),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("delivery_options_position_idx").on(t.position, t.createdAt),
    check("delivery_options_kind_check", sql`${t.kind} in (${inList(DELIVERY_KINDS)})`),
    check("delivery_options_fee_check", sql`${t.fee} >= 0 or (${t.fee} is null and ${t.kind} = 'shipping')`),
  ],
);

/** The shop's delivery settings: one row. */
export const deliverySettings = pgTable(
  "delivery_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Free delivery in a zone from this subtotal; null: never. */
    freeFrom: integer("free_from"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [check("delivery_settings_one_row", sql`${t.id} = 1`)],
);

export type DeliveryOptionRow = typeof deliveryOptions.$inferSelect;
