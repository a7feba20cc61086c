/**
 * The database as a Netlify function opens it (the watcher, X's webhook): NETLIFY_DB_URL (Netlify sets
 * it), else, in the local runtime, the embedded one in the working copy; each call within the function's
 * own deadline (`timeoutMs`, so several fit in its run), and the pending migrations applied where the
 * working copy has them (deployed, the migrations folder is not in the function: Netlify applied them at
 * deploy, and nothing is done). Throws DatabaseError, worded, as openDatabase does.
 *
 * withLazyDatabase runs a function's work with a database that is opened only when the work first asks
 * for it (a quiet run never does, so it opens no connection and the database sleeps: docs/alerts.md,
 * "Where the state lives"), at most once, and closed however the work ends.
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

/** A database opened at the first `open()` (the same one after), or the same error. */
export interface LazyDatabase {
  open(): Promise<Database>;
  /** Whether `open()` was ever called (a quiet run: never). */
  readonly asked: boolean;
}

export async function withLazyDatabase<T>(
  env: Readonly<Record<string, string | undefined>>,
  timeoutMs: number,
  onWait: OpenOptions['onWait'],
  work: (db: LazyDatabase) => Promise<T>,
): Promise<T> {
  const held: { opening: Promise<Database> | null } = { opening: null };
  const lazy: LazyDatabase = {
    open: () => (held.opening ??= openFunctionDatabase(env, timeoutMs, onWait)),
    get asked() {
      return held.opening !== null;
    },
  };
  try {
    return await work(lazy);
  } finally {
    const db = await held.opening?.catch(() => null);
    await db?.close();
  }
}
