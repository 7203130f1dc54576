-- Keeps search_lexicon holding every word of 3 letters or more of the products' folded names,
-- brands and categories (search_text). Words are only added: one a product no longer uses
-- simply corrects a typo to a word that then matches nothing.
CREATE OR REPLACE FUNCTION shop_index_search_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_lexicon (word)
    SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_text, '[^[:alnum:]]+') AS w WHERE length(w) >= 3
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_lexicon
  AFTER INSERT OR UPDATE OF product_name, brand_name, category ON products
  FOR EACH ROW EXECUTE FUNCTION shop_index_search_words();
--> statement-breakpoint
INSERT INTO search_lexicon (word)
  SELECT DISTINCT w FROM products, regexp_split_to_table(search_text, '[^[:alnum:]]+') AS w WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
