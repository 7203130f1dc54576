CREATE TABLE "catalogue_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid,
	"address" text,
	"file_name" text NOT NULL,
	"state" text DEFAULT 'previewed' NOT NULL,
	"read" jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalogue_imports_state_check" CHECK ("catalogue_imports"."state" in ('previewed', 'waiting', 'running', 'done', 'failed')),
	CONSTRAINT "catalogue_imports_done_check" CHECK ("catalogue_imports"."done" between 0 and "catalogue_imports"."total")
);
--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_imports_user_idx" ON "catalogue_imports" USING btree ("user_id","created_at");