CREATE TABLE "promotion_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promotion_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid,
	"phone" text,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"discount_type" text NOT NULL,
	"value" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"variant_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"brands" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_subtotal" integer,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"stacks_with_sale" boolean DEFAULT false NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" in ('sale', 'code')),
	CONSTRAINT "promotions_discount_type_check" CHECK ("promotions"."discount_type" in ('percent', 'amount', 'free_delivery')),
	CONSTRAINT "promotions_code_check" CHECK (("promotions"."kind" = 'code') = ("promotions"."code" is not null)),
	CONSTRAINT "promotions_value_check" CHECK ("promotions"."value" >= 0),
	CONSTRAINT "promotions_uses_check" CHECK ("promotions"."uses" >= 0 and ("promotions"."max_uses" is null or "promotions"."uses" <= "promotions"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "usual_price" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sale_promotion_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The total now takes the code's discount off: a generated column's expression is replaced by dropping and adding it (PostgreSQL 15).
ALTER TABLE "orders" drop column "total";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total" integer GENERATED ALWAYS AS (total_price - discount + coalesce(delivery_fee, 0)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_uses_order_key" ON "promotion_uses" USING btree ("promotion_id","order_id");--> statement-breakpoint
CREATE INDEX "promotion_uses_phone_idx" ON "promotion_uses" USING btree ("promotion_id","phone") WHERE "promotion_uses"."released_at" is null;--> statement-breakpoint
CREATE INDEX "promotion_uses_user_idx" ON "promotion_uses" USING btree ("promotion_id","user_id") WHERE "promotion_uses"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_key" ON "promotions" USING btree ("code") WHERE "promotions"."code" is not null;--> statement-breakpoint
CREATE INDEX "promotions_kind_ends_idx" ON "promotions" USING btree ("kind","ends_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_check" CHECK ("orders"."discount" >= 0 and "orders"."discount" <= "orders"."total_price");