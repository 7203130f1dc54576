import { lineName, MSG, notEnoughStock, variantLabel } from "@shop/shared";
import { and, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { type CartLineRow, cartLines } from "../../db/schema/cart.ts";
import { products } from "../../db/schema/products.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { ProductWithVariants } from "../products/products.mapper.ts";
import { productDetails } from "../products/products.service.ts";
import { byProduct, defaultVariantOf, variantsByProduct, variantsOfProductsIn } from "../products/variants.service.ts";

export interface CartLineWithProduct {
  line: CartLineRow;
  /** With its variants: the line's is among them (`line.variantId`). */
  product: ProductWithVariants;
}

const { searchVector: _v, searchText: _t, variantTerms: _terms, ...productColumns } = getTableColumns(products);

/**
 * One line per user and variant: adding one already there is refused, not doubled. Given only
 * the product, the line names its default variant (variants.service.ts). A sold-out variant is
 * refused here already (the order would be).
 */
export async function addToCart(
  db: Db,
  userId: string,
  productId: string,
  variantId?: string,
): Promise<CartLineWithProduct> {
  const product = await productDetails(db, productId);
  const variant = variantId ? product.variants.find((v) => v.id === variantId) : await defaultVariantOf(db, productId);
  if (!variant) throw notFound(variantId ? MSG.variantNotFound : MSG.productNotFound);
  if (variant.stock === 0) {
    throw conflict(notEnoughStock(lineName(product.productName, variantLabel(variant.optionValues)), 0));
  }
  const [line] = await db
    .insert(cartLines)
    .values({ userId, productId, variantId: variant.id, quantity: 1 })
    .onConflictDoNothing({ target: [cartLines.userId, cartLines.variantId] })
    .returning();
  if (!line) throw conflict(MSG.cartAlready);
  return { line, product };
}

const countQuery = prepared((db) =>
  db
    .select({ count: count() })
    .from(cartLines)
    .where(eq(cartLines.userId, sql.placeholder("userId")))
    .prepare("cart_count"),
);

export async function countCartLines(db: Db, userId: string): Promise<number> {
  const [row] = await countQuery(db).execute({ userId });
  return row?.count ?? 0;
}

const linesQuery = prepared((db) =>
  db
    .select({ line: cartLines, product: productColumns })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.userId, sql.placeholder("userId")))
    .orderBy(desc(cartLines.createdAt), desc(cartLines.id))
    .prepare("cart_lines"),
);

const variantsQuery = prepared((db) =>
  variantsOfProductsIn(
    db,
    db
      .select({ id: cartLines.productId })
      .from(cartLines)
      .where(eq(cartLines.userId, sql.placeholder("userId"))),
  ).prepare("cart_variants"),
);

/**
 * The cart's lines with their products and variants. The lines and the variants of the
 * products in the cart are read at once (one round trip, not two in a row); a line added
 * between the two reads gets its product's variants in a second one.
 */
export async function viewCart(db: Db, userId: string): Promise<CartLineWithProduct[]> {
  const [rows, variantRows] = await Promise.all([
    linesQuery(db).execute({ userId }),
    variantsQuery(db).execute({ userId }),
  ]);
  const variants = byProduct(variantRows);
  const missing = [...new Set(rows.map((r) => r.product.id).filter((id) => !variants.get(id)?.length))];
  if (missing.length) for (const [id, theirs] of await variantsByProduct(db, missing)) variants.set(id, theirs);
  return rows.map((r) => ({ line: r.line, product: { ...r.product, variants: variants.get(r.product.id) ?? [] } }));
}

const setQuantityQuery = prepared((db) =>
  db
    .update(cartLines)
    .set({ quantity: sql`${sql.placeholder("quantity")}` })
    .where(and(eq(cartLines.id, sql.placeholder("lineId")), eq(cartLines.userId, sql.placeholder("userId"))))
    .returning()
    .prepare("cart_set_quantity"),
);

const lineProductQuery = prepared((db) =>
  db
    .select(productColumns)
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(eq(cartLines.id, sql.placeholder("lineId")), eq(cartLines.userId, sql.placeholder("userId"))))
    .prepare("cart_line_product"),
);

const lineVariantsQuery = prepared((db) =>
  variantsOfProductsIn(
    db,
    db
      .select({ id: cartLines.productId })
      .from(cartLines)
      .where(and(eq(cartLines.id, sql.placeholder("lineId")), eq(cartLines.userId, sql.placeholder("userId")))),
  ).prepare("cart_line_variants"),
);

/**
 * The product of one of the user's lines, with its variants, in one round trip: what a
 * quantity change answers with, read beside the session's check (cart.routes.ts) before the
 * change itself. Another user's line is answered as unknown, so ids of other carts reveal nothing.
 */
export async function productOfLine(db: Db, userId: string, lineId: string): Promise<ProductWithVariants> {
  const [[product], variants] = await Promise.all([
    lineProductQuery(db).execute({ lineId, userId }),
    lineVariantsQuery(db).execute({ lineId, userId }),
  ]);
  if (!product) throw notFound(MSG.cartLineNotFound);
  return { ...product, variants };
}

/** Sets a line's quantity; a line gone meanwhile, or another user's, is answered as unknown. */
export async function setQuantity(db: Db, userId: string, lineId: string, quantity: number): Promise<CartLineRow> {
  const [line] = await setQuantityQuery(db).execute({ quantity, lineId, userId });
  if (!line) throw notFound(MSG.cartLineNotFound);
  return line;
}

export async function removeLine(db: Db, userId: string, lineId: string): Promise<void> {
  const deleted = await db
    .delete(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.userId, userId)))
    .returning({ id: cartLines.id });
  if (deleted.length === 0) throw notFound(MSG.cartLineNotFound);
}
