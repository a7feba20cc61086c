/**
 * The watcher end to end, as Netlify runs it: the bundled function in the real local Netlify runtime
 * (scripts/lib/watch-runtime.ts: its own `netlify serve`, because the function's environment must name
 * this test's servers, which the shared runtime of global-setup.ts predates), invoked as the scheduler
 * invokes it, with local servers for X, GitHub's dispatch and ntfy, a real PostgreSQL as its Netlify
 * Database (NETLIFY_DB_URL, migrated first as Netlify migrates at deploy: the deployed function has no
 * migrations folder), and the deploy's published files served by the runtime itself, its alerts.json
 * holding a promise alert 10 minutes old. A post appears on X; one run announces it once, sends the
 * deploy's promise alert once (the deployed-alerts step) and starts the pull once; the next run sends
 * nothing and starts nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { postIdAt } from '../../src/core/postid.ts';
import { SITE } from '../../src/core/site.ts';
import { createPayloads } from '../../src/site/api/payloads.ts';
import { nextMinute, startWatchRuntime, type WatchRuntime } from '../../scripts/lib/watch-runtime.ts';
import { startServer, type FixtureServer } from '../support/fixture-server.ts';
import { NTFY_TOPIC, ntfyApi } from '../support/outlet-servers.ts';
import { startPostgres, type LocalPostgres } from '../support/postgres.ts';
import type { Database } from '../../src/db/database.ts';
import { historyDeploy, migratedDatabase } from '../support/deploy.ts';
import { loadDir, NOW, tempData } from '../support/pull-env.ts';
import { waitFor } from '../support/wait-for.ts';
import type { AlertsPayload } from '../../src/core/schema/index.ts';
import { toTimestamp } from '../../src/core/time.ts';

const THS = '1450183340366770177';
const REPO = 'resetcast/resetcast';
const X_TOKEN = 'xTokenS3cret-runtime';
const DISPATCH_TOKEN = 'ghDispatchS3cret-runtime';
/** Posted 5 s before the test starts: the watcher runs on the wall clock. */
const POST = { id: postIdAt(new Date(Date.now() - 5_000), 1n), text: "We've reset Codex rate limits for all Plus and Pro users." };

let x: FixtureServer, github: FixtureServer, ntfy: FixtureServer, pg: LocalPostgres, db: Database, runtime: WatchRuntime;

beforeAll(async () => {
  [x, github, ntfy, pg] = await Promise.all([
    // X answers the post whatever since_id says: as if the cursor had been lost, so only the ledger stops a resend.
    startServer((url) => {
      if (url.pathname === '/2/users/by')
        return { body: JSON.stringify({ data: [{ id: THS, name: 'thsottiaux', username: 'thsottiaux' }] }) };
      if (url.pathname === `/2/users/${THS}/tweets`)
        return { body: JSON.stringify({ data: [POST], meta: { result_count: 1, newest_id: POST.id } }) };
      return undefined;
    }),
    startServer((url) => (url.pathname === `/repos/${REPO}/actions/workflows/pull.yml/dispatches` ? { status: 204 } : undefined)),
    startServer(ntfyApi()),
    startPostgres(),
  ]);
  const { url: dbUrl, db: opened } = await migratedDatabase(pg, 'watch');
  db = opened;
  runtime = await startWatchRuntime({
    root: resolve(import.meta.dirname, '..', '..'),
    published: historyDeploy(deployedAlerts),
    env: (url) => ({
      X_BEARER_TOKEN: X_TOKEN,
      RESETCAST_DISPATCH_TOKEN: DISPATCH_TOKEN,
      RESETCAST_REPO: REPO,
      RESETCAST_X_API: x.url,
      RESETCAST_GITHUB_API: github.url,
      RESETCAST_WATCH_SITE: url,
      RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:1',
      NTFY_TOPIC_URL: `${ntfy.url}/${NTFY_TOPIC}`,
      NETLIFY_DB_URL: dbUrl,
    }),
  });
}, 90_000);

afterAll(async () => {
  await runtime?.close();
  await Promise.all([x, github, ntfy].map((s) => s?.close()));
  await db?.close();
  await pg?.stop();
});

/**
 * The deploy's alerts.json as a build made 10 minutes ago would publish it: the history's alerts, its
 * newest promise alert moved to then (the function runs on the wall clock, and sends nothing older than a day).
 */
function deployedAlerts(published: AlertsPayload): AlertsPayload {
  const promise = published.alerts.find((a) => a.kind === 'promise')!;
  return { ...published, alerts: [{ ...promise, at: toTimestamp(new Date(Date.now() - 10 * 60_000)) }, ...published.alerts] };
}
const PROMISE_TITLE = (p: AlertsPayload): string => p.alerts.find((a) => a.kind === 'promise')!.title;

/** The function's `[watch]` lines once `last` is among them (by content: the runtime interleaves its own output). */
const linesUpTo = (last: string): Promise<string[]> =>
  waitFor(() => (runtime.lines().includes(last) ? runtime.lines() : null), {
    describe: `the watcher's line "${last}"`,
    deadlineMs: 30_000,
    seen: () => runtime.lines(),
  });

describe('the watch function in the local Netlify runtime', () => {
  it('announces a new post once and starts the pull once; the next minute sends nothing and starts nothing', async () => {
    // 200 with no body: the runtime ran it as a scheduled function (a plain function would answer its own 204).
    expect(await runtime.invoke()).toBe(200);
    // The fast path's reset first, then the deploy's promise alert (the deployed-alerts step).
    expect(ntfy.requests.map((r) => JSON.parse(r.body).title)).toEqual([
      'Codex limits reset for Plus + Pro',
      PROMISE_TITLE(createPayloads(loadDir(tempData()), NOW, SITE.url).alerts),
    ]);
    expect(github.requests.map((r) => [r.method, r.body, r.headers.authorization])).toEqual([
      ['POST', '{"ref":"main"}', `Bearer ${DISPATCH_TOKEN}`],
    ]);
    // The function's log reaches the runtime's stdout after its response: wait for the run's last line.
    const first = await linesUpTo('[watch] ✅ ntfy (deployed alerts): sent 1 alert(s)');
    expect(first).toEqual(
      expect.arrayContaining([
        '[watch] ✅ x: thsottiaux: 1 new post(s)',
        '[watch] ✅ classify: 1 to record, 0 for review; 1 alert(s)',
        '[watch] ✅ ntfy: sent 1 alert(s)',
        '[watch] ✅ dispatch: started the pull (pull.yml on main)',
      ]),
    );
    expect(first).toContainEqual(
      expect.stringMatching(/^\[watch\] ✅ deployed alerts: \d+ alert\(s\) in the deploy, nothing left to send$/),
    );

    // A minute passes: the account's last poll moves back 60 s, so the next run asks X again.
    await nextMinute(db.sql);

    expect(await runtime.invoke()).toBe(200);
    const second = (
      await waitFor(() => (runtime.lines().filter((l) => l.startsWith('[watch] done in')).length === 2 ? runtime.lines() : null), {
        describe: "the second run's last line",
        deadlineMs: 30_000,
        seen: () => runtime.lines(),
      })
    ).slice(first.length);
    expect(second).toEqual(
      expect.arrayContaining([
        '[watch] ✅ x: thsottiaux: 1 new post(s)',
        '[watch] ✅ classify: 1 to record, 0 for review; 1 alert(s)',
        '[watch] ✅ ntfy: nothing new to send',
      ]),
    );
    // The deploy is settled: unchanged since the last run (its ETag), or read and found owing nothing.
    expect(second).toContainEqual(expect.stringMatching(/^\[watch\] ✅ deployed alerts: .*nothing left to send$/));
    expect(second.filter((l) => /ntfy.*: sent|dispatch: started/.test(l))).toEqual([]);
    expect([ntfy.requests.length, github.requests.length]).toEqual([2, 1]);
    // X was asked twice for the timeline (once per run), with the token from the function's environment.
    expect(x.requests.filter((r) => r.url.pathname.endsWith('/tweets')).map((r) => r.headers.authorization)).toEqual([
      `Bearer ${X_TOKEN}`,
      `Bearer ${X_TOKEN}`,
    ]);
  });
});
