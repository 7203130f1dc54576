import { and, eq, sql } from "drizzle-orm";
import { productImageKeys } from "../../lib/images.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { saveVariants } from "../../modules/products/variants.service.ts";
import type { Db } from "../client.ts";
import { products, productVariants, type UserRow } from "../schema.ts";
import { DEMO_PRODUCTS, type DemoProduct, type DemoVariant } from "./demo-catalogue.ts";
import { seedDemoDelivery } from "./demo-delivery.ts";
import { designKey, type ImageDesign, storeDesign } from "./images.ts";

/** A demo variant ready to save, its pictures stored. */
export type DemoVariantRow = Omit<DemoVariant, "designs"> & { images: string[] };

/** A demo product ready to insert, its pictures (and its variants') drawn and stored. */
export type DemoProductRow = Omit<DemoProduct, "designs" | "variants"> & {
  productImage: string[];
  variants: DemoVariantRow[];
};

/**
 * Who saves the demo variants: the variants' service checks that its actor may manage the
 * product (a SUPERADMIN may) and names it in the stock history, which the seed leaves empty
 * (counts are written after, as a shop's opening stock, not as movements).
 */
const SEED_ACTOR = { id: null, name: "Catalogue de démonstration", role: "SUPERADMIN" } as unknown as UserRow;
/** The demo catalogue's changes, as the audit log records them: no person, no session. */
const SEED_STAFF = { user: SEED_ACTOR, sessionId: null, address: null };

/** Any lock id will do as long as every instance uses the same one; not the migrations' one. */
const SEED_LOCK = 727_100_2027;

/** The server has two cores: two pictures at a time keeps both busy without starving requests. */
const DEFAULT_CONCURRENCY = 2;

async function hasProducts(db: Pick<Db, "select">): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length > 0;
}

/** Removes pictures stored by storeDesign, given their URLs (`/uploads/images/<id>/800.webp`). */
export async function removeDemoImages(files: FileStorage, urls: Iterable<string>): Promise<void> {
  await files.remove([...new Set([...urls].flatMap(productImageKeys))]);
}

/**
 * Draws and stores the pictures of the demo catalogue, once per distinct design, and returns
 * the products with their image URLs, without touching the database. If a picture fails,
 * the ones already stored are removed.
 */
export async function buildDemoProducts(
  files: FileStorage,
  opts: { concurrency?: number } = {},
): Promise<DemoProductRow[]> {
  const queue = new Map<string, ImageDesign>();
  for (const product of DEMO_PRODUCTS) {
    const designs = [...product.designs, ...product.variants.flatMap((variant) => variant.designs)];
    for (const design of designs) queue.set(designKey(design), design);
  }
  const pending = [...queue];
  const stored = new Map<string, string>();
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    for (let next = pending.shift(); next && !failure; next = pending.shift()) {
      const [key, design] = next;
      try {
        stored.set(key, await storeDesign(files, design));
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? DEFAULT_CONCURRENCY }, worker));
  if (failure) {
    await removeDemoImages(files, stored.values());
    throw failure.error;
  }
  const urls = (designs: ImageDesign[]) => designs.map((design) => stored.get(designKey(design)) ?? "");
  return DEMO_PRODUCTS.map(({ designs, variants, ...product }) => ({
    ...product,
    productImage: urls(designs),
    variants: variants.map(({ designs: own, ...variant }) => ({ ...variant, images: urls(own) })),
  }));
}

/**
 * A demo product's variants and stock. Options and variants go through the product form's
 * service, so that the product's prices (the cheapest variant's), its search words and its
 * options are what an admin's save would make; counts are then set as the opening stock,
 * without movements (the history starts with the shop's first order or adjustment).
 */
async function stockAndVariants(tx: Db, productId: string, row: DemoProductRow): Promise<void> {
  if (row.options.length) {
    await saveVariants(tx, SEED_STAFF, productId, {
      options: row.options,
      variants: row.variants.map(({ optionValues, price, sellingPrice, images }) => ({
        optionValues,
        price,
        sellingPrice,
        stock: null,
        images,
      })),
    });
    for (const variant of row.variants) {
      if (variant.stock === null) continue;
      await tx
        .update(productVariants)
        .set({ stock: variant.stock })
        .where(and(eq(productVariants.productId, productId), eq(productVariants.optionValues, variant.optionValues)));
    }
  } else if (row.stock !== null) {
    await tx.update(productVariants).set({ stock: row.stock }).where(eq(productVariants.productId, productId));
  }
}

/**
 * Fills an empty shop with the demo catalogue and its delivery options; does nothing when any
 * product exists.
 * Products are inserted in one transaction, the first of DEMO_PRODUCTS the newest, one
 * minute apart, so that "newest first" lists them in a stable order.
 */
export async function seedDemoCatalogue(opts: {
  db: Db;
  files: FileStorage;
  ownerId: string | null;
  log?: (msg: string) => void;
}): Promise<{ inserted: number }> {
  const { db, files, ownerId, log } = opts;
  if (await hasProducts(db)) return { inserted: 0 };
  const started = performance.now();
  const rows = await buildDemoProducts(files);
  const urls = rows.flatMap((row) => [...row.productImage, ...row.variants.flatMap((variant) => variant.images)]);
  const now = Date.now();
  const values = rows.map(({ options: _options, variants: _variants, stock: _stock, ...row }, i) => {
    const createdAt = new Date(now - i * 60_000);
    return { ...row, userId: ownerId, createdAt, updatedAt: createdAt };
  });
  let inserted: number;
  try {
    inserted = await db.transaction(async (tx) => {
      // Drawing takes a while: another instance may have seeded the shop meanwhile.
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      if (await hasProducts(tx)) return 0;
      const made = await tx
        .insert(products)
        .values(values)
        .returning({ id: products.id, productName: products.productName });
      const idOf = new Map(made.map((row) => [row.productName, row.id]));
      for (const row of rows) {
        const productId = idOf.get(row.productName);
        if (productId) await stockAndVariants(tx, productId, row);
      }
      await seedDemoDelivery(tx);
      return values.length;
    });
  } catch (error) {
    await removeDemoImages(files, urls);
    throw error;
  }
  if (inserted === 0) {
    await removeDemoImages(files, urls);
    return { inserted };
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log?.(`Demo catalogue: ${inserted} products, ${new Set(urls).size} pictures, ${seconds} s`);
  return { inserted };
}
