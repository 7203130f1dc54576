import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { passwordResets, sessions } from "../../db/schema/auth.ts";
import { cartLines } from "../../db/schema/cart.ts";
import { contactMessages } from "../../db/schema/contact.ts";
import { type OrderRow, orderLines, orderStatusChanges, orders } from "../../db/schema/orders.ts";
import { payments } from "../../db/schema/payments.ts";
import { products, productVariants } from "../../db/schema/products.ts";
import { pushSubscriptions } from "../../db/schema/push.ts";
import { reviews } from "../../db/schema/reviews.ts";
import { secondFactors } from "../../db/schema/second-factors.ts";
import { stockAlerts } from "../../db/schema/stock.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { orderFileKey } from "../orders/files.ts";
import { screenshotKey } from "../payments/payments.service.ts";

/**
 * Every row of the database that names one account's person (decision 041): what 'Mes
 * données' shows and the archive holds. `personal-tables.test.ts` fails when a table naming a
 * person is added without being read here (or said not to be a customer's).
 */
export async function personalDataOf(db: Db, userId: string) {
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  if (!account) return null;
  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
  const [parts, cart, reviewed, messages, devices, factors, resets, pushes] = await Promise.all([
    orderPartsOf(db, orderRows),
    db
      .select({
        productName: products.productName,
        optionValues: productVariants.optionValues,
        quantity: cartLines.quantity,
      })
      .from(cartLines)
      .innerJoin(products, eq(products.id, cartLines.productId))
      .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.createdAt)),
    db
      .select({
        productName: products.productName,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.createdAt)),
    db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, account.email))
      .orderBy(asc(contactMessages.createdAt)),
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastUsedAt)),
    db.select().from(secondFactors).where(eq(secondFactors.userId, userId)).orderBy(asc(secondFactors.createdAt)),
    db.select().from(passwordResets).where(eq(passwordResets.userId, userId)).orderBy(asc(passwordResets.createdAt)),
    db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt)),
  ]);
  return {
    account,
    ...parts,
    cart,
    reviews: reviewed,
    messages,
    devices,
    factors,
    resets,
    pushes,
  };
}

/** Orders with their lines, history and payments, and the 'Prévenez-moi' requests of their numbers. */
async function orderPartsOf(db: Db, orderRows: OrderRow[]) {
  const orderIds = orderRows.map((o) => o.id);
  const phones = [...new Set(orderRows.flatMap((o) => (o.phone ? [o.phone] : [])))];
  const some = orderIds.length > 0;
  const [lines, history, paid, alerts] = await Promise.all([
    some
      ? db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.position))
      : [],
    some
      ? db
          .select()
          .from(orderStatusChanges)
          .where(inArray(orderStatusChanges.orderId, orderIds))
          .orderBy(asc(orderStatusChanges.createdAt))
      : [],
    some ? db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(asc(payments.createdAt)) : [],
    phones.length
      ? db
          .select({
            productName: products.productName,
            phone: stockAlerts.phone,
            createdAt: stockAlerts.createdAt,
            notifiedAt: stockAlerts.notifiedAt,
          })
          .from(stockAlerts)
          .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(inArray(stockAlerts.phone, phones))
          .orderBy(asc(stockAlerts.createdAt))
      : [],
  ]);
  return { orders: orderRows, lines, history, payments: paid, stockAlerts: alerts };
}

/**
 * What the shop keeps under a number given with orders, for a customer without an account
 * (a request answered in the back-office): the orders placed with it and its 'Prévenez-moi'
 * requests, in the shape of 'Mes données' — the account part names the customer as the latest
 * order does, and holds nothing else.
 */
export async function guestDataOf(db: Db, phone: string, requestId: string): Promise<PersonalData> {
  const orderRows = await db.select().from(orders).where(eq(orders.phone, phone)).orderBy(desc(orders.createdAt));
  const parts = await orderPartsOf(db, orderRows);
  const latest = orderRows[0];
  const oldest = orderRows.at(-1);
  const account: UserRow = {
    id: requestId,
    name: latest?.name ?? "",
    email: "",
    passwordHash: "",
    role: "GENERAL",
    profilePic: null,
    lastActiveAt: latest?.createdAt ?? new Date(),
    inactivityWarnedAt: null,
    createdAt: oldest?.createdAt ?? new Date(),
    updatedAt: latest?.updatedAt ?? new Date(),
  };
  return { account, ...parts, cart: [], reviews: [], messages: [], devices: [], factors: [], resets: [], pushes: [] };
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof personalDataOf>>>;

/** The files a person sent, as storage keys with the name they have in the archive. */
export function filesOf(data: PersonalData): { key: string; name: string }[] {
  const files: { key: string; name: string }[] = [];
  const profile = data.account.profilePic?.startsWith("/uploads/") ? data.account.profilePic.slice(1) : null;
  if (profile) files.push({ key: profile, name: `photo-de-profil.${extensionOf(profile)}` });
  for (const order of data.orders) {
    if (order.filePath)
      files.push({ key: orderFileKey(order.filePath), name: `${order.reference}-${safeName(order.fileName)}` });
  }
  const referenceOf = new Map(data.orders.map((o) => [o.id, o.reference]));
  for (const payment of data.payments) {
    if (payment.screenshotPath) {
      const reference = referenceOf.get(payment.orderId) ?? "commande";
      files.push({
        key: screenshotKey(payment.screenshotPath),
        name: `${reference}-paiement-${payment.createdAt.toISOString().slice(0, 10)}-${payment.id.slice(0, 8)}.${extensionOf(payment.screenshotPath)}`,
      });
    }
  }
  return files;
}

const extensionOf = (key: string) => key.split(".").pop()?.toLowerCase() ?? "bin";
/** A file name as the customer sent it, reduced to what every phone's file manager accepts. */
const safeName = (name: string | null) =>
  (name ?? "fichier")
    .normalize("NFKD")
    .replace(/[^\w.-]+/g, "_")
    .slice(-80) || "fichier";
