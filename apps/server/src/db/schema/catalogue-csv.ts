import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A catalogue import (decision 047): the file as read at its preview, kept so that 'Confirmer'
 * needs no second upload (nor scripts), then applied by a job of the queue one product per
 * transaction, `done` moving in each product's own transaction: a server that dies mid-way
 * leaves an import another server resumes at the next product, never one applied twice.
 */
export const catalogueImports = pgTable(
  "catalogue_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The session and address that confirmed it: the products' audit lines carry them. */
    sessionId: uuid("session_id"),
    address: text("address"),
    fileName: text("file_name").notNull(),
    state: text("state", { enum: ["previewed", "waiting", "running", "done", "failed"] })
      .notNull()
      .default("previewed"),
    /** The file as read (CsvRead): planned again against the shop when it runs. */
    read: jsonb("read").notNull(),
    /** The preview's counts, as the admin confirmed them. */
    counts: jsonb("counts").notNull(),
    /** Products of the file, and how many are handled so far. */
    total: integer("total").notNull(),
    done: integer("done").notNull().default(0),
    /** What happened so far: counts, products that failed, pictures not taken. */
    report: jsonb("report").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("catalogue_imports_user_idx").on(t.userId, t.createdAt),
    check("catalogue_imports_state_check", sql`${t.state} in ('previewed', 'waiting', 'running', 'done', 'failed')`),
    check("catalogue_imports_done_check", sql`${t.done} between 0 and ${t.total}`),
  ],
);

export type CatalogueImportRow = typeof catalogueImports.$inferSelect;
