-- An edit of an offer's own content (its description, price, notification choice or the reason it
-- was not chosen: an UPDATE that leaves chosen_at and task_uuid as they were) NOTIFYs
-- 'offer:<task uuid>' instead of 'task:<task uuid>'. Only the offer's parties see an offer (the
-- owner and its freelancer: src/server/tasks/privacy.ts offersVisibleTo); visitors and the list
-- pages show how many offers a task has, which such an edit does not change. The read model then
-- reloads that task's row but keeps the list pages and the visitors' rendered pages (issue 18: in
-- the mixed load an offer edit per request cycle dropped them all). A choice sets chosen_at and
-- the task's status in one transaction: still 'task'. Everything else is migration 012's function.
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
  IF kind = 'task' AND TG_TABLE_NAME = 'offers' AND TG_OP = 'UPDATE'
     AND (to_jsonb(NEW) -> 'chosen_at') = (to_jsonb(OLD) -> 'chosen_at')
     AND (to_jsonb(NEW) -> 'task_uuid') = (to_jsonb(OLD) -> 'task_uuid') THEN
    kind := 'offer';
  END IF;
  PERFORM pg_notify('talka_cache', kind || ':' || COALESCE(rec ->> col, ''));
  -- A row moved to another task or user: the old one changed too.
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> col) IS DISTINCT FROM (rec ->> col) THEN
    PERFORM pg_notify('talka_cache', kind || ':' || COALESCE(to_jsonb(OLD) ->> col, ''));
  END IF;
  RETURN NULL;
END
$$;
