-- Task alerts (issue 20; src/shared/alerts.ts, src/server/alerts/). A freelancer saves alerts; a task
-- created or edited into a matching shape reaches each matching freelancer once (task_alert_matches).

-- A suspended account receives nothing (the moderation work adds the same column).
ALTER TABLE users ADD COLUMN IF NOT EXISTS suspended_at timestamptz;

CREATE TABLE task_alerts (
  id serial PRIMARY KEY,
  user_uuid uuid NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  categories integer[] NOT NULL,
  location_type text NOT NULL CHECK (location_type IN ('anywhere', 'specific')),
  address text,
  lat double precision,
  lng double precision,
  radius_km integer CHECK (radius_km BETWEEN 1 AND 200),
  languages text[] NOT NULL,
  budget_min integer CHECK (budget_min BETWEEN 0 AND 500000),
  -- The index: '<category>:<cell>' for every category and grid cell the circle touches, or
  -- '<category>:r' for remote tasks (alertKeys). A task looks up its own keys (taskKeys).
  match_keys text[] NOT NULL,
  -- The UI language the alert was saved in: the language of the alert email.
  locale text NOT NULL DEFAULT 'lv',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (location_type = 'anywhere' OR (lat IS NOT NULL AND lng IS NOT NULL AND radius_km IS NOT NULL))
);
CREATE INDEX task_alerts_user_idx ON task_alerts (user_uuid, id);
CREATE INDEX task_alerts_keys_idx ON task_alerts USING gin (match_keys);

-- Each task reaches a freelancer once. emailed_at: the alert email that carried it (null: not yet).
CREATE TABLE task_alert_matches (
  user_uuid uuid NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  task_uuid uuid NOT NULL REFERENCES tasks (uuid) ON DELETE CASCADE,
  alert_id integer REFERENCES task_alerts (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  emailed_at timestamptz,
  PRIMARY KEY (user_uuid, task_uuid)
);
CREATE INDEX task_alert_matches_user_created_idx ON task_alert_matches (user_uuid, created_at DESC);
CREATE INDEX task_alert_matches_task_idx ON task_alert_matches (task_uuid);

-- When each freelancer was last sent an alert email: at most one a day.
CREATE TABLE task_alert_emails (
  user_uuid uuid PRIMARY KEY REFERENCES users (uuid) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL
);
