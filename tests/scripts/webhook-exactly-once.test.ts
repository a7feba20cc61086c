/**
 * X's webhook (netlify/functions/x-webhook.ts) exactly once across every path, each sender a process of
 * its own on one real PostgreSQL (tests/support/function-host.ts serves a function the way the runtime
 * does): two instances of the webhook, the watcher (netlify/functions/watch.ts) and `npm run broadcast`
 * by hand. X (tests/support/x-api.ts) delivers a confident reset twice at once, gives up on one delivery
 * whose answer is slow (ntfy answers late) and retries it, while the watcher reads the same post from X's
 * timeline and the broadcast sends the data where the pull recorded it: each outlet receives it once.
 * Counted on the outlets' side; the watcher's state shared in one local Netlify Blobs server, as on
 * Netlify. Then bad input: unsigned, forged, stale, truncated, oversized, malformed, a CRC with an absurd
 * token, a post of an account not watched and a flood of forged deliveries are refused with no
 * connection made to the database (a listener counts them), no request to the state's store, and nothing
 * sent; a late retry of a post whose alert every outlet has is answered with no database connection
 * either; and no line of any process holds a secret.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postIdAt } from '../../src/core/postid.ts';
import type { Database } from '../../src/db/database.ts';
import { DELIVERY_MAX_BYTES } from '../../src/jobs/webhook/screen.ts';
import { SITE } from '../../src/core/site.ts';
import { classifyNew } from '../../src/jobs/watch/alerts.ts';
import { withFinished } from '../../src/jobs/watch/finished.ts';
import { readSite } from '../../src/jobs/watch/site.ts';
import { WATCH_BLOBS_STORE, watchStore } from '../../src/jobs/watch/state.ts';
import { BLOBS_TOKEN, startBlobs, type LocalBlobs } from '../support/blobs.ts';
import { httpDeps } from '../support/pull-env.ts';
import { startServer, type FixtureServer } from '../support/fixture-server.ts';
import { DISCORD_PATH, ntfyApi, outletEnv, SLACK_PATH, startOutlets, TELEGRAM_TOKEN } from '../support/outlet-servers.ts';
import { PG_PASSWORD, startPostgres, type LocalPostgres } from '../support/postgres.ts';
import { historyDeploy, migratedDatabase } from '../support/deploy.ts';
import { pullInto, tempData } from '../support/pull-env.ts';
import { runNode } from '../support/run-node.ts';
import { waitFor } from '../support/wait-for.ts';
import { xApi, xCrc, xDeliver, xDelivery, xSignature } from '../support/x-api.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SECRET = 'xConsumerS3cret-webhook-test';
const X_TOKEN = 'xBearerS3cret-webhook-test';
const DISPATCH_TOKEN = 'ghDispatchS3cret-webhook';
const REPO = 'resetcast/resetcast';
/** Posted 20 s before the test: the functions run on the wall clock. */
const POST = { id: postIdAt(new Date(Date.now() - 20_000), 3n), text: "We've reset Codex rate limits for all Plus and Pro users." };
const SECRETS = [
  SECRET,
  X_TOKEN,
  DISPATCH_TOKEN,
  PG_PASSWORD,
  TELEGRAM_TOKEN,
  DISCORD_PATH.split('/').at(-1)!,
  SLACK_PATH.split('/').at(-1)!,
  BLOBS_TOKEN,
];

interface Host {
  url: string;
  out: () => string;
  child: ChildProcess;
}

/** A function in a process of its own, serving on its own port. */
async function host(source: string, env: Record<string, string>): Promise<Host> {
  const child = spawn(process.execPath, ['tests/support/function-host.ts', source], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  await waitFor(() => /listening (\d+)/.test(out), { describe: `${source} listening`, deadlineMs: 30_000, seen: () => out });
  return { url: `http://127.0.0.1:${/listening (\d+)/.exec(out)![1]}`, out: () => out, child };
}

let pg: LocalPostgres, db: Database, dbUrl: string;
let outlets: Record<'ntfy' | 'discord' | 'slack' | 'telegram', FixtureServer>;
let x: FixtureServer, github: FixtureServer, site: FixtureServer, blobs: LocalBlobs;
const hosts: Host[] = [];
const closers: (() => Promise<void>)[] = [];

/** The environment every sender is given (the webhook's, the watcher's, the broadcast's). */
const sendersEnv = (): Record<string, string> => ({
  X_CONSUMER_SECRET: SECRET,
  X_BEARER_TOKEN: X_TOKEN,
  RESETCAST_DISPATCH_TOKEN: DISPATCH_TOKEN,
  RESETCAST_REPO: REPO,
  RESETCAST_X_API: x.url,
  RESETCAST_GITHUB_API: github.url,
  RESETCAST_WATCH_SITE: site.url,
  RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:1',
  NETLIFY_DB_URL: dbUrl,
  NETLIFY_BLOBS_CONTEXT: blobs.context(),
  ...outletEnv({ ntfy: outlets.ntfy.url, discord: outlets.discord.url, slack: outlets.slack.url, telegram: outlets.telegram.url }),
});

beforeAll(async () => {
  const published = historyDeploy();
  const others = await startOutlets({});
  let ntfy: FixtureServer;
  [pg, x, github, site, ntfy, blobs] = await Promise.all([
    startPostgres(),
    startServer(xApi(() => [POST])),
    startServer((url) => (url.pathname === `/repos/${REPO}/actions/workflows/pull.yml/dispatches` ? { status: 204 } : undefined)),
    startServer((url) => {
      const body = published[url.pathname];
      return body === undefined ? undefined : { body };
    }),
    // ntfy answers every request 2 s late (inside the webhook's 3 s per send): X gives up on the first delivery after 1 s and retries it.
    startServer((url, n, req) => {
      const r = ntfyApi()(url, n, req);
      return r ? { ...r, after: new Promise((done) => setTimeout(done, 2_000)) } : r;
    }),
    startBlobs(),
  ]);
  await others.ntfy.close();
  outlets = { ...others, ntfy: ntfy! };
  closers.push(x.close, github.close, site.close, blobs.close, ...Object.values(outlets).map((o) => o.close));
  ({ url: dbUrl, db } = await migratedDatabase(pg, 'hook'));
}, 120_000);

afterAll(async () => {
  for (const h of hosts) h.child.kill('SIGTERM');
  await db?.close();
  await Promise.all(closers.map((c) => c()));
  await pg?.stop();
});

/** The requests of an outlet that carry the post (its link is in every message). */
const carrying = (o: FixtureServer): number => o.requests.filter((r) => r.body.includes(POST.id)).length;

describe('each alert reaches each outlet once, whichever path and however often X delivers', () => {
  it('twice at once, a slow answer retried, the watcher and npm run broadcast at the same moment', async () => {
    const env = sendersEnv();
    const [a, b, watcher] = await Promise.all([
      host('netlify/functions/x-webhook.ts', env),
      host('netlify/functions/x-webhook.ts', env),
      host('netlify/functions/watch.ts', env),
    ]);
    hosts.push(a, b, watcher);
    expect(await xCrc(`${a.url}/x/webhook`, SECRET)).toBe(true);

    // The data as the pull records the post, for the maintainer's broadcast by hand.
    const data = tempData();
    await pullInto(data, { x: x.url, xToken: X_TOKEN, now: new Date() });
    const body = xDelivery(POST);
    // X gives up on the first delivery after 1 s (ntfy answers every request 2 s late) and retries it on
    // another instance, as a retry lands anywhere; meanwhile a duplicate arrives, the watcher runs and the
    // maintainer broadcasts, while the first instance is still sending.
    const first = await xDeliver(`${a.url}/x/webhook`, body, SECRET, 1_000);
    const [retried, second, , broadcast] = await Promise.all([
      xDeliver(`${b.url}/x/webhook`, body, SECRET),
      xDeliver(`${b.url}/x/webhook`, body, SECRET),
      fetch(`${watcher.url}/.netlify/functions/watch`, { method: 'POST', body: '{}' }).then((r) => r.text()),
      runNode(['scripts/broadcast.ts'], { PATH: process.env['PATH'] ?? '', ...env, RESETCAST_DATA_DIR: data }, ROOT),
    ]);
    expect([first, retried, second]).toEqual(['timeout', 200, 200]);
    expect(broadcast.code, broadcast.out).toBe(0);
    // The first instance is still sending when X gave up: wait for its run to end.
    await waitFor(() => /\[x-webhook\] done in/.test(a.out()), { describe: 'the slow delivery ends', deadlineMs: 30_000, seen: a.out });
    await waitFor(() => /\[watch\] done in/.test(watcher.out()), {
      describe: 'the watcher run ends',
      deadlineMs: 30_000,
      seen: watcher.out,
    });

    for (const [name, o] of Object.entries(outlets)) expect(carrying(o), name).toBe(1);
    const { rows } = await db.sql.query<{ outlet: string; state: string }>(
      'SELECT outlet, state FROM alert_deliveries WHERE alert_id LIKE $1 ORDER BY outlet',
      [`%:reset:${POST.id}`],
    );
    expect(rows.map((r) => `${r.outlet} ${r.state}`)).toEqual(['discord sent', 'ntfy sent', 'slack sent', 'telegram sent']);
    expect(github.requests.length).toBeGreaterThanOrEqual(1);

    // Later: the same delivery again, and an older post out of order (a question, for review): nothing more is sent.
    const older = { id: postIdAt(new Date(Date.now() - 60_000), 9n), text: 'Should we reset rate limits again?' };
    expect(await xDeliver(`${a.url}/x/webhook`, body, SECRET)).toBe(200);
    expect(await xDeliver(`${b.url}/x/webhook`, xDelivery(older), SECRET)).toBe(200);
    await waitFor(() => (a.out().match(/\[x-webhook\] done in/g) ?? []).length === 2, {
      describe: 'the late duplicate handled',
      seen: a.out,
    });
    await waitFor(() => (b.out().match(/\[x-webhook\] done in/g) ?? []).length === 3, { describe: 'the older post handled', seen: b.out });
    for (const [name, o] of Object.entries(outlets)) expect(carrying(o), name).toBe(1);
    expect(b.out()).toMatch(/✅ classify: 0 to record, 1 for review; 0 alert\(s\)/);

    const said = [a.out(), b.out(), watcher.out(), broadcast.out].join('\n');
    for (const s of SECRETS) expect(said).not.toContain(s);
  }, 120_000);
});

describe('bad input: refused cleanly, nothing sent, no database woken', () => {
  let connections = 0;
  let listener: Server;
  let door: Host;
  beforeAll(async () => {
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', () => r()));
    const port = (listener.address() as { port: number }).port;
    door = await host('netlify/functions/x-webhook.ts', {
      ...sendersEnv(),
      NETLIFY_DB_URL: `postgres://resetcast:${PG_PASSWORD}@127.0.0.1:${port}/hook`,
    });
    hosts.push(door);
    closers.push(() => new Promise((r) => listener.close(() => r())));
  });

  const stale = xDelivery({ id: postIdAt(new Date(Date.now() - 30 * 3_600_000), 1n), text: "We've reset Codex rate limits." });
  const good = xDelivery(POST);
  const cases: [string, () => Promise<number>, number][] = [
    ['unsigned', () => send(good, {}), 401],
    ['forged', () => send(good, { 'x-twitter-webhooks-signature': xSignature(good, 'not-the-secret') }), 401],
    [
      'a body changed after X signed it',
      () => send(good.replace('Plus', 'Free'), { 'x-twitter-webhooks-signature': xSignature(good, SECRET) }),
      401,
    ],
    ['stale (a post of 30 hours ago, replayed)', () => xDeliver(`${door.url}/x/webhook`, stale, SECRET) as Promise<number>, 401],
    ['truncated, signed as it is', () => xDeliver(`${door.url}/x/webhook`, good.slice(0, 100), SECRET) as Promise<number>, 400],
    [
      'malformed, signed',
      () => xDeliver(`${door.url}/x/webhook`, '{"data":{"event_type":"post.create","payload":{}}}', SECRET) as Promise<number>,
      400,
    ],
    ['oversized', () => send(`{"pad":"${'x'.repeat(DELIVERY_MAX_BYTES)}"}`, { 'x-twitter-webhooks-signature': 'sha256=x' }), 413],
    ['a CRC with no token', () => fetch(`${door.url}/x/webhook`).then((r) => r.status), 400],
    ['a CRC with an absurd token', () => fetch(`${door.url}/x/webhook?crc_token=${'%7B'.repeat(300)}`).then((r) => r.status), 400],
    [
      'a post of a watched account about something else',
      () => xDeliver(`${door.url}/x/webhook`, xDelivery({ id: POST.id, text: 'Happy Thanksgiving, everyone!' }), SECRET) as Promise<number>,
      200,
    ],
    [
      'a post of an account not watched',
      () => xDeliver(`${door.url}/x/webhook`, xDelivery(POST, { userId: '999', username: 'someone_else' }), SECRET) as Promise<number>,
      200,
    ],
  ];
  const send = (body: string, headers: Record<string, string>): Promise<number> =>
    fetch(`${door.url}/x/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).then(
      async (r) => {
        await r.text();
        return r.status;
      },
    );

  it.each(cases)('%s: %i', async (_, make, status) => {
    const before = Object.values(outlets).map((o) => o.requests.length);
    const asked = blobs.requests.length;
    expect(await make()).toBe(status);
    expect(connections).toBe(0);
    expect(blobs.requests.length).toBe(asked);
    expect(Object.values(outlets).map((o) => o.requests.length)).toEqual(before);
  });

  it('a late retry of a post whose alert every outlet has (as the state keeps it): 200, its state read, no database connection, nothing sent', async () => {
    const now = new Date();
    const { alerts } = classifyNew([{ ...POST, username: 'thsottiaux' }], await readSite(httpDeps(), site.url), now, SITE.url);
    await watchStore(blobs.store(WATCH_BLOBS_STORE)).finish((f) => withFinished(f, ['discord', 'ntfy', 'slack', 'telegram'], alerts, now));
    const before = Object.values(outlets).map((o) => o.requests.length);
    const done = (door.out().match(/\[x-webhook\] done in/g) ?? []).length;
    expect(await xDeliver(`${door.url}/x/webhook`, good, SECRET)).toBe(200);
    await waitFor(() => (door.out().match(/\[x-webhook\] done in/g) ?? []).length === done + 1, {
      describe: 'the retry handled',
      seen: door.out,
    });
    expect(door.out()).toContain('✅ alerts: 1 already finished on every outlet (the state says so); nothing to claim');
    expect(connections).toBe(0);
    expect(Object.values(outlets).map((o) => o.requests.length)).toEqual(before);
  });

  it('a flood of 200 forged deliveries: each 401, no connection to the database, no secret in a line', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        send(good.replace(POST.id, String(BigInt(POST.id) + BigInt(i))), { 'x-twitter-webhooks-signature': `sha256=${i}` }),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([401]));
    expect(connections).toBe(0);
    await waitFor(() => (door.out().match(/❌ 401/g) ?? []).length >= 203, { describe: 'every refusal logged', seen: door.out });
    for (const s of SECRETS) expect(door.out()).not.toContain(s);
  });
});
