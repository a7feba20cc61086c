/**
 * The database the alert state lives in (docs/alerts.md, "Where the state lives"), opened for one
 * command or one function run:
 *
 * - **NETLIFY_DB_URL set** (Netlify sets it for its functions; a maintainer may give any Postgres URL):
 *   a small pool of node-postgres connections over TCP, everywhere. Netlify's API reference of Netlify
 *   Database documents this own-driver path: its connection string for the current environment (what
 *   NETLIFY_DB_URL holds) given to `pg.Pool`. Not @netlify/database itself, whose default inside a
 *   function is another connector and which bundles a query builder too (the watcher's bundle and cold
 *   start pay for every byte; the numbers are in docs/alerts.md).
 * - **unset**: the embedded engine, PGlite (the engine of netlify-cli's local Netlify Database), in a
 *   folder of the working copy (RESETCAST_DB_DIR, default `.resetcast/db`, git-ignored), offline, one
 *   process at a time by a lock (embedded-lock.ts).
 *
 * What the Postgres binding guarantees (the ledger relies on it: a retried statement runs on a fresh
 * connection):
 * - **one connection per concurrent statement**: each `sql.query` checks a connection out of the pool and
 *   gives it back when it is answered, so the four outlets' statements never share one;
 * - **a fresh connection after any failure**: a connection whose statement failed or ran out of time is
 *   destroyed (its socket too), never given back, and every connection opened before that failure is
 *   destroyed when next checked out, so the next statement runs on a connection opened after it. One
 *   the server closed while idle (a restart, `idle_session_timeout`) leaves the pool when its closing
 *   arrives; a statement sent on a connection the server closed at that moment fails once, as one worded
 *   DatabaseError. Nothing is retried here: whether a statement may run twice is the caller's to know.
 * - **one deadline per call, ours**: checking out (connecting included) and the statement end within
 *   RESETCAST_DB_TIMEOUT_MS, by a race that then destroys the connection. The driver has no query
 *   timeout of its own (one shorter than the race left the connection stuck, and every later call waited
 *   its whole deadline); the server's statement_timeout and lock_timeout are the same time, so a
 *   statement whose client is gone does not run on.
 *
 * Errors name the database by host and name (`label`), never by its URL: the password never reaches a line.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Sql } from '../core/sql.ts';
import { DB_LOCK_STALE_MS, holdLock, type LockTiming } from './embedded-lock.ts';

type Env = Readonly<Record<string, string | undefined>>;

export interface Database {
  /** Statements with parameters, each within the deadline, each on a connection of its own (concurrent ones too). */
  sql: Sql;
  /**
   * `work` with one session: its statements on one connection, in order (a migration's BEGIN … COMMIT,
   * an advisory lock held across statements). `work` ends what it began; the connection is given back.
   */
  session<T>(work: (session: Session) => Promise<T>): Promise<T>;
  engine: 'postgres' | 'embedded';
  /** `database db.example.net:5432/resetcast` or `embedded database .resetcast/db`: for lines; no credential. */
  label: string;
  close(): Promise<void>;
}

/** A database call that failed or ran out of time, already worded with the database's label. */
export class DatabaseError extends Error {
  override name = 'DatabaseError';
}

/** Per call (a connection checked out, opened if need be, and its statement); RESETCAST_DB_TIMEOUT_MS overrides (tests shorten it). */
export const DB_TIMEOUT_MS = 10_000;
/** How long a command waits for its turn at the embedded database before it gives up. */
export const DB_LOCK_WAIT_MS = 180_000;
/** The embedded database's folder, relative to the working copy. */
export const EMBEDDED_DIR = '.resetcast/db';

const positive = (text: string | undefined, fallback: number): number => {
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** Host, port and database name of a Postgres URL, for lines: never the user or the password. */
export function describeUrl(url: string): string {
  if (!URL.canParse(url)) return 'database (NETLIFY_DB_URL is not a URL)';
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres';
  return `database ${u.hostname}${u.port ? `:${u.port}` : ''}/${name}`;
}

/** A message with every form of the URL's credentials taken out (drivers may echo what they were given). */
export function withoutCredentials(message: string, url: string | undefined): string {
  if (!url) return message;
  let out = message.split(url).join('<NETLIFY_DB_URL>');
  if (URL.canParse(url)) {
    const u = new URL(url);
    for (const s of [u.password, decodeURIComponent(u.password)].filter((p) => p.length > 0)) out = out.split(s).join('…');
  }
  return out;
}

/**
 * `work`, or a DatabaseError at `until` (on `performance.now()`'s clock; by default `ms` from now), saying
 * the call's deadline was `ms`; then `onTimeout` ends the connection.
 */
export async function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  what: string,
  onTimeout: () => void,
  until = performance.now() + ms,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        onTimeout();
        reject(new DatabaseError(`${what}: no answer within ${ms / 1000} s`));
      },
      Math.max(0, until - performance.now()),
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const oneLine = (e: unknown): string =>
  String((e as Error)?.message ?? e)
    .replace(/\s+/g, ' ')
    .trim();

/** The part of node-postgres' pooled connection (PoolClient) used here. */
interface PgConnection {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Back to the pool; with an error, destroyed instead (pg-pool ends it and forgets it). */
  release(destroy?: Error | boolean): void;
  /** node-postgres' socket. */
  connection?: { stream?: { destroy(): void } };
}

/** The part of node-postgres' Pool used here. */
interface PgPool {
  connect(): Promise<PgConnection>;
  end(): Promise<unknown>;
  on(event: 'error', listener: (e: Error) => void): unknown;
}

/** Connections at most at once: one per outlet (four run in parallel) and one more. */
const POOL_MAX = 5;
/** How long an idle connection stays in the pool: the next statements of a run reuse it; `close()` ends them all in any case. */
const POOL_IDLE_MS = 10_000;

/** node-postgres over TCP, loaded only when a URL is given (the embedded database needs none of it). */
async function pgPool(config: Record<string, unknown>): Promise<PgPool> {
  const { default: pg } = await import('pg');
  return new pg.Pool(config) as unknown as PgPool;
}

/** Ends a connection for good: out of the pool, and its socket destroyed, so a silent server cannot keep even its end pending. */
function destroy(connection: PgConnection, why: Error): void {
  connection.release(why);
  connection.connection?.stream?.destroy();
}

/** The statements of one session (`Database.session`): `sql` and `exec` on one connection (a migration's BEGIN … COMMIT). */
export interface Session {
  /** Statements with parameters, each within the deadline. */
  sql: Sql;
  /** A script of several statements without parameters (a migration), within the deadline. */
  exec(script: string): Promise<void>;
}

async function openPostgres(url: string, timeoutMs: number): Promise<Database> {
  const label = describeUrl(url);
  const pool = await pgPool({
    connectionString: url,
    max: POOL_MAX,
    idleTimeoutMillis: POOL_IDLE_MS,
    allowExitOnIdle: true,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    lock_timeout: timeoutMs,
    idle_in_transaction_session_timeout: 4 * timeoutMs,
    application_name: 'resetcast',
  });
  // An idle connection the server closed (a restart, idle_session_timeout) leaves the pool by itself; its
  // error must not crash the process: the next statement takes another connection.
  pool.on('error', () => undefined);
  const worded = (e: unknown, what: string): DatabaseError =>
    e instanceof DatabaseError
      ? new DatabaseError(`${label}: ${withoutCredentials(e.message, url)}`)
      : new DatabaseError(`${label}: ${what}: ${withoutCredentials(oneLine(e), url)}`);

  /**
   * Failures so far, and the count each connection was opened after: one opened before the latest failure
   * is destroyed when it is checked out, so a statement after a failure never runs on a connection from
   * before it (a restart ends them all, and the pool may not have heard yet).
   */
  let failures = 0;
  const openedAfter = new WeakMap<PgConnection, number>();
  /** A connection of the pool within the time left; one that comes after the deadline is destroyed at once. */
  const checkoutOne = async (until: number): Promise<PgConnection> => {
    let late = false;
    const pending = pool.connect();
    pending.then(
      (c) => late && destroy(c, new Error('connected too late')),
      () => undefined,
    );
    try {
      return await withDeadline(pending, timeoutMs, 'cannot connect', () => (late = true), until);
    } catch (e) {
      throw worded(e, 'cannot connect');
    }
  };
  /** A connection opened after the latest failure, within the time left. */
  const checkout = async (until: number): Promise<PgConnection> => {
    for (;;) {
      const connection = await checkoutOne(until);
      if (!openedAfter.has(connection)) openedAfter.set(connection, failures);
      if (openedAfter.get(connection) === failures) return connection;
      destroy(connection, new Error('opened before a failure'));
    }
  };
  /** One statement on `connection`, within the time left; a failure or a timeout destroys the connection. */
  const run = async <T>(connection: PgConnection, work: Promise<T>, until: number): Promise<T> => {
    try {
      return await withDeadline(work, timeoutMs, 'query', () => undefined, until);
    } catch (e) {
      failures++;
      destroy(connection, e as Error);
      throw worded(e, 'query failed');
    }
  };
  /** The calls of a session on one connection, each with its own deadline; `broken` once one failed. */
  const sessionOn = (connection: PgConnection, state: { broken: boolean }): Session => {
    const call = async <T>(work: () => Promise<T>): Promise<T> => {
      if (state.broken) throw new DatabaseError(`${label}: query failed: an earlier statement of this session failed`);
      return run(connection, work(), performance.now() + timeoutMs).catch((e: unknown) => {
        state.broken = true;
        throw e;
      });
    };
    return {
      sql: {
        query: (text, params = []) => call(() => connection.query(text, params as unknown[])).then((r) => ({ rows: r.rows as never[] })),
      },
      exec: (script) => call(() => connection.query(script)).then(() => undefined),
    };
  };

  // Connecting once up front: a database that cannot be used says so before anything is attempted.
  const first = await checkout(performance.now() + timeoutMs).catch((e: unknown) => {
    void pool.end().catch(() => undefined);
    throw e;
  });
  first.release();
  return {
    engine: 'postgres',
    label,
    sql: {
      async query(text, params = []) {
        const until = performance.now() + timeoutMs;
        const connection = await checkout(until);
        const r = await run(connection, connection.query(text, params as unknown[]), until);
        connection.release();
        return { rows: r.rows as never[] };
      },
    },
    async session(work) {
      const connection = await checkout(performance.now() + timeoutMs);
      const state = { broken: false };
      try {
        const result = await work(sessionOn(connection, state));
        // Its transaction ended by `work`: back to the pool (unless a failed call destroyed it already).
        if (!state.broken) connection.release();
        return result;
      } catch (e) {
        // A failed call destroyed it already; `work` failing otherwise may have left a transaction open.
        if (!state.broken) destroy(connection, e as Error);
        throw e;
      }
    },
    close: () =>
      withDeadline(pool.end(), timeoutMs, 'close', () => undefined).then(
        () => undefined,
        () => undefined,
      ),
  };
}

async function openEmbedded(dir: string, timeoutMs: number, timing: LockTiming, onWait: OnWait): Promise<Database> {
  const label = `embedded database ${dir}`;
  mkdirSync(dir, { recursive: true });
  const lock = await holdLock(dir, timing, (pid) =>
    onWait(`${label} is in use by another process${pid ? ` (pid ${pid}?)` : ''}: waiting up to ${Math.round(timing.waitMs / 1000)} s`),
  ).catch((e: unknown) => {
    throw new DatabaseError(`${label}: ${oneLine(e)}`);
  });
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    // PGlite runs in this process: a deadline cannot stop a statement, only stop waiting for it.
    const db = await withDeadline(PGlite.create(dir), Math.max(timeoutMs, 60_000), 'open', () => undefined);
    /** A statement, unless the lock was lost (checked synchronously, before the statement is sent). */
    const call = async <T>(what: () => Promise<T>): Promise<T> => {
      try {
        lock.check();
        return await withDeadline(what(), timeoutMs, 'query', () => undefined);
      } catch (e) {
        throw new DatabaseError(`${label}: ${e instanceof DatabaseError || lock.lost() ? oneLine(e) : `query failed: ${oneLine(e)}`}`);
      }
    };
    const session: Session = {
      sql: { query: (text, params = []) => call(() => db.query(text, params as unknown[])).then((r) => ({ rows: r.rows as never[] })) },
      exec: (script) => call(() => db.exec(script)).then(() => undefined),
    };
    return {
      engine: 'embedded',
      label,
      sql: session.sql,
      // One process, one session: every call is on it already.
      session: (work) => work(session),
      close: async () => {
        // Once the lock is lost the folder is another process's: closing (it writes) and releasing are not ours to do.
        if (lock.lost()) return void (await lock.release());
        try {
          await withDeadline(db.close(), timeoutMs, 'close', () => undefined);
        } finally {
          await lock.release();
        }
      },
    };
  } catch (e) {
    await lock.release();
    throw e instanceof DatabaseError ? e : new DatabaseError(`${label}: cannot open: ${oneLine(e)}`);
  }
}

/** Hears a line about the wait for the embedded database's turn (the bindings print it: `⏳ <line>`). */
export type OnWait = (line: string) => void;

export interface OpenOptions {
  env: Env;
  /** The embedded database's folder when NETLIFY_DB_URL is unset (RESETCAST_DB_DIR wins). */
  embeddedDir: string;
  /** Told at once when the embedded database is another process's and this one waits for its turn. */
  onWait?: OnWait;
}

/** The database the environment names (NETLIFY_DB_URL), else the embedded one. Throws DatabaseError, worded. */
export async function openDatabase({ env, embeddedDir, onWait = () => undefined }: OpenOptions): Promise<Database> {
  const timeoutMs = positive(env['RESETCAST_DB_TIMEOUT_MS'], DB_TIMEOUT_MS);
  const url = env['NETLIFY_DB_URL']?.trim();
  if (url) return openPostgres(url, timeoutMs);
  const dir = env['RESETCAST_DB_DIR']?.trim() || embeddedDir;
  mkdirSync(dirname(dir), { recursive: true });
  const timing = {
    staleMs: positive(env['RESETCAST_DB_LOCK_STALE_MS'], DB_LOCK_STALE_MS),
    waitMs: positive(env['RESETCAST_DB_LOCK_WAIT_MS'], DB_LOCK_WAIT_MS),
  };
  return openEmbedded(dir, timeoutMs, timing, onWait);
}
