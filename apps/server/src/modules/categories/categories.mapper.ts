import type { AdminCategory, CategoryEntry } from "@shop/shared";
import type { CategoryRow } from "../../db/schema/categories.ts";
import { absolute } from "../../lib/public-url.ts";
import type { AdminCategoryRow } from "./categories.service.ts";

export function toApiCategory(row: CategoryRow, imageOrigin: string): CategoryEntry {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    image: row.image ? absolute(row.image, imageOrigin) : null,
  };
}

export function toApiAdminCategory(row: AdminCategoryRow, imageOrigin: string): AdminCategory {
  return {
    ...toApiCategory(row, imageOrigin),
    position: row.position,
    hidden: row.hidden,
    productCount: row.productCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
