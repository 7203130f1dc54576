import type { Order } from "@shop/shared";
import type { OrderLineRow, OrderRow } from "../../db/schema.ts";

/**
 * An order row and its lines (in their position order) to the API's shape. The file's path,
 * name and type stay on the server: the customer only learns that a file came with it.
 */
export function toApiOrder(row: OrderRow, lines: readonly OrderLineRow[]): Order {
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
      unitPrice: line.unitPrice,
      quantity: line.quantity,
    })),
    totalQuantity: row.totalQuantity,
    totalPrice: row.totalPrice,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
