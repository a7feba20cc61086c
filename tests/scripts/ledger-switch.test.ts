/**
 * The switch-over from the retired data/sent-log.json to the alert ledger, whichever sender runs first
 * (src/jobs/broadcast/retired-log.ts; docs/alerts.md, "The retired sent-log"). A fork's data/: the frozen
 * history with three resets a pull recorded over the last half day, so three alerts are due at NOW, and a retired sent-log
 * recording all of them as sent on ntfy and Discord but the newest. The two senders are the watcher
 * (runWatch, its stores built as netlify/functions/watch.ts builds them: its state in the local Netlify
 * Blobs server, its ledger on a database opened at the first need, reading the deploy's alerts.json)
 * and `npm run broadcast` (scripts/broadcast.ts, a child process), on a real PostgreSQL (NETLIFY_DB_URL),
 * one fresh database per case, and the embedded engine; ntfy and Discord are local servers, counted on
 * their side. Whichever sender runs first, and with three at once, the log is imported once (one line),
 * nothing it records is sent again and the alert it lacks is sent once per outlet; a row a sender wrote
 * is never overwritten; without the file there is nothing to import, no line and no statement; a quiet
 * minute (nothing owed) opens no database, with the file or without.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stableStringify } from '../../src/core/json.ts';
import { postIdAt } from '../../src/core/postid.ts';
import type { Alert, AlertsPayload, OutletLog, SentLogFile } from '../../src/core/schema/index.ts';
import { SITE } from '../../src/core/site.ts';
import { toTimestamp } from '../../src/core/time.ts';
import { HOUR_MS } from '../../src/core/time-units.ts';
import { DATA_FILES } from '../../src/core/dataset/files.ts';
import { openDatabase } from '../../src/db/database.ts';
import type { Sql } from '../../src/core/sql.ts';
import { readDataFile } from '../../src/io/data-folder.ts';
import { RETIRED_LOG } from '../../src/jobs/broadcast/retired-log.ts';
import { runWatch } from '../../src/jobs/watch/run.ts';
import { WATCH_BLOBS_STORE, WATCH_STATE_KEY } from '../../src/jobs/watch/state.ts';
import { watchStores } from '../../src/jobs/watch/stores.ts';
import { createPayloads } from '../../src/site/api/payloads.ts';
import { bundleWatchFunction } from '../../scripts/lib/bundle-function.ts';
import { startServer, type FixtureServer } from '../support/fixture-server.ts';
import { startBlobs, type LocalBlobs } from '../support/blobs.ts';
import { testLedger } from '../support/ledger.ts';
import { DISCORD_PATH, discordApi, NTFY_TOPIC, ntfyApi } from '../support/outlet-servers.ts';
import { startPostgres, type LocalPostgres } from '../support/postgres.ts';
import { DEAD, httpDeps, loadDir, NOW, pullInto, tempData } from '../support/pull-env.ts';
import { runNode } from '../support/run-node.ts';
import { xApi } from '../support/x-api.ts';
import { waitFor } from '../support/wait-for.ts';

const REPO = 'resetcast/resetcast';
/** The deploy's alerts.json answers with one ETag (as a static file and the timetable's state do). */
const ETAG = '"state-1"';
const IMPORT_LINE = /^✅ ledger: imported \d+ record\(s\) of data\/sent-log\.json \(once per database/;

let pg: LocalPostgres;
/** The fork's data/, with its retired sent-log; and the same without the file. */
let withLog: string;
let withoutLog: string;
/** The alerts due at NOW (within the send window), oldest first; the sent-log records all but the last. */
let due: Alert[];
let alertsJson: string;
let payload: AlertsPayload;
let dbCount = 0;

let closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

/** The old sender's record of `alerts` on one outlet, all sent. */
const outletLog = (name: OutletLog['name'], alerts: readonly Alert[]): OutletLog => ({
  name,
  ok: true,
  error: null,
  checked_at: toTimestamp(new Date(NOW.getTime() - HOUR_MS)),
  outcome: 'ok',
  last_ok_at: toTimestamp(new Date(NOW.getTime() - HOUR_MS)),
  sent: alerts.map((a) => ({ id: a.id, at: a.at, sent_at: a.at, state: 'sent' as const, attempts: 1 })),
});

beforeAll(async () => {
  pg = await startPostgres();
  withoutLog = tempData();
  // A pull that recorded three resets posted over the last half day: three alerts due (the history's are older).
  const posts = [0.5, 5, 11].map((h) => ({
    id: postIdAt(new Date(NOW.getTime() - h * HOUR_MS), 1n),
    text: "We've reset Codex rate limits for all Plus and Pro users.",
  }));
  const x = await startServer(xApi(() => posts));
  try {
    await pullInto(withoutLog, { x: x.url, xToken: 'x', status: DEAD, github: DEAD });
  } finally {
    await x.close();
  }
  payload = createPayloads(loadDir(withoutLog), NOW, SITE.url).alerts;
  alertsJson = stableStringify(payload);
  due = payload.alerts
    .filter((a) => Date.parse(a.at) >= NOW.getTime() - 24 * HOUR_MS && Date.parse(a.at) <= NOW.getTime())
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  withLog = mkdtempSync(join(tmpdir(), 'resetcast-switch-'));
  cpSync(withoutLog, withLog, { recursive: true });
  const log: SentLogFile = { outlets: [outletLog('ntfy', due.slice(0, -1)), outletLog('discord', due.slice(0, -1))] };
  writeFileSync(join(withLog, DATA_FILES.sentLog), JSON.stringify(log));
}, 120_000);

afterAll(async () => {
  await pg?.stop();
  for (const d of [withLog, withoutLog]) if (d) rmSync(d, { recursive: true, force: true });
});

interface World {
  url: string;
  /** The watcher's state. */
  blobs: LocalBlobs;
  ntfy: FixtureServer;
  discord: FixtureServer;
  site: FixtureServer;
}

/** A fresh database, migrated as Netlify migrates it at deploy (the deployed function has no migrations folder). */
async function migrated(name: string): Promise<string> {
  const url = await pg.freshDatabase(name);
  await (await testLedger({ url })).close();
  return url;
}

async function world(deployed: string = alertsJson): Promise<World> {
  const [url, blobs, ntfy, discord, site] = await Promise.all([
    migrated(`switch${++dbCount}`),
    startBlobs(),
    startServer(ntfyApi()),
    startServer(discordApi()),
    startServer((u) => (u.pathname === '/api/v1/alerts.json' ? { body: deployed, headers: { ETag: ETAG } } : undefined)),
  ]);
  closers.push(blobs.close, ntfy.close, discord.close, site.close);
  return { url, blobs, ntfy, discord, site };
}

/**
 * One watcher run on `dir`'s retired log, its stores as netlify/functions/watch.ts builds them: its lines
 * (the import's among them), how many statements it sent the database, and whether it opened it at all.
 * `clean`: the run must have no ❌ line.
 */
async function watcher(
  w: World,
  dir: string,
  o: { clean?: boolean } = {},
): Promise<{ lines: string[]; statements: number; opened: boolean }> {
  let db: Awaited<ReturnType<typeof openDatabase>> | null = null;
  const said: string[] = [];
  let statements = 0;
  try {
    const stores = watchStores({
      texts: w.blobs.store(WATCH_BLOBS_STORE),
      openSql: async (): Promise<Sql> => {
        const opened = await openDatabase({ env: { NETLIFY_DB_URL: w.url }, embeddedDir: '' });
        db = opened;
        return {
          query: (text, params) => {
            statements++;
            return opened.sql.query(text, params);
          },
        };
      },
      env: {},
      now: NOW,
      retiredLog: readDataFile(dir, 'sentLog'),
      settleMs: 4_000,
      say: (l) => said.push(l),
    });
    const run = await runWatch({
      now: NOW,
      http: { ...httpDeps(), deadline: NOW.getTime() + 20_000 },
      x: { base: DEAD, token: 'xTokenS3cret' },
      deploy: w.site.url,
      siteBase: SITE.url,
      accounts: [],
      stores,
      urls: { ntfy: `${w.ntfy.url}/${NTFY_TOPIC}`, discord: `${w.discord.url}${DISCORD_PATH}` },
      dispatch: { repo: REPO, token: 'ghDispatchS3cret', api: DEAD },
    });
    if (o.clean ?? true) expect(run.lines.join('\n')).not.toContain('❌');
    return { lines: [...said, ...run.lines], statements, opened: db !== null };
  } finally {
    await (db as Awaited<ReturnType<typeof openDatabase>> | null)?.close();
  }
}

/** `npm run broadcast` on `dir` as a child process; its lines (exit code 0 checked). */
async function broadcastCli(w: World, dir: string, db: Record<string, string> = { NETLIFY_DB_URL: w.url }): Promise<string[]> {
  const r = await runNode(['scripts/broadcast.ts'], {
    PATH: process.env['PATH'] ?? '',
    RESETCAST_DATA_DIR: dir,
    SOURCE_DATE_EPOCH: String(NOW.getTime() / 1000),
    RESETCAST_HTTP_TIMEOUT_MS: '2000',
    NTFY_TOPIC_URL: `${w.ntfy.url}/${NTFY_TOPIC}`,
    DISCORD_WEBHOOK_URL: `${w.discord.url}${DISCORD_PATH}`,
    ...db,
  });
  expect(r.code, r.out).toBe(0);
  return r.out.split('\n');
}

const imports = (lines: readonly string[]): string[] => lines.filter((l) => IMPORT_LINE.test(l));
/** What each outlet received, by title: the alert the log lacks, once, is all a switch-over may send. */
const received = (w: World): { ntfy: string[]; discord: number } => ({
  ntfy: w.ntfy.requests.map((r) => String(JSON.parse(r.body).title)),
  discord: w.discord.requests.length,
});
const onlyTheUnrecorded = (): { ntfy: string[]; discord: number } => ({ ntfy: [due.at(-1)!.title], discord: 1 });
const recordedLine = (): string => `✅ ledger: imported ${2 * (due.length - 1)} record(s) of ${RETIRED_LOG} (once per database)`;

describe('the fork', () => {
  it('has three alerts due at NOW, all but the newest recorded as sent in its retired log', () => {
    expect(due.map((a) => a.kind)).toEqual(['reset', 'reset', 'reset']);
  });
});

describe('whichever sender runs first, the retired log is imported once and nothing it records is sent again', () => {
  it('the watcher first (one import line), then npm run broadcast (no line, nothing sent)', async () => {
    const w = await world();
    expect(imports((await watcher(w, withLog)).lines)).toEqual([recordedLine()]);
    expect(received(w)).toEqual(onlyTheUnrecorded());
    expect(imports(await broadcastCli(w, withLog))).toEqual([]);
    expect(received(w)).toEqual(onlyTheUnrecorded());
  });

  it('npm run broadcast first (one import line), then the watcher (no line, nothing sent)', async () => {
    const w = await world();
    expect(imports(await broadcastCli(w, withLog))).toEqual([recordedLine()]);
    expect(received(w)).toEqual(onlyTheUnrecorded());
    expect(imports((await watcher(w, withLog)).lines)).toEqual([]);
    expect(received(w)).toEqual(onlyTheUnrecorded());
  });

  it(
    'three senders at once (two npm run broadcast processes and the watcher), ' +
      'all held at the import and let go together: one import, each alert sent at most once',
    async () => {
      const w = await world();
      const [holder, check] = await Promise.all([testLedger({ url: w.url }), testLedger({ url: w.url })]);
      closers.push(
        () => holder.close(),
        () => check.close(),
      );
      // No insert into ledger_imports passes this lock: each sender stops at its import until all three are there.
      await holder.db.sql.query('BEGIN');
      await holder.db.sql.query('LOCK TABLE ledger_imports IN SHARE ROW EXCLUSIVE MODE');
      const senders = Promise.all([broadcastCli(w, withLog), broadcastCli(w, withLog), watcher(w, withLog).then((r) => r.lines)]);
      const waiting = async (): Promise<number> =>
        (
          await check.db.sql.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          )
        ).rows[0]!.n;
      await waitFor(async () => (await waiting()) === 3, { describe: 'the three senders waiting at their import' });
      await holder.db.sql.query('COMMIT');
      const all = await senders;
      expect(all.flatMap(imports)).toEqual([recordedLine()]);
      expect(received(w)).toEqual(onlyTheUnrecorded());
      const marks = await check.db.sql.query<{ name: string; records: number }>('SELECT name, records FROM ledger_imports');
      expect(marks.rows).toEqual([{ name: RETIRED_LOG, records: 2 * (due.length - 1) }]);
    },
  );

  it('a row a sender already wrote for a recorded alert is left as it was; the rest are imported', async () => {
    const w = await world();
    const ledger = await testLedger({ url: w.url });
    closers.push(() => ledger.close());
    const first = due[0]!;
    // Given up after three refusals, by a sender on the ledger before the switch-over: not what the log says (sent).
    await ledger.db.sql.query(
      `INSERT INTO alert_deliveries (outlet, alert_id, alert_at, state, uncertain_attempts, refused_attempts, updated_at, last_error)
       VALUES ('ntfy', $1, $2, 'failed', 0, 3, clock_timestamp(), 'HTTP 400: refused by a sender')`,
      [first.id, first.at],
    );
    expect(imports((await watcher(w, withLog)).lines)).toEqual([
      `✅ ledger: imported ${2 * (due.length - 1) - 1} record(s) of ${RETIRED_LOG} (once per database; 1 already in the ledger, left as they were)`,
    ]);
    const row = await ledger.db.sql.query(
      'SELECT state, refused_attempts, last_error FROM alert_deliveries WHERE outlet = $1 AND alert_id = $2',
      ['ntfy', first.id],
    );
    expect(row.rows).toEqual([{ state: 'failed', refused_attempts: 3, last_error: 'HTTP 400: refused by a sender' }]);
    expect(received(w)).toEqual(onlyTheUnrecorded());
  });

  it('no retired log: no import line, no import mark, every due alert sent once by the first sender and never again', async () => {
    const w = await world();
    const watched = (await watcher(w, withoutLog)).lines;
    expect(imports(watched)).toEqual([]);
    expect(watched.join('\n')).not.toContain('sent-log');
    expect(imports(await broadcastCli(w, withoutLog))).toEqual([]);
    expect(received(w)).toEqual({ ntfy: due.map((a) => a.title), discord: due.length });
    const check = await testLedger({ url: w.url });
    closers.push(() => check.close());
    expect((await check.db.sql.query('SELECT name FROM ledger_imports')).rows).toEqual([]);
  });
});

describe('only a sender about to use the ledger imports, and an import that fails claims nothing', () => {
  it(
    'a quiet minute (every due alert finished, as the state knows) opens no database, with a retired log or without; ' +
      'a minute that owes one imports',
    async () => {
      const w = await world();
      const check = await testLedger({ url: w.url });
      closers.push(() => check.close());
      const finished = { outlets: ['discord', 'ntfy'], alerts: Object.fromEntries(due.map((a) => [a.id, a.at])) };
      const state = (f: typeof finished | null): string =>
        JSON.stringify({ version: 1, state: { accounts: {}, dispatch_pending: false }, generation: 0, finished: f, writer: 'seed' });
      await w.blobs.poke(WATCH_BLOBS_STORE, WATCH_STATE_KEY, state(finished));
      for (const dir of [withLog, withoutLog]) {
        const quiet = await watcher(w, dir);
        expect(quiet.lines).toContainEqual(expect.stringMatching(/^✅ deployed alerts: \d+ alert\(s\) in the deploy, none owed/));
        expect(imports(quiet.lines)).toEqual([]);
        expect([quiet.opened, quiet.statements]).toEqual([false, 0]);
      }
      expect((await check.db.sql.query('SELECT name FROM ledger_imports')).rows).toEqual([]);
      // The state forgot them (another set of outlets, a lost state): the ledger is asked, and the import comes first.
      await w.blobs.poke(WATCH_BLOBS_STORE, WATCH_STATE_KEY, state(null));
      expect(imports((await watcher(w, withLog)).lines)).toEqual([recordedLine()]);
      expect(received(w)).toEqual(onlyTheUnrecorded());
    },
  );

  it("the import failing (its table gone) is each outlet's ❌ line and nothing is claimed or sent; the next run imports", async () => {
    const w = await world();
    const check = await testLedger({ url: w.url });
    closers.push(() => check.close());
    await check.db.sql.query('ALTER TABLE ledger_imports RENAME TO ledger_imports_away');
    const failed = await watcher(w, withLog, { clean: false });
    const why = `${RETIRED_LOG}: the one-time import failed (`;
    const failures = failed.lines.filter((l) => l.startsWith('❌'));
    expect(failures.map((l) => [l.slice(0, l.indexOf(':')), l.includes(why)])).toEqual([
      ['❌ ntfy (deployed alerts)', true],
      ['❌ discord (deployed alerts)', true],
    ]);
    expect(received(w)).toEqual({ ntfy: [], discord: 0 });
    expect((await check.db.sql.query('SELECT count(*)::int AS n FROM alert_deliveries')).rows).toEqual([{ n: 0 }]);
    await check.db.sql.query('ALTER TABLE ledger_imports_away RENAME TO ledger_imports');
    expect(imports((await watcher(w, withLog)).lines)).toEqual([recordedLine()]);
    expect(received(w)).toEqual(onlyTheUnrecorded());
  });
});

describe('npm run broadcast on the embedded engine', () => {
  it('imports the retired log once (one line), sends only what it lacks, and a second run says and sends nothing', async () => {
    const w = await world();
    const dbDir = mkdtempSync(join(tmpdir(), 'resetcast-switch-db-'));
    closers.push(() => rmSync(dbDir, { recursive: true, force: true }));
    const embedded = { RESETCAST_DB_DIR: join(dbDir, 'db') };
    const first = await broadcastCli(w, withLog, embedded);
    expect(first.find((l) => l.startsWith('✅ database:'))).toMatch(/embedded/);
    expect(imports(first)).toEqual([recordedLine()]);
    expect(imports(await broadcastCli(w, withLog, embedded))).toEqual([]);
    expect(received(w)).toEqual(onlyTheUnrecorded());
  });
});

describe('the watch function itself, on the wall clock (its own now)', () => {
  const root = join(import.meta.dirname, '..', '..');
  /** The due alerts moved to the wall clock: the deploy's alerts.json, and a fork's data/ holding only its retired log of all but the newest. */
  function wallClockFork(): { deployed: string; dir: string; due: Alert[] } {
    const shift = Math.floor((Date.now() - NOW.getTime()) / 1000) * 1000;
    const moved = due.map((a) => ({ ...a, at: toTimestamp(new Date(Date.parse(a.at) + shift)) }));
    const dir = mkdtempSync(join(tmpdir(), 'resetcast-switch-fn-'));
    closers.push(() => rmSync(dir, { recursive: true, force: true }));
    const log: SentLogFile = { outlets: [outletLog('ntfy', moved.slice(0, -1)), outletLog('discord', moved.slice(0, -1))] };
    writeFileSync(join(dir, DATA_FILES.sentLog), JSON.stringify(log));
    return { deployed: stableStringify({ ...payload, alerts: moved }), dir, due: moved };
  }

  /** One run of the function (`module`: its source or a bundle) in a process of its own; its `[watch]` lines. */
  async function invoke(module: string, w: World, dataDir: string, x: FixtureServer): Promise<string[]> {
    const script = `const watch = (await import(${JSON.stringify(pathToFileURL(module).href)})).default; await watch();`;
    const r = await runNode(
      ['--input-type=module', '-e', script],
      {
        PATH: process.env['PATH'] ?? '',
        X_BEARER_TOKEN: 'xTokenS3cret',
        RESETCAST_DISPATCH_TOKEN: 'ghDispatchS3cret',
        RESETCAST_REPO: REPO,
        RESETCAST_X_API: x.url,
        RESETCAST_GITHUB_API: DEAD,
        RESETCAST_WATCH_SITE: w.site.url,
        RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:1',
        NTFY_TOPIC_URL: `${w.ntfy.url}/${NTFY_TOPIC}`,
        DISCORD_WEBHOOK_URL: `${w.discord.url}${DISCORD_PATH}`,
        NETLIFY_DB_URL: w.url,
        NETLIFY_BLOBS_CONTEXT: w.blobs.context(),
        RESETCAST_DATA_DIR: dataDir,
      },
      root,
    );
    expect(r.code, r.out).toBe(0);
    return r.out.split('\n').filter((l) => l.startsWith('[watch] '));
  }

  it.each([
    ['bundled as the build bundles it: the log pinned at build, not the data/ it runs beside', true],
    ["from source: the working copy's data/", false],
  ])('%s: imported once, nothing it records resent', async (_name, bundled) => {
    const fork = wallClockFork();
    const [w, x] = await Promise.all([world(fork.deployed), startServer(xApi(() => []))]);
    closers.push(x.close);
    let module = join(root, 'netlify/functions/watch.ts');
    let dataDir = fork.dir;
    if (bundled) {
      mkdirSync(join(root, '.test-builds'), { recursive: true });
      const out = mkdtempSync(join(root, '.test-builds', 'switch-'));
      closers.push(() => rmSync(out, { recursive: true, force: true }));
      module = await bundleWatchFunction(root, join(out, 'watch.mjs'), fork.dir);
      dataDir = withoutLog; // no retired log there: only the pin can import it
    }
    const first = await invoke(module, w, dataDir, x);
    expect(first.filter((l) => l.includes('ledger: imported'))).toEqual([`[watch] ${recordedLine()}`]);
    expect(received(w)).toEqual({ ntfy: [fork.due.at(-1)!.title], discord: 1 });
    const second = await invoke(module, w, dataDir, x);
    expect(second.filter((l) => l.includes('ledger'))).toEqual([]);
    expect(received(w)).toEqual({ ntfy: [fork.due.at(-1)!.title], discord: 1 });
  });
});
