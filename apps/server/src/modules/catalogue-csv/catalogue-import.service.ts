import {
  CATALOGUE_REPORT_MAX,
  type CatalogueImportReport,
  type CataloguePreview,
  type ImageFailure,
  MSG,
  type PlannedProduct,
  type RefusedLine,
} from "@shop/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type CatalogueImportRow, catalogueImports } from "../../db/schema/catalogue-csv.ts";
import { users } from "../../db/schema/users.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { CHECK_VIOLATION, UNIQUE_VIOLATION, violates } from "../../lib/pg-errors.ts";
import { RemoteImageError, type RemoteImageOptions, storeRemoteImage } from "../../lib/remote-image.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { recordChange, type Staff } from "../audit/audit.service.ts";
import { adminCategories } from "../categories/categories.service.ts";
import { productsNamedBy, writeCatalogueKeys } from "../products/catalogue-rows.service.ts";
import { createProduct, updateProduct } from "../products/products.service.ts";
import { saveVariants } from "../products/variants.service.ts";
import { type CsvRead, type ImportPlan, planCatalogueImport } from "./catalogue-csv.parse.ts";

/** The queue's kind of job that applies a confirmed import (decision 042). */
export const CATALOGUE_IMPORT_JOB = "catalogue-import";

type Viewer = Staff["user"];

/** What an import keeps of its file: the file as read, and the origins its own pictures came from. */
interface KeptFile {
  file: CsvRead;
  ownOrigins: string[];
}

const emptyReport = (): CatalogueImportReport => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  refused: 0,
  failures: [],
  images: [],
});

/** The file, its shop's products and categories: what it would do, now. */
async function planNow(db: Db, viewer: Viewer, file: CsvRead, ownOrigins: readonly string[]): Promise<ImportPlan> {
  const handles = [...new Set(file.products.map((p) => p.handle).filter(Boolean))];
  const skus = [...new Set(file.products.flatMap((p) => p.variants.flatMap((v) => (v.sku ? [v.sku] : []))))];
  const [existing, categories] = await Promise.all([productsNamedBy(db, { handles, skus }), adminCategories(db)]);
  return planCatalogueImport(file, { viewer, categories: categories.map((c) => c.name), existing, ownOrigins });
}

/**
 * Plans the file, and keeps it as this admin's import until it is confirmed: the admin's
 * earlier unconfirmed previews are dropped (one draft per person). Writes no product.
 */
export async function keepPreview(
  db: Db,
  viewer: Viewer,
  fileName: string,
  file: CsvRead,
  ownOrigins: readonly string[],
  toPreview: (plan: ImportPlan, importId: string) => CataloguePreview,
): Promise<CataloguePreview> {
  // What is kept is the file as read, before planning normalises it.
  const kept: KeptFile = { file: structuredClone(file), ownOrigins: [...ownOrigins] };
  const plan = await planNow(db, viewer, file, ownOrigins);
  const counts = toPreview(plan, "").counts;
  const id = await db.transaction(async (tx) => {
    await tx
      .delete(catalogueImports)
      .where(and(eq(catalogueImports.userId, viewer.id), eq(catalogueImports.state, "previewed")));
    const [row] = await tx
      .insert(catalogueImports)
      .values({
        userId: viewer.id,
        fileName: fileName.slice(0, 200),
        read: kept,
        counts,
        total: file.products.length,
        report: emptyReport(),
      })
      .returning({ id: catalogueImports.id });
    return row!.id;
  });
  return toPreview(plan, id);
}

/** One of the viewer's imports (a SUPERADMIN's too: only its maker follows or confirms it). */
async function ownImport(db: Db, viewer: Viewer, id: string, lock = false): Promise<CatalogueImportRow> {
  const query = db
    .select()
    .from(catalogueImports)
    .where(and(eq(catalogueImports.id, id), eq(catalogueImports.userId, viewer.id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(MSG.importNotFound);
  return row;
}

/**
 * 'Confirmer l'import': the previewed import goes to the queue, once (a second confirmation is
 * refused), with the session and address its products' audit lines will carry.
 */
export async function startImport(
  db: Db,
  staff: Staff,
  id: string,
  enqueue: (tx: Db, importId: string) => Promise<unknown>,
): Promise<CatalogueImportRow> {
  return db.transaction(async (tx) => {
    const found = await ownImport(tx, staff.user, id, true);
    if (found.state !== "previewed") throw conflict(MSG.importAlreadyStarted);
    const [row] = await tx
      .update(catalogueImports)
      .set({ state: "waiting", sessionId: staff.sessionId, address: staff.address })
      .where(eq(catalogueImports.id, id))
      .returning();
    await enqueue(tx, id);
    await recordChange(tx, staff, {
      entity: "catalogue-import",
      entityId: id,
      action: "import",
      after: { fileName: found.fileName, counts: found.counts },
    });
    return row!;
  });
}

export const importOf = (db: Db, viewer: Viewer, id: string) => ownImport(db, viewer, id);

/** The viewer's last import (to follow after a reload), or null. */
export async function latestImport(db: Db, viewer: Viewer): Promise<CatalogueImportRow | null> {
  const [row] = await db
    .select()
    .from(catalogueImports)
    .where(eq(catalogueImports.userId, viewer.id))
    .orderBy(desc(catalogueImports.createdAt))
    .limit(1);
  return row ?? null;
}

export interface RunOptions {
  files: FileStorage;
  images?: RemoteImageOptions;
  /** Called after a few products are written, and at the end: the catalogue caches forget. */
  changed?: () => Promise<void>;
  /** The queue's attempt is its last: a failure ends the import as failed. */
  lastAttempt?: boolean;
}

const isRemote = (url: string) => /^https?:\/\//i.test(url);

/**
 * The pictures of the file for this product, fetched and stored as uploads are; a picture that
 * fails is left out and named in the report (decision 047).
 */
async function fetchPictures(
  planned: PlannedProduct,
  files: FileStorage,
  options: RemoteImageOptions | undefined,
): Promise<{ product: PlannedProduct; failures: ImageFailure[] }> {
  const urls = [...new Set([...planned.productImage, ...planned.variants.flatMap((v) => v.images)].filter(isRemote))];
  if (urls.length === 0) return { product: planned, failures: [] };
  const stored = new Map<string, string>();
  const failures: ImageFailure[] = [];
  for (const url of urls) {
    try {
      stored.set(url, await storeRemoteImage(files, url, options));
    } catch (error) {
      const reason = error instanceof RemoteImageError ? error.message : "image illisible";
      const line = planned.variants.find((v) => v.images.includes(url))?.line ?? planned.line;
      failures.push({ line, handle: planned.handle, url, reason });
    }
  }
  const swap = (list: string[]) => list.flatMap((url) => (isRemote(url) ? (stored.get(url) ?? []) : [url]));
  return {
    product: {
      ...planned,
      productImage: swap(planned.productImage),
      variants: planned.variants.map((v) => ({ ...v, images: swap(v.images) })),
    },
    failures,
  };
}

/** Writes one planned product with the product form's own services: its audit lines with it. */
async function writeProduct(tx: Db, staff: Staff, planned: PlannedProduct): Promise<void> {
  const cheapest = [...planned.variants].sort((a, b) => a.sellingPrice - b.sellingPrice)[0];
  const fields = {
    productName: planned.productName,
    brandName: planned.brandName,
    category: planned.category,
    description: planned.description,
    hidden: planned.hidden,
    productImage: planned.productImage,
  };
  let productId = planned.productId;
  if (planned.action === "create" || !productId) {
    const made = await createProduct(tx, staff, {
      ...fields,
      price: cheapest?.price ?? 1,
      sellingPrice: cheapest?.sellingPrice ?? 1,
    });
    productId = made.id;
  } else {
    const changed = Object.fromEntries(
      Object.entries(fields).filter(([key]) => planned.changes.includes(key)),
    ) as Partial<typeof fields>;
    if (Object.keys(changed).length > 0) await updateProduct(tx, staff, { _id: productId, ...changed });
  }
  const variantsChange =
    planned.action === "create" || planned.changes.includes("variants") || planned.changes.includes("options");
  if (variantsChange) {
    await saveVariants(tx, staff, productId, {
      options: planned.options,
      variants: planned.variants.map((v) => ({
        ...(v.variantId ? { _id: v.variantId } : {}),
        optionValues: v.optionValues,
        price: v.price,
        sellingPrice: v.sellingPrice,
        stock: v.stock,
        images: v.images,
      })),
    });
  }
  // saveVariants keeps the file's order as positions: the file's variant k is at position k.
  if (variantsChange || planned.action === "create") {
    await writeCatalogueKeys(tx, productId, {
      handle: planned.action === "create" ? planned.handle : undefined,
      skus: planned.variants.map((v) => v.sku),
    });
  }
}

/** Bounded lists: the counts are whole, the lines named are the first ones. */
const capped = <T>(list: T[], more: readonly T[]) => [...list, ...more].slice(0, CATALOGUE_REPORT_MAX);

/**
 * Applies a confirmed import: the file planned again against the shop as it is now, then one
 * transaction per product that also moves `done` (guarded by its old value: two runners never
 * both write a product). Resumes after `done` when a server died mid-way. The queue's handler.
 */
export async function runImport(db: Db, importId: string, options: RunOptions): Promise<CatalogueImportReport> {
  const [found] = await db.select().from(catalogueImports).where(eq(catalogueImports.id, importId));
  if (!found || found.state === "previewed") throw new Error(`catalogue import ${importId} is not confirmed`);
  if (found.state === "done" || found.state === "failed") return found.report as CatalogueImportReport;
  const [user] = await db
    .select({ id: users.id, role: users.role, name: users.name })
    .from(users)
    .where(eq(users.id, found.userId));
  if (!user || user.role === "GENERAL") {
    // Its maker is no longer staff: the import writes nothing more.
    await db
      .update(catalogueImports)
      .set({ state: "failed", finishedAt: sql`now()` })
      .where(eq(catalogueImports.id, importId));
    return found.report as CatalogueImportReport;
  }
  const staff: Staff = { user, sessionId: found.sessionId, address: found.address };
  await db
    .update(catalogueImports)
    .set({ state: "running", startedAt: sql`coalesce(${catalogueImports.startedAt}, now())` })
    .where(eq(catalogueImports.id, importId));
  try {
    const { file, ownOrigins } = found.read as KeptFile;
    const plan = await planNow(db, user, file, ownOrigins);
    const planned = new Map(plan.products.map((p) => [p.line, p]));
    let report = found.report as CatalogueImportReport;
    let done = found.done;
    let sinceChanged = 0;
    for (const read of file.products.slice(done)) {
      let product = planned.get(read.line);
      let next: CatalogueImportReport;
      let images: ImageFailure[] = [];
      if (product && product.action !== "unchanged") {
        ({ product, failures: images } = await fetchPictures(product, options.files, options.images));
      }
      const counted = (
        outcome: "created" | "updated" | "unchanged" | "refused",
        failures: readonly RefusedLine[] = [],
      ) => ({
        ...report,
        [outcome]: report[outcome] + 1,
        failures: capped(report.failures, failures),
        images: capped(report.images, images),
      });
      if (!product)
        next = counted(
          "refused",
          plan.refused.filter((r) => r.handle === read.handle),
        );
      else
        next = counted(product.action === "create" ? "created" : product.action === "update" ? "updated" : "unchanged");
      try {
        await db.transaction(async (tx) => {
          if (product && product.action !== "unchanged") await writeProduct(tx, staff, product);
          await moveOn(tx, importId, done, next);
        });
      } catch (error) {
        if (!(error instanceof AppError) && !isDataError(error)) throw error;
        // Nothing of the product stays (its transaction rolled back); the import goes on.
        images = [];
        next = counted("refused", [
          { line: read.line, handle: read.handle, reason: MSG.importProductFailed(reasonOf(error)) },
        ]);
        await db.transaction((tx) => moveOn(tx, importId, done, next));
      }
      report = next;
      done++;
      if (product && product.action !== "unchanged" && ++sinceChanged >= 25) {
        sinceChanged = 0;
        await options.changed?.();
      }
    }
    await db
      .update(catalogueImports)
      .set({ state: "done", finishedAt: sql`now()` })
      .where(eq(catalogueImports.id, importId));
    await options.changed?.();
    return report;
  } catch (error) {
    if (options.lastAttempt) {
      await db
        .update(catalogueImports)
        .set({ state: "failed", finishedAt: sql`now()` })
        .where(eq(catalogueImports.id, importId));
    }
    throw error;
  }
}

/** `done` moves from `from` to the next product, with the report, or the transaction fails. */
async function moveOn(tx: Db, importId: string, from: number, report: CatalogueImportReport): Promise<void> {
  const moved = await tx
    .update(catalogueImports)
    .set({ done: from + 1, report })
    .where(and(eq(catalogueImports.id, importId), eq(catalogueImports.done, from)))
    .returning({ id: catalogueImports.id });
  if (moved.length === 0) throw new Error(`catalogue import ${importId}: another runner moved past product ${from}`);
}

/** PostgreSQL's refusals of a row (a key taken meanwhile, a check): the product's, not the import's. */
const isDataError = (error: unknown) => violates(error, UNIQUE_VIOLATION) || violates(error, CHECK_VIOLATION);

function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (violates(error, UNIQUE_VIOLATION, "products_handle_key")) return "ce Handle est pris par un autre produit";
  if (violates(error, UNIQUE_VIOLATION)) return "ce SKU est pris par un autre produit";
  return "la base de données a refusé le produit";
}
