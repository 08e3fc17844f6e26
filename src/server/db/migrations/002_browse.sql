-- Browsing (issue 7): what freelancers offer, and indexes for the task list, freelancers and profiles.

-- Category ids a freelancer offers (set by become-freelancer). An array keeps the user one row, so the
-- session's `SELECT u.*` already carries it; ids are checked against categories when written.
ALTER TABLE users ADD COLUMN categories integer[] NOT NULL DEFAULT '{}';
CREATE INDEX users_categories_idx ON users USING gin (categories);
CREATE INDEX users_languages_idx ON users USING gin (languages);
CREATE INDEX users_freelancers_idx ON users (freelancer_rating DESC NULLS LAST, created_at DESC)
  WHERE is_freelancer AND deleted_at IS NULL;

-- Task list text search: word-prefix matching over title and description, case-insensitive in any
-- script ('simple' lower-cases without stemming; pg_trgm is not available in PGlite).
CREATE INDEX tasks_search_idx ON tasks
  USING gin (to_tsvector('simple', title || ' ' || description));
CREATE INDEX tasks_created_idx ON tasks (created_at DESC, uuid DESC);
CREATE INDEX tasks_location_type_idx ON tasks (location_type, created_at DESC);

-- Completed tasks per freelancer (cards and sort) and a user's reviews, newest first.
CREATE INDEX offers_freelancer_chosen_idx ON offers (freelancer_uuid) WHERE chosen_at IS NOT NULL;
CREATE INDEX reviews_target_created_idx ON reviews (target_uuid, created_at DESC);
