import { type CategoryCreateInput, type CategoryUpdateInput, MSG } from "@shop/shared";
import { asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type CategoryRow, categories } from "../../db/schema/categories.ts";
import { products } from "../../db/schema/products.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { UNIQUE_VIOLATION, violates } from "../../lib/pg-errors.ts";
import { recordChange, recordUpdate, type Staff } from "../audit/audit.service.ts";

/*
 * Categories as data (decision 046): the owner creates, renames, reorders and hides them on the
 * back-office's 'Catégories' page. A product names its category by name; the foreign key
 * carries a rename to the products and refuses to delete a category that still has some.
 */

export interface AdminCategoryRow extends CategoryRow {
  productCount: number;
}

/** One write to the order at a time: positions are read and rewritten together. */
const CATEGORIES_LOCK = 727_100_46;

const listOrder = [asc(categories.position), asc(categories.name)];

/** The storefront's categories: the shown ones, in the owner's order. */
export function shownCategories(db: Db): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(eq(categories.hidden, false))
    .orderBy(...listOrder);
}

/** Every category with how many products name it (hidden and archived ones too). */
export async function adminCategories(db: Db): Promise<AdminCategoryRow[]> {
  const counts = db
    .select({ category: products.category, n: count().as("n") })
    .from(products)
    .groupBy(products.category)
    .as("counts");
  const rows = await db
    .select({ category: categories, productCount: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number) })
    .from(categories)
    .leftJoin(counts, eq(counts.category, categories.name))
    .orderBy(...listOrder);
  return rows.map((r) => ({ ...r.category, productCount: r.productCount }));
}

async function adminCategory(db: Db, id: string): Promise<AdminCategoryRow> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw notFound(MSG.categoryNotFound);
  const [counted] = await db.select({ n: count() }).from(products).where(eq(products.category, row.name));
  return { ...row, productCount: counted?.n ?? 0 };
}

/** "GADGETS ÉLECTRONIQUES" → "gadgets-electroniques". */
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.slice(0, 70).replace(/-+$/, "") || "categorie";
}

/** A slug made from the name, numbered when another category has it already. */
async function freeSlug(db: Db, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(
    (
      await db
        .select({ slug: categories.slug })
        .from(categories)
        .where(sql`${categories.slug} = ${base} or ${categories.slug} like ${`${base}-%`}`)
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A unique name or slug taken meanwhile by another category: said as the field's error. */
function takenError(error: unknown): Error | null {
  if (violates(error, UNIQUE_VIOLATION, "categories_name_key")) {
    return conflict(MSG.categoryNameTaken);
  }
  if (violates(error, UNIQUE_VIOLATION, "categories_slug_key")) {
    return conflict(MSG.categorySlugTaken);
  }
  return null;
}

/** A new category goes last in the storefront's order. */
export async function createCategory(db: Db, staff: Staff, input: CategoryCreateInput): Promise<AdminCategoryRow> {
  try {
    const id = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CATEGORIES_LOCK})`);
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${categories.position}), 0)`.mapWith(Number) })
        .from(categories);
      const [row] = await tx
        .insert(categories)
        .values({
          name: input.name,
          slug: input.slug ?? (await freeSlug(tx, input.name)),
          image: input.image ?? null,
          hidden: input.hidden ?? false,
          position: (last?.position ?? 0) + 1,
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      await recordChange(tx, staff, { entity: "category", entityId: row.id, action: "create", after: row });
      return row.id;
    });
    return adminCategory(db, id);
  } catch (error) {
    throw takenError(error) ?? error;
  }
}

/**
 * Changes the fields given. A new name is carried to every product of the category by the
 * foreign key (ON UPDATE CASCADE), in the same statement: no product is ever left naming a
 * category that no longer exists.
 */
export async function updateCategory(
  db: Db,
  staff: Staff,
  id: string,
  input: CategoryUpdateInput,
): Promise<AdminCategoryRow> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as CategoryUpdateInput;
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
      if (!current) throw notFound(MSG.categoryNotFound);
      if (Object.keys(changes).length === 0) return;
      const [row] = await tx
        .update(categories)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(categories.id, id))
        .returning();
      await recordUpdate(tx, staff, {
        entity: "category",
        entityId: id,
        action: "update",
        before: current,
        after: row ?? current,
        keys: Object.keys(changes),
      });
    });
    return adminCategory(db, id);
  } catch (error) {
    throw takenError(error) ?? error;
  }
}

/** The whole new order: every category named once, or nothing changes. */
export async function reorderCategories(db: Db, staff: Staff, ids: readonly string[]): Promise<AdminCategoryRow[]> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATEGORIES_LOCK})`);
    const current = await tx
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(...listOrder);
    const known = new Set(current.map((c) => c.id));
    if (new Set(ids).size !== ids.length || ids.length !== current.length || ids.some((i) => !known.has(i))) {
      throw badRequest(MSG.categoryOrderIncomplete, [{ path: "body.ids", message: MSG.categoryOrderIncomplete }]);
    }
    // One statement: positions 1…n in the order given.
    await tx.execute(sql`update ${categories} set position = o.n, updated_at = now()
      from unnest(array[${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}]::uuid[]) with ordinality as o(id, n)
      where ${categories.id} = o.id and ${categories.position} <> o.n`);
    await recordUpdate(tx, staff, {
      entity: "category",
      entityId: "order",
      action: "reorder",
      before: { order: current.map((c) => c.name) },
      after: { order: ids.map((i) => current.find((c) => c.id === i)?.name) },
      keys: ["order"],
    });
  });
  return adminCategories(db);
}

/** Refused while any product (hidden and archived ones too) names it: the message says how many. */
export async function deleteCategory(db: Db, staff: Staff, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!current) throw notFound(MSG.categoryNotFound);
    // Products moved into it meanwhile would wait on this row's lock, then fail the foreign key.
    const [counted] = await tx.select({ n: count() }).from(products).where(eq(products.category, current.name));
    const n = counted?.n ?? 0;
    if (n > 0) throw conflict(MSG.categoryNotEmpty(n));
    await tx.delete(categories).where(eq(categories.id, id));
    await recordChange(tx, staff, { entity: "category", entityId: id, action: "delete", before: current });
  });
}
