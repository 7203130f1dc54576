CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"position" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_name_key" UNIQUE("name"),
	CONSTRAINT "categories_slug_key" UNIQUE("slug"),
	CONSTRAINT "categories_name_check" CHECK (length(btrim("categories"."name")) between 1 and 60),
	CONSTRAINT "categories_slug_check" CHECK ("categories"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
-- The spec's 17 categories, in the storefront's order: every product already names one of them.
INSERT INTO "categories" ("name", "slug", "position") VALUES
	('NOUVEAUX IPHONE', 'nouveaux-iphone', 1),
	('IPHONE 15', 'iphone-15', 2),
	('IPHONE 14', 'iphone-14', 3),
	('IPHONE 13', 'iphone-13', 4),
	('IPHONE 12', 'iphone-12', 5),
	('IPHONE 11', 'iphone-11', 6),
	('IPHONE XR', 'iphone-xr', 7),
	('IPHONE 8', 'iphone-8', 8),
	('SMARTPHONES', 'smartphones', 9),
	('IPHONE PROMAX', 'iphone-promax', 10),
	('SAMSUNG', 'samsung', 11),
	('PIXEL', 'pixel', 12),
	('REDMI', 'redmi', 13),
	('HUAWEI', 'huawei', 14),
	('GADGETS ÉLECTRONIQUES', 'gadgets-electroniques', 15),
	('APPLE WATCH', 'apple-watch', 16),
	('ACCESSOIRES', 'accessoires', 17);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_category_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "categories_position_idx" ON "categories" USING btree ("position","name");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_categories_name_fk" FOREIGN KEY ("category") REFERENCES "public"."categories"("name") ON DELETE restrict ON UPDATE cascade;