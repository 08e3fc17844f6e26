-- Registration without account enumeration (issue 7, ASVS 6.3.8; docs/ACCOUNTS.md).
--
-- POST /api/register answers the same 202 for a new and for a registered address. A new address
-- gets a pending registration and a confirmation link by email; the users row is created only when
-- the link is followed (POST /api/register/confirm), so a pending registration cannot log in and
-- login cannot tell it apart from a wrong password. A registered address gets a "you already have
-- an account" email instead.

-- Only the sha256 of the emailed token is stored, like sessions. Several pending rows may exist
-- for one address (each email's link works until the first one is confirmed or they expire).
CREATE TABLE pending_registrations (
  token_hash text PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  full_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX pending_registrations_email_idx ON pending_registrations (lower(email));
CREATE INDEX pending_registrations_expires_idx ON pending_registrations (expires_at);

-- Every email the API sends is written here first (transactional outbox). A mailer drains the
-- unsent rows and stamps sent_at; without one (development, tests) the messages are also written
-- as files under DATA_DIR/outbox.
CREATE TABLE email_outbox (
  id bigserial PRIMARY KEY,
  to_email text NOT NULL,
  locale text NOT NULL,
  template text NOT NULL, -- 'registration_confirm' | 'registration_existing'
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX email_outbox_unsent_idx ON email_outbox (id) WHERE sent_at IS NULL;
CREATE INDEX email_outbox_to_idx ON email_outbox (lower(to_email));
