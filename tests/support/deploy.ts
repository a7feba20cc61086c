/**
 * What the functions' tests stand on: the deploy they read (the frozen history's payloads as a build at
 * NOW publishes them) and a fresh database on a local PostgreSQL, migrated as Netlify migrates at deploy.
 */
import { stableStringify } from '../../src/core/json.ts';
import type { AlertsPayload } from '../../src/core/schema/index.ts';
import { SITE } from '../../src/core/site.ts';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { applyMigrations, migrationsIn } from '../../src/db/migrate.ts';
import { createPayloads } from '../../src/site/api/payloads.ts';
import { MIGRATIONS } from './ledger.ts';
import type { LocalPostgres } from './postgres.ts';
import { loadDir, NOW, tempData } from './pull-env.ts';

/** The published files by path: timeline, promises, banked, and alerts.json (as `alerts` turns it). */
export function historyDeploy(alerts: (published: AlertsPayload) => AlertsPayload = (a) => a): Record<string, string> {
  const p = createPayloads(loadDir(tempData()), NOW, SITE.url);
  return {
    '/api/v1/timeline.json': stableStringify(p.timeline),
    '/api/v1/promises.json': stableStringify(p.promises),
    '/api/v1/banked.json': stableStringify(p.banked),
    '/api/v1/alerts.json': stableStringify(alerts(p.alerts)),
  };
}

/** A new database on `pg`, migrated; its URL (the functions' NETLIFY_DB_URL) and a session on it. */
export async function migratedDatabase(pg: LocalPostgres, name: string): Promise<{ url: string; db: Database }> {
  const url = await pg.freshDatabase(name);
  const db = await openDatabase({ env: { NETLIFY_DB_URL: url }, embeddedDir: '' });
  await applyMigrations(db, migrationsIn(MIGRATIONS));
  return { url, db };
}
