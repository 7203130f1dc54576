import { z } from "zod";
import { PAYMENT_FILTERS, SEARCH_MAX_LENGTH } from "../constants.ts";
import { FIELD_MSG } from "../messages.ts";
import { id, isoDate, pageQuery } from "./common.ts";
import { order, orderChannel, orderReference, orderStatus } from "./orders.ts";
import { adminPayment, paymentChoice } from "./payments.ts";

/**
 * The back-office's calls beyond the spec's (decision 018): orders, contact messages and the
 * dashboard, all under /api/admin/ and for ADMIN and SUPERADMIN only.
 */

/** GET /api/admin/orders: newest first, by status, and a search on reference, name or phone. */
export const adminOrdersQuery = pageQuery.extend({
  status: orderStatus.optional(),
  q: z.string().trim().max(SEARCH_MAX_LENGTH, FIELD_MSG.searchTooLong).optional(),
  /** Paid by Mobile Money, cash on delivery, or not paid yet (decision 026). */
  payment: z.enum(PAYMENT_FILTERS).optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

/** A row of the orders list. */
export const adminOrderSummary = z.object({
  _id: id,
  reference: z.string(),
  channel: orderChannel,
  status: orderStatus,
  name: z.string(),
  phone: z.string().nullable(),
  totalQuantity: z.number().int(),
  totalPrice: z.number().int(),
  /** With the delivery fee when known (decision 025). */
  total: z.number().int(),
  hasFile: z.boolean(),
  createdAt: isoDate,
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummary>;

/** One status change: from what, to what, by whom (the name as it was then) and when. */
export const orderStatusChange = z.object({
  fromStatus: orderStatus,
  toStatus: orderStatus,
  changedBy: z.object({ _id: id.nullable(), name: z.string() }),
  /** What came with it: "MTN MoMo — transaction trx.…" for a payment (decision 026); "" otherwise. */
  note: z.string(),
  createdAt: isoDate,
});
export type OrderStatusChange = z.infer<typeof orderStatusChange>;

/** GET /api/admin/orders/:reference: the whole order, its file and its history (oldest first). */
export const adminOrder = order.extend({
  /** The signed-in customer who placed it, when there was one. */
  customer: z.object({ _id: id, name: z.string(), email: z.string() }).nullable(),
  file: z
    .object({
      /** /api/orders/:reference/file: served to admins only. */
      url: z.string(),
      name: z.string(),
      type: z.string(),
    })
    .nullable(),
  history: z.array(orderStatusChange),
  // Added by decision 026 (payments).
  /** The way the customer chose to pay last, or null. */
  paymentChoice: paymentChoice.nullable(),
  /** Every payment attempt, newest first. */
  payments: z.array(adminPayment),
});
export type AdminOrder = z.infer<typeof adminOrder>;

export const adminOrderParams = z.strictObject({ reference: orderReference });

/** POST /api/admin/orders/:reference/status */
export const orderStatusUpdateInput = z.strictObject({ status: orderStatus });
export type OrderStatusUpdateInput = z.infer<typeof orderStatusUpdateInput>;

/** A contact-form message as the back-office shows it. */
export const contactMessage = z.object({
  _id: id,
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  read: z.boolean(),
  readAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type ContactMessage = z.infer<typeof contactMessage>;

/** GET /api/admin/messages: newest first; `unread` narrows to the unread ones. */
export const adminMessagesQuery = pageQuery.extend({
  unread: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});
export type AdminMessagesQuery = z.infer<typeof adminMessagesQuery>;

export const messageParams = z.strictObject({ id });

/** POST /api/admin/messages/:id/read */
export const messageReadInput = z.strictObject({ read: z.boolean({ error: FIELD_MSG.readFlagInvalid }) });
export type MessageReadInput = z.infer<typeof messageReadInput>;

/** GET /api/admin/badges: what the sidebar counts. */
export const adminBadges = z.object({
  /** Orders still "nouvelle". */
  newOrders: z.number().int(),
  unreadMessages: z.number().int(),
  /** Payments in the 'À vérifier' queue (decision 026). */
  paymentsToVerify: z.number().int(),
});
export type AdminBadges = z.infer<typeof adminBadges>;

const ordersAndValue = z.object({ orders: z.number().int(), value: z.number().int() });

/**
 * GET /api/admin/dashboard, computed by the database. Cancelled orders count nowhere; days
 * and months are the shop's (Africa/Douala).
 */
export const dashboard = z.object({
  today: ordersAndValue,
  month: ordersAndValue,
  /** The last DASHBOARD_DAYS days, oldest first, today last, days without orders included. */
  perDay: z.array(ordersAndValue.extend({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })),
  /** Over the same days, by quantity sold. */
  bestSellers: z.array(
    z.object({
      productId: id.nullable(),
      productName: z.string(),
      quantity: z.number().int(),
      value: z.number().int(),
    }),
  ),
  newestOrders: z.array(adminOrderSummary),
  /**
   * Tracked variants at LOW_STOCK_MAX or under, sold-out ones included, fewest first (at most
   * DASHBOARD_LOW_STOCK): of the admin's own products for an ADMIN, of all for a SUPERADMIN.
   */
  lowStock: z.array(
    z.object({
      variantId: id,
      productId: id,
      productName: z.string(),
      /** "256 Go, Noir"; "" for a product without options. */
      label: z.string(),
      stock: z.number().int(),
    }),
  ),
  /** How many variants are that low in all (the list shows the first DASHBOARD_LOW_STOCK). */
  lowStockTotal: z.number().int(),
  /** Money received by Mobile Money (provider or approved transfers), apart from orders (decision 026). */
  receivedOnline: z.object({ today: z.number().int(), month: z.number().int() }),
});
export type Dashboard = z.infer<typeof dashboard>;
