import {
  availability,
  overallAvailability,
  type Product,
  type ProductDetails,
  type ProductRating,
  type ProductSale,
  type ProductVariant,
  variantLabel,
} from "@shop/shared";
import type { ProductRow, ProductVariantRow } from "../../db/schema/products.ts";
import { absolute } from "../../lib/public-url.ts";
import { priceWith, type Sale } from "../promotions/sales.ts";

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

/** No sale: the back-office's reads, which edit the usual prices. */
export const NO_SALES: readonly Sale[] = [];

/** A price as the API says it: with a running sale, `sellingPrice` is paid and `price` struck (decision 051). */
interface Pricing {
  price: number;
  sellingPrice: number;
  sale: ProductSale | null;
}

const saleOf = (sale: Sale): ProductSale => ({
  promotionId: sale.id,
  name: sale.name,
  endsAt: sale.endsAt.toISOString(),
  discountType: sale.type === "amount" ? "amount" : "percent",
  value: sale.value,
});

function pricing(
  product: Pick<ProductListRow, "id" | "category" | "brandName">,
  variant: Pick<ProductVariantRow, "id" | "price" | "sellingPrice">,
  sales: readonly Sale[],
): Pricing {
  const found = sales.length
    ? priceWith(
        sales,
        { productId: product.id, variantId: variant.id, category: product.category, brand: product.brandName },
        variant.sellingPrice,
      )
    : null;
  if (!found) return { price: variant.price, sellingPrice: variant.sellingPrice, sale: null };
  return { price: variant.sellingPrice, sellingPrice: found.price, sale: saleOf(found.sale) };
}

/**
 * Rows to the API's product shape: `_id`, the original field names, image URLs absolute under
 * `origin`, prices with the running `sales` (the cheapest variant's, as paid).
 */
export function toApiProduct(row: ProductWithVariants, origin: string, sales: readonly Sale[]): Product {
  const priced = row.variants.map((v) => pricing(row, v, sales));
  const own = pricing(row, { id: "", price: row.price, sellingPrice: row.sellingPrice }, sales);
  const cheapest = priced.reduce<Pricing>((best, p) => (p.sellingPrice < best.sellingPrice ? p : best), own);
  return {
    _id: row.id,
    productName: row.productName,
    brandName: row.brandName,
    category: row.category,
    productImage: row.productImage.map((u) => absolute(u, origin)),
    description: row.description,
    price: cheapest.price,
    sellingPrice: cheapest.sellingPrice,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    options: row.options,
    sellingPriceMax: Math.max(cheapest.sellingPrice, ...priced.map((p) => p.sellingPrice)),
    ...overallAvailability(row.variants.map((v) => v.stock)),
    hidden: row.hidden,
    archived: row.archivedAt !== null,
    sale: cheapest.sale ?? priced.find((p) => p.sale)?.sale ?? null,
  };
}

/** A variant as the product page offers it: never its exact count above the low line; priced with the running `sales`. */
export function toApiVariant(
  variant: ProductVariantRow,
  product: Pick<ProductListRow, "id" | "category" | "brandName">,
  origin: string,
  sales: readonly Sale[],
): ProductVariant {
  return {
    _id: variant.id,
    optionValues: variant.optionValues,
    label: variantLabel(variant.optionValues),
    ...pricing(product, variant, sales),
    images: variant.images.map((u) => absolute(u, origin)),
    ...availability(variant.stock),
  };
}

/** The product page's answer: the product, its customers' rating and its variants. */
export function toApiProductDetails(
  row: ProductWithVariants,
  rating: ProductRating,
  origin: string,
  sales: readonly Sale[],
): ProductDetails {
  return {
    ...toApiProduct(row, origin, sales),
    rating,
    variants: row.variants.map((v) => toApiVariant(v, row, origin, sales)),
  };
}
