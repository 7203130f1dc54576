-- Accent-insensitive, typo-tolerant French search (see docs/decisions/005-search.md).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE (it reads a dictionary by name); naming the dictionary makes the
-- result depend on its input alone, so it can feed generated columns and indexes.
CREATE OR REPLACE FUNCTION shop_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT unaccent('unaccent'::regdictionary, $1) $$;
