-- Decision 026: payment attempts (Mobile Money through the provider, transfers declared by the
-- customer), the way an order's customer chose to pay, and a note beside a status change.
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"method" text NOT NULL,
	"operator" text,
	"phone" text,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'XAF' NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"flag" text,
	"provider" text,
	"merchant_reference" text,
	"provider_reference" text,
	"provider_status" text,
	"transaction_id" text,
	"screenshot_path" text,
	"screenshot_type" text,
	"reviewed_by" uuid,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('mobile_money', 'transfer')),
	CONSTRAINT "payments_state_check" CHECK ("payments"."state" in ('pending', 'paid', 'failed', 'to_verify', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_choice" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_pending_key" ON "payments" USING btree ("order_id") WHERE "payments"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_merchant_reference_key" ON "payments" USING btree ("merchant_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_key" ON "payments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_key" ON "payments" USING btree ("transaction_id") WHERE "payments"."state" <> 'rejected';--> statement-breakpoint
CREATE INDEX "payments_state_idx" ON "payments" USING btree ("state","created_at");