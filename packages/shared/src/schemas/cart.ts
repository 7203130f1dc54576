import { z } from "zod";
import { MAX_CART_QUANTITY } from "../constants.ts";
import { FIELD_MSG } from "../messages.ts";
import { id, isoDate } from "./common.ts";
import { product, productVariant } from "./products.ts";

/** `variantId` chooses the variant (decision 024); without it, the cheapest that can be bought. */
export const addToCartInput = z.strictObject({ productId: id, variantId: id.optional() });
export const updateCartInput = z.strictObject({
  _id: id,
  quantity: z
    .number({ error: FIELD_MSG.quantityInvalid })
    .int(FIELD_MSG.quantityInvalid)
    .min(1, FIELD_MSG.quantityInvalid)
    .max(MAX_CART_QUANTITY, FIELD_MSG.quantityInvalid),
});
export const deleteCartInput = z.strictObject({ _id: id });

export const cartLine = z.object({
  _id: id,
  userId: id,
  quantity: z.number(),
  productId: product,
  /** The variant chosen (decision 024): its label, prices and availability; older clients read `productId`. */
  variant: productVariant,
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type CartLine = z.infer<typeof cartLine>;
