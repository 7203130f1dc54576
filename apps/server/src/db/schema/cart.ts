import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./common.ts";
import { products, productVariants } from "./products.ts";
import { users } from "./users.ts";

export const cartLines = pgTable(
  "cart_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("cart_lines_user_variant_key").on(t.userId, t.variantId),
    index("cart_lines_product_idx").on(t.productId),
    index("cart_lines_variant_idx").on(t.variantId),
    check("cart_lines_quantity_check", sql`${t.quantity} >= 1`),
  ],
);

export type CartLineRow = typeof cartLines.$inferSelect;
