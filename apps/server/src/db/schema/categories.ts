import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./common.ts";

/**
 * The shop's categories, managed on the back-office's 'Catégories' page (decision 046). A
 * product names its category by `name` (the API's `category` is that name, as the original
 * clients expect): the foreign key carries a rename to every product and refuses to delete a
 * category that still has some. The spec's 17 are created by migration 0025, in their order.
 */
export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique("categories_name_key"),
    /** The address's part: lowercase ASCII words joined by hyphens. */
    slug: text("slug").notNull().unique("categories_slug_key"),
    /** The storefront's order: smallest first. */
    position: integer("position").notNull(),
    /** Off the storefront with its products; its products keep their orders and their category. */
    hidden: boolean("hidden").notNull().default(false),
    /** Our own stored picture's path, or none. */
    image: text("image"),
    ...timestamps,
  },
  (t) => [
    index("categories_position_idx").on(t.position, t.name),
    check("categories_name_check", sql`length(btrim(${t.name})) between 1 and 60`),
    check("categories_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export type CategoryRow = typeof categories.$inferSelect;
