-- Completion and reviews (issue 6): when and by whom a task was first locked.
--
-- The first party to lock an in_progress task (owner or chosen freelancer) moves it to completed or
-- incomplete; the other party may still leave their review for REVIEW_WINDOW_DAYS (14) after
-- locked_at (src/server/completion/awaiting.ts). Who has reviewed is the reviews table itself
-- (UNIQUE (task_uuid, author_uuid)); tasks.awaiting_action turns false once both have reviewed.
ALTER TABLE tasks ADD COLUMN locked_at timestamptz;
ALTER TABLE tasks ADD COLUMN locked_by uuid REFERENCES users (uuid);

-- Tasks locked before this migration: their window is counted from their last change.
UPDATE tasks SET locked_at = updated_at
 WHERE status IN ('completed', 'incomplete') AND locked_at IS NULL;

-- One report per reporter per task is reports' UNIQUE (task_uuid, reporter_key); moderators list
-- the newest reports of a task.
CREATE INDEX reports_task_created_idx ON reports (task_uuid, created_at DESC);
