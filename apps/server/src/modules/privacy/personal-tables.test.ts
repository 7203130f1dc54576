/**
 * The export and the erasure cover every table that can name a person (decision 041): read
 * from the database's catalogue after the migrations, compared with PERSONAL_TABLES.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/harness.ts";
import { PERSON_COLUMNS, PERSONAL_TABLES } from "./personal-tables.ts";

const ctx = useTestApp();

async function tablesNamingPeople(): Promise<Map<string, string[]>> {
  const { rows } = (await ctx.database.db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and column_name in (${sql.join(
      PERSON_COLUMNS.map((c) => sql`${c}`),
      sql`, `,
    )})
    order by table_name, column_name`)) as unknown as { rows: { table_name: string; column_name: string }[] };
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of rows)
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
  return tables;
}

describe("the tables that name a person", () => {
  it("are each read by 'Mes données' and handled by an erasure, or said not to be a customer's", async () => {
    const found = await tablesNamingPeople();
    const missing = [...found.entries()]
      .filter(([table]) => !(table in PERSONAL_TABLES))
      .map(([table, columns]) => `${table} (${columns.join(", ")})`);
    expect(missing, "add them to PERSONAL_TABLES, the export and the erasure").toEqual([]);
  });

  it("lists no table that is gone", async () => {
    const found = await tablesNamingPeople();
    expect(Object.keys(PERSONAL_TABLES).filter((t) => !found.has(t))).toEqual([]);
  });
});
