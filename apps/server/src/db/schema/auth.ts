import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * One row per signed-in browser or client: the token names its row (`jti`). Log-out deletes
 * it; a change of the user's role or password deletes all of the user's rows (the trigger of
 * migration 0008), so such tokens are refused on every app server at once (decision 021).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    /** What 'Mes appareils' shows (decision 039): the browser that signed in, from where, when last seen. */
    userAgent: text("user_agent").notNull().default(""),
    address: text("address"),
    /** Moved at most every few minutes per app server, not at every request. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** How it was opened (decision 040): "password", "password+totp", "passkey"… The staff's gate reads it. */
    openedWith: text("opened_with").notNull().default("password"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * One-time links to choose a new password (decision 032): only the SHA-256 of the token is
 * kept, so a copy of the database opens no account. Used once, within PASSWORD_RESET_TTL_SECONDS
 * (30 minutes by default).
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** "email" (asked on /forgot-password) or "whatsapp" (made by an admin). */
    channel: text("channel", { enum: ["email", "whatsapp"] }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("password_resets_token_key").on(t.tokenHash),
    index("password_resets_user_idx").on(t.userId, t.createdAt),
    check("password_resets_channel_check", sql`${t.channel} in ('email', 'whatsapp')`),
  ],
);
