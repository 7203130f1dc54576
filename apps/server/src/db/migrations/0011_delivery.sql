-- Decision 025: delivery options (zones of Yaoundé by neighbourhood, pickup, shipping out of
-- Yaoundé), the shop's free-delivery amount, and what an order keeps of the delivery it chose.
-- Orders made before have no delivery: their total is their lines' total.
CREATE TABLE "delivery_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"fee" integer,
	"delay" text DEFAULT '' NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"neighbourhoods" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_options_kind_check" CHECK ("delivery_options"."kind" in ('zone', 'pickup', 'shipping')),
	CONSTRAINT "delivery_options_fee_check" CHECK ("delivery_options"."fee" >= 0 or ("delivery_options"."fee" is null and "delivery_options"."kind" = 'shipping'))
);
--> statement-breakpoint
CREATE TABLE "delivery_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"free_from" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_one_row" CHECK ("delivery_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_delay" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_neighbourhood" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_city" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_landmark" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total" integer GENERATED ALWAYS AS (total_price + coalesce(delivery_fee, 0)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "delivery_options_position_idx" ON "delivery_options" USING btree ("position","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_kind_check" CHECK ("orders"."delivery_kind" in ('zone', 'pickup', 'shipping'));--> statement-breakpoint
INSERT INTO "delivery_settings" ("id", "free_from") VALUES (1, NULL) ON CONFLICT DO NOTHING;