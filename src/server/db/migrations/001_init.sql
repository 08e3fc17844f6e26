-- Talka schema, version 1. Runs on PGlite and on PostgreSQL 15+.

CREATE TABLE users (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  full_name text NOT NULL,
  display_name text NOT NULL,
  is_legal boolean NOT NULL DEFAULT false,
  is_freelancer boolean NOT NULL DEFAULT false,
  phone_number text,
  photo_path text,
  languages text[] NOT NULL DEFAULT '{}',
  customer_rating numeric(3, 2),
  freelancer_rating numeric(3, 2),
  last_seen_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE sessions (
  id text PRIMARY KEY, -- sha256 of the cookie token; the token itself is never stored
  user_uuid uuid NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_uuid);

CREATE TABLE categories (
  id integer PRIMARY KEY,
  parent_id integer REFERENCES categories (id),
  slug text NOT NULL UNIQUE,
  title jsonb NOT NULL, -- { "lv": "...", "en": "...", ... }
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX categories_parent_idx ON categories (parent_id);

CREATE TABLE tasks (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identifier text NOT NULL UNIQUE,
  author_uuid uuid NOT NULL REFERENCES users (uuid),
  category_id integer NOT NULL REFERENCES categories (id),
  title text NOT NULL,
  description text NOT NULL,
  status text NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'open', 'in_progress', 'completed', 'incomplete')),
  location_type text NOT NULL DEFAULT 'anywhere' CHECK (location_type IN ('anywhere', 'specific')),
  due_type text NOT NULL CHECK (due_type IN ('start', 'end', 'period')),
  due_start timestamp, -- local date-time, as the customer entered it
  due_end timestamp,
  budget_from integer NOT NULL CHECK (budget_from BETWEEN 0 AND 500000),
  budget_to integer NOT NULL CHECK (budget_to BETWEEN 0 AND 500000 AND budget_to >= budget_from),
  views_count integer NOT NULL DEFAULT 0,
  awaiting_action boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tasks_category_created_idx ON tasks (category_id, created_at DESC);
CREATE INDEX tasks_status_created_idx ON tasks (status, created_at DESC);
CREATE INDEX tasks_author_idx ON tasks (author_uuid);
CREATE INDEX tasks_due_end_idx ON tasks (due_end);
CREATE INDEX tasks_budget_idx ON tasks (budget_from, budget_to);

CREATE TABLE task_languages (
  task_uuid uuid NOT NULL REFERENCES tasks (uuid) ON DELETE CASCADE,
  locale text NOT NULL,
  PRIMARY KEY (task_uuid, locale)
);
CREATE INDEX task_languages_locale_idx ON task_languages (locale);

CREATE TABLE task_images (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  task_uuid uuid NOT NULL REFERENCES tasks (uuid) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  original_path text NOT NULL,
  thumbnail_path text NOT NULL,
  width integer,
  height integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_images_task_idx ON task_images (task_uuid, position);

CREATE TABLE task_locations (
  id serial PRIMARY KEY,
  task_uuid uuid NOT NULL REFERENCES tasks (uuid) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  address text NOT NULL,
  city text NOT NULL DEFAULT '',
  lat double precision NOT NULL,
  lng double precision NOT NULL
);
CREATE INDEX task_locations_task_idx ON task_locations (task_uuid, position);
CREATE INDEX task_locations_city_idx ON task_locations (lower(city));

CREATE TABLE task_views (
  task_uuid uuid NOT NULL REFERENCES tasks (uuid) ON DELETE CASCADE,
  viewer_key text NOT NULL,
  viewed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (task_uuid, viewer_key)
);

CREATE TABLE offers (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  task_uuid uuid NOT NULL REFERENCES tasks (uuid) ON DELETE CASCADE,
  freelancer_uuid uuid NOT NULL REFERENCES users (uuid),
  description text NOT NULL,
  price numeric(9, 2) NOT NULL CHECK (price BETWEEN 0 AND 500000),
  notify_if_not_chosen boolean NOT NULL DEFAULT false,
  chosen_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (task_uuid, freelancer_uuid)
);
CREATE UNIQUE INDEX offers_one_chosen_per_task ON offers (task_uuid) WHERE chosen_at IS NOT NULL;

CREATE TABLE incomplete_reasons (
  id integer PRIMARY KEY,
  "group" text NOT NULL CHECK ("group" IN ('freelancer', 'customer')),
  feedback_required boolean NOT NULL DEFAULT false,
  title jsonb NOT NULL,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE reviews (
  id serial PRIMARY KEY,
  task_uuid uuid NOT NULL REFERENCES tasks (uuid) ON DELETE CASCADE,
  author_uuid uuid NOT NULL REFERENCES users (uuid),
  target_uuid uuid NOT NULL REFERENCES users (uuid),
  -- the role the target played on the task: their customer or freelancer rating is updated
  target_role text NOT NULL CHECK (target_role IN ('customer', 'freelancer')),
  status text NOT NULL CHECK (status IN ('completed', 'incomplete')),
  reason_id integer REFERENCES incomplete_reasons (id),
  rate smallint NOT NULL CHECK (rate BETWEEN 0 AND 5),
  feedback text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (task_uuid, author_uuid)
);
CREATE INDEX reviews_target_idx ON reviews (target_uuid, target_role);

CREATE TABLE reports (
  id serial PRIMARY KEY,
  task_uuid uuid NOT NULL REFERENCES tasks (uuid) ON DELETE CASCADE,
  reporter_key text NOT NULL, -- 'user:<uuid>' or 'anon:<cookie id>'
  message text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (task_uuid, reporter_key)
);

CREATE TABLE chat_conversations (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  task_uuid uuid NOT NULL REFERENCES tasks (uuid) ON DELETE CASCADE,
  customer_uuid uuid NOT NULL REFERENCES users (uuid),
  freelancer_uuid uuid NOT NULL REFERENCES users (uuid),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (task_uuid, freelancer_uuid)
);

CREATE TABLE chat_messages (
  id serial PRIMARY KEY,
  conversation_uuid uuid NOT NULL REFERENCES chat_conversations (uuid) ON DELETE CASCADE,
  sender_uuid uuid NOT NULL REFERENCES users (uuid),
  body text NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_uuid, id);
