-- The in-memory read model (issue 18, docs/ARCHITECTURE.md "Read model and caches"): every write to
-- a table a cached answer is built from NOTIFYs channel talka_cache with '<kind>:<key>', so every
-- API process drops what it holds of it, whoever wrote (a route, a script, psql). PostgreSQL sends
-- a notification at commit and only once per distinct payload in a transaction.
--
-- kinds: task:<task uuid> (tasks and the tables hanging off a task), session:<session id>,
-- user:<user uuid> (a change a reader can see), seen:<user uuid> (only last_seen_at moved),
-- views:<task uuid> (task_views), all: (categories).
CREATE FUNCTION talka_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM pg_notify('talka_cache', kind || ':' || COALESCE(rec ->> col, ''));
  -- A row moved to another task or user: the old one changed too.
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> col) IS DISTINCT FROM (rec ->> col) THEN
    PERFORM pg_notify('talka_cache', kind || ':' || COALESCE(to_jsonb(OLD) ->> col, ''));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER tasks_cache AFTER INSERT OR UPDATE OR DELETE ON tasks
  FOR EACH ROW EXECUTE FUNCTION talka_cache_notify('task', 'uuid');
CREATE TRIGGER offers_cache AFTER INSERT OR UPDATE OR DELETE ON offers
  FOR EACH ROW EXECUTE FUNCTION talka_cache_notify('task', 'task_uuid');
CREATE TRIGGER task_images_cache AFTER INSERT OR UPDATE OR DELETE ON task_images
  FOR EACH ROW EXECUTE FUNCTION talka_cache_notify('task', 'task_uuid');
CREATE TRIGGER task_locations_cache AFTER INSERT OR UPDATE OR DELETE ON task_locations
  FOR EACH ROW EXECUTE FUNCTION talka_cache_notify('task', 'task_uuid');
CREATE TRIGGER task_languages_cache AFTER INSERT OR UPDATE OR DELETE ON task_languages
  FOR EACH ROW EXECUTE FUNCTION talka_cache_notify('task', 'task_uuid');
CREATE TRIGGER reviews_cache AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION talka_cache_notify('task', 'task_uuid');
CREATE TRIGGER task_views_cache AFTER INSERT OR UPDATE OR DELETE ON task_views
  FOR EACH ROW EXECUTE FUNCTION talka_cache_notify('views', 'task_uuid');
CREATE TRIGGER sessions_cache AFTER INSERT OR UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION talka_cache_notify('session', 'id');
CREATE TRIGGER users_cache AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION talka_cache_notify('user', 'uuid');
CREATE TRIGGER categories_cache AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION talka_cache_notify('all', 'id');

-- Rate-limit counters shared by every API process on one PostgreSQL (cache/rateLimitStore.ts);
-- the embedded database's single process keeps counting in memory. Not cached, not watched.
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at);
