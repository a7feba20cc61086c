/**
 * The ledger under the faults that are left, on a real PostgreSQL server (through the pooled binding,
 * src/db/database.ts), with the outlets' stand-ins counting what they receive:
 * - no claim without time to finish: a tight run budget and slow outlets leave the rest unclaimed (no
 *   row), and later runs send each alert once;
 * - settlements survive the connection: the server restarting while the outlets hold their answers, the
 *   server's idle_session_timeout ending the session meanwhile, the connection falling silent before the
 *   settlement (tried again on a fresh one), and a settlement that committed but whose answer was lost
 *   (found again by its token): every row ends `sent`, and a second run sends nothing;
 * - a claim whose answer was lost (it committed, the client's deadline fired) is released by its token:
 *   no attempt used, nothing sent, the next run sends it;
 * - an alert this run claimed earlier is named so, never "held by another sender".
 * The lost answers are made honestly: the statement is held on the server by an advisory lock the test
 * holds (a trigger takes it), the proxy in front of the server falls silent, then the lock is let go, so
 * the statement commits and its answer goes nowhere.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcast, type BroadcastResult } from '../../../../src/jobs/broadcast/broadcast.ts';
import { OUTLET_NAMES, type OutletName, type OutletUrls } from '../../../../src/jobs/broadcast/outlets/index.ts';
import type { HttpDeps } from '../../../../src/net/http.ts';
import type { Alert } from '../../../../src/core/schema/index.ts';
import { closedAfterEach } from '../../../support/closed-after-each.ts';
import { startServer, type FixtureServer } from '../../../support/fixture-server.ts';
import { testLedger, type TestLedger } from '../../../support/ledger.ts';
import { OUTLET_APIS, outletUrlsAt } from '../../../support/outlet-servers.ts';
import { startPostgres, type LocalPostgres } from '../../../support/postgres.ts';
import { silentProxy } from '../../../support/tcp-proxy.ts';
import { waitFor } from '../../../support/wait-for.ts';
import { httpDeps, NOW } from '../../../support/pull-env.ts';
import { reset } from '../../../support/alerts.ts';
import { joinedRegExp } from '../../../support/regexp.ts';

let server: LocalPostgres;
let databases = 0;
beforeAll(async () => {
  server = await startPostgres();
}, 120_000);
afterAll(async () => server?.stop());
const opened = closedAfterEach<{ close(): Promise<unknown> }>();

/** A fresh database: its name, its URL, and its URL through a proxy listening on `port`. */
async function database(): Promise<{ name: string; url: string; via: (port: number) => string }> {
  const name = `f${++databases}`;
  const url = await server.freshDatabase(name);
  return { name, url, via: (port) => url.replace(`:${server.port}/`, `:${port}/`) };
}

/** A session of the test's own on database `name`, straight to the server (never through the proxy). */
async function session(name: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: server.urlOf(name), connectionTimeoutMillis: 10_000 });
  await client.connect();
  opened.push({ close: () => client.end() });
  return client;
}

async function ledger(options: Parameters<typeof testLedger>[0]): Promise<TestLedger> {
  const l = await testLedger(options);
  opened.push(l);
  return l;
}

/** A gate the stand-ins wait at before answering, opened by the test. */
function gate(): { passed: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const passed = new Promise<void>((r) => (open = r));
  return { passed, open };
}

/** The four stand-ins, each answering as its service does, once `answerAfter()` (made per request) settles. */
async function outlets(
  answerAfter: () => Promise<unknown> = () => Promise.resolve(),
  names: readonly OutletName[] = OUTLET_NAMES,
): Promise<{ urls: OutletUrls; servers: Partial<Record<OutletName, FixtureServer>>; receipts: () => number[] }> {
  const servers = Object.fromEntries(
    await Promise.all(
      names.map(async (name) => {
        const route = OUTLET_APIS[name]();
        const s = await startServer((url, n, req) => {
          const reply = route(url, n, req);
          return reply && { ...reply, after: answerAfter() };
        });
        opened.push(s);
        return [name, s] as const;
      }),
    ),
  ) as Partial<Record<OutletName, FixtureServer>>;
  const all = outletUrlsAt({
    ntfy: '',
    discord: '',
    slack: '',
    telegram: '',
    ...Object.fromEntries(names.map((n) => [n, servers[n]!.url])),
  });
  const urls = Object.fromEntries(names.map((n) => [n, all[n]])) as OutletUrls;
  return { urls, servers, receipts: () => names.map((n) => servers[n]!.requests.length) };
}

const run = (l: TestLedger, alerts: readonly Alert[], urls: OutletUrls, http: HttpDeps = httpDeps()): Promise<BroadcastResult> =>
  broadcast({ alerts, ledger: l.ledger, urls, http, now: NOW });

/** Every configured outlet's line of a run that sent `n` alert(s), in the broadcast's order. */
const sentLines = (names: readonly OutletName[], n: number): string[] => names.map((o) => `✅ ${o}: sent ${n} alert(s)`);
const nothingLines = (names: readonly OutletName[]): string[] => names.map((o) => `✅ ${o}: nothing new to send`);
const configured = (r: BroadcastResult): string[] => r.lines.filter((line) => !line.startsWith('⏭️'));

/** Waits until a statement of database `name` starting with `start` waits for a lock on the server. */
const waitingOnLock = (admin: pg.Client, name: string, start: string) =>
  waitFor(
    async () =>
      (
        await admin.query(`SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND query LIKE $2 || '%'`, [
          name,
          start,
        ])
      ).rowCount,
    { describe: `a statement "${start}…" waiting for the test's lock` },
  );

/** A trigger holding every change of alert_deliveries matching `when` until the test lets go of advisory lock `key`. */
async function holdChanges(admin: pg.Client, key: number, events: string, when: string): Promise<void> {
  await admin.query(
    `CREATE FUNCTION held_${key}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_advisory_xact_lock(${key}); RETURN NEW; END $$`,
  );
  await admin.query(
    `CREATE TRIGGER held_${key} BEFORE ${events} ON alert_deliveries FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION held_${key}()`,
  );
}

/**
 * One run of one alert to ntfy, through a proxy, whose statement starting with `start` (a change of
 * alert_deliveries on `events` matching `when`) is held on the server by the test's advisory lock; while
 * it waits the proxy falls silent, then the lock is let go: the statement commits and its answer is lost.
 */
async function answerLost(events: string, when: string, start: string) {
  const db = await database();
  const admin = await session(db.name);
  const proxy = await silentProxy({ host: '127.0.0.1', port: server.port });
  opened.push(proxy);
  const l = await ledger({ url: db.via(proxy.port), dbTimeoutMs: 5_000 });
  const key = 4242;
  await holdChanges(admin, key, events, when);
  await admin.query('SELECT pg_advisory_lock($1)', [key]);
  const o = await outlets(undefined, ['ntfy']);
  const alerts = [reset(1, 1)];
  const running = run(l, alerts, o.urls);
  await waitingOnLock(admin, db.name, start);
  proxy.silence();
  await admin.query('SELECT pg_advisory_unlock($1)', [key]);
  return { l, o, first: await running, alerts };
}

describe('no claim without time to finish', () => {
  it('slow outlets and a tight run budget: what could not finish is never claimed (no row), each alert is received ' +
    'once across the runs, and the later runs send the rest', async () => {
    const db = await database();
    const l = await ledger({ url: db.url, dbTimeoutMs: 1_000 });
    // ntfy answers 2.5 s after each request; a run has 12 s, and a claim needs 10 s of send and 1 s of settlement.
    const o = await outlets(() => sleep(2_500), ['ntfy']);
    const alerts = [5, 4, 3, 2, 1].map((n) => reset(n, n));
    const live = (): HttpDeps => ({
      ...httpDeps(),
      timeoutMs: 10_000,
      now: () => new Date(),
      sleep: (ms) => sleep(ms),
      deadline: Date.now() + 12_000,
    });
    const first = await run(l, alerts, o.urls, live());
    const sentFirst = first.decisions.filter((d) => d.result === 'sent').length;
    // At most one claim fits (a second would start 2.5 s in, with under 11 s left): the rest have no row.
    expect(sentFirst).toBe(1);
    expect(await l.rows('ntfy')).toEqual(['#5 sent 1/0']);
    expect(configured(first)).toEqual([
      expect.stringMatching(
        /^✅ ntfy: sent 1 alert\(s\); 4 left for the next run \(\d+ s of this run left, a send and its record need 11 s\)$/,
      ),
    ]);
    for (let i = 0; i < 8 && (await l.rows('ntfy')).length < alerts.length; i++) {
      await l.endLeases('ntfy');
      await run(l, alerts, o.urls, live());
    }
    expect(await l.rows('ntfy')).toEqual(['#5 sent 1/0', '#4 sent 1/0', '#3 sent 1/0', '#2 sent 1/0', '#1 sent 1/0']);
    const received = o.servers.ntfy!.requests.map((q) => String(JSON.parse(q.body).title));
    expect(received).toEqual(['#5', '#4', '#3', '#2', '#1'].map((n) => `Codex limits reset ${n}`));
  }, 120_000);
});

describe('settlements survive the connection', () => {
  /**
   * One run whose four outlets hold their answers while `fault` strikes the database, then answer 200:
   * every row must end sent, and a second run send nothing (one request per outlet).
   */
  async function faultWhileAnswering(l: TestLedger, fault: () => Promise<unknown> | void): Promise<void> {
    const g = gate();
    const o = await outlets(() => g.passed);
    const alerts = [reset(1, 1)];
    const running = run(l, alerts, o.urls);
    await waitFor(() => o.receipts().every((n) => n === 1), { describe: 'every outlet holding its request' });
    await fault();
    g.open();
    expect(configured(await running)).toEqual(sentLines(OUTLET_NAMES, 1));
    for (const name of OUTLET_NAMES) expect(await l.rows(name)).toEqual(['#1 sent 1/0']);
    expect(configured(await run(l, alerts, o.urls))).toEqual(nothingLines(OUTLET_NAMES));
    expect(o.receipts()).toEqual([1, 1, 1, 1]);
  }

  it('the server restarts while the outlets hold their answers: every outlet answered, every row ends sent, a second run sends nothing', async () => {
    const db = await database();
    await faultWhileAnswering(await ledger({ url: db.url, dbTimeoutMs: 5_000 }), () => server.restart());
  });

  it('the server ends the idle session (idle_session_timeout 1 s) before the outlets answer: every row ends sent, a second run sends nothing', async () => {
    const db = await database();
    const admin = await session('postgres');
    await admin.query(`ALTER DATABASE "${db.name}" SET idle_session_timeout = '1s'`);
    await faultWhileAnswering(await ledger({ url: db.url, dbTimeoutMs: 5_000 }), () =>
      waitFor(async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [db.name])).rowCount === 0, {
        describe: 'the server ending every idle session of the database',
      }),
    );
  });

  it('the connection falls silent while the outlets answer: the settlement, unanswered, is tried again on a fresh connection', async () => {
    const db = await database();
    const proxy = await silentProxy({ host: '127.0.0.1', port: server.port });
    opened.push(proxy);
    await faultWhileAnswering(await ledger({ url: db.via(proxy.port), dbTimeoutMs: 1_500 }), () => proxy.silence());
    expect(proxy.silencedClosed()).toBeGreaterThan(0);
  });

  it('a settlement that committed but whose answer was lost: tried again, it finds its own by its token (sent, not "taken over")', async () => {
    const { l, o, first, alerts } = await answerLost('UPDATE', `OLD.state = 'claimed' AND NEW.state = 'sent'`, 'UPDATE alert_deliveries');
    expect(configured(first)).toEqual(sentLines(['ntfy'], 1));
    expect(first.decisions.map((d) => d.result)).toEqual(['sent']);
    expect(await l.rows('ntfy')).toEqual(['#1 sent 1/0']);
    expect(configured(await run(l, alerts, o.urls))).toEqual(nothingLines(['ntfy']));
    expect(o.receipts()).toEqual([1]);
  });
});

describe('a claim whose answer was lost', () => {
  it('committed, then its answer lost: released by its token (no attempt used, nothing sent); the next run sends it once', async () => {
    const { l, o, first, alerts } = await answerLost('INSERT', `NEW.state = 'claimed'`, 'INSERT INTO alert_deliveries');
    expect(configured(first)).toEqual([
      expect.stringMatching(
        joinedRegExp(
          /^❌ ntfy: reset:2123700000000000001 could not be claimed \(.*no answer within 5 s\); released, nothing sent /,
          /\(0 of 1 sent; 1 left for the next broadcast\)$/,
        ),
      ),
    ]);
    expect(o.receipts()).toEqual([0]);
    expect(await l.rows('ntfy')).toEqual(['#1 released 0/0']);
    expect(configured(await run(l, alerts, o.urls))).toEqual(sentLines(['ntfy'], 1));
    expect(await l.rows('ntfy')).toEqual(['#1 sent 1/0']);
    expect(o.receipts()).toEqual([1]);
  });
});

describe('messages', () => {
  it('an alert this run claimed earlier is "claimed earlier in this run"; one another run holds is "held by another sender"', async () => {
    const db = await database();
    const thisRun = await ledger({ url: db.url });
    const route = OUTLET_APIS.ntfy(() => ({ status: 502, body: 'Bad Gateway' }));
    const ntfy = await startServer(route);
    opened.push(ntfy);
    const urls = { ntfy: outletUrlsAt({ ntfy: ntfy.url, discord: '', slack: '', telegram: '' }).ntfy };
    const alerts = [reset(1, 1)];
    // The fast path: a 502, recorded uncertain within its lease; then the deployed-alerts step of the same run meets it.
    await run(thisRun, alerts, urls);
    const deployed = await broadcast({ alerts, ledger: thisRun.ledger, urls, http: httpDeps(), now: NOW, label: 'deployed alerts' });
    expect(configured(deployed)).toEqual(['✅ ntfy (deployed alerts): nothing new to send; 1 claimed earlier in this run']);
    expect(deployed.decisions.map((d) => d.why)).toEqual([
      'claimed earlier in this run: may have arrived (uncertain); not resent before its lease ends',
    ]);
    // Another run (its own ledger) meets the same row: another sender's.
    const other = await ledger({ url: db.url });
    expect(configured(await run(other, alerts, urls))).toEqual(['✅ ntfy: nothing new to send; 1 held by another sender']);
    expect(ntfy.requests).toHaveLength(1);
  });
});
