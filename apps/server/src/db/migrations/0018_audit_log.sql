CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_role" text,
	"session_id" uuid,
	"address" text,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"previous_hash" text DEFAULT '' NOT NULL,
	"hash" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
-- The audit log's chain (decision 038). A line's hash covers the hash of the line before it and
-- every field of its own, as text PostgreSQL writes the same way on every server (jsonb's text
-- is canonical; the time as microseconds since the epoch, whatever the session's time zone).
CREATE OR REPLACE FUNCTION shop_audit_hash(
  previous_hash text, at timestamptz, actor_id uuid, actor_role text, session_id uuid,
  address text, entity text, entity_id text, action text, before jsonb, after jsonb
) RETURNS text
  LANGUAGE sql STABLE
  AS $$
  SELECT encode(sha256(convert_to(concat_ws(chr(31),
    previous_hash,
    (extract(epoch FROM at) * 1000000)::bigint::text,
    coalesce(actor_id::text, ''),
    coalesce(actor_role, ''),
    coalesce(session_id::text, ''),
    coalesce(address, ''),
    entity,
    entity_id,
    action,
    coalesce(before::text, 'null'),
    coalesce(after::text, 'null')
  ), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Lines are chained one at a time, in the order of their ids: the lock is held until the
-- inserting transaction ends, and the id is drawn under it. A transaction rolled back takes its
-- line with it; the next one chains to the last line committed.
CREATE OR REPLACE FUNCTION shop_audit_chain() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727100038);
  NEW.id := nextval(pg_get_serial_sequence('audit_log', 'id'));
  NEW.previous_hash := coalesce((SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1), '');
  NEW.hash := shop_audit_hash(NEW.previous_hash, NEW.at, NEW.actor_id, NEW.actor_role, NEW.session_id,
    NEW.address, NEW.entity, NEW.entity_id, NEW.action, NEW.before, NEW.after);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION shop_audit_chain();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_audit_append_only() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION shop_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION shop_audit_append_only();
