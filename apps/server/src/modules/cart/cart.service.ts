import { lineName, MSG, notEnoughStock, variantLabel } from "@shop/shared";
import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { type CartLineRow, cartLines } from "../../db/schema/cart.ts";
import { type ProductRow, type ProductVariantRow, products, productVariants } from "../../db/schema/products.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import {
  fromOpenSession,
  type InSession,
  type SessionClaim,
  sessionIsOpen,
  signedInUserId,
} from "../auth/sessions.service.ts";
import type { ProductWithVariants } from "../products/products.mapper.ts";
import { productForSale } from "../products/products.service.ts";
import { defaultVariantOf, VARIANT_ORDER } from "../products/variants.service.ts";

export interface CartLineWithProduct {
  line: CartLineRow;
  /** With its variants: the line's is among them (`line.variantId`). */
  product: ProductWithVariants;
}

const { searchVector: _v, searchText: _t, variantTerms: _terms, ...productColumns } = getTableColumns(products);
type ProductColumns = Omit<ProductRow, "searchVector" | "searchText" | "variantTerms">;

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
  // A hidden or archived product, or one of a hidden category, is not for sale (decision 046).
  const product = await productForSale(db, productId);
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
  fromOpenSession(db, {
    count: sql<number>`(select count(*) from ${cartLines} where ${cartLines.userId} = ${signedInUserId})`.mapWith(
      Number,
    ),
  }).prepare("cart_count"),
);

/** The number of lines in the cart of the session's user, read with the session's check. */
export async function countCartLines(db: Db, session: SessionClaim): Promise<InSession<number>> {
  const [row] = await countQuery(db).execute({ ...session });
  return row ? { user: row.user, value: row.count } : null;
}

const viewQuery = prepared((db) =>
  fromOpenSession(db, { line: cartLines, product: productColumns, variant: productVariants })
    .leftJoin(cartLines, eq(cartLines.userId, signedInUserId))
    .leftJoin(products, eq(products.id, cartLines.productId))
    .leftJoin(productVariants, eq(productVariants.productId, cartLines.productId))
    .orderBy(desc(cartLines.createdAt), desc(cartLines.id), ...VARIANT_ORDER)
    .prepare("cart_view"),
);

/** Rows of a line, its product and one of the product's variants each, as lines with their products' variants. */
function linesOf(
  rows: readonly { line: CartLineRow | null; product: ProductColumns | null; variant: ProductVariantRow | null }[],
): CartLineWithProduct[] {
  const lines: CartLineWithProduct[] = [];
  for (const { line, product, variant } of rows) {
    if (!line || !product) continue;
    let last = lines.at(-1);
    if (last?.line.id !== line.id) {
      last = { line, product: { ...product, variants: [] } };
      lines.push(last);
    }
    if (variant) last.product.variants.push(variant);
  }
  return lines;
}

/**
 * The cart of the session's user, newest line first, with each line's product and its
 * variants: one statement with the session's check, so nothing is read apart from it.
 */
export async function viewCart(db: Db, session: SessionClaim): Promise<InSession<CartLineWithProduct[]>> {
  const rows = await viewQuery(db).execute({ ...session });
  const [first] = rows;
  return first ? { user: first.user, value: linesOf(rows) } : null;
}

const setQuantityQuery = prepared((db) => {
  // A data-modifying CTE runs once whatever the rest reads; its own condition on the session
  // is what keeps it from changing a line once signed out.
  const changed = db.$with("changed").as(
    db
      .update(cartLines)
      .set({ quantity: sql`${sql.placeholder("quantity")}` })
      .where(
        and(
          eq(cartLines.id, sql.placeholder("lineId")),
          eq(cartLines.userId, sql.placeholder("userId")),
          sessionIsOpen(db),
        ),
      )
      .returning(),
  );
  const line = Object.fromEntries(
    Object.keys(getTableColumns(cartLines)).map((key) => [key, changed[key as keyof CartLineRow]]),
  ) as { [K in keyof CartLineRow]: (typeof changed)[K] };
  return fromOpenSession(db.with(changed), { line, product: productColumns, variant: productVariants })
    .leftJoin(changed, sql`true`)
    .leftJoin(products, eq(products.id, changed.productId))
    .leftJoin(productVariants, eq(productVariants.productId, changed.productId))
    .orderBy(...VARIANT_ORDER)
    .prepare("cart_set_quantity");
});

/**
 * Sets the quantity of one of the session's user's lines, in one statement with the session's
 * check (nothing changes once signed out), and answers the line with its product and its
 * variants. A line gone meanwhile, or another user's, is answered as unknown, so ids of other
 * carts reveal nothing.
 */
export async function setQuantity(
  db: Db,
  session: SessionClaim,
  lineId: string,
  quantity: number,
): Promise<InSession<CartLineWithProduct>> {
  const rows = await setQuantityQuery(db).execute({ ...session, lineId, quantity });
  const [first] = rows;
  if (!first) return null;
  const [changed] = linesOf(rows);
  if (!changed) throw notFound(MSG.cartLineNotFound);
  return { user: first.user, value: changed };
}

export async function removeLine(db: Db, userId: string, lineId: string): Promise<void> {
  const deleted = await db
    .delete(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.userId, userId)))
    .returning({ id: cartLines.id });
  if (deleted.length === 0) throw notFound(MSG.cartLineNotFound);
}
