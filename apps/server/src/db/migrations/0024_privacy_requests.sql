CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"order_id" uuid,
	"reference" text NOT NULL,
	"phone" text,
	"message" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"answered_by_name" text,
	"answer" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_requests_kind_check" CHECK ("privacy_requests"."kind" in ('access', 'correction', 'erasure', 'objection')),
	CONSTRAINT "privacy_requests_status_check" CHECK ("privacy_requests"."status" in ('received', 'answered', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "processing_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"position" integer NOT NULL,
	"purpose" text NOT NULL,
	"legal_basis" text NOT NULL,
	"data" text NOT NULL,
	"people" text NOT NULL,
	"retention" text NOT NULL,
	"recipients" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_objections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_hash" text NOT NULL,
	"user_id" uuid,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inactivity_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_objections" ADD CONSTRAINT "promotion_objections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_open_idx" ON "privacy_requests" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_phone_idx" ON "privacy_requests" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "processing_activities_slug_key" ON "processing_activities" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_objections_contact_key" ON "promotion_objections" USING btree ("contact_hash");--> statement-breakpoint
UPDATE "users" SET "last_active_at" = greatest("updated_at", coalesce((SELECT max("last_used_at") FROM "sessions" WHERE "sessions"."user_id" = "users"."id"), "updated_at"));