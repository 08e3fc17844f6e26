-- Reported questions join the moderation queue (issues 19 and 20; docs/MODERATION.md).
--
-- A question report is decided like a task report: action_taken (a moderator hid the question) or
-- dismissed, with the time. A question a moderator hid keeps the reason (hidden_reason; NULL when
-- its task's owner hid it). The log names the question of a question decision; its two actions are
-- hide_question and dismiss_question (task_uuid is then the question's task).
ALTER TABLE question_reports ADD COLUMN IF NOT EXISTS decided_at timestamptz;
ALTER TABLE question_reports DROP CONSTRAINT IF EXISTS question_reports_status_check;
ALTER TABLE question_reports ADD CONSTRAINT question_reports_status_check
  CHECK (status IN ('open', 'action_taken', 'dismissed'));
CREATE INDEX IF NOT EXISTS question_reports_reporter_idx
  ON question_reports (reporter_key, created_at DESC);

ALTER TABLE task_questions ADD COLUMN IF NOT EXISTS hidden_reason text;

ALTER TABLE moderation_log ADD COLUMN IF NOT EXISTS question_id integer
  REFERENCES task_questions (id) ON DELETE SET NULL;
ALTER TABLE moderation_log DROP CONSTRAINT IF EXISTS moderation_log_action_check;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_action_check
  CHECK (action IN ('hide', 'restore', 'dismiss', 'suspend', 'unsuspend', 'hide_question',
                    'dismiss_question'));
