-- The search's accent folding names its extension's function and dictionary with their schema,
-- so that it works whatever the search_path: pg_restore runs with an empty one (db:restore,
-- decision 031). Same result, still inlinable.
CREATE OR REPLACE FUNCTION shop_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
