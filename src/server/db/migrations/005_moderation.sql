-- Moderation (issue 19): a moderator role, suspended users, hidden tasks, decided reports and an
-- audit log of every decision. IF NOT EXISTS throughout: another branch may add the same columns.

ALTER TABLE users ADD COLUMN IF NOT EXISTS is_moderator boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN IF NOT EXISTS suspended_at timestamptz;
ALTER TABLE users ADD COLUMN IF NOT EXISTS suspended_reason text;

-- A hidden task answers 410 to everyone but its owner and moderators and leaves every list and
-- count. hidden_by_suspension: hidden because its author was suspended (unsuspend brings it back).
ALTER TABLE tasks ADD COLUMN IF NOT EXISTS hidden_at timestamptz;
ALTER TABLE tasks ADD COLUMN IF NOT EXISTS hidden_reason text;
ALTER TABLE tasks ADD COLUMN IF NOT EXISTS hidden_by_suspension boolean NOT NULL DEFAULT false;
CREATE INDEX IF NOT EXISTS tasks_visible_created_idx ON tasks (created_at DESC) WHERE hidden_at IS NULL;

-- A report is open until a moderator decides it: action_taken (the task was hidden or its author
-- suspended) or dismissed.
ALTER TABLE reports ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'open'
  CHECK (status IN ('open', 'action_taken', 'dismissed'));
ALTER TABLE reports ADD COLUMN IF NOT EXISTS decided_at timestamptz;
CREATE INDEX IF NOT EXISTS reports_status_created_idx ON reports (status, created_at);
CREATE INDEX IF NOT EXISTS reports_reporter_idx ON reports (reporter_key, created_at DESC);

-- Every moderation decision: who, when, what, on which task or user, and why.
CREATE TABLE IF NOT EXISTS moderation_log (
  id bigserial PRIMARY KEY,
  moderator_uuid uuid NOT NULL REFERENCES users (uuid),
  action text NOT NULL
    CHECK (action IN ('hide', 'restore', 'dismiss', 'suspend', 'unsuspend')),
  task_uuid uuid REFERENCES tasks (uuid) ON DELETE SET NULL,
  user_uuid uuid REFERENCES users (uuid) ON DELETE SET NULL,
  reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS moderation_log_created_idx ON moderation_log (created_at DESC, id DESC);
