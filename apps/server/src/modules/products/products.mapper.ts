import {
  availability,
  overallAvailability,
  type Product,
  type ProductDetails,
  type ProductRating,
  type ProductVariant,
  variantLabel,
} from "@shop/shared";
import type { ProductRow, ProductVariantRow } from "../../db/schema/products.ts";
import { absolute } from "../../lib/public-url.ts";

/** The columns every product read selects (products.service.ts's `productColumns`): not the search ones. */
export type ProductListRow = Pick<
  ProductRow,
  | "id"
  | "productName"
  | "brandName"
  | "category"
  | "productImage"
  | "description"
  | "price"
  | "sellingPrice"
  | "userId"
  | "options"
  | "hidden"
  | "archivedAt"
  | "createdAt"
  | "updatedAt"
>;
/** A product as the service answers it: with its variants (decision 024). */
export type ProductWithVariants = ProductListRow & { variants: ProductVariantRow[] };

/** Rows to the API's product shape: `_id`, the original field names, image URLs absolute under `origin`. */
export function toApiProduct(row: ProductWithVariants, origin: string): Product {
  const sellingPrices = row.variants.map((v) => v.sellingPrice);
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
    options: row.options,
    sellingPriceMax: Math.max(row.sellingPrice, ...sellingPrices),
    ...overallAvailability(row.variants.map((v) => v.stock)),
    hidden: row.hidden,
    archived: row.archivedAt !== null,
  };
}

/** A variant as the product page offers it: never its exact count above the low line. */
export function toApiVariant(variant: ProductVariantRow, origin: string): ProductVariant {
  return {
    _id: variant.id,
    optionValues: variant.optionValues,
    label: variantLabel(variant.optionValues),
    price: variant.price,
    sellingPrice: variant.sellingPrice,
    images: variant.images.map((u) => absolute(u, origin)),
    ...availability(variant.stock),
  };
}

/** The product page's answer: the product, its customers' rating and its variants. */
export function toApiProductDetails(row: ProductWithVariants, rating: ProductRating, origin: string): ProductDetails {
  return { ...toApiProduct(row, origin), rating, variants: row.variants.map((v) => toApiVariant(v, origin)) };
}
