/**
 * What `npm run bench:cost` measures of the code as it runs today (docs/cost.md, "Measured"), each on a
 * real component:
 *
 * - **the watcher**: runWatch in this process, as netlify/functions/watch.ts calls it (its stores as
 *   the function makes them: the state in Netlify Blobs, here the local Blobs server of @netlify/blobs; the
 *   database opened only at the ledger's first need), against local servers on 127.0.0.1 standing for X,
 *   GitHub, the deployed site (the build's own files, alerts.json with an alert falling due when a run
 *   asks for one) and the four outlets, and a real database (BENCH_DB_URL's PostgreSQL, else the embedded
 *   engine in a temp folder). Every statement is counted through the `Sql` the stores are given, every
 *   opening of the database, and every request the Blobs server answered. Three paths: a quiet run, a run
 *   with a new post, and a run whose deployed alerts.json has an alert falling due (a reminder, a lapse: the
 *   timetable's next state). The clock steps one schedule period per run (WATCH_PERIOD_MS, every 5
 *   minutes), so the default accounts (each every 5 minutes) are walked as the schedule walks them.
 * - **the /mcp function**: its source module, answering tools/call get_reset_forecast from the build's payloads, warm.
 * - **the site**: gzip bytes of the build's home page with every same-origin file it asks for, and of the payloads.
 */
import { readdirSync, readFileSync, mkdtempSync, rmSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Sql } from '../../src/core/sql.ts';
import { createTimetableHandler } from '../../src/core/timetable-answer.ts';
import { TIMETABLE_DIR, TIMETABLE_INDEX, timetableFile, type TimetableIndex } from '../../src/core/timetable.ts';
import { postIdAt } from '../../src/core/postid.ts';
import { SITE } from '../../src/core/site.ts';
import type { Alert, AlertsPayload } from '../../src/core/schema/index.ts';
import { toTimestamp } from '../../src/core/time.ts';
import { blobTextStore } from '../../src/db/blob-store.ts';
import { DB_TIMEOUT_MS, openDatabase, type Database } from '../../src/db/database.ts';
import { applyMigrations, migrationsIn } from '../../src/db/migrate.ts';
import { outletUrls } from '../../src/jobs/broadcast/outlets/index.ts';
import { parseWatchAccounts } from '../../src/jobs/watch/config.ts';
import { runWatch, type WatchInput } from '../../src/jobs/watch/run.ts';
import { WATCH_BLOBS_STORE } from '../../src/jobs/watch/state.ts';
import { watchStores } from '../../src/jobs/watch/stores.ts';
import { liveHttp } from '../../src/net/live.ts';
import { startLocalBlobs } from '../lib/local-blobs.ts';
import type { Measurements } from '../lib/cost/designs.ts';
import { API_MIX, WATCH_PERIOD_MS } from '../lib/cost/designs.ts';
import { median } from './stats.ts';
import { mcpRequest } from './warm.ts';
import type { Handler } from './bare-handler.ts';
import { listen, type Reply } from './stand-in.ts';

const root = resolve(import.meta.dirname, '..', '..');
const MIGRATIONS = join(root, 'netlify/database/migrations');
const MINUTE_MS = 60_000;
/** X's ids for the default accounts (thsottiaux's is the real one; the stand-in only needs them distinct). */
const USER_IDS: Readonly<Record<string, string>> = {
  thsottiaux: '1450183340366770177',
  OpenAI: '4398626122',
  OpenAIDevs: '1000000000000000001',
};
const REPO = 'resetcast/bench';
const DISPATCH = `/repos/${REPO}/actions/workflows/pull.yml/dispatches`;
const POST_TEXT = "We've reset Codex rate limits for all Plus and Pro users.";

const json = (body: unknown, status = 200): Reply => ({ status, type: 'application/json', body: JSON.stringify(body) });

/** One server for X, GitHub's dispatch, the deployed site (files of `dist`; alerts.json as `alerts()` says) and the outlets, by path. */
async function standIns(dist: string, post: () => { id: string; created_at: string } | null, alerts: () => string) {
  return listen((url) => {
    const path = url.pathname;
    if (path === '/2/users/by') {
      const names = (url.searchParams.get('usernames') ?? '').split(',').filter(Boolean);
      return json({ data: names.map((n) => ({ id: USER_IDS[n] ?? '1', name: n, username: n })) });
    }
    const tweets = /^\/2\/users\/(\d+)\/tweets$/.exec(path);
    if (tweets) {
      const p = tweets[1] === USER_IDS['thsottiaux'] ? post() : null;
      if (!p) return json({ meta: { result_count: 0 } });
      return json({
        data: [{ ...p, text: POST_TEXT, edit_history_tweet_ids: [p.id] }],
        meta: { result_count: 1, newest_id: p.id, oldest_id: p.id },
      });
    }
    if (path === DISPATCH) return { status: 204, type: 'application/json', body: '' };
    if (path.startsWith('/ntfy/')) return json({ id: 'bench', time: 0, event: 'message', topic: 'resetcast-bench' });
    if (path.startsWith('/discord/')) return json({ id: '1300000000000000000', type: 0 });
    if (path.startsWith('/slack/')) return { status: 200, type: 'text/html', body: 'ok' };
    if (path.startsWith('/telegram/')) return json({ ok: true, result: { message_id: 1, date: 0, chat: { id: -1001, type: 'channel' } } });
    if (path === '/api/v1/alerts.json') return { status: 200, type: 'application/json', body: alerts() };
    const file = join(dist, path);
    if (path.startsWith('/api/v1/') && existsSync(file)) return { status: 200, type: 'application/json', body: readFileSync(file) };
    return json({}, 404);
  });
}

/** A `Sql` that counts the statements it passes on. */
function counted(sql: Sql, count: { n: number }): Sql {
  return {
    query: (text, params) => {
      count.n += 1;
      return sql.query(text, params);
    },
  };
}

/** What one path of the watcher costs: its time, its statements, whether it opened the database, and its requests to the state's store. */
interface RunCost {
  ms: number;
  statements: number;
  opened: boolean;
  blobs: number;
}

export async function measureWatcher(dist: string, dbUrl: string | undefined): Promise<Measurements['watcher'] & { engine: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'resetcast-bench-cost-'));
  const env = dbUrl ? { NETLIFY_DB_URL: dbUrl } : { RESETCAST_DB_DIR: join(folder, 'db') };
  const open = (): Promise<Database> => openDatabase({ env, embeddedDir: '' });
  // Deployed, Netlify applies the migrations at deploy: once here, outside every measured run.
  const setup = await open();
  const engine = setup.label;
  await applyMigrations(setup, migrationsIn(MIGRATIONS));
  await setup.close();

  let posted: { id: string; created_at: string } | null = null;
  const deployed = readFileSync(join(dist, 'api/v1/alerts.json'), 'utf8');
  let alertsJson = deployed;
  const site = await standIns(
    dist,
    () => posted,
    () => alertsJson,
  );
  const blobs = await startLocalBlobs();
  const blobRequests = (): number => Object.values(blobs.counts()).reduce((a, b) => a + b, 0);
  const urls = outletUrls({
    NTFY_TOPIC_URL: `${site.url}/ntfy/resetcast-bench`,
    DISCORD_WEBHOOK_URL: `${site.url}/discord/api/webhooks/1/bench-token`,
    SLACK_WEBHOOK_URL: `${site.url}/slack/services/T/B/bench`,
    TELEGRAM_BOT_TOKEN: '7000000001:AAHbench-token',
    TELEGRAM_CHAT_ID: '@resetcast_bench',
    RESETCAST_TELEGRAM_API: `${site.url}/telegram`,
  });
  const start = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
  let minute = 0;
  const base = (now: Date): Omit<WatchInput, 'stores'> => ({
    now,
    http: liveHttp(),
    x: { base: site.url, token: 'bench' },
    deploy: site.url,
    siteBase: SITE.url,
    accounts: parseWatchAccounts(undefined).accounts,
    urls,
    dispatch: { repo: REPO, token: 'bench', api: site.url },
  });

  /** The deploy's alerts.json with one more alert falling due a minute before `now` (the timetable's next state), as a new reminder. */
  const withDueAlert = (now: Date, n: number): string => {
    const payload = JSON.parse(deployed) as AlertsPayload;
    const model = payload.alerts[0]!;
    const due: Alert = {
      ...model,
      kind: 'grant-expiring',
      id: `${model.id.split(':alert:')[0]}:alert:grant-expiring:bench-${n}:1h`,
      at: toTimestamp(new Date(now.getTime() - MINUTE_MS)),
      title: 'Banked Codex reset expires within 1 hour (bench)',
    };
    return JSON.stringify({ ...payload, alerts: [due, ...payload.alerts] });
  };

  /** One run as the function runs it: its stores made, the run, the database closed if it was opened; timed and counted. */
  const run = async (kind: 'quiet' | 'post' | 'due'): Promise<RunCost> => {
    const now = new Date(start + minute++ * WATCH_PERIOD_MS);
    posted =
      kind === 'post'
        ? { id: postIdAt(new Date(now.getTime() - 1000), BigInt(minute)), created_at: new Date(now.getTime() - 1000).toISOString() }
        : null;
    if (kind === 'due') alertsJson = withDueAlert(now, minute);
    const count = { n: 0 };
    let db: Database | null = null;
    const asked = blobRequests();
    const t0 = performance.now();
    try {
      const stores = watchStores({
        texts: blobTextStore({ name: WATCH_BLOBS_STORE, timeoutMs: 3_000, access: blobs.access }),
        openSql: async () => {
          db = await open();
          return counted(db.sql, count);
        },
        env: {},
        now,
        retiredLog: undefined,
        settleMs: DB_TIMEOUT_MS,
        say: () => undefined,
      });
      const out = await runWatch({ ...base(now), stores });
      const failed = out.lines.filter((l) => l.startsWith('❌'));
      if (failed.length > 0 || (kind === 'post' && out.alerts.length !== 1) || (kind === 'due' && !out.lines.some((l) => /1 owed/.test(l))))
        throw new Error(`bench:cost: the watcher's ${kind} run went wrong:\n${out.lines.join('\n')}`);
    } finally {
      await (db as Database | null)?.close();
    }
    return { ms: performance.now() - t0, statements: count.n, opened: db !== null, blobs: blobRequests() - asked };
  };

  try {
    // Warm-up: the first run looks the accounts up and stores their cursors, and claims what the deploy still owes; then ten quiet runs.
    await run('quiet');
    await run('quiet');
    const quiet: RunCost[] = [];
    for (let i = 0; i < 10; i++) quiet.push(await run('quiet'));
    const posts: RunCost[] = [];
    const dues: RunCost[] = [];
    for (let i = 0; i < 3; i++) {
      posts.push(await run('post'));
      quiet.push(await run('quiet'));
      dues.push(await run('due'));
      quiet.push(await run('quiet'));
    }
    const mean = (rs: RunCost[], f: (r: RunCost) => number): number => rs.reduce((s, r) => s + f(r), 0) / rs.length;
    return {
      engine,
      quietMs: median(quiet.map((r) => r.ms)),
      alertMs: median(posts.map((r) => r.ms)),
      dueAlertMs: median(dues.map((r) => r.ms)),
      quietStatements: mean(quiet, (r) => r.statements),
      quietOpened: mean(quiet, (r) => (r.opened ? 1 : 0)),
      alertStatements: median(posts.map((r) => r.statements)),
      dueAlertStatements: median(dues.map((r) => r.statements)),
      quietBlobRequests: mean(quiet, (r) => r.blobs),
      alertBlobRequests: median(posts.map((r) => r.blobs)),
      dueAlertBlobRequests: median(dues.map((r) => r.blobs)),
    };
  } finally {
    site.server.close();
    await blobs.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The /mcp function's source module on the build's payloads: median ms of a warm tools/call get_reset_forecast, and its answer's gzip bytes. */
export async function measureMcp(dist: string, runs = 400): Promise<Measurements['mcp']> {
  process.env['RESETCAST_API_DIR'] = join(dist, 'api/v1');
  const mcp = ((await import(pathToFileURL(join(root, 'netlify/functions/mcp.ts')).href)) as { default: Handler }).default;
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_reset_forecast', arguments: {} } });
  const once = async (): Promise<{ ms: number; text: string }> => {
    const t0 = performance.now();
    const res = await mcp(mcpRequest(body));
    const text = await res.text();
    if (res.status !== 200) throw new Error(`bench:cost: /mcp answered ${res.status}`);
    return { ms: performance.now() - t0, text };
  };
  for (let i = 0; i < 50; i++) await once();
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await once());
  return { requestMs: median(samples.map((s) => s.ms)), responseBytes: gzipSync(samples[0]!.text).length };
}

/**
 * One answer of the timetable function's own code (src/core/timetable-answer.ts) over the build's timetable,
 * the home page asked at the start of each of its states in turn: every answer picks, reads a state file not
 * read before and hashes it, the most an answer does. The median of `runs`, after a warm-up.
 */
export async function measureTimetable(dist: string, runs = 400): Promise<Measurements['timetable']> {
  const dir = join(dist, TIMETABLE_DIR);
  const index = JSON.parse(readFileSync(join(dir, TIMETABLE_INDEX), 'utf8')) as TimetableIndex;
  const starts = index.paths?.['/'] ?? [];
  if (starts.length < 2) throw new Error('bench:cost: the build has no home page states to answer from');
  let t = 0;
  const handler = createTimetableHandler({
    files: { index, read: (name, start) => readFileSync(join(dir, timetableFile(name, start))) },
    headers: {},
    now: () => t * 1000,
  });
  const once = async (i: number): Promise<number> => {
    t = starts[i % starts.length]!;
    const t0 = performance.now();
    const res = await handler(new Request('http://localhost/'));
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`bench:cost: the timetable function answered ${res.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 50; i++) await once(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await once(i + 1));
  return { requestMs: median(samples) };
}

const gz = (file: string): number => gzipSync(readFileSync(file)).length;

/** Same-origin files a page asks for on load: stylesheets, icons, preloads, images, scripts. */
export function pageFiles(html: string): string[] {
  const out = new Set<string>();
  for (const tag of html.match(/<(link|img|script)\b[^>]*>/g) ?? []) {
    const rel = /\brel="([^"]*)"/.exec(tag)?.[1] ?? '';
    const ref = /\b(?:href|src)="([^"]*)"/.exec(tag)?.[1] ?? '';
    const loads = tag.startsWith('<link') ? /\b(stylesheet|icon|preload|modulepreload|manifest|apple-touch-icon)\b/.test(rel) : true;
    if (loads && ref.startsWith('/') && !ref.startsWith('//')) out.add(ref.split(/[?#]/)[0]!);
  }
  return [...out];
}

/** The home page with its files, and the mean API answer by API_MIX, in gzip bytes (as the CDN serves a client that accepts it). */
export function measureSite(dist: string): Measurements['site'] {
  const home = join(dist, 'index.html');
  const files = pageFiles(readFileSync(home, 'utf8')).map((f) => join(dist, f.endsWith('/') ? `${f}index.html` : f));
  const api = join(dist, 'api/v1');
  const others = readdirSync(api).filter((f) => f.endsWith('.json') && statSync(join(api, f)).isFile() && !(f in API_MIX));
  const mean = others.reduce((s, f) => s + gz(join(api, f)), 0) / others.length;
  const apiBytes =
    (API_MIX['badge.json'] * gz(join(api, 'badge.json')) +
      API_MIX['forecast.json'] * gz(join(api, 'forecast.json')) +
      API_MIX.others * mean) /
    (API_MIX['badge.json'] + API_MIX['forecast.json'] + API_MIX.others);
  return {
    pageViewRequests: 1 + files.length,
    pageViewBytes: gz(home) + files.reduce((s, f) => s + gz(f), 0),
    apiBytes,
  };
}
