import { sql } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

// Column helpers every owner's tables use. The tables themselves live in the file of the module
// that writes them (schema/<module>.ts); db/schema.ts re-exports them all for drizzle-kit,
// db/client.ts, the seed, the tests and the benches.

export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const inList = (values: readonly string[]) =>
  sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", "));
