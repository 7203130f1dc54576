ALTER TABLE "product_variants" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "handle" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_sku_key" UNIQUE("sku");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_handle_key" UNIQUE("handle");--> statement-breakpoint
-- Decision 047: every product has a handle, the catalogue CSV's key, made from its name as
-- Shopify makes one ("iPhone 13 Écran" → "iphone-13-ecran"); a name another product's handle
-- already has gets the start of the product's id after it. Given ones (an import's) are kept.
CREATE FUNCTION shop_product_handle(name text, pid uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  base text := left(trim(both '-' from regexp_replace(lower(shop_unaccent(name)), '[^a-z0-9]+', '-', 'g')), 100);
BEGIN
  IF base = '' THEN base := 'produit'; END IF;
  IF EXISTS (SELECT 1 FROM products WHERE handle = base AND id <> pid) THEN
    RETURN base || '-' || left(pid::text, 8);
  END IF;
  RETURN base;
END
$$;
--> statement-breakpoint
CREATE FUNCTION shop_product_default_handle() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.handle IS NULL OR NEW.handle = '' THEN
    NEW.handle := shop_product_handle(NEW.product_name, NEW.id);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_default_handle
  BEFORE INSERT OR UPDATE OF handle ON products
  FOR EACH ROW EXECUTE FUNCTION shop_product_default_handle();
--> statement-breakpoint
-- The products there already, oldest first: the oldest keeps the plain handle.
DO $$
DECLARE
  p record;
BEGIN
  FOR p IN SELECT id, product_name FROM products WHERE handle IS NULL ORDER BY created_at, id LOOP
    UPDATE products SET handle = shop_product_handle(p.product_name, p.id) WHERE id = p.id;
  END LOOP;
END
$$;
