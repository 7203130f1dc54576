import { z } from "zod";
import { FIELD_MSG } from "../messages.ts";
import { id, isoDate } from "./common.ts";

/** A signed-in customer's stars and comment on a product: sent again, it replaces the first. */
export const reviewInput = z.strictObject({
  productId: id,
  rating: z
    .number({ error: FIELD_MSG.ratingInvalid })
    .int(FIELD_MSG.ratingInvalid)
    .min(1, FIELD_MSG.ratingInvalid)
    .max(5, FIELD_MSG.ratingInvalid),
  comment: z.string({ error: FIELD_MSG.commentTooLong }).trim().max(1000, FIELD_MSG.commentTooLong).default(""),
});
export type ReviewInput = z.infer<typeof reviewInput>;

/** A review as the product page lists it: the author's name, never their e-mail. */
export const review = z.object({
  _id: id,
  productId: id,
  /** Lets the signed-in author find their own review to change it. */
  userId: id,
  userName: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Review = z.infer<typeof review>;
