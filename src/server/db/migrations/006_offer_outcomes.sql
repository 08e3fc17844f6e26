-- Outcomes of offers and tasks (issue 19; docs/COMPLETION.md 'Not chosen' and 'Double-blind reviews').
--
-- The owner's optional reason for the freelancers who were not chosen, stored on each of their
-- offers when the owner assigns another one (one of NOT_CHOSEN_REASONS in
-- src/shared/notChosenReasons.ts; the route validates it, the CHECK keeps the table honest).
ALTER TABLE offers ADD COLUMN not_chosen_reason text
  CHECK (not_chosen_reason IN ('price', 'timing', 'experience', 'known', 'other'));

-- Double-blind reviews: a review is shown to anyone but its author only once it is published
-- (both parties have reviewed) or 14 days after it was written (src/shared/reviews.ts). Ratings
-- count published reviews only; publishDueReviews publishes those whose 14 days have passed.
ALTER TABLE reviews ADD COLUMN published_at timestamptz;

-- Reviews written before this migration were already public: they stay so.
UPDATE reviews SET published_at = created_at WHERE published_at IS NULL;

-- The sweep looks for unpublished reviews by age.
CREATE INDEX reviews_unpublished_idx ON reviews (created_at) WHERE published_at IS NULL;
