-- The one-time imports into the alert ledger (docs/alerts.md, "The retired sent-log"): one row per
-- import, written by the same statement that imports (src/jobs/broadcast/retired-log.ts), so an import
-- happens once per database whichever sender meets it first. Applied like 0001 (by Netlify at deploy, by
-- src/db/migrate.ts elsewhere); running it twice changes nothing.
CREATE TABLE IF NOT EXISTS ledger_imports (
  -- What was imported: the retired file's path in data/ (`data/sent-log.json`).
  name text PRIMARY KEY,
  -- On the database's clock.
  imported_at timestamptz NOT NULL,
  -- The records the import was given; it wrote fewer when the ledger had a row already (it never writes over one).
  records integer NOT NULL CHECK (records >= 0)
);
