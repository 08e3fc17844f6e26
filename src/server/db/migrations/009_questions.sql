-- Public questions on a task (issue 20 'Questions on a task').
--
-- Anyone signed in but the owner asks while the task is open (no offer chosen); the owner answers
-- each question once (the answer may be replaced until the questions close) and may hide one
-- (hidden_at: kept for moderation, never served). Texts are stored as written; contacts in them
-- are masked when served (src/shared/contactMask.ts).
CREATE TABLE task_questions (
  id serial PRIMARY KEY,
  task_uuid uuid NOT NULL REFERENCES tasks (uuid) ON DELETE CASCADE,
  author_uuid uuid NOT NULL REFERENCES users (uuid),
  message text NOT NULL,
  answer text,
  answered_at timestamptz,
  hidden_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_questions_task_idx ON task_questions (task_uuid, created_at, id);

-- Reports of a question, keyed like task reports ('user:<uuid>' or 'anon:<id>@addr:<hash>'): one
-- per reporter per question. The moderation queue lists the open ones (status 'open').
CREATE TABLE question_reports (
  id serial PRIMARY KEY,
  question_id integer NOT NULL REFERENCES task_questions (id) ON DELETE CASCADE,
  reporter_key text NOT NULL,
  message text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'open',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (question_id, reporter_key)
);
CREATE INDEX question_reports_open_idx ON question_reports (status, created_at DESC);
