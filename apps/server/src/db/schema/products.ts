import type { ProductOption } from "@shop/shared";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { categories } from "./categories.ts";
import { timestamps } from "./common.ts";
import { users } from "./users.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productName: text("product_name").notNull(),
    brandName: text("brand_name").notNull(),
    /** Its category's name: a rename follows (ON UPDATE CASCADE), a category with products stays (decision 046). */
    category: text("category")
      .notNull()
      .references(() => categories.name, { onUpdate: "cascade", onDelete: "restrict" }),
    /** Ordered: the first image is the main one. */
    productImage: text("product_image").array().notNull().default(sql`'{}'::text[]`),
    description: text("description").notNull().default(""),
    /** Whole francs: the old, higher price. */
    price: integer("price").notNull(),
    /** Whole francs: what the customer pays. */
    sellingPrice: integer("selling_price").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The choices a customer makes, in order ('Stockage', 'Couleur'), each with its values; [] for none (decision 024). */
    options: jsonb("options").$type<ProductOption[]>().notNull().default(sql`'[]'::jsonb`),
    /** The values its variants are sold in ("256 Go 512 Go Noir Bleu"), kept by the variants' service: searched (decision 024). */
    variantTerms: text("variant_terms").notNull().default(""),
    /** French full-text document, accents folded (see migration 0000 for shop_unaccent). */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('french', shop_unaccent(coalesce(product_name, '') || ' ' || coalesce(brand_name, '') || ' ' || coalesce(category, ''))), 'A') || setweight(to_tsvector('french', shop_unaccent(coalesce(variant_terms, ''))), 'B') || setweight(to_tsvector('french', shop_unaccent(coalesce(description, ''))), 'C')`,
    ),
    /** Folded name, brand, category and variant values: the source of search_lexicon, and of phrase ranking. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(shop_unaccent(product_name || ' ' || brand_name || ' ' || category || ' ' || variant_terms))`,
    ),
    /** A draft: off the storefront, its search, feeds and sitemap, until shown again (decision 046). */
    hidden: boolean("hidden").notNull().default(false),
    /** Deleted while orders name it: kept for them, off the storefront and out of the back-office's grid. */
    archivedAt: timestamp("archived_at", { withTimezone: true, mode: "date" }),
    /**
     * The catalogue CSV's key for the product ("iphone-13-128-go"), unique; made from the name by
     * the database when none is given (migration 0027, decision 047).
     */
    handle: text("handle").unique("products_handle_key"),
    /**
     * Its stock over its variants, as customers read it (overallAvailability, shared): 'untracked',
     * 'in_stock', 'low' or 'out'. Kept by migration 0026's trigger on product_variants, whatever
     * changes a count; stored so that the back-office's grid filters by it from an index (decision 044).
     */
    stockState: text("stock_state").notNull().default("untracked"),
    /** Units over its tracked variants, null when none is tracked; kept with stock_state, for the grid's sort. */
    stockTotal: integer("stock_total"),
    ...timestamps,
  },
  (t) => [
    // The same order as every list's ORDER BY (newest first, id to break ties), so a page is
    // read straight from the index instead of sorting the table. Only the products that are not
    // archived, as every list but the archive's reads them: a deep page's ids and the grid's
    // total are read from this narrow index alone (docs/performance/2026-12-06-admin-products.md).
    index("products_live_created_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.archivedAt} is null`),
    // The drafts ('Visibilité : masqués'), few: counted and paged without reading the table.
    index("products_hidden_created_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.hidden} and ${t.archivedAt} is null`),
    index("products_category_created_idx").on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_search_vector_idx").using("gin", t.searchVector),
    // The grid's stock filter and stock sort, in its page order; an ADMIN's own products too (decision 044).
    index("products_stock_state_created_idx").on(
      t.stockState,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("products_user_stock_state_created_idx").on(
      t.userId,
      t.stockState,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("products_stock_total_created_idx").on(
      t.stockTotal.asc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("products_user_stock_total_created_idx").on(
      t.userId,
      t.stockTotal.asc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check("products_price_check", sql`${t.price} > 0`),
    check("products_selling_price_check", sql`${t.sellingPrice} > 0 and ${t.sellingPrice} <= ${t.price}`),
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

/**
 * One combination of the product's option values that is sold, with its own prices, stock and
 * photos. Every product has at least one: a product without options has one with no values
 * (decision 024). `stock` null is "non suivi": not tracked, always available.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    /** One value per option of the product, in the options' order. */
    optionValues: text("option_values").array().notNull().default(sql`'{}'::text[]`),
    price: integer("price").notNull(),
    sellingPrice: integer("selling_price").notNull(),
    stock: integer("stock"),
    /** Its own photos, first the main one; empty: the product's. */
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    /** The owner's own reference, unique in the shop; how a catalogue CSV import finds it first (decision 047). */
    sku: text("sku").unique("product_variants_sku_key"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("product_variants_product_values_key").on(t.productId, t.optionValues),
    index("product_variants_product_idx").on(t.productId, t.position),
    check("product_variants_price_check", sql`${t.price} > 0`),
    check("product_variants_selling_price_check", sql`${t.sellingPrice} > 0 and ${t.sellingPrice} <= ${t.price}`),
    // Whatever the code does, a count never goes below zero.
    check("product_variants_stock_check", sql`${t.stock} >= 0`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type ProductVariantRow = typeof productVariants.$inferSelect;
