import type { Review } from "@shop/shared";
import type { ReviewRow } from "../../db/schema/reviews.ts";

/** A review and its author's name: the author's e-mail never leaves the server. */
export function toApiReview(row: ReviewRow, userName: string): Review {
  return {
    _id: row.id,
    productId: row.productId,
    userId: row.userId,
    userName,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
