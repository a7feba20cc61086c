/**
 * X's webhook end to end, as Netlify runs it: the bundled function in the real local Netlify runtime
 * (scripts/lib/watch-runtime.ts, with the watcher beside it; their state in the runtime's own local
 * Netlify Blobs server), a real PostgreSQL as its Netlify Database (migrated first, as Netlify migrates at
 * deploy; it logs every connection), and a local X (tests/support/x-api.ts) that speaks
 * X's webhook and X Activity API management and delivers as X documents. `npm run x-webhook -- register`
 * registers the runtime's /x/webhook (X's CRC answered through the runtime) and subscribes thsottiaux; a
 * post appears and X delivers it: one alert per outlet, one dispatch of the pull. X delivers it again,
 * runs its hourly CRC, and the watcher then reads the same post from X's timeline: nothing more is sent,
 * and none of the three opens a database connection (the state knows every outlet has the alert). A
 * forged delivery is refused (401).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { postIdAt } from '../../src/core/postid.ts';
import { startWatchRuntime, type WatchRuntime } from '../../scripts/lib/watch-runtime.ts';
import { startServer, type FixtureServer } from '../support/fixture-server.ts';
import { NTFY_TOPIC, ntfyApi, SLACK_PATH, slackApi } from '../support/outlet-servers.ts';
import { startPostgres, type LocalPostgres } from '../support/postgres.ts';
import type { Database } from '../../src/db/database.ts';
import { historyDeploy, migratedDatabase } from '../support/deploy.ts';
import { runNode } from '../support/run-node.ts';
import { waitFor } from '../support/wait-for.ts';
import { startXWebhooks, xDeliver, xDelivery, type Post, type XWebhooksStandIn } from '../support/x-api.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const REPO = 'resetcast/resetcast';
const SECRET = 'xConsumerS3cret-runtime';
const X_TOKEN = 'xBearerS3cret-runtime';
const DISPATCH_TOKEN = 'ghDispatchS3cret-hook';
/** The post X pushes: created just before X delivers it (set then), as X's push is sub-second. */
let POST: Post = { id: '', text: "We've reset Codex rate limits for all Plus and Pro users." };

const timeline: Post[] = [];
let x: XWebhooksStandIn, github: FixtureServer, ntfy: FixtureServer, slack: FixtureServer, pg: LocalPostgres, db: Database;
let runtime: WatchRuntime;

beforeAll(async () => {
  [x, github, ntfy, slack, pg] = await Promise.all([
    startXWebhooks(SECRET, X_TOKEN, () => timeline),
    startServer((url) => (url.pathname === `/repos/${REPO}/actions/workflows/pull.yml/dispatches` ? { status: 204 } : undefined)),
    startServer(ntfyApi()),
    startServer(slackApi()),
    startPostgres({ logConnections: true }),
  ]);
  const { url: dbUrl, db: opened } = await migratedDatabase(pg, 'hook');
  db = opened;
  runtime = await startWatchRuntime({
    root: ROOT,
    published: historyDeploy(),
    env: (url) => ({
      X_CONSUMER_SECRET: SECRET,
      X_BEARER_TOKEN: X_TOKEN,
      RESETCAST_DISPATCH_TOKEN: DISPATCH_TOKEN,
      RESETCAST_REPO: REPO,
      RESETCAST_X_API: x.url,
      RESETCAST_GITHUB_API: github.url,
      RESETCAST_WATCH_SITE: url,
      RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:5',
      NTFY_TOPIC_URL: `${ntfy.url}/${NTFY_TOPIC}`,
      SLACK_WEBHOOK_URL: `${slack.url}${SLACK_PATH}`,
      NETLIFY_DB_URL: dbUrl,
    }),
  });
}, 120_000);

afterAll(async () => {
  await runtime?.close();
  await Promise.all([x, github, ntfy, slack].map((s) => s?.close()));
  await db?.close();
  await pg?.stop();
});

const hookLines = (): string[] => runtime.lines('[x-webhook] ');
const carrying = (o: FixtureServer): number => o.requests.filter((r) => r.body.includes(POST.id)).length;

describe("X's webhook in the local Netlify runtime", () => {
  it('registered by the command, delivered to once, then again, then polled: one alert per outlet, one dispatch', async () => {
    const registered = await runNode(
      ['scripts/x-webhook.ts', 'register', '--url', runtime.webhook],
      { PATH: process.env['PATH'] ?? '', X_BEARER_TOKEN: X_TOKEN, RESETCAST_X_API: x.url, RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:5' },
      ROOT,
    );
    expect(registered.code, registered.out).toBe(0);
    expect(x.webhooks.map((w) => [w.url, w.valid])).toEqual([[runtime.webhook, true]]);
    expect(x.subscriptions).toHaveLength(1);

    // Created 50 ms ago, within the current second: a post is never taken for one from the future.
    POST = { ...POST, id: postIdAt(new Date(Date.now() - 50), 1n) };
    timeline.push(POST);
    expect(await x.deliver(POST)).toEqual([200]);
    expect([carrying(ntfy), carrying(slack), github.requests.length]).toEqual([1, 1, 1]);
    await waitFor(() => hookLines().some((l) => l.startsWith('[x-webhook] done in')), {
      describe: 'the delivery logged',
      seen: () => runtime.output(),
    });
    expect(hookLines()).toEqual(
      expect.arrayContaining([
        '[x-webhook] ✅ crc: answered',
        `[x-webhook] ✅ x: post ${POST.id} by thsottiaux, pushed (event ${BigInt(POST.id) + 7n})`,
        '[x-webhook] ✅ classify: 1 to record, 0 for review; 1 alert(s)',
        '[x-webhook] ✅ ntfy: sent 1 alert(s)',
        '[x-webhook] ✅ slack: sent 1 alert(s)',
        '[x-webhook] ✅ dispatch: started the pull (pull.yml on main)',
      ]),
    );

    // X delivers it again (a retry), runs its hourly CRC, and the watcher polls the timeline that now holds the post.
    const connected = pg.connectionsTo('hook');
    expect(await x.deliver(POST)).toEqual([200]);
    await x.hourlyCrc();
    expect(x.webhooks[0]!.valid).toBe(true);
    expect(await runtime.invoke()).toBe(200);
    await waitFor(() => runtime.lines().some((l) => l.startsWith('[watch] done in')), {
      describe: "the watcher's run",
      seen: runtime.lines,
    });
    expect(runtime.lines()).toEqual(
      expect.arrayContaining([
        '[watch] ✅ x: thsottiaux: 1 new post(s)',
        '[watch] ✅ alerts: 1 already finished on every outlet (the state says so); nothing to claim',
      ]),
    );
    expect(hookLines().filter((l) => l.includes('already finished on every outlet'))).toHaveLength(1);
    expect([carrying(ntfy), carrying(slack)]).toEqual([1, 1]);
    // The retry, the CRC and the watcher's run: not one connection to the database.
    expect(pg.connectionsTo('hook')).toBe(connected);

    // A forged delivery: refused, nothing sent.
    expect(await xDeliver(runtime.webhook, xDelivery(POST), 'not-the-secret')).toBe(401);
    expect([carrying(ntfy), carrying(slack)]).toEqual([1, 1]);
    for (const s of [SECRET, X_TOKEN, DISPATCH_TOKEN]) expect(runtime.output() + registered.out).not.toContain(s);
  }, 120_000);
});
