import { CATEGORIES, ROLES } from "@shop/shared";
import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", "));

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Trimmed and lower-cased before it is stored. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("GENERAL"),
    profilePic: text("profile_pic"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_role_idx").on(t.role),
    check("users_role_check", sql`${t.role} in (${inList(ROLES)})`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productName: text("product_name").notNull(),
    brandName: text("brand_name").notNull(),
    category: text("category", { enum: CATEGORIES }).notNull(),
    /** Ordered: the first image is the main one. */
    productImage: text("product_image").array().notNull().default(sql`'{}'::text[]`),
    description: text("description").notNull().default(""),
    /** Whole francs: the old, higher price. */
    price: integer("price").notNull(),
    /** Whole francs: what the customer pays. */
    sellingPrice: integer("selling_price").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** French full-text document, accents folded (see migration 0000 for shop_unaccent). */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('french', shop_unaccent(coalesce(product_name, '') || ' ' || coalesce(brand_name, '') || ' ' || coalesce(category, ''))), 'A') || setweight(to_tsvector('french', shop_unaccent(coalesce(description, ''))), 'C')`,
    ),
    /** Folded name, brand and category: the source of search_lexicon, and of phrase ranking. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(shop_unaccent(product_name || ' ' || brand_name || ' ' || category))`,
    ),
    ...timestamps,
  },
  (t) => [
    // The same order as every list's ORDER BY (newest first, id to break ties), so a page is
    // read straight from the index instead of sorting the table.
    index("products_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_category_created_idx").on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_search_vector_idx").using("gin", t.searchVector),
    check("products_price_check", sql`${t.price} > 0`),
    check("products_selling_price_check", sql`${t.sellingPrice} > 0 and ${t.sellingPrice} <= ${t.price}`),
    check("products_category_check", sql`${t.category} in (${inList(CATEGORIES)})`),
  ],
);

/**
 * Every word (3 letters or more) of the products' folded names, brands and categories, kept by
 * the trigger of migration 0003. Search corrects a typo against these few hundred words, by
 * trigram similarity, before it asks the full-text index (docs/decisions/005-search.md).
 */
export const searchLexicon = pgTable("search_lexicon", { word: text("word").primaryKey() }, (t) => [
  index("search_lexicon_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

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
    quantity: integer("quantity").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("cart_lines_user_product_key").on(t.userId, t.productId),
    index("cart_lines_product_idx").on(t.productId),
    check("cart_lines_quantity_check", sql`${t.quantity} >= 1`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;

/** A customer's stars (1-5) and optional comment on a product: one per customer and product. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("reviews_product_user_key").on(t.productId, t.userId),
    index("reviews_user_idx").on(t.userId),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

/** What visitors send through the contact page, kept until an admin has read and answered it. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export type ReviewRow = typeof reviews.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;
