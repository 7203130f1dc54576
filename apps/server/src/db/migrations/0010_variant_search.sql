-- Decision 024: a product is found by its variants' values ("iphone 15 noir 256"), kept in
-- variant_terms by the variants' service, in the full-text document (weight B, between the
-- name and the description) and in search_text (phrase ranking and the typo lexicon).
ALTER TABLE "products" ADD COLUMN "variant_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('french', shop_unaccent(coalesce(product_name, '') || ' ' || coalesce(brand_name, '') || ' ' || coalesce(category, ''))), 'A') || setweight(to_tsvector('french', shop_unaccent(coalesce(variant_terms, ''))), 'B') || setweight(to_tsvector('french', shop_unaccent(coalesce(description, ''))), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "products" drop column "search_text";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(shop_unaccent(product_name || ' ' || brand_name || ' ' || category || ' ' || variant_terms))) STORED;--> statement-breakpoint
-- The typo lexicon learns the variants' words too.
DROP TRIGGER "products_search_lexicon" ON "products";--> statement-breakpoint
CREATE TRIGGER products_search_lexicon
  AFTER INSERT OR UPDATE OF product_name, brand_name, category, variant_terms ON products
  FOR EACH ROW EXECUTE FUNCTION shop_index_search_words();
