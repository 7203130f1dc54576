import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./common.ts";

/** What visitors send through the contact page, kept until an admin has read and answered it. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
