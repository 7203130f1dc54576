import { FIELD_MSG, MSG, type ProductVariantsInput } from "@shop/shared";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { type ProductVariantRow, products, productVariants } from "../../db/schema/products.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { recordUpdate, type Staff } from "../audit/audit.service.ts";
import { recordCountChange } from "../stock/stock.service.ts";
import { assertManagesProduct } from "./ownership.ts";

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

/** The order in which a product's variants are shown, and answered everywhere. */
export const VARIANT_ORDER = [asc(productVariants.position), asc(productVariants.sellingPrice)];

/** The variants of these products, each product's in its position order. */
export async function variantsByProduct(
  db: Db,
  productIds: readonly string[],
): Promise<Map<string, ProductVariantRow[]>> {
  const grouped = new Map<string, ProductVariantRow[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return grouped;
  const rows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(asc(productVariants.productId), ...VARIANT_ORDER);
  for (const row of rows) grouped.get(row.productId)?.push(row);
  return grouped;
}

const variantsOfProductQuery = prepared((db) =>
  db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, sql.placeholder("productId")))
    .orderBy(...VARIANT_ORDER)
    .prepare("variants_of_product"),
);

/** One product's variants in their position order (a prepared query: every cart change reads it). */
export const variantsOfProduct = (db: Db, productId: string): Promise<ProductVariantRow[]> =>
  variantsOfProductQuery(db).execute({ productId });

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

/** Why the product form changed a count, in the history. */
const FORM_NOTE = "Fiche produit";

/**
 * The product form's options and variants (decision 024), in one transaction under the
 * product's row lock: variants are kept by id, else by their values (their history and carts
 * stay), new ones made, missing ones deleted (their cart lines with them; order lines keep
 * their copy). A count the form changed is a movement; a count an order changed since the form
 * was opened (`stockSeen`) refuses the save. The product's options and prices (the cheapest
 * variant's) follow. The caller clears the catalogue cache, as for every product write.
 */
export async function saveVariants(
  db: Db,
  staff: Staff,
  productId: string,
  input: ProductVariantsInput,
): Promise<void> {
  const actor = staff.user;
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, userId: products.userId, options: products.options })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!product) throw notFound(MSG.productNotFound);
    assertManagesProduct(actor, product.userId);
    const current = await tx
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.position))
      .for("update");
    const byId = new Map(current.map((v) => [v.id, v]));
    const key = (values: readonly string[]) => JSON.stringify(values.map((v) => v.toLowerCase()));
    const byValues = new Map(current.map((v) => [key(v.optionValues), v]));
    // Each value as its option spells it.
    const spelled = (values: readonly string[]) =>
      values.map((v, k) => input.options[k]?.values.find((a) => a.toLowerCase() === v.toLowerCase()) ?? v);

    const kept = new Map<string, ProductVariantRow>();
    const plan = input.variants.map((variant, position) => {
      let existing: ProductVariantRow | undefined;
      if (variant._id) {
        existing = byId.get(variant._id);
        if (!existing)
          throw badRequest(MSG.variantNotFound, [
            { path: `body.variants.${position}._id`, message: MSG.variantNotFound },
          ]);
      } else {
        existing = byValues.get(key(variant.optionValues));
        if (existing && kept.has(existing.id)) existing = undefined;
      }
      if (existing) {
        if (kept.has(existing.id)) {
          throw badRequest(FIELD_MSG.variantDuplicate, [
            { path: `body.variants.${position}._id`, message: FIELD_MSG.variantDuplicate },
          ]);
        }
        kept.set(existing.id, existing);
        if (variant.stockSeen !== undefined && variant.stockSeen !== existing.stock) {
          throw conflict(MSG.stockChangedMeanwhile);
        }
      }
      return { variant, position, existing, optionValues: spelled(variant.optionValues) };
    });

    const gone = current.filter((v) => !kept.has(v.id)).map((v) => v.id);
    if (gone.length) await tx.delete(productVariants).where(inArray(productVariants.id, gone));
    // Values may move from one kept variant to another: out of the unique index's way first.
    for (const { existing } of plan) {
      if (existing) {
        await tx
          .update(productVariants)
          .set({ optionValues: sql`array[${existing.id}::text]` })
          .where(eq(productVariants.id, existing.id));
      }
    }
    for (const { variant, position, existing, optionValues } of plan) {
      const values = {
        position,
        optionValues,
        price: variant.price,
        sellingPrice: variant.sellingPrice,
        stock: variant.stock,
        images: variant.images,
        updatedAt: sql`now()`,
      };
      if (existing) {
        await tx.update(productVariants).set(values).where(eq(productVariants.id, existing.id));
        await recordCountChange(tx, existing.id, existing.stock, variant.stock, FORM_NOTE, actor);
      } else {
        const [made] = await tx
          .insert(productVariants)
          .values({ ...values, productId })
          .returning({ id: productVariants.id });
        if (made) await recordCountChange(tx, made.id, null, variant.stock, FORM_NOTE, actor);
      }
    }
    const cheapest = [...input.variants].sort((a, b) => a.sellingPrice - b.sellingPrice)[0];
    // What search finds it by: every value a variant is sold in.
    const terms = [...new Set(plan.flatMap((p) => p.optionValues))].join(" ");
    await tx
      .update(products)
      .set({
        options: input.options.map((o) => ({ name: o.name, values: o.values })),
        price: cheapest?.price ?? 0,
        sellingPrice: cheapest?.sellingPrice ?? 0,
        variantTerms: terms,
      })
      .where(eq(products.id, productId));
    // The audit log keeps the options and variants as they were and became (decision 038).
    const shape = (v: Pick<ProductVariantRow, "optionValues" | "price" | "sellingPrice" | "stock" | "images">) => ({
      optionValues: v.optionValues,
      price: v.price,
      sellingPrice: v.sellingPrice,
      stock: v.stock,
      images: v.images,
    });
    await recordUpdate(tx, staff, {
      entity: "product",
      entityId: productId,
      action: "variants",
      before: { options: product.options, variants: current.map(shape) },
      after: {
        options: input.options.map((o) => ({ name: o.name, values: o.values })),
        variants: plan.map(({ variant, optionValues }) => shape({ ...variant, optionValues })),
      },
      keys: ["options", "variants"],
    });
  });
}
