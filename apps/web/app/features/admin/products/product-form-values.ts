import type { Product, ProductCreateInput } from "@shop/shared";
import { FIELD_MSG, MSG } from "@shop/shared/core";
import type { FieldErrors } from "../../../lib/form-values";

/** The product form's fields in the order they are shown: the first with an error gets the focus. */
export const PRODUCT_FIELDS = [
  "productName",
  "brandName",
  "category",
  "price",
  "sellingPrice",
  "description",
  "productImage",
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];
export type ProductTextField = Exclude<ProductField, "productImage">;
export type ProductValues = Record<ProductTextField, string>;

export function productValues(product?: Product | null): ProductValues {
  return {
    productName: product?.productName ?? "",
    brandName: product?.brandName ?? "",
    category: product?.category ?? "",
    price: product ? String(product.price) : "",
    sellingPrice: product ? String(product.sellingPrice) : "",
    description: product?.description ?? "",
  };
}

/** A price as typed on a phone ("250 000", " 250000 "): its digits, or null when it is not a whole number. */
export function francsOf(text: string): number | null {
  const digits = text.replace(/[\s\u00a0\u202f.']/g, "");
  return /^\d{1,10}$/.test(digits) ? Number(digits) : null;
}

/**
 * The checks the browser makes before sending (SPEC.md §5; the server makes them all again,
 * with the same words): names, brand and category required, prices whole numbers of francs,
 * the selling price not above the old one (unless `prices` is false: the variants' then). Photos
 * are expected but not required. The category is one of the shop's (`categories`, their names,
 * decision 046); without the list (it could not be read) any chosen one goes, for the server to judge.
 */
export function checkProduct(
  values: ProductValues,
  { prices = true, categories }: { prices?: boolean; categories?: readonly string[] } = {},
): FieldErrors<ProductField> {
  const errors: FieldErrors<ProductField> = {};
  if (!values.productName.trim()) errors.productName = FIELD_MSG.productNameRequired;
  if (!values.brandName.trim()) errors.brandName = FIELD_MSG.brandNameRequired;
  const category = values.category.trim();
  if (!category || (categories?.length && !categories.includes(category))) errors.category = FIELD_MSG.categoryInvalid;
  // A product with options is priced by its variants (checked with them).
  if (!prices) return errors;
  const price = francsOf(values.price);
  const sellingPrice = francsOf(values.sellingPrice);
  if (!price) errors.price = FIELD_MSG.priceInvalid;
  if (!sellingPrice) errors.sellingPrice = FIELD_MSG.priceInvalid;
  else if (price && sellingPrice > price) errors.sellingPrice = MSG.sellingAbovePrice;
  return errors;
}

/** What /api/upload-product (and, with `_id`, /api/update-product) receives; call after `checkProduct`. */
export function productInput(values: ProductValues, productImage: readonly string[]): ProductCreateInput {
  return {
    productName: values.productName.trim(),
    brandName: values.brandName.trim(),
    category: values.category.trim(),
    price: francsOf(values.price) ?? 0,
    sellingPrice: francsOf(values.sellingPrice) ?? 0,
    description: values.description.trim(),
    productImage: [...productImage],
  };
}
