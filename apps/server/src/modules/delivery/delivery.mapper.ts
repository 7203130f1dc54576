import type { AdminDeliveryOption, DeliveryOption, OrderDelivery } from "@shop/shared";
import type { DeliveryOptionRow } from "../../db/schema/delivery.ts";
import type { OrderRow } from "../../db/schema/orders.ts";

export function toApiDeliveryOption(row: DeliveryOptionRow): DeliveryOption {
  return {
    _id: row.id,
    kind: row.kind,
    name: row.name,
    fee: row.fee,
    delay: row.delay,
    details: row.details,
    neighbourhoods: row.neighbourhoods,
  };
}

export function toApiAdminDeliveryOption(row: DeliveryOptionRow): AdminDeliveryOption {
  return {
    ...toApiDeliveryOption(row),
    active: row.active,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What an order kept of its delivery; null for an order made without one. */
export function toApiOrderDelivery(row: OrderRow): OrderDelivery | null {
  if (!row.deliveryKind) return null;
  return {
    kind: row.deliveryKind,
    name: row.deliveryName ?? "",
    fee: row.deliveryFee,
    free: row.deliveryFree,
    delay: row.deliveryDelay ?? "",
    neighbourhood: row.deliveryNeighbourhood,
    city: row.deliveryCity,
    landmark: row.deliveryLandmark ?? "",
  };
}
