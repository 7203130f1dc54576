ALTER TABLE "products" ADD COLUMN "stock_state" text DEFAULT 'untracked' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_total" integer;--> statement-breakpoint
-- Decision 044: a product's stock over its variants, as customers read it (overallAvailability
-- in packages/shared; 3 is its LOW_STOCK_MAX): not tracked when no variant is, in stock when one
-- is not tracked, sold out at 0, low at 3 or fewer. The total is of the tracked variants.
CREATE FUNCTION shop_product_stock_of(pid uuid, OUT state text, OUT total integer) LANGUAGE sql STABLE AS $$
  SELECT CASE
      WHEN bool_and(stock IS NULL) THEN 'untracked'
      WHEN bool_or(stock IS NULL) THEN 'in_stock'
      WHEN coalesce(sum(stock), 0) = 0 THEN 'out'
      WHEN sum(stock) <= 3 THEN 'low'
      ELSE 'in_stock' END,
    sum(stock)::int
  FROM product_variants WHERE product_id = pid
$$;--> statement-breakpoint
-- The product's row is locked before its variants are read: two transactions changing two
-- variants of one product then count one after the other, each seeing the other's committed
-- count, instead of both writing a total read before the other's change.
CREATE FUNCTION shop_product_stock_refresh(pid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s text;
  t integer;
BEGIN
  PERFORM 1 FROM products WHERE id = pid FOR NO KEY UPDATE;
  -- Deleted with its variants (ON DELETE CASCADE): nothing to keep.
  IF NOT FOUND THEN RETURN; END IF;
  SELECT state, total INTO s, t FROM shop_product_stock_of(pid);
  UPDATE products SET stock_state = s, stock_total = t
    WHERE id = pid AND (stock_state, stock_total) IS DISTINCT FROM (s, t);
END $$;--> statement-breakpoint
CREATE FUNCTION shop_product_variants_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM shop_product_stock_refresh(NEW.product_id); END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.product_id <> NEW.product_id) THEN
    PERFORM shop_product_stock_refresh(OLD.product_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every path that changes a count (the variants' form, an order, its cancellation, an
-- adjustment, the default variant of migration 0009, a script) goes through these.
CREATE TRIGGER product_variants_stock_added_removed AFTER INSERT OR DELETE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION shop_product_variants_stock();--> statement-breakpoint
CREATE TRIGGER product_variants_stock_changed AFTER UPDATE OF stock, product_id ON product_variants
  FOR EACH ROW WHEN (OLD.stock IS DISTINCT FROM NEW.stock OR OLD.product_id <> NEW.product_id)
  EXECUTE FUNCTION shop_product_variants_stock();--> statement-breakpoint
UPDATE "products" p SET ("stock_state", "stock_total") = (SELECT state, total FROM shop_product_stock_of(p.id));--> statement-breakpoint
CREATE INDEX "products_stock_state_created_idx" ON "products" USING btree ("stock_state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_user_stock_state_created_idx" ON "products" USING btree ("user_id","stock_state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_stock_total_created_idx" ON "products" USING btree ("stock_total","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_user_stock_total_created_idx" ON "products" USING btree ("user_id","stock_total","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
