-- Resetcast's alert state (docs/alerts.md, "Where the state lives"). Applied by Netlify at deploy, and by
-- src/db/migrate.ts on a database that has not had it yet (a maintainer's Postgres, the embedded one):
-- both record it in netlify.migrations. Written so that running it twice changes nothing.

-- One row per (outlet, alert): who may send it, and how its sends ended. Every change is one statement
-- (src/jobs/broadcast/ledger.ts): a claim, its settlement by the claim's token, or a takeover of a
-- lease that ended.
CREATE TABLE IF NOT EXISTS alert_deliveries (
  outlet text NOT NULL,
  alert_id text NOT NULL,
  -- The alert's own time: rows older than the keep window are pruned.
  alert_at timestamptz NOT NULL,
  -- claimed: a send in flight under claim_token until lease_until; sent: final; uncertain: it may have
  -- arrived; failed: the outlet refused its content; released: it provably did not arrive.
  state text NOT NULL CHECK (state IN ('claimed', 'sent', 'uncertain', 'failed', 'released')),
  -- Sends that may have reached the outlet (a claim counts here until it is settled otherwise).
  uncertain_attempts integer NOT NULL DEFAULT 0 CHECK (uncertain_attempts >= 0),
  -- Sends the outlet refused for their content (400, 413, 422).
  refused_attempts integer NOT NULL DEFAULT 0 CHECK (refused_attempts >= 0),
  claim_token text,
  -- Set from the database clock when the claim is written; no other sender sends before it.
  lease_until timestamptz,
  updated_at timestamptz NOT NULL,
  last_error text,
  PRIMARY KEY (outlet, alert_id)
);
CREATE INDEX IF NOT EXISTS alert_deliveries_alert_at ON alert_deliveries (alert_at);

-- The watcher's cursor per polled X account (netlify/functions/watch.ts).
CREATE TABLE IF NOT EXISTS watch_accounts (
  name text PRIMARY KEY,
  user_id text NOT NULL,
  -- The newest post id read; compared as a number (ids pass 2^53).
  since_id numeric(20, 0),
  polled_at timestamptz NOT NULL
);

-- Whether a dispatch of the pull is owed (it failed, or the run that owed it died): one row.
CREATE TABLE IF NOT EXISTS watch_dispatch (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  pending boolean NOT NULL DEFAULT false,
  -- Counts each time a dispatch is owed, so clearing one never clears a newer one.
  generation integer NOT NULL DEFAULT 0,
  -- When GitHub last answered a dispatch in a way that may have started the pull: none is sent for a
  -- while after (src/jobs/watch/dispatch.ts, DISPATCH_QUIET_MS). The later of two runs' answers is kept.
  uncertain_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO watch_dispatch (id, pending) VALUES (true, false) ON CONFLICT (id) DO NOTHING;

-- The deploy whose /api/v1/alerts.json the watcher last read (its id, else the file's ETag), and whether
-- that run left nothing to send: then the same deploy is not read again (src/jobs/watch/deployed-alerts.ts).
CREATE TABLE IF NOT EXISTS deployed_alerts (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  deploy text NOT NULL,
  settled boolean NOT NULL,
  checked_at timestamptz NOT NULL
);
