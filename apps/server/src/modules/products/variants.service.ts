import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type ProductVariantRow, productVariants } from "../../db/schema.ts";

/**
 * A product's variants (decision 024): every product has at least one, made with it by the
 * database (migration 0009); a product without options has exactly one, with no values.
 */

/**
 * The variant a cart line names when the client gave only the product (older clients'
 * `addtocart {productId}`): the cheapest one that can be bought (in stock, or not tracked),
 * else the cheapest.
 */
export async function defaultVariantOf(db: Db, productId: string): Promise<ProductVariantRow | undefined> {
  const [row] = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(
      sql`coalesce(${productVariants.stock}, 1) = 0`,
      asc(productVariants.sellingPrice),
      asc(productVariants.position),
    )
    .limit(1);
  return row;
}
