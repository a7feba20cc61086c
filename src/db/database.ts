/**
 * The database the alert state lives in (docs/alerts.md, "Where the state lives"), opened for one
 * command or one function run:
 *
 * - **NETLIFY_DB_URL set** (Netlify sets it for its functions; a maintainer may give any Postgres URL):
 *   one node-postgres client over TCP. Inside a Netlify function the platform also sets
 *   NETLIFY_DB_DRIVER=serverless, and then the client is Neon's serverless one (the same pg-shaped API
 *   over a WebSocket), as @netlify/database chooses; that path is not exercised by our tests (no Neon
 *   endpoint here: docs/alerts.md). Not @netlify/database itself, which bundles both drivers and a query
 *   builder (the watcher's bundle and cold start pay for every byte; the numbers are in docs/alerts.md).
 * - **unset**: the embedded engine, PGlite (the engine of netlify-cli's local Netlify Database), in a
 *   folder of the working copy (RESETCAST_DB_DIR, default `.resetcast/db`, git-ignored), offline. PGlite
 *   is one process, one session: an exclusive lock around opening it (proper-lockfile: a lock folder
 *   whose mtime the holder refreshes, taken over when it goes stale, so a killed holder does not block
 *   the folder for ever) makes concurrent commands on one clone take turns, each waiting at most
 *   RESETCAST_DB_LOCK_WAIT_MS.
 *
 * Every call has a deadline: the connection (connect timeout, which in node-postgres lasts until the
 * server is ready for queries), each statement (statement_timeout on the server, query_timeout on the
 * client), and a client-side race on top, after which the connection is destroyed, so a server that
 * accepts and never answers cannot hang a sender. Errors name the database by host and name
 * (`label`), never by its URL: the password never reaches a line.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Sql } from '../core/sql.ts';

type Env = Readonly<Record<string, string | undefined>>;

export interface Database {
  /** Statements with parameters, each within the deadline. */
  sql: Sql;
  /** A script of several statements without parameters (a migration), within the deadline. */
  exec(script: string): Promise<void>;
  engine: 'postgres' | 'embedded';
  /** `database db.example.net:5432/resetcast` or `embedded database .resetcast/db`: for lines; no credential. */
  label: string;
  close(): Promise<void>;
}

/** A database call that failed or ran out of time, already worded with the database's label. */
export class DatabaseError extends Error {
  override name = 'DatabaseError';
}

/** Per call (connecting, one statement); RESETCAST_DB_TIMEOUT_MS overrides (tests shorten it). */
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

/** `work`, or a DatabaseError once `ms` have passed (then `onTimeout` ends the connection). */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new DatabaseError(`${what}: no answer within ${ms / 1000} s`));
    }, ms);
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

/** The part of a pg-shaped client used here (node-postgres' Client, Neon's serverless Client). */
interface PgClient {
  connect(): Promise<unknown>;
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  end(): Promise<unknown>;
  on(event: 'error', listener: (e: Error) => void): unknown;
}

/** node-postgres over TCP, or (inside a Netlify function, NETLIFY_DB_DRIVER=serverless) Neon's client over a WebSocket. */
async function pgClient(serverless: boolean, config: Record<string, unknown>): Promise<PgClient> {
  if (serverless) {
    const { Client } = await import('@neondatabase/serverless');
    return new Client(config) as unknown as PgClient;
  }
  const { default: pg } = await import('pg');
  return new pg.Client(config) as unknown as PgClient;
}

async function openPostgres(url: string, timeoutMs: number, serverless: boolean): Promise<Database> {
  const label = describeUrl(url);
  const client = await pgClient(serverless, {
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    lock_timeout: timeoutMs,
    query_timeout: timeoutMs + 1_000,
    idle_in_transaction_session_timeout: 4 * timeoutMs,
    application_name: 'resetcast',
  });
  // An error on an idle connection (the server went away) must not crash the process: the next call fails instead.
  client.on('error', () => undefined);
  const kill = (): void => void client.end().catch(() => undefined);
  const fail =
    (what: string) =>
    (e: unknown): never => {
      throw e instanceof DatabaseError
        ? new DatabaseError(`${label}: ${withoutCredentials(e.message, url)}`)
        : new DatabaseError(`${label}: ${what}: ${withoutCredentials(oneLine(e), url)}`);
    };
  await withDeadline(client.connect(), timeoutMs + 2_000, 'connect', kill).catch(fail('cannot connect'));
  return {
    engine: 'postgres',
    label,
    sql: {
      query: <Row>(text: string, params: readonly unknown[] = []) =>
        withDeadline(client.query(text, params as unknown[]), timeoutMs + 2_000, 'query', kill)
          .then((r) => ({ rows: r.rows as Row[] }))
          .catch(fail('query failed')),
    },
    exec: (script) =>
      withDeadline(client.query(script), timeoutMs + 2_000, 'query', kill)
        .then(() => undefined)
        .catch(fail('query failed')),
    close: () =>
      withDeadline(client.end(), timeoutMs, 'close', () => undefined).then(
        () => undefined,
        () => undefined,
      ),
  };
}

async function openEmbedded(dir: string, timeoutMs: number, lockWaitMs: number): Promise<Database> {
  const label = `embedded database ${dir}`;
  mkdirSync(dir, { recursive: true });
  const { lock } = await import('proper-lockfile');
  const release = await takeTurn(
    () => lock(dir, { realpath: false, stale: 30_000, update: 5_000, lockfilePath: `${dir}.lock` }),
    lockWaitMs,
    label,
  );
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    // PGlite runs in this process: a deadline cannot stop a statement, only stop waiting for it.
    const db = await withDeadline(PGlite.create(dir), Math.max(timeoutMs, 60_000), 'open', () => undefined);
    const fail =
      (what: string) =>
      (e: unknown): never => {
        throw new DatabaseError(`${label}: ${e instanceof DatabaseError ? e.message : `${what}: ${oneLine(e)}`}`);
      };
    return {
      engine: 'embedded',
      label,
      sql: {
        query: <Row>(text: string, params: readonly unknown[] = []) =>
          withDeadline(db.query<Row>(text, params as unknown[]), timeoutMs, 'query', () => undefined)
            .then((r) => ({ rows: r.rows }))
            .catch(fail('query failed')),
      },
      exec: (script) =>
        withDeadline(db.exec(script), timeoutMs, 'query', () => undefined)
          .then(() => undefined)
          .catch(fail('query failed')),
      close: async () => {
        try {
          await withDeadline(db.close(), timeoutMs, 'close', () => undefined);
        } finally {
          await release().catch(() => undefined);
        }
      },
    };
  } catch (e) {
    await release().catch(() => undefined);
    throw e instanceof DatabaseError ? e : new DatabaseError(`${label}: cannot open: ${oneLine(e)}`);
  }
}

/** Takes the embedded database's lock, trying again while another process holds it, until `waitMs` have passed. */
async function takeTurn(take: () => Promise<() => Promise<void>>, waitMs: number, label: string): Promise<() => Promise<void>> {
  const until = Date.now() + waitMs;
  for (let pause = 50; ; pause = Math.min(pause * 2, 1_000)) {
    try {
      return await take();
    } catch (e) {
      if ((e as { code?: string }).code !== 'ELOCKED') throw new DatabaseError(`${label}: cannot lock: ${oneLine(e)}`);
      if (Date.now() + pause > until)
        throw new DatabaseError(
          `${label}: still in use by another process after ${Math.round(waitMs / 1000)} s (its lock: ${label.replace(/^embedded database /, '')}.lock)`,
        );
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}

export interface OpenOptions {
  env: Env;
  /** The embedded database's folder when NETLIFY_DB_URL is unset (RESETCAST_DB_DIR wins). */
  embeddedDir: string;
}

/** The database the environment names (NETLIFY_DB_URL), else the embedded one. Throws DatabaseError, worded. */
export async function openDatabase({ env, embeddedDir }: OpenOptions): Promise<Database> {
  const timeoutMs = positive(env['RESETCAST_DB_TIMEOUT_MS'], DB_TIMEOUT_MS);
  const url = env['NETLIFY_DB_URL']?.trim();
  if (url) return openPostgres(url, timeoutMs, env['NETLIFY_DB_DRIVER'] === 'serverless');
  const dir = env['RESETCAST_DB_DIR']?.trim() || embeddedDir;
  mkdirSync(dirname(dir), { recursive: true });
  return openEmbedded(dir, timeoutMs, positive(env['RESETCAST_DB_LOCK_WAIT_MS'], DB_LOCK_WAIT_MS));
}
