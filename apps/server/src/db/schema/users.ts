import { ROLES } from "@shop/shared";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { inList, timestamps } from "./common.ts";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Trimmed and lower-cased before it is stored. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("GENERAL"),
    profilePic: text("profile_pic"),
    /** Last sign-in or use of a session, to the day (decision 041: unused accounts are erased). */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** When the account was told it would be erased for lack of use; cleared by any use. */
    inactivityWarnedAt: timestamp("inactivity_warned_at", { withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_role_idx").on(t.role),
    check("users_role_check", sql`${t.role} in (${inList(ROLES)})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
