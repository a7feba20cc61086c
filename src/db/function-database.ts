/**
 * The database as a Netlify function opens it (the watcher, X's webhook): NETLIFY_DB_URL (Netlify sets
 * it), else, in the local runtime, the embedded one in the working copy; each call within the function's
 * own deadline (`timeoutMs`, so several fit in its run), and the pending migrations applied where the
 * working copy has them (deployed, the migrations folder is not in the function: Netlify applied them at
 * deploy, and nothing is done). Throws DatabaseError, worded, as openDatabase does.
 *
 * withFunctionDatabase runs a function's work with it, or with null and the reason it could not be
 * opened (the work still runs: a watcher without its database still dispatches the pull), and closes it
 * however the work ends.
 */
import { join } from 'node:path';
import { EMBEDDED_DIR, openDatabase, type Database, type OpenOptions } from './database.ts';
import { applyMigrations, migrationsIn } from './migrate.ts';

export async function openFunctionDatabase(
  env: Readonly<Record<string, string | undefined>>,
  timeoutMs: number,
  onWait?: OpenOptions['onWait'],
): Promise<Database> {
  const db = await openDatabase({
    env: { RESETCAST_DB_TIMEOUT_MS: String(timeoutMs), ...env },
    embeddedDir: join(process.cwd(), EMBEDDED_DIR),
    // The embedded engine (local runtime only) says at once when another process holds it.
    ...(onWait ? { onWait } : {}),
  });
  try {
    await applyMigrations(db, migrationsIn(join(process.cwd(), 'netlify/database/migrations')));
  } catch (e) {
    await db.close();
    throw e;
  }
  return db;
}

export async function withFunctionDatabase<T>(
  env: Readonly<Record<string, string | undefined>>,
  timeoutMs: number,
  onWait: OpenOptions['onWait'],
  work: (db: Database | null, problem: string | null) => Promise<T>,
): Promise<T> {
  let db: Database | null = null;
  let problem: string | null = null;
  try {
    db = await openFunctionDatabase(env, timeoutMs, onWait);
  } catch (e) {
    problem = (e as Error).message;
  }
  try {
    return await work(db, problem);
  } finally {
    await db?.close();
  }
}
