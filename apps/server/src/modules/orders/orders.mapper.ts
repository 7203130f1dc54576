import type { AdminOrder, AdminOrderSummary, Order, OrderStatusChange } from "@shop/shared";
import type { OrderLineRow, OrderRow, OrderStatusChangeRow } from "../../db/schema/orders.ts";
import { toApiOrderDelivery } from "../delivery/delivery.mapper.ts";
import { toApiAdminPayment } from "../payments/payments.mapper.ts";
import type { AdminOrderRows } from "./orders.service.ts";

/**
 * An order row and its lines (in their position order) to the API's shape. The file's path,
 * name and type stay on the server: the customer only learns that a file came with it.
 */
export function toApiOrder(row: OrderRow, lines: readonly OrderLineRow[], payToken: string): Order {
  return {
    _id: row.id,
    reference: row.reference,
    channel: row.channel,
    status: row.status,
    name: row.name,
    phone: row.phone,
    address: row.address,
    message: row.message,
    hasFile: row.filePath !== null,
    lines: lines.map((line) => ({
      productId: line.productId,
      productName: line.productName,
      variantId: line.variantId,
      variantLabel: line.variantLabel,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      usualPrice: line.usualPrice,
    })),
    totalQuantity: row.totalQuantity,
    totalPrice: row.totalPrice,
    delivery: toApiOrderDelivery(row),
    total: row.total,
    discount: row.discount,
    promotionCode: row.promotionCode,
    discounts: row.discounts,
    payToken,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A row of the back-office's orders list (and of the dashboard's newest orders). */
export function toApiOrderSummary(row: OrderRow): AdminOrderSummary {
  return {
    _id: row.id,
    reference: row.reference,
    channel: row.channel,
    status: row.status,
    name: row.name,
    phone: row.phone,
    totalQuantity: row.totalQuantity,
    totalPrice: row.totalPrice,
    total: row.total,
    hasFile: row.filePath !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toApiStatusChange(change: OrderStatusChangeRow): OrderStatusChange {
  return {
    fromStatus: change.fromStatus,
    toStatus: change.toStatus,
    changedBy: { _id: change.changedBy, name: change.changedByName },
    note: change.note,
    createdAt: change.createdAt.toISOString(),
  };
}

/**
 * The whole order for the shop's admins: the customer's account, the file (named, and
 * downloaded through the admins' file route, never a public URL) and the status history.
 */
export function toApiAdminOrder(
  { row, lines, customer, history, payments }: AdminOrderRows,
  payToken: string,
): AdminOrder {
  return {
    ...toApiOrder(row, lines, payToken),
    customer: customer ? { _id: customer.id, name: customer.name, email: customer.email } : null,
    file:
      row.filePath !== null
        ? {
            url: `/api/orders/${encodeURIComponent(row.reference)}/file`,
            name: row.fileName ?? row.filePath,
            type: row.fileType ?? "application/octet-stream",
          }
        : null,
    history: history.map(toApiStatusChange),
    paymentChoice: row.paymentChoice,
    payments: payments.map(toApiAdminPayment),
  };
}
