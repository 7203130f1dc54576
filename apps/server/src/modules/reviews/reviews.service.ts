import type { PageQuery, ReviewInput } from "@shop/shared";
import { count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type ReviewRow, reviews } from "../../db/schema/reviews.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { productDetails } from "../products/products.service.ts";

export interface ReviewWithAuthor {
  row: ReviewRow;
  userName: string;
}

/** One review per customer and product: sending it again replaces the stars and the comment. */
export async function saveReview(db: Db, user: UserRow, input: ReviewInput): Promise<ReviewWithAuthor> {
  await productDetails(db, input.productId); // 404 for an unknown product
  const [row] = await db
    .insert(reviews)
    .values({ productId: input.productId, userId: user.id, rating: input.rating, comment: input.comment })
    .onConflictDoUpdate({
      target: [reviews.productId, reviews.userId],
      set: { rating: input.rating, comment: input.comment, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error("upsert returned no row");
  return { row, userName: user.name };
}

/** A product's reviews, the latest written or changed first. */
export async function reviewsOf(
  db: Db,
  productId: string,
  { page, limit }: PageQuery,
): Promise<{ rows: ReviewWithAuthor[]; total: number }> {
  await productDetails(db, productId);
  const where = eq(reviews.productId, productId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ row: getTableColumns(reviews), userName: users.name })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(where)
      .orderBy(desc(reviews.updatedAt), desc(reviews.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
