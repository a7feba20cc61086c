/**
 * The alert ledger of a test, in a real database: the embedded engine (PGlite, through the same binding
 * as `npm run broadcast`, in a temp folder) by default, or a real PostgreSQL database when given its URL
 * (tests/support/postgres.ts). Migrated as the commands migrate it. `rows(outlet)` reads what the ledger
 * holds, as `#n state u/r` (uncertain and refused attempts), for assertions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DB_TIMEOUT_MS, openDatabase, type Database } from '../../src/db/database.ts';
import type { Redactor } from '../../src/core/secrets/redact.ts';
import { applyMigrations, migrationsIn } from '../../src/db/migrate.ts';
import { alertLedger, type AlertLedger, type Delivery } from '../../src/jobs/broadcast/ledger.ts';

export const MIGRATIONS = join(import.meta.dirname, '../../netlify/database/migrations');

export interface TestLedger {
  db: Database;
  ledger: AlertLedger;
  /** Each row of an outlet as `#n state u/r`, by alert number. */
  rows(outlet: string): Promise<string[]>;
  /** Waits (deadline 30 s) until no lease of the outlet is running on the database's clock. */
  leasesEnded(outlet: string): Promise<void>;
  /**
   * Ends the running leases of `outlet` now, on the database's clock: what the passing of a lease does, for
   * tests whose leases are long so that no claim's work under load (its send and settlement) outlives its lease.
   */
  endLeases(outlet: string): Promise<void>;
  close(): Promise<void>;
}

/** `url`: a Postgres database; `dbDir`: an embedded folder others use too (kept); neither: a fresh embedded folder (removed at close). */
export async function testLedger(
  options: { url?: string; dbDir?: string; leaseMs?: number; redact?: Redactor; dbTimeoutMs?: number } = {},
): Promise<TestLedger> {
  const dir = options.url || options.dbDir ? null : mkdtempSync(join(tmpdir(), 'resetcast-ledger-'));
  const timeout = options.dbTimeoutMs ? { RESETCAST_DB_TIMEOUT_MS: String(options.dbTimeoutMs) } : {};
  const env = { ...timeout, ...(options.url ? { NETLIFY_DB_URL: options.url } : { RESETCAST_DB_DIR: options.dbDir ?? join(dir!, 'db') }) };
  const db = await openDatabase({ env, embeddedDir: '' });
  await applyMigrations(db, migrationsIn(MIGRATIONS));
  const rows = async (outlet: string): Promise<Delivery[]> =>
    (
      await db.sql.query<Delivery>(
        `SELECT outlet, alert_id, state, uncertain_attempts, refused_attempts, (lease_until IS NOT NULL AND lease_until ` +
          `> clock_timestamp()) AS leased FROM alert_deliveries WHERE outlet = $1 ORDER BY alert_at, alert_id`,
        [outlet],
      )
    ).rows;
  return {
    db,
    ledger: alertLedger(db.sql, {
      redact: options.redact ?? ((t) => t),
      settleMs: options.dbTimeoutMs ?? DB_TIMEOUT_MS,
      ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
    }),
    rows: async (outlet) =>
      (await rows(outlet)).map((r) => `#${Number(r.alert_id.slice(-3))} ${r.state} ${r.uncertain_attempts}/${r.refused_attempts}`),
    async leasesEnded(outlet) {
      const until = Date.now() + 30_000;
      while ((await rows(outlet)).some((r) => r.leased)) {
        if (Date.now() > until) throw new Error('a lease did not end within 30 s');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async endLeases(outlet) {
      await db.sql.query(
        `UPDATE alert_deliveries SET lease_until = clock_timestamp() - interval '1 millisecond' WHERE outlet = $1 AND lease_until > clock_timestamp()`,
        [outlet],
      );
    },
    async close() {
      await db.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
