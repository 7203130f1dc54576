import type { AdminPromotion } from "@shop/shared";
import type { PromotionWithSummary } from "./promotions.service.ts";

export function toApiAdminPromotion({ row, state, summary }: PromotionWithSummary): AdminPromotion {
  return {
    _id: row.id,
    kind: row.kind,
    name: row.name,
    code: row.code,
    discountType: row.discountType,
    value: row.value,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    productIds: row.productIds,
    variantIds: row.variantIds,
    categories: row.categories,
    brands: row.brands,
    minSubtotal: row.minSubtotal,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    stacksWithSale: row.stacksWithSale,
    uses: row.uses,
    pausedAt: row.pausedAt?.toISOString() ?? null,
    state,
    summary,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
