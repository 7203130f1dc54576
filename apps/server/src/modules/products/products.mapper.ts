import type { Product, ProductDetails, ProductRating } from "@shop/shared";
import type { ProductRow } from "../../db/schema.ts";
import { absolute } from "../../lib/public-url.ts";

export type ProductListRow = Omit<ProductRow, "searchVector" | "searchText">;

/** Rows to the API's product shape: `_id`, the original field names, image URLs absolute under `origin`. */
export function toApiProduct(row: ProductListRow, origin: string): Product {
  return {
    _id: row.id,
    productName: row.productName,
    brandName: row.brandName,
    category: row.category,
    productImage: row.productImage.map((u) => absolute(u, origin)),
    description: row.description,
    price: row.price,
    sellingPrice: row.sellingPrice,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The product page's answer: the product and its customers' rating. */
export function toApiProductDetails(row: ProductListRow, rating: ProductRating, origin: string): ProductDetails {
  return { ...toApiProduct(row, origin), rating };
}
