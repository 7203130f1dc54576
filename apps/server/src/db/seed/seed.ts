import { rm } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { products } from "../schema.ts";
import { DEMO_PRODUCTS, type DemoProduct } from "./demo-catalogue.ts";
import { designKey, type ImageDesign, storeDesign } from "./images.ts";

/** A demo product ready to insert, its pictures drawn and stored. */
export type DemoProductRow = Omit<DemoProduct, "designs"> & { productImage: string[] };

/** Any lock id will do as long as every instance uses the same one; not the migrations' one. */
const SEED_LOCK = 727_100_2027;

/** The server has two cores: two pictures at a time keeps both busy without starving requests. */
const DEFAULT_CONCURRENCY = 2;

async function hasProducts(db: Pick<Db, "select">): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length > 0;
}

/** Removes pictures stored by storeDesign, given their URLs (`/uploads/images/<id>/800.webp`). */
export async function removeDemoImages(uploadsDir: string, urls: Iterable<string>): Promise<void> {
  const ids = new Set([...urls].map((url) => /^\/uploads\/images\/([\w-]+)\/\d+\.webp$/.exec(url)?.[1]));
  await Promise.all(
    [...ids].map((id) => (id ? rm(path.join(uploadsDir, "images", id), { recursive: true, force: true }) : undefined)),
  );
}

/**
 * Draws and stores the pictures of the demo catalogue, once per distinct design, and returns
 * the products with their image URLs, without touching the database. If a picture fails,
 * the ones already stored are removed.
 */
export async function buildDemoProducts(
  uploadsDir: string,
  opts: { concurrency?: number } = {},
): Promise<DemoProductRow[]> {
  const queue = new Map<string, ImageDesign>();
  for (const product of DEMO_PRODUCTS) for (const design of product.designs) queue.set(designKey(design), design);
  const pending = [...queue];
  const stored = new Map<string, string>();
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    for (let next = pending.shift(); next && !failure; next = pending.shift()) {
      const [key, design] = next;
      try {
        stored.set(key, await storeDesign(uploadsDir, design));
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? DEFAULT_CONCURRENCY }, worker));
  if (failure) {
    await removeDemoImages(uploadsDir, stored.values());
    throw failure.error;
  }
  return DEMO_PRODUCTS.map(({ designs, ...product }) => ({
    ...product,
    productImage: designs.map((design) => stored.get(designKey(design)) ?? ""),
  }));
}

/**
 * Fills an empty shop with the demo catalogue; does nothing when any product exists.
 * Products are inserted in one transaction, the first of DEMO_PRODUCTS the newest, one
 * minute apart, so that "newest first" lists them in a stable order.
 */
export async function seedDemoCatalogue(opts: {
  db: Db;
  uploadsDir: string;
  ownerId: string | null;
  log?: (msg: string) => void;
}): Promise<{ inserted: number }> {
  const { db, uploadsDir, ownerId, log } = opts;
  if (await hasProducts(db)) return { inserted: 0 };
  const started = performance.now();
  const rows = await buildDemoProducts(uploadsDir);
  const urls = rows.flatMap((row) => row.productImage);
  const now = Date.now();
  const values = rows.map((row, i) => {
    const createdAt = new Date(now - i * 60_000);
    return { ...row, userId: ownerId, createdAt, updatedAt: createdAt };
  });
  let inserted: number;
  try {
    inserted = await db.transaction(async (tx) => {
      // Drawing takes a while: another instance may have seeded the shop meanwhile.
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      if (await hasProducts(tx)) return 0;
      await tx.insert(products).values(values);
      return values.length;
    });
  } catch (error) {
    await removeDemoImages(uploadsDir, urls);
    throw error;
  }
  if (inserted === 0) {
    await removeDemoImages(uploadsDir, urls);
    return { inserted };
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log?.(`Demo catalogue: ${inserted} products, ${new Set(urls).size} pictures, ${seconds} s`);
  return { inserted };
}
