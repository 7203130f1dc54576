/** What the personal-data tests share: reading an archive, searching the whole database for a person. */
import { sql } from "drizzle-orm";
import yauzl from "yauzl";
import type { Db } from "../../db/client.ts";

/** Every text of every table (jsonb and arrays too) that contains `needle`, as "table.column". */
export async function whereFound(db: Db, needle: string): Promise<string[]> {
  const { rows: columns } = (await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'jsonb', 'ARRAY', 'character varying')`)) as unknown as {
    rows: { table_name: string; column_name: string }[];
  };
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const hit = (await db.execute(
      sql`select 1 from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`} limit 1`,
    )) as unknown as { rows: unknown[] };
    if (hit.rows.length) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

/** The zip's entries, each with its bytes. */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}
