/**
 * Applies the pending SQL migrations of `netlify/database/migrations/` the way Netlify does at deploy
 * (and netlify-cli's local database, @netlify/database-dev): files or folders named `<number>_<slug>`
 * (`.sql`, or a folder with `migration.sql`), in name order, each in its own transaction, recorded by
 * name in `netlify.migrations (name, applied_at)`. So a database either of them migrated is up to date
 * here, and one migrated here is up to date for them; the migrations are written to be harmless when
 * run twice besides (`IF NOT EXISTS`). On Postgres the whole run holds `pg_advisory_lock`, so
 * concurrent first runs apply each migration once; the embedded database is one process at a time
 * already (database.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, Session } from './database.ts';

/** Netlify's rule for a migration's name. */
const MIGRATION_NAME = /^\d+_.+$/;
/** Netlify's tracking table (the same schema and columns). */
const TRACKING_TABLE = 'netlify.migrations';
/** The advisory lock key of this runner: any constant no other code of ours uses. */
const MIGRATION_LOCK = 7_263_001;

export interface Migration {
  name: string;
  path: string;
}

/** The migrations of a folder, in the order they apply; none when the folder is absent (a deployed function: Netlify applied them). */
export function migrationsIn(dir: string): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((entry): Migration[] => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return MIGRATION_NAME.test(entry) ? [{ name: entry, path: join(path, 'migration.sql') }] : [];
      const name = entry.replace(/\.sql$/, '');
      return entry.endsWith('.sql') && MIGRATION_NAME.test(name) ? [{ name, path }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Applies what is pending; returns the names applied (empty: the database was up to date). */
export async function applyMigrations(db: Database, migrations: readonly Migration[]): Promise<string[]> {
  if (migrations.length === 0) return [];
  // One session: the advisory lock and each BEGIN … COMMIT hold only on the connection that took them.
  return db.session((session) => applyOn(session, db.engine === 'postgres', migrations));
}

async function applyOn(db: Session, postgres: boolean, migrations: readonly Migration[]): Promise<string[]> {
  if (postgres) await db.sql.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    // Checked first, so a role that may not create schemas still runs when Netlify made the table.
    const [tracked] = (await db.sql.query<{ t: string | null }>("SELECT to_regclass('netlify.migrations')::text AS t")).rows;
    if (!tracked?.t)
      await db.exec(
        `CREATE SCHEMA IF NOT EXISTS netlify; CREATE TABLE IF NOT EXISTS ${TRACKING_TABLE} (name TEXT PRIMARY ` +
          `KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
      );
    const done = new Set((await db.sql.query<{ name: string }>(`SELECT name FROM ${TRACKING_TABLE}`)).rows.map((r) => r.name));
    const applied: string[] = [];
    for (const m of migrations.filter((m) => !done.has(m.name))) {
      const script = readFileSync(m.path, 'utf8');
      await db.exec('BEGIN');
      try {
        await db.exec(script);
        await db.sql.query(`INSERT INTO ${TRACKING_TABLE} (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [m.name]);
        await db.exec('COMMIT');
      } catch (e) {
        await db.exec('ROLLBACK').catch(() => undefined);
        throw new Error(`migration ${m.name} failed: ${(e as Error).message}`);
      }
      applied.push(m.name);
    }
    return applied;
  } finally {
    if (postgres) await db.sql.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
  }
}
