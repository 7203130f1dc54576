import { z } from "zod";
import { SEARCH_MAX_LENGTH } from "../constants.ts";
import { FIELD_MSG } from "../messages.ts";
import { id, isoDate, pageQuery } from "./common.ts";
import { order, orderChannel, orderReference, orderStatus } from "./orders.ts";

/**
 * The back-office's calls beyond the spec's (decision 018): orders, contact messages and the
 * dashboard, all under /api/admin/ and for ADMIN and SUPERADMIN only.
 */

/** GET /api/admin/orders: newest first, by status, and a search on reference, name or phone. */
export const adminOrdersQuery = pageQuery.extend({
  status: orderStatus.optional(),
  q: z.string().trim().max(SEARCH_MAX_LENGTH, FIELD_MSG.searchTooLong).optional(),
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
  hasFile: z.boolean(),
  createdAt: isoDate,
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummary>;

/** One status change: from what, to what, by whom (the name as it was then) and when. */
export const orderStatusChange = z.object({
  fromStatus: orderStatus,
  toStatus: orderStatus,
  changedBy: z.object({ _id: id.nullable(), name: z.string() }),
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
});
export type Dashboard = z.infer<typeof dashboard>;
