import { MSG, type StockAlertInput } from "@shop/shared";
import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, productVariants } from "../../db/schema/products.ts";
import { type StockAlertRow, stockAlerts } from "../../db/schema/stock.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { recordChange, type Staff } from "../audit/audit.service.ts";
import { type ObjectionKeys, objectionDates } from "../privacy/objections.service.ts";

/**
 * 'Prévenez-moi' (decision 024): a visitor leaves a number on a sold-out variant; once it is back
 * in stock, the back-office lists who asked, and an admin tells each one by WhatsApp.
 */

/** Kept once per variant and number while nobody has told them; asking again changes nothing. */
export async function askForStockAlert(db: Db, input: StockAlertInput): Promise<void> {
  const [variant] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, input.variantId));
  if (!variant) throw notFound(MSG.variantNotFound);
  if (variant.stock !== 0) throw conflict(MSG.stockAlertNotNeeded);
  await db
    .insert(stockAlerts)
    .values({ variantId: input.variantId, phone: input.phone })
    .onConflictDoNothing({ target: [stockAlerts.variantId, stockAlerts.phone], where: isNull(stockAlerts.notifiedAt) });
}

export interface AlertRow {
  alert: StockAlertRow;
  productId: string;
  productName: string;
  optionValues: string[];
}

/** Waiting for a variant that can be bought again (in stock, or no longer tracked). */
const backInStock = and(
  isNull(stockAlerts.notifiedAt),
  or(isNull(productVariants.stock), gt(productVariants.stock, 0)),
);
/** Of the products the admin manages (all of them for a SUPERADMIN). */
const managedBy = (actor: Pick<UserRow, "id" | "role">) =>
  actor.role === "SUPERADMIN" ? undefined : eq(products.userId, actor.id);

/**
 * Who is waiting for a variant that can be bought again, oldest first; without those who said
 * stop to reminders after they asked (decision 043: a request made after the stop is a new wish).
 */
export async function alertsToSend(db: Db, actor: UserRow, keys: ObjectionKeys): Promise<AlertRow[]> {
  const waiting = await db
    .select({
      alert: stockAlerts,
      productId: products.id,
      productName: products.productName,
      optionValues: productVariants.optionValues,
    })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(backInStock, managedBy(actor)))
    .orderBy(asc(stockAlerts.createdAt), asc(stockAlerts.id));
  const stopped = await objectionDates(
    db,
    keys,
    waiting.map((w) => w.alert.phone),
  );
  return waiting.filter((w) => {
    const since = stopped.get(w.alert.phone);
    return !since || since < w.alert.createdAt;
  });
}

/** The admin sent the message: the request leaves the list (only one the admin's list shows). */
export async function markAlertNotified(db: Db, staff: Staff, alertId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [shown] = await tx
      .select({ id: stockAlerts.id, variantId: stockAlerts.variantId, productId: products.id })
      .from(stockAlerts)
      .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(stockAlerts.id, alertId), backInStock, managedBy(staff.user)));
    if (!shown) throw notFound(MSG.stockAlertNotFound);
    const marked = await tx
      .update(stockAlerts)
      .set({ notifiedAt: sql`now()` })
      .where(and(eq(stockAlerts.id, alertId), isNull(stockAlerts.notifiedAt)))
      .returning({ id: stockAlerts.id });
    // Under its product (decision 038); the visitor's number stays out of the log.
    if (marked.length > 0) {
      await recordChange(tx, staff, {
        entity: "product",
        entityId: shown.productId,
        action: "stock-alert-notified",
        after: { alert: alertId, variant: shown.variantId },
      });
    }
  });
}
