import { z } from "zod";
import {
  IDEMPOTENCY_KEY_PATTERN,
  MAX_CART_QUANTITY,
  ORDER_CHANNELS,
  ORDER_REFERENCE_PATTERN,
  ORDER_STATUSES,
} from "../constants.ts";
import { FIELD_MSG } from "../messages.ts";
import { PROMOTION_KINDS } from "../promotions.ts";
import { normaliseCameroonPhone } from "../whatsapp.ts";
import { id, isoDate } from "./common.ts";
import { deliveryChoiceFields, orderDelivery } from "./delivery.ts";

export const orderChannel = z.enum(ORDER_CHANNELS);
export const orderStatus = z.enum(ORDER_STATUSES, { error: FIELD_MSG.orderStatusInvalid });

/**
 * A Cameroon number as customers type it ("6 77 12 34 56", "+237 677…", "00237…"), stored as
 * "+237XXXXXXXXX" so the shop can call it or open WhatsApp with it.
 */
export const cameroonPhone = z
  .string({ error: FIELD_MSG.phoneRequired })
  .trim()
  .min(1, FIELD_MSG.phoneRequired)
  .max(30, FIELD_MSG.phoneInvalid)
  .transform((v, ctx) => {
    const digits = normaliseCameroonPhone(v);
    if (!digits) {
      ctx.addIssue({ code: "custom", message: FIELD_MSG.phoneInvalid });
      return z.NEVER;
    }
    return `+${digits}`;
  });

/** An order's reference as a customer types or reads it aloud: case and spaces do not matter. */
export const orderReference = z
  .string({ error: FIELD_MSG.referenceInvalid })
  .trim()
  .toUpperCase()
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(ORDER_REFERENCE_PATTERN, FIELD_MSG.referenceInvalid));

/** A promotion code as a customer types it: found whatever its spaces and case (decision 051). */
export const promoCode = z.string().trim().max(40, FIELD_MSG.promoCodeTooLong);

/**
 * A client's key for one order it may send several times (decisions 014, 034): a random UUID made
 * when the order is first sent, sent again with every retry, so the shop records the order once.
 * Sent in the `Idempotency-Key` header, or as the `idempotencyKey` field for a client that
 * cannot set headers (the storefront's form action).
 */
export const idempotencyKey = z
  .string({ error: FIELD_MSG.idempotencyKeyInvalid })
  .regex(IDEMPOTENCY_KEY_PATTERN, FIELD_MSG.idempotencyKeyInvalid);

/**
 * The text fields of the order form (SPEC.md §3 "Order form fields"), sent as multipart with
 * the required `file` beside them. `text` is the delivery address (city, district, street).
 */
export const orderFormInput = z.strictObject({
  name: z
    .string({ error: FIELD_MSG.nameRequired })
    .trim()
    .min(1, FIELD_MSG.nameRequired)
    .max(100, FIELD_MSG.contactNameTooLong),
  number: cameroonPhone,
  text: z
    .string({ error: FIELD_MSG.addressRequired })
    .trim()
    .min(1, FIELD_MSG.addressRequired)
    .max(300, FIELD_MSG.addressTooLong),
  message: z.string().trim().max(2000, FIELD_MSG.orderMessageTooLong).default(""),
  // How it reaches the customer (decision 025); checked against the chosen option by the server.
  ...deliveryChoiceFields,
  /** A promotion code as typed (decision 051); empty: none. */
  promoCode: promoCode.optional(),
  /** Added for retries (decision 014); the same as the Idempotency-Key header when both are sent. */
  idempotencyKey: idempotencyKey.optional(),
});
export type OrderFormInput = z.infer<typeof orderFormInput>;

/** The cart's buttons: the signed-in customer's cart becomes an order on this channel. */
export const cartOrderInput = z.strictObject({
  channel: z.enum(["whatsapp", "phone"], { error: FIELD_MSG.orderChannelInvalid }),
  ...deliveryChoiceFields,
  /** A promotion code as typed (decision 051); empty: none. */
  promoCode: promoCode.optional(),
  /** The customer's number: asked when the code is limited per customer, kept on the order. */
  phone: cameroonPhone.optional(),
  /** Added for retries (decision 014); the same as the Idempotency-Key header when both are sent. */
  idempotencyKey: idempotencyKey.optional(),
});
export type CartOrderInput = z.infer<typeof cartOrderInput>;

/** POST /api/promo-code/check: a code as it is typed, and the number when it is limited per customer. */
export const promoCodeCheckInput = z.strictObject({
  code: promoCode.min(1, FIELD_MSG.promoCodeRequired),
  phone: cameroonPhone.optional(),
});
export type PromoCodeCheckInput = z.infer<typeof promoCodeCheckInput>;

/** What the code would take off the signed-in customer's cart now (nothing is counted before the order). */
export const promoCodeCheck = z.object({
  code: z.string(),
  /** The promotion's name, as the discount's line shows it. */
  name: z.string(),
  /** Francs off the lines' total. */
  discount: z.number().int(),
  deliveryFree: z.boolean(),
  /** The cart's lines' total, before the discount. */
  subtotal: z.number().int(),
  /** Limited per customer: the order must carry the customer's number. */
  needsPhone: z.boolean(),
});
export type PromoCodeCheck = z.infer<typeof promoCodeCheck>;

/** The status page's question: both must match, so a reference alone reveals nothing. */
export const orderStatusInput = z.strictObject({ reference: orderReference, phone: cameroonPhone });
export type OrderStatusInput = z.infer<typeof orderStatusInput>;

/** A discount an order got, as it keeps it (decision 051). */
export const orderDiscount = z.object({
  promotionId: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  name: z.string(),
  code: z.string().nullable(),
  amount: z.number().int(),
  deliveryFree: z.boolean(),
});

/** A line as it was when the order was made: later price or name changes do not touch it. */
export const orderLine = z.object({
  productId: z.string().nullable(),
  productName: z.string(),
  /** The variant ordered (null once deleted) and its values as they were: "256 Go, Noir", or "" (decision 024). */
  variantId: z.string().nullable(),
  variantLabel: z.string(),
  unitPrice: z.number().int(),
  quantity: z.number().int().min(1).max(MAX_CART_QUANTITY),
  /** Added by decision 051: the unit's usual price when a sale lowered unitPrice, else null. */
  usualPrice: z.number().int().nullable(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** What the customer who placed an order may read about it. */
export const order = z.object({
  _id: id,
  reference: z.string(),
  channel: orderChannel,
  status: orderStatus,
  name: z.string(),
  /** "+237XXXXXXXXX", or null for a WhatsApp or phone order made from the cart. */
  phone: z.string().nullable(),
  address: z.string(),
  message: z.string(),
  /** Whether a file came with the order (the file itself is for the shop's admins only). */
  hasFile: z.boolean(),
  lines: z.array(orderLine),
  totalQuantity: z.number().int(),
  /** The lines' total (the subtotal, before delivery), as before delivery existed. */
  totalPrice: z.number().int(),
  // Added by decision 025 (delivery); older clients ignore them.
  /** The delivery chosen, as it was then; null for an order made without one. */
  delivery: orderDelivery.nullable(),
  /** What the customer pays: totalPrice less the code's discount, and the delivery fee when it is known. */
  total: z.number().int(),
  // Added by decision 051 (promotions).
  /** What the code took off totalPrice (0 without one). */
  discount: z.number().int(),
  /** The code applied, as normalised, or null. */
  promotionCode: z.string().nullable(),
  /** Each discount the order got, as it was: the sales on its lines and the code. */
  discounts: z.array(orderDiscount),
  /** Added by decision 026 (payments): the key of its payment link, /pay/:reference?t=… */
  payToken: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Order = z.infer<typeof order>;
