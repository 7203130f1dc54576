import { asc, eq, inArray, sql } from "drizzle-orm";
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

/** The variants of these products, each product's in its position order. */
export async function variantsByProduct(
  db: Db,
  productIds: readonly string[],
): Promise<Map<string, ProductVariantRow[]>> {
  const byProduct = new Map<string, ProductVariantRow[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.sellingPrice));
  for (const row of rows) byProduct.get(row.productId)?.push(row);
  return byProduct;
}

/** Rows with their variants, in one query for all of them. */
export async function withVariants<T extends { id: string }>(
  db: Db,
  rows: readonly T[],
): Promise<(T & { variants: ProductVariantRow[] })[]> {
  const byProduct = await variantsByProduct(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, variants: byProduct.get(row.id) ?? [] }));
}
