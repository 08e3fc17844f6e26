-- A task whose only change is its view count (the view buffer's batches, src/server/cache/
-- viewBuffer.ts) NOTIFYs 'counted:<task uuid>' instead of 'task:<task uuid>': the read model then
-- reloads that task's row, for its count, but keeps the list pages and the visitors' rendered pages,
-- which a view does not change (issue 18: a crowd of new visitors on one shared link would
-- otherwise drop them with every batch). Everything else is migration 007's function unchanged.
CREATE OR REPLACE FUNCTION talka_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  col text := TG_ARGV[1];
  rec jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    rec := to_jsonb(OLD);
  ELSE
    rec := to_jsonb(NEW);
  END IF;
  IF kind = 'user' AND TG_OP = 'UPDATE'
     AND (to_jsonb(NEW) - 'last_seen_at') = (to_jsonb(OLD) - 'last_seen_at') THEN
    kind := 'seen';
  END IF;
  IF kind = 'task' AND TG_TABLE_NAME = 'tasks' AND TG_OP = 'UPDATE'
     AND (to_jsonb(NEW) - 'views_count') = (to_jsonb(OLD) - 'views_count') THEN
    kind := 'counted';
  END IF;
  PERFORM pg_notify('talka_cache', kind || ':' || COALESCE(rec ->> col, ''));
  -- A row moved to another task or user: the old one changed too.
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> col) IS DISTINCT FROM (rec ->> col) THEN
    PERFORM pg_notify('talka_cache', kind || ':' || COALESCE(to_jsonb(OLD) ->> col, ''));
  END IF;
  RETURN NULL;
END
$$;
