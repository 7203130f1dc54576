import { bestSale, type SaleOffer, type TargetedItem, targets } from "@shop/shared";
import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type PromotionRow, promotions } from "../../db/schema/promotions.ts";

/*
 * Sales on prices (decision 051): which sales run at a moment, and what a unit costs then.
 * Each read that is not served from a cache asks the database which run now (a handful of
 * rows); an order asks in its own transaction. sales.plugin.ts forgets the caches when one
 * starts or ends.
 */

export type Sale = SaleOffer &
  Pick<PromotionRow, "startsAt" | "pausedAt" | "productIds" | "variantIds" | "categories" | "brands"> & {
    endsAt: Date;
  };

const toSale = (row: PromotionRow): Sale => ({
  id: row.id,
  name: row.name,
  type: row.discountType,
  value: row.value,
  startsAt: row.startsAt,
  endsAt: row.endsAt ?? new Date(8.64e15),
  pausedAt: row.pausedAt,
  productIds: row.productIds,
  variantIds: row.variantIds,
  categories: row.categories,
  brands: row.brands,
});

/** The sales running at this moment, from the database (a handful of rows). */
export async function salesRunning(db: Db): Promise<Sale[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.kind, "sale"),
        isNull(promotions.pausedAt),
        lte(promotions.startsAt, sql`now()`),
        gt(promotions.endsAt, sql`now()`),
      ),
    );
  return rows.map(toSale);
}

/** The next moment a sale starts or ends, or null: when what the catalogue shows changes by itself. */
export async function nextSaleChange(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<
        Date | string | null
      >`min(case when ${promotions.startsAt} > now() then ${promotions.startsAt} else ${promotions.endsAt} end)`,
    })
    .from(promotions)
    .where(and(eq(promotions.kind, "sale"), gt(promotions.endsAt, sql`now()`)));
  return row?.at ? new Date(row.at) : null;
}

/** What a unit of this variant costs with the running sales: the best one that names it, or none. */
export function priceWith(
  running: readonly Sale[],
  item: TargetedItem,
  usual: number,
): { price: number; sale: Sale } | null {
  const found = bestSale(
    usual,
    running.filter((s) => targets(s, item)),
  );
  return found ? { price: found.price, sale: found.sale } : null;
}
