-- The durable mail outbox (every mail the blog sends waits here until an SMTP server took it) and
-- the addresses that must not be mailed again because their server refused them for good.

-- One row per message. A node claims queued rows with FOR UPDATE SKIP LOCKED and marks them
-- 'sending' under its PostgreSQL backend (pid and start time): a row whose claimer's backend is
-- gone (the node died) is claimable again, so nothing queued is lost and, short of that, nothing
-- is sent twice.
CREATE TABLE mail_outbox (
  id                    bigserial PRIMARY KEY,
  kind                  text NOT NULL,           -- 'verification', 'password_reset', 'newsletter', …
  recipient             text NOT NULL,           -- a bare address
  message               text,                    -- RFC 5322 text with CRLF; NULL until rendered at send time
  state                 text NOT NULL DEFAULT 'queued'
                        CHECK (state IN ('queued', 'sending', 'sent', 'failed', 'dropped')),
  attempts              integer NOT NULL DEFAULT 0,
  next_attempt_at       timestamptz NOT NULL DEFAULT now(),
  claimed_pid           integer,
  claimed_backend_start timestamptz,
  last_error            text,
  created_at            timestamptz NOT NULL DEFAULT now(),
  sent_at               timestamptz
);
-- The claim's scan: only what is waiting, oldest first.
CREATE INDEX mail_outbox_waiting_idx ON mail_outbox (next_attempt_at, id) WHERE state = 'queued';
CREATE INDEX mail_outbox_sending_idx ON mail_outbox (id) WHERE state = 'sending';

-- Addresses whose mail server answered 5xx: no further mail goes to them (the outbox marks such
-- messages 'dropped') until the person asks again in a way that proves the address works.
CREATE TABLE mail_suppressions (
  address     text PRIMARY KEY,  -- lower-cased
  reason      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Newsletter subscribers: double opt-in. An address is 'pending' until a mailed link is
-- confirmed; one that unsubscribed stays so until the person subscribes again and confirms.
CREATE TABLE newsletter_subscribers (
  id               bigserial PRIMARY KEY,
  email            text NOT NULL,
  language         text NOT NULL CHECK (language IN ('en', 'cs')),
  state            text NOT NULL DEFAULT 'pending'
                   CHECK (state IN ('pending', 'active', 'unsubscribed', 'suppressed')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  confirmed_at     timestamptz,
  unsubscribed_at  timestamptz,
  -- Carried by every mail's unsubscribe link; not secret beyond that (it only unsubscribes).
  unsubscribe_token text NOT NULL UNIQUE
);
CREATE UNIQUE INDEX newsletter_subscribers_email_idx ON newsletter_subscribers (lower(email));

-- Confirmation links: single use, valid 7 days, stored as the SHA-256 of the token. The language
-- chosen when subscribing travels with the link and is the subscriber's once confirmed.
CREATE TABLE newsletter_confirmations (
  token_hash     text PRIMARY KEY,
  subscriber_id  bigint NOT NULL REFERENCES newsletter_subscribers (id) ON DELETE CASCADE,
  language       text NOT NULL CHECK (language IN ('en', 'cs')),
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz
);
CREATE INDEX newsletter_confirmations_subscriber_idx ON newsletter_confirmations (subscriber_id);
