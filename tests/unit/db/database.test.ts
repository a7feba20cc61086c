/**
 * The Postgres binding (src/db/database.ts) against a real PostgreSQL server: one connection per
 * concurrent statement, one session for a migration, and the faults that are left (a server that falls
 * silent, a restart, the server's idle_session_timeout): a call fails within its deadline as one worded
 * DatabaseError without the password, and the next call runs on a fresh connection. Proven by outcome
 * (backend pids, a proxy's counts), never by timing.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseError, openDatabase, type Database } from '../../../src/db/database.ts';
import { closedAfterEach } from '../../support/closed-after-each.ts';
import { PG_PASSWORD, startPostgres, type LocalPostgres } from '../../support/postgres.ts';
import { silentProxy, type SilentProxy } from '../../support/tcp-proxy.ts';
import { waitFor } from '../../support/wait-for.ts';

let server: LocalPostgres;
beforeAll(async () => {
  server = await startPostgres();
}, 120_000);
afterAll(async () => server?.stop());

/** A statement of the test's own, on a connection of its own (the server restarts in between). */
async function admin(text: string, params: unknown[] = []): Promise<number | null> {
  const client = new pg.Client({ connectionString: server.urlOf('postgres'), connectionTimeoutMillis: 10_000, query_timeout: 10_000 });
  await client.connect();
  try {
    return (await client.query(text, params)).rowCount;
  } finally {
    await client.end();
  }
}
const opened = closedAfterEach<Database | SilentProxy>();

/** The binding on `url`, closed after the test; a generous deadline unless the test is about it. */
async function database(url: string, timeoutMs = 20_000): Promise<Database> {
  const db = await openDatabase({ env: { NETLIFY_DB_URL: url, RESETCAST_DB_TIMEOUT_MS: String(timeoutMs) }, embeddedDir: '' });
  opened.push(db);
  return db;
}

/** The server process of the connection a statement ran on. */
const backend = async (db: Database): Promise<number> =>
  (await db.sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

/** A DatabaseError as the binding words it: one line, the database by host and name, no password. */
function expectWorded(e: unknown, name: string): string {
  expect(e).toBeInstanceOf(DatabaseError);
  const message = (e as Error).message;
  expect(message).toMatch(new RegExp(`^database 127\\.0\\.0\\.1:\\d+/${name}: [^\\n]+$`));
  expect(message).not.toContain(PG_PASSWORD);
  expect(message).not.toContain(encodeURIComponent(PG_PASSWORD));
  return message;
}

/** 'answered', or the worded failure's message. */
const outcome = (call: Promise<unknown>, name: string): Promise<string> =>
  call.then(
    () => 'answered',
    (e: unknown) => expectWorded(e, name),
  );

/** Whether a table exists, as a statement on its own connection sees it. */
const tableSeen = async (db: Database, table: string): Promise<string | null> =>
  (await db.sql.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`public.${table}`])).rows[0]!.t;

/**
 * The first statement after the server ended the session: the binding guarantees it either runs on a fresh
 * connection or fails once, as one worded DatabaseError (it was sent on the connection the server closed
 * meanwhile); which of the two is the machine's timing, so both are accepted and reported.
 */
async function firstAfterTheEnd(db: Database, name: string): Promise<string> {
  try {
    await backend(db);
    return 'answered';
  } catch (e) {
    return `failed once: ${expectWorded(e, name)}`;
  }
}

describe('one connection per concurrent statement', () => {
  it('four statements at once run on four connections: each waits until all four are running, which one shared connection could never do', async () => {
    const db = await database(await server.freshDatabase('together'));
    // A barrier: returns only once n statements calling it run at once, on the server.
    await db.sql.query(
      `CREATE FUNCTION together(n int) RETURNS int LANGUAGE plpgsql AS $$ BEGIN LOOP PERFORM pg_stat_clear_snapshot(); ` +
        `EXIT WHEN (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'SELECT together(%') >= n; ` +
        `PERFORM pg_sleep(0.01); END LOOP; RETURN pg_backend_pid(); END $$`,
    );
    const warnings: string[] = [];
    const warned = (w: Error): void => void warnings.push(w.message);
    process.on('warning', warned);
    try {
      const pids = await Promise.all(
        Array.from({ length: 4 }, async () => (await db.sql.query<{ pid: number }>('SELECT together(4) AS pid')).rows[0]!.pid),
      );
      expect(new Set(pids).size).toBe(4);
    } finally {
      process.off('warning', warned);
    }
    expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
  });

  it("a session keeps its statements on one connection (a migration's BEGIN … COMMIT), apart from the others", async () => {
    const db = await database(await server.freshDatabase('session'));
    await db.session(async (s) => {
      await s.exec('BEGIN');
      await s.sql.query('CREATE TABLE seen (n int)');
      expect(await tableSeen(db, 'seen')).toBeNull();
      await s.exec('COMMIT');
    });
    expect(await tableSeen(db, 'seen')).toBe('seen');
  });

  it("a session's failed statement ends it: its later calls refuse, its transaction is gone with its connection, the database goes on", async () => {
    const db = await database(await server.freshDatabase('broken'));
    const outcomes = await db.session(async (s) => {
      await s.exec('BEGIN');
      await s.sql.query('CREATE TABLE half (n int)');
      return [await outcome(s.sql.query('SELECT 1/0'), 'broken'), await outcome(s.sql.query('SELECT 1'), 'broken')];
    });
    expect(outcomes).toEqual([
      expect.stringMatching(/: query failed: division by zero$/),
      expect.stringMatching(/: query failed: an earlier statement of this session failed$/),
    ]);
    expect(await tableSeen(db, 'half')).toBeNull();
  });

  it('a session whose work throws between statements: its connection, mid-transaction, is destroyed, never handed to the next statement', async () => {
    const db = await database(await server.freshDatabase('thrown'));
    const thrown = await db
      .session(async (s) => {
        await s.exec('BEGIN');
        await s.sql.query('CREATE TABLE open_ended (n int)');
        throw new Error('the work failed between two statements');
      })
      .catch((e: unknown) => (e as Error).message);
    expect(thrown).toBe('the work failed between two statements');
    // Given back, the idle connection would be the next statement's, inside the open transaction.
    expect(await tableSeen(db, 'open_ended')).toBeNull();
  });
});

describe('a connection that failed is never used again', () => {
  it('a server falls silent: one worded failure at the deadline, that connection and the idle one destroyed, the next call on a fresh one', async () => {
    const proxy = await silentProxy({ host: '127.0.0.1', port: server.port });
    opened.push(proxy);
    const url = (await server.freshDatabase('silent')).replace(`:${server.port}/`, `:${proxy.port}/`);
    const db = await database(url, 3_000);
    // Two statements at once: two connections, both idle in the pool afterwards.
    await Promise.all([backend(db), backend(db)]);
    expect(proxy.connections()).toBe(2);
    proxy.silence();
    const stuck = await outcome(backend(db), 'silent');
    // The project's deadline, not the driver's: its own query timeout would have said something else first.
    expect(stuck).toBe(`database 127.0.0.1:${proxy.port}/silent: query: no answer within 3 s`);
    // The silent connections stay silent: an answer now can only come over a new one.
    expect(await backend(db)).toBeGreaterThan(0);
    expect(proxy.connections()).toBe(3);
    await waitFor(() => proxy.silencedClosed() === 2, { describe: 'both silent connections closed by the client' });
    await db.close();
  });

  it('the server restarted between two statements: the next statement answers or fails once, worded; the one after runs on a fresh connection', async () => {
    const db = await database(await server.freshDatabase('restarted'));
    const before = await backend(db);
    await server.restart();
    const first = await firstAfterTheEnd(db, 'restarted');
    expect(await backend(db)).not.toBe(before);
    console.info(`[db] after a restart, the first statement ${first}`);
  });

  it('a statement in flight when the server restarts fails once, worded; the next runs on a fresh connection', async () => {
    const db = await database(await server.freshDatabase('inflight'));
    const before = await backend(db);
    const slow = outcome(db.sql.query('SELECT pg_sleep(60)'), 'inflight');
    await waitFor(async () => (await admin("SELECT 1 FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(60)'")) === 1, {
      describe: 'the slow statement running',
    });
    await server.restart();
    expect(await slow).toMatch(/^database 127\.0\.0\.1:\d+\/inflight: query failed: terminating connection due to administrator command$/);
    expect(await backend(db)).not.toBe(before);
  });

  it('idle_session_timeout ended the idle connection: the next statement answers or fails once, worded; the one after runs on a fresh one', async () => {
    const url = await server.freshDatabase('idle');
    await admin(`ALTER DATABASE idle SET idle_session_timeout = '1s'`);
    const db = await database(url);
    const before = await backend(db);
    await waitFor(async () => (await admin('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [before])) === 0, {
      describe: 'the server to end the idle session',
    });
    const first = await firstAfterTheEnd(db, 'idle');
    expect(await backend(db)).not.toBe(before);
    console.info(`[db] after idle_session_timeout, the first statement ${first}`);
  });
});
