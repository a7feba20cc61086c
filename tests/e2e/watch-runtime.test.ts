/**
 * The watcher end to end, as Netlify runs it, and the proof that its database sleeps: the bundled function
 * in the real local Netlify runtime (scripts/lib/watch-runtime.ts: its own `netlify serve`, because the
 * function's environment must name this test's servers, which the shared runtime of global-setup.ts
 * predates), invoked as the scheduler invokes it, its state in the runtime's own local Netlify Blobs
 * server (what `netlify serve` gives its functions, offline), with local servers for X, GitHub's dispatch,
 * ntfy and the deploy, and a real PostgreSQL as its Netlify Database (NETLIFY_DB_URL, migrated first as
 * Netlify migrates at deploy) that logs every connection (`log_connections`): the count is the server's own.
 *
 * Quiet runs (nothing new on X, nothing owed by the deploy's alerts.json) open no connection at all; a run
 * with a new post connects, claims, sends it once and starts the pull once; the run after it is quiet
 * again; a reminder that falls due in the deploy's alerts.json (a new state of the file, no deploy) is
 * claimed and sent once by the next run; and the run after that opens no connection either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { stableStringify } from '../../src/core/json.ts';
import { postIdAt } from '../../src/core/postid.ts';
import type { Alert, AlertsPayload } from '../../src/core/schema/index.ts';
import { toTimestamp } from '../../src/core/time.ts';
import { startWatchRuntime, type WatchRuntime } from '../../scripts/lib/watch-runtime.ts';
import { startServer, type FixtureServer } from '../support/fixture-server.ts';
import { NTFY_TOPIC, ntfyApi } from '../support/outlet-servers.ts';
import { startPostgres, type LocalPostgres } from '../support/postgres.ts';
import type { Database } from '../../src/db/database.ts';
import { historyDeploy, migratedDatabase } from '../support/deploy.ts';
import { waitFor } from '../support/wait-for.ts';
import { xApi, type Post } from '../support/x-api.ts';

const REPO = 'resetcast/resetcast';
const X_TOKEN = 'xTokenS3cret-runtime';
const DISPATCH_TOKEN = 'ghDispatchS3cret-runtime';
/** The database the function is given (its connections are counted by this name). */
const DB_NAME = 'watch';

let x: FixtureServer, github: FixtureServer, ntfy: FixtureServer, deploy: FixtureServer;
let pg: LocalPostgres, db: Database, runtime: WatchRuntime;
/** What X's timeline holds, and what the deploy's alerts.json says, from now on. */
let posts: Post[] = [];
const published = historyDeploy();
let alertsJson = published['/api/v1/alerts.json']!;

beforeAll(async () => {
  [x, github, ntfy, deploy, pg] = await Promise.all([
    startServer(xApi(() => posts)),
    startServer((url) => (url.pathname === `/repos/${REPO}/actions/workflows/pull.yml/dispatches` ? { status: 204 } : undefined)),
    startServer(ntfyApi()),
    startServer((url) => {
      if (url.pathname === '/api/v1/alerts.json') return { body: alertsJson };
      const body = published[url.pathname];
      return body === undefined ? undefined : { body };
    }),
    startPostgres({ logConnections: true }),
  ]);
  const { url: dbUrl, db: opened } = await migratedDatabase(pg, DB_NAME);
  db = opened;
  runtime = await startWatchRuntime({
    root: resolve(import.meta.dirname, '..', '..'),
    published,
    env: () => ({
      X_BEARER_TOKEN: X_TOKEN,
      RESETCAST_DISPATCH_TOKEN: DISPATCH_TOKEN,
      RESETCAST_REPO: REPO,
      RESETCAST_X_API: x.url,
      RESETCAST_GITHUB_API: github.url,
      RESETCAST_WATCH_SITE: deploy.url,
      RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:1',
      NTFY_TOPIC_URL: `${ntfy.url}/${NTFY_TOPIC}`,
      NETLIFY_DB_URL: dbUrl,
    }),
  });
}, 90_000);

afterAll(async () => {
  await runtime?.close();
  await Promise.all([x, github, ntfy, deploy].map((s) => s?.close()));
  await db?.close();
  await pg?.stop();
});

let runs = 0;
/** One invocation as the scheduler makes it; the run's `[watch]` lines, once its last one is logged (the runtime prints them after answering). */
async function run(): Promise<string[]> {
  const before = runtime.lines().length;
  // 200 with no body: the runtime ran it as a scheduled function (a plain function would answer its own 204).
  expect(await runtime.invoke()).toBe(200);
  runs += 1;
  const lines = await waitFor(
    () => (runtime.lines().filter((l) => l.startsWith('[watch] done in')).length === runs ? runtime.lines() : null),
    { describe: `run ${runs}'s last line`, deadlineMs: 30_000, seen: () => runtime.lines() },
  );
  return lines.slice(before);
}
const titles = (): string[] => ntfy.requests.map((r) => String(JSON.parse(r.body).title));

describe('the watch function in the local Netlify runtime, its database asleep', () => {
  it('quiet runs open no connection; a new post and a reminder falling due each connect, send once, and the run after sleeps again', async () => {
    const connected = (): number => pg.connectionsTo(DB_NAME);
    const start = connected();

    // Three quiet runs: the first looks the account up and stores its cursor (in Blobs), none touches the database.
    for (let i = 0; i < 3; i++) {
      const lines = await run();
      expect(lines).toEqual(
        expect.arrayContaining([
          '[watch] ✅ x: thsottiaux: 0 new post(s)',
          expect.stringMatching(/^\[watch\] ✅ deployed alerts: \d+ alert\(s\) in the deploy, none owed/),
        ]),
      );
      expect(lines.filter((l) => /❌|⚠️/.test(l))).toEqual([]);
    }
    expect(connected() - start).toBe(0);

    // A new post: the run connects, claims, sends once and starts the pull once.
    const post = { id: postIdAt(new Date(Date.now() - 5_000), 1n), text: "We've reset Codex rate limits for all Plus and Pro users." };
    posts = [post];
    const announced = await run();
    expect(announced).toEqual(
      expect.arrayContaining([
        '[watch] ✅ x: thsottiaux: 1 new post(s)',
        '[watch] ✅ classify: 1 to record, 0 for review; 1 alert(s)',
        '[watch] ✅ ntfy: sent 1 alert(s)',
        '[watch] ✅ dispatch: started the pull (pull.yml on main)',
      ]),
    );
    const afterPost = connected();
    expect(afterPost - start).toBeGreaterThan(0);
    expect(titles()).toEqual(['Codex limits reset for Plus + Pro']);
    expect(github.requests.map((r) => [r.method, r.body, r.headers.authorization])).toEqual([
      ['POST', '{"ref":"main"}', `Bearer ${DISPATCH_TOKEN}`],
    ]);

    // The run after: nothing new (the cursor is past the post): asleep again.
    expect(await run()).toContain('[watch] ✅ x: thsottiaux: 0 new post(s)');
    expect(connected()).toBe(afterPost);

    // The timetable's next state of alerts.json: a grant's 1 h reminder fell due a minute ago, with no deploy.
    const payload = JSON.parse(alertsJson) as AlertsPayload;
    const model = payload.alerts.find((a) => a.kind === 'grant') ?? payload.alerts[0]!;
    const host = model.id.slice('tag:'.length).split(',')[0]!;
    const reminder: Alert = {
      ...model,
      kind: 'grant-expiring',
      id: `tag:${host},2026:alert:grant-expiring:g-runtime:1h`,
      at: toTimestamp(new Date(Date.now() - 60_000)),
      title: 'Banked Codex reset expires within 1 hour (Plus + Pro)',
      summary: 'Use it before it expires.',
    };
    alertsJson = stableStringify({ ...payload, generated_at: reminder.at, alerts: [reminder, ...payload.alerts] });
    const reminded = await run();
    expect(reminded).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\[watch\] ✅ deployed alerts: \d+ alert\(s\) in the deploy, 1 owed, nothing left to send$/),
        '[watch] ✅ ntfy (deployed alerts): sent 1 alert(s)',
      ]),
    );
    const afterReminder = connected();
    expect(afterReminder).toBeGreaterThan(afterPost);
    expect(titles()).toEqual(['Codex limits reset for Plus + Pro', reminder.title]);

    // And asleep again: the reminder is finished on every outlet, as the state now knows.
    const quiet = await run();
    expect(quiet).toEqual(expect.arrayContaining([expect.stringMatching(/^\[watch\] ✅ deployed alerts: .*none owed/)]));
    expect(connected()).toBe(afterReminder);
    expect([ntfy.requests.length, github.requests.length]).toEqual([2, 1]);
    // X was asked once per run, with the token from the function's environment.
    expect(x.requests.filter((r) => r.url.pathname.endsWith('/tweets')).map((r) => r.headers.authorization)).toEqual(
      Array.from({ length: runs }, () => `Bearer ${X_TOKEN}`),
    );
  });
});
