import { z } from "zod";
import { DELIVERY_KINDS, MAX_ZONE_NEIGHBOURHOODS } from "../constants.ts";
import { FIELD_MSG } from "../messages.ts";
import { id, isoDate } from "./common.ts";

/**
 * Delivery (decision 025): the options the back-office's 'Livraison' screen
 * manages, what the customer chooses when ordering, and what the order keeps of it.
 */

export const deliveryKind = z.enum(DELIVERY_KINDS, { error: FIELD_MSG.deliveryOptionRequired });

/** Zero or more whole francs; null only for 'Expédition hors Yaoundé' ("à confirmer"). */
const fee = z.number({ error: FIELD_MSG.deliveryFeeInvalid }).int(FIELD_MSG.deliveryFeeInvalid).min(0).max(1_000_000);

/** One option as the storefront offers it. */
export const deliveryOption = z.object({
  _id: id,
  kind: deliveryKind,
  /** "Zone 1 — Centre-ville", "Retrait en boutique", "Expédition hors Yaoundé". */
  name: z.string(),
  /** FCFA; null: the shop confirms it (shipping out of Yaoundé). */
  fee: z.number().int().nullable(),
  /** "24 h", "Le jour même". */
  delay: z.string(),
  /** A line for the customer: the pickup's hours, the carrier used for shipping. */
  details: z.string(),
  /** A zone's neighbourhoods, in the admin's order; empty for the other kinds. */
  neighbourhoods: z.array(z.string()),
});
export type DeliveryOption = z.infer<typeof deliveryOption>;

/** GET /api/delivery-options: what the cart and the order form offer. */
export const deliveryOffer = z.object({
  options: z.array(deliveryOption),
  /** Delivery in a zone is free from this subtotal (FCFA); null: never. */
  freeFrom: z.number().int().nullable(),
  /** Where 'Retrait en boutique' happens: the shop's address. */
  pickupAddress: z.string(),
});
export type DeliveryOffer = z.infer<typeof deliveryOffer>;

/** One option as the back-office manages it. */
export const adminDeliveryOption = deliveryOption.extend({
  /** A hidden option stays on the orders that chose it but is no longer offered. */
  active: z.boolean(),
  position: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type AdminDeliveryOption = z.infer<typeof adminDeliveryOption>;

/** GET /api/admin/delivery. */
export const adminDelivery = z.object({
  options: z.array(adminDeliveryOption),
  freeFrom: z.number().int().nullable(),
});
export type AdminDelivery = z.infer<typeof adminDelivery>;

const place = z.string().trim().min(1).max(60);

/** POST /api/admin/delivery/options and PUT /api/admin/delivery/options/:id. */
export const deliveryOptionInput = z
  .strictObject({
    kind: deliveryKind,
    name: z.string({ error: FIELD_MSG.deliveryNameRequired }).trim().min(1, FIELD_MSG.deliveryNameRequired).max(80),
    fee: fee.nullable(),
    delay: z.string().trim().max(60).default(""),
    details: z.string().trim().max(300).default(""),
    neighbourhoods: z.array(place).max(MAX_ZONE_NEIGHBOURHOODS).default([]),
    active: z.boolean().default(true),
    /** Where it is listed; at the end when omitted. */
    position: z.number().int().min(0).max(1000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "zone" && v.neighbourhoods.length === 0) {
      ctx.addIssue({ code: "custom", path: ["neighbourhoods"], message: FIELD_MSG.deliveryZoneNeedsNeighbourhoods });
    }
    const folded = v.neighbourhoods.map((n) => n.toLowerCase());
    if (new Set(folded).size !== folded.length) {
      ctx.addIssue({ code: "custom", path: ["neighbourhoods"], message: FIELD_MSG.deliveryNeighbourhoodDuplicate });
    }
    if (v.fee === null && v.kind !== "shipping") {
      ctx.addIssue({ code: "custom", path: ["fee"], message: FIELD_MSG.deliveryFeeInvalid });
    }
  })
  .transform((v) => ({
    ...v,
    // Only a zone names neighbourhoods; a pickup is always free.
    neighbourhoods: v.kind === "zone" ? v.neighbourhoods : [],
    fee: v.kind === "pickup" ? 0 : v.fee,
  }));
export type DeliveryOptionInput = z.infer<typeof deliveryOptionInput>;
/** What a client sends (before the defaults and the kind's rules are applied). */
export type DeliveryOptionBody = z.input<typeof deliveryOptionInput>;

/** PUT /api/admin/delivery/settings. */
export const deliverySettingsInput = z.strictObject({
  /** Free delivery in a zone from this subtotal; null: never. */
  freeFrom: z.number({ error: FIELD_MSG.deliveryFeeInvalid }).int().min(1).max(100_000_000).nullable(),
});
export type DeliverySettingsInput = z.infer<typeof deliverySettingsInput>;

export const deliveryOptionParams = z.object({ id });

/**
 * What the customer chooses when ordering (the cart's buttons and the order form): the
 * option, or "zone" for the zone of the neighbourhood given (a customer knows their
 * neighbourhood, not the shop's zones), the neighbourhood for a zone (one of its own) or the
 * town for shipping, and a 'Point de repère'. Optional on the orders' calls: a page loaded before this version
 * still orders, without delivery, as before.
 */
const blankIsAbsent = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
/** `deliveryOptionId` "zone": the zone whose neighbourhoods include the one given. */
export const ZONE_OF_NEIGHBOURHOOD = "zone";
export const deliveryChoiceFields = {
  deliveryOptionId: z.preprocess(blankIsAbsent, z.union([id, z.literal(ZONE_OF_NEIGHBOURHOOD)]).optional()),
  neighbourhood: z.preprocess(blankIsAbsent, z.string().trim().max(60).optional()),
  city: z.preprocess(blankIsAbsent, z.string().trim().max(60).optional()),
  landmark: z.preprocess(blankIsAbsent, z.string().trim().max(200, FIELD_MSG.landmarkTooLong).optional()),
};
export const deliveryChoice = z.strictObject(deliveryChoiceFields);
export type DeliveryChoice = z.infer<typeof deliveryChoice>;

/** What an order keeps of its delivery, as it was when it was made. */
export const orderDelivery = z.object({
  kind: deliveryKind,
  name: z.string(),
  /** FCFA charged; null: to be confirmed by the shop. */
  fee: z.number().int().nullable(),
  /** The zone's fee was waived: the subtotal reached the free-delivery amount. */
  free: z.boolean(),
  delay: z.string(),
  /** The zone's neighbourhood chosen, or null. */
  neighbourhood: z.string().nullable(),
  /** The town for shipping, or null. */
  city: z.string().nullable(),
  /** 'Point de repère'; "" when none was given. */
  landmark: z.string(),
});
export type OrderDelivery = z.infer<typeof orderDelivery>;

/** POST /api/admin/orders/:reference/delivery-fee: the fee of a shipping order, once confirmed. */
export const deliveryFeeInput = z.strictObject({ fee });
export type DeliveryFeeInput = z.infer<typeof deliveryFeeInput>;
