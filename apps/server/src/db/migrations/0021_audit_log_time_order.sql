-- The audit log's times follow its ids (decision 038): a line's time is never before the line
-- before it. `at` defaults to the writing transaction's start, and a transaction that started
-- first may draw its id second; such a line takes the previous line's time instead. Then a
-- range of days is a range of ids, which the Journal's date filters search by the primary key.
CREATE OR REPLACE FUNCTION shop_audit_chain() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  last_line record;
BEGIN
  PERFORM pg_advisory_xact_lock(727100038);
  NEW.id := nextval(pg_get_serial_sequence('audit_log', 'id'));
  SELECT hash, at INTO last_line FROM audit_log ORDER BY id DESC LIMIT 1;
  NEW.previous_hash := coalesce(last_line.hash, '');
  NEW.at := greatest(NEW.at, last_line.at);
  NEW.hash := shop_audit_hash(NEW.previous_hash, NEW.at, NEW.actor_id, NEW.actor_role, NEW.session_id,
    NEW.address, NEW.entity, NEW.entity_id, NEW.action, NEW.before, NEW.after);
  RETURN NEW;
END
$$;
