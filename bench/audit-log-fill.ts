/**
 * A year of the audit log as a shop writes it, for bench/audit-bench.ts (decision 038).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../apps/server/src/db/client.ts";
import { int } from "./lib/format.ts";

/** Five members of staff, as a year of lines names them. */
export const STAFF_IDS = Array.from({ length: 5 }, (_, i) => `00000000-0000-4000-8000-00000000000${i + 1}`);

/**
 * A year of lines (one every ~31.5 s, oldest first), in one statement per batch so that the
 * chain's trigger runs for each as it does in production: 60 % products (10,000 of them:
 * updates, stock, variants, creations), 30 % orders (20,000 references: status, fees,
 * payments), the rest delivery options, settings, users (a role change every 5,000 lines).
 */
export async function fillLog(db: Db, lines: number): Promise<void> {
  const batch = 50_000;
  for (let start = 1; start <= lines; start += batch) {
    const end = Math.min(lines, start + batch - 1);
    await db.execute(sql`
      INSERT INTO audit_log (at, actor_id, actor_role, session_id, address, entity, entity_id, action, before, after)
      SELECT
        now() - ((${lines}::int - g) * interval '31.5 seconds'),
        (${`{${STAFF_IDS.join(",")}}`}::uuid[])[1 + g % 5],
        CASE WHEN g % 5 = 0 THEN 'SUPERADMIN' ELSE 'ADMIN' END,
        NULL,
        '41.202.219.' || (g % 250),
        CASE WHEN g % 5000 = 0 THEN 'user' WHEN g % 10 < 6 THEN 'product' WHEN g % 10 < 9 THEN 'order'
          WHEN g % 2 = 0 THEN 'delivery-option' ELSE 'setting' END,
        CASE WHEN g % 5000 = 0 THEN (${STAFF_IDS[0]}::uuid)::text
          WHEN g % 10 < 6 THEN ('00000000-0000-4000-a000-' || lpad((g % 10000)::text, 12, '0'))
          WHEN g % 10 < 9 THEN 'CMD-' || lpad((g % 20000)::text, 6, '0')
          ELSE 'delivery' END,
        CASE WHEN g % 5000 = 0 THEN 'role'
          WHEN g % 10 < 6 THEN (ARRAY['update', 'stock', 'stock', 'variants', 'update', 'create'])[1 + g % 6]
          WHEN g % 10 < 9 THEN (ARRAY['status', 'status', 'delivery-fee', 'payment-approve'])[1 + g % 4]
          ELSE 'update' END,
        jsonb_build_object('sellingPrice', 100000 + g % 1000, 'productName', 'iPhone 13 ' || g % 100),
        jsonb_build_object('sellingPrice', 99000 + g % 1000, 'productName', 'iPhone 13 ' || g % 100)
      FROM generate_series(${start}::int, ${end}::int) AS g
    `);
    process.stdout.write(`\r  log: ${int(end)} / ${int(lines)} lines`);
  }
  process.stdout.write("\n");
  await db.execute(sql`ANALYZE audit_log`);
}
