import { type AdminVariantStock, type StockAlert, type StockMovement, stockStatus, variantLabel } from "@shop/shared";
import type { AlertRow } from "./alerts.service.ts";
import type { MovementRow, VariantStockRow } from "./stock.service.ts";

/** A variant's exact count, for the back-office only. */
export function toApiVariantStock({ variant, productName }: VariantStockRow): AdminVariantStock {
  return {
    _id: variant.id,
    productId: variant.productId,
    productName,
    label: variantLabel(variant.optionValues),
    stock: variant.stock,
    stockStatus: stockStatus(variant.stock),
    updatedAt: variant.updatedAt.toISOString(),
  };
}

export function toApiStockMovement({ movement, productId, productName, optionValues }: MovementRow): StockMovement {
  return {
    _id: movement.id,
    variantId: movement.variantId,
    productId,
    productName,
    label: variantLabel(optionValues),
    delta: movement.delta,
    stockAfter: movement.stockAfter,
    reason: movement.reason,
    orderReference: movement.orderReference,
    note: movement.note,
    by: { _id: movement.byUserId, name: movement.byName },
    createdAt: movement.createdAt.toISOString(),
  };
}

export function toApiStockAlert(
  { alert, productId, productName, optionValues }: AlertRow,
  stopPromotionsUrl?: string,
): StockAlert {
  return {
    _id: alert.id,
    variantId: alert.variantId,
    productId,
    productName,
    label: variantLabel(optionValues),
    phone: alert.phone,
    createdAt: alert.createdAt.toISOString(),
    ...(stopPromotionsUrl ? { stopPromotionsUrl } : {}),
  };
}
