/**
 * Exactly once with true concurrency: six `npm run broadcast` processes at once (scripts/broadcast.ts,
 * as the maintainer runs it) on one copy of the frozen history, against a real PostgreSQL server
 * (NETLIFY_DB_URL) and against the embedded engine in one folder (the six take turns by its lock), with
 * outlets that answer, refuse (403), rate-limit (429 with retry_after), fail after accepting (502), hang
 * and time out; a sender SIGKILLed while the outlet holds its request; and a database that errs, refuses
 * connections or accepts and never answers. Counted on the outlets' side: each alert is accepted by
 * each outlet exactly once, or was recorded uncertain and sent at most twice; none that provably never
 * arrived is lost (a later run sends it). The counts are printed (`[concurrency]` lines).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deriveAlerts } from '../../src/core/alerts/derive.ts';
import { SITE } from '../../src/core/site.ts';
import { postIdAt } from '../../src/core/postid.ts';
import { SEND_RULES } from '../../src/jobs/broadcast/send-rules.ts';
import { runPull } from '../../src/jobs/pull/run.ts';
import { readDataTexts, writeDataTexts } from '../../src/io/data-folder.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { runNode } from '../support/run-node.ts';
import { PG_PASSWORD, startPostgres, type LocalPostgres } from '../support/postgres.ts';
import { FIXTURES, json, startServer, type FixtureServer, type Recorded, type Reply } from '../support/fixture-server.ts';
import { discordApi, NTFY_TOPIC, ntfyApi, outletEnv, slackApi, telegramApi, telegramError } from '../support/outlet-servers.ts';
import { httpDeps, loadDir, NOW, tempData } from '../support/pull-env.ts';
import { testLedger } from '../support/ledger.ts';
import { forecastLogLine } from '../support/forecast-log.ts';

const SENDERS = 6;
const EPOCH = String(NOW.getTime() / 1000);
const THS = '1450183340366770177';
/**
 * A long lease, so no claim's work (its send and settlement) outlives it on a busy machine; the test ends the leases
 * itself (on the database's clock) where a resend after them is what it checks.
 */
const LEASE_MS = '60000';

let pg: LocalPostgres;
let data: string;
/** Every alert the data/ copy owes the outlets at NOW (within the send window). */
let alertIds: string[];
let dbCount = 0;
const closers: (() => Promise<void> | void)[] = [];

/** The frozen history after a pull that recorded a fresh reset and issued a forecast crossing thresholds: several alerts at NOW. */
async function prepareData(): Promise<string> {
  const dir = tempData();
  cpSync(join(FIXTURES, 'x', 'pull-state.json'), join(dir, 'pull-state.json'));
  const logLine = forecastLogLine('2026-11-20T11:30:00Z', 0, 0, { rhythm_model: 'recency-mix', formula_version: '2' });
  writeFileSync(join(dir, 'forecast-log.jsonl'), `${JSON.stringify(logLine)}\n`);
  // Resets posted over the last day (newest first, as X answers): one alert each.
  const posts = [
    '2026-11-20T11:50:00Z',
    '2026-11-20T06:10:00Z',
    '2026-11-19T23:40:00Z',
    '2026-11-19T18:20:00Z',
    '2026-11-19T14:05:00Z',
    '2026-11-19T13:00:00Z',
  ].map((at) => {
    const id = postIdAt(new Date(at), 777n);
    return {
      id,
      text: "We've reset Codex rate limits for all Plus and Pro users.",
      created_at: at.replace('Z', '.000Z'),
      edit_history_tweet_ids: [id],
    };
  });
  const src = await startServer((u, n) => {
    if (u.pathname === '/api/v2/summary.json') return json('status/summary.json');
    if (u.pathname === '/search/issues') return json(n % 2 === 0 ? 'issues/search-recent.json' : 'issues/search-baseline.json');
    if (u.pathname.startsWith('/repos/openai/codex/issues')) return json('github/empty.json');
    if (u.pathname === '/2/users/by') return json('x/users.json');
    if (u.pathname === `/2/users/${THS}/tweets`)
      return {
        body: JSON.stringify({ data: posts, meta: { result_count: posts.length, newest_id: posts[0]!.id, oldest_id: posts.at(-1)!.id } }),
      };
    return u.pathname.startsWith('/2/users/') ? json('x/empty.json') : undefined;
  });
  try {
    const result = await runPull({
      texts: readDataTexts(dir),
      now: NOW,
      http: httpDeps([], NOW),
      bases: { status: src.url, github: src.url, x: src.url },
      tokens: { x: 'x-test' },
      site: SITE.url,
    });
    writeDataTexts(dir, result.writes);
  } finally {
    await src.close();
  }
  return dir;
}

beforeAll(async () => {
  [pg, data] = await Promise.all([startPostgres(), prepareData()]);
  // Every alert inside the send window (pendingAlerts without its cap: the senders need several runs for more than 5).
  alertIds = deriveAlerts(loadDir(data), NOW, SITE.url)
    .filter((a) => Date.parse(a.at) <= NOW.getTime() && Date.parse(a.at) >= NOW.getTime() - SEND_RULES.maxAgeHours * 3_600_000)
    .map((a) => a.id);
  console.log(`[concurrency] the data owes ${alertIds.length} alerts at ${NOW.toISOString()}`);
}, 120_000);
afterAll(async () => {
  await pg?.stop();
  if (data) rmSync(data, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

/** An outlet server that counts, per alert, the requests it received and the ones it accepted (2xx). */
interface Counted {
  server: FixtureServer;
  received: Map<string, number>;
  accepted: Map<string, number>;
}
/** The alert a request is for: ntfy's sequence_id, else the whole message (it links the alert's own post). */
function alertKey(req: Recorded): string {
  const doc = JSON.parse(req.body) as Record<string, string>;
  return doc['sequence_id'] ?? String(doc['content'] ?? doc['text']);
}
async function counted(
  api: (override: (n: number, req: Recorded) => Reply | undefined) => (url: URL, n: number, req: Recorded) => Reply | undefined,
  fault: (nthForAlert: number, nth: number) => Reply | undefined = () => undefined,
): Promise<Counted> {
  const received = new Map<string, number>();
  const accepted = new Map<string, number>();
  const route = api((n, req) => {
    const key = alertKey(req);
    const nth = received.get(key) ?? 0;
    received.set(key, nth + 1);
    return fault(nth, n);
  });
  const server = await startServer((url, n, req) => {
    const reply = route(url, n, req);
    if (reply && !reply.hang && !reply.reset && (reply.status ?? 200) < 300)
      accepted.set(alertKey(req), (accepted.get(alertKey(req)) ?? 0) + 1);
    return reply;
  });
  closers.push(server.close);
  return { server, received, accepted };
}

interface Outlets {
  ntfy: Counted;
  discord: Counted;
  slack: Counted;
  telegram: Counted;
  env: Record<string, string>;
}
async function outlets(
  faults: Partial<Record<'ntfy' | 'discord' | 'slack' | 'telegram', (nth: number) => Reply | undefined>> = {},
): Promise<Outlets> {
  const [ntfy, discord, slack, telegram] = await Promise.all([
    counted(ntfyApi, faults.ntfy),
    counted(discordApi, faults.discord),
    counted(slackApi, faults.slack),
    counted(telegramApi, faults.telegram),
  ]);
  return {
    ntfy,
    discord,
    slack,
    telegram,
    env: outletEnv({ ntfy: ntfy.server.url, discord: discord.server.url, slack: slack.server.url, telegram: telegram.server.url }),
  };
}

/** The database a test's senders share: a fresh Postgres database, or a fresh embedded folder. */
async function database(engine: 'postgres' | 'embedded'): Promise<Record<string, string>> {
  if (engine === 'postgres') return { NETLIFY_DB_URL: await pg.freshDatabase(`c${++dbCount}`) };
  const dir = mkdtempSync(join(tmpdir(), 'resetcast-embedded-'));
  closers.push(() => rmSync(dir, { recursive: true, force: true }));
  return { RESETCAST_DB_DIR: join(dir, 'db') };
}

const baseEnv = (): Record<string, string> => ({
  PATH: process.env['PATH'] ?? '',
  RESETCAST_DATA_DIR: data,
  SOURCE_DATE_EPOCH: EPOCH,
  RESETCAST_HTTP_TIMEOUT_MS: '1500',
  RESETCAST_CLAIM_LEASE_MS: LEASE_MS,
});
const broadcastRun = (env: Record<string, string>) => runNode(['scripts/broadcast.ts'], { ...baseEnv(), ...env });
const senders = (env: Record<string, string>) => Promise.all(Array.from({ length: SENDERS }, () => broadcastRun(env)));

/** Ends every running lease (on the database's clock), so the next run may resend what is uncertain. */
async function endLeases(db: Record<string, string>): Promise<void> {
  const l = await testLedger(db['NETLIFY_DB_URL'] ? { url: db['NETLIFY_DB_URL'] } : { dbDir: db['RESETCAST_DB_DIR']! });
  try {
    for (const o of ['ntfy', 'discord', 'slack', 'telegram']) await l.endLeases(o);
  } finally {
    await l.close();
  }
}

const per = (c: Counted) => [...c.accepted.values()];
function report(name: string, o: Outlets, runs: number): void {
  const line = (['ntfy', 'discord', 'slack', 'telegram'] as const)
    .map((n) => `${n} received ${[...o[n].received.values()].reduce((a, b) => a + b, 0)}, accepted ${per(o[n]).reduce((a, b) => a + b, 0)}`)
    .join('; ');
  console.log(`[concurrency] ${name}: ${alertIds.length} alerts × 4 outlets × ${runs} sender runs: ${line}`);
}

describe.each(['postgres', 'embedded'] as const)('six senders at once (%s)', (engine) => {
  it('healthy outlets: each outlet accepts each alert exactly once', async () => {
    expect(alertIds.length).toBeGreaterThan(1);
    const [o, db] = await Promise.all([outlets(), database(engine)]);
    const runs = await senders({ ...o.env, ...db });
    for (const r of runs) expect(r.out).not.toContain(PG_PASSWORD);
    expect(runs.map((r) => r.code)).toEqual(Array(SENDERS).fill(0));
    // More alerts than one run sends per outlet (5): one more run sends the rest.
    const last = await broadcastRun({ ...o.env, ...db });
    expect(last.code).toBe(0);
    report(`${engine}, healthy`, o, SENDERS + 1);
    for (const c of [o.ntfy, o.discord, o.slack, o.telegram]) {
      expect(c.accepted.size).toBe(alertIds.length);
      expect(per(c).every((n) => n === 1)).toBe(true);
      expect([...c.received.values()].every((n) => n === 1)).toBe(true);
    }
  }, 300_000);

  it('faulty outlets (403, 429 with retry_after, 502, a hang): nothing accepted twice except what may have ' +
    'arrived (then at most twice); nothing that never arrived is lost', async () => {
    const [o, db] = await Promise.all([
      outlets({
        // Kicked once per alert (403: it provably did not arrive), then fine.
        telegram: (nth) =>
          nth === 0
            ? telegramError(403, 'Forbidden: bot was kicked from the channel chat')
            : nth === 1
              ? telegramError(429, 'Too Many Requests: retry after 1', { retry_after: 1 })
              : undefined,
        // 502 on the first request of each alert (it may have arrived).
        ntfy: (nth) => (nth === 0 ? { status: 502, body: 'Bad Gateway' } : undefined),
        // The first request of each alert hangs past the client's timeout (it may have arrived).
        slack: (nth) => (nth === 0 ? { hang: true } : undefined),
      }),
      database(engine),
    ]);
    let runs = SENDERS;
    const first = await senders({ ...o.env, ...db });
    for (const r of first) expect(r.out).not.toMatch(/s3cretWebhookT0ken|XXXXsecretXXXX|AAHtelegramS3cret/);
    // Later runs, each after the leases ended, until nothing is left to send (bounded).
    for (let i = 0; i < 6; i++) {
      await endLeases(db);
      await broadcastRun({ ...o.env, ...db });
      runs++;
    }
    report(`${engine}, faulty`, o, runs);
    // Discord was healthy: exactly once. Telegram refused (403) then rate-limited, both provably not delivered: exactly once in the end.
    for (const c of [o.discord, o.telegram]) {
      expect(c.accepted.size).toBe(alertIds.length);
      expect(per(c).every((n) => n === 1)).toBe(true);
    }
    // ntfy's 502 and slack's hang may have arrived: each resent once, never more; every alert accepted once by the resend.
    for (const c of [o.ntfy, o.slack]) {
      expect([...c.received.values()].every((n) => n <= 2)).toBe(true);
      expect(c.accepted.size).toBe(alertIds.length);
      expect(per(c).every((n) => n === 1)).toBe(true);
    }
  }, 600_000);

  it('a sender killed while the outlet holds its request: the claim holds the others off for its lease, then ' +
    'the alert is resent once, and accepted', async () => {
    // The very first request (the one the killed sender made) hangs; every other is answered.
    const ntfy = await counted(ntfyApi, (_nth, n) => (n === 0 ? { hang: true } : undefined));
    const db = await database(engine);
    const env = {
      ...baseEnv(),
      ...db,
      NTFY_TOPIC_URL: `${ntfy.server.url}/${NTFY_TOPIC}`,
      RESETCAST_HTTP_TIMEOUT_MS: '60000',
      RESETCAST_CLAIM_LEASE_MS: LEASE_MS,
    };
    const child = spawn(process.execPath, ['scripts/broadcast.ts'], { env, stdio: 'ignore' });
    const until = Date.now() + 120_000;
    while (ntfy.server.requests.length === 0) {
      if (Date.now() > until || child.exitCode !== null) throw new Error('the sender never reached the outlet');
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const killedKey = alertKey(ntfy.server.requests[0]!);
    // The others now: within the lease they skip the held alert (they send the rest); later runs resend it once.
    await senders({ ...db, NTFY_TOPIC_URL: env.NTFY_TOPIC_URL, RESETCAST_CLAIM_LEASE_MS: LEASE_MS });
    for (let i = 0; i < 3; i++) {
      await endLeases(db);
      await broadcastRun({ ...db, NTFY_TOPIC_URL: env.NTFY_TOPIC_URL, RESETCAST_CLAIM_LEASE_MS: LEASE_MS });
    }
    console.log(
      `[concurrency] ${engine}, killed sender: ${alertIds.length} alerts, ntfy received ${ntfy.server.requests.length}, ` +
        `the killed alert received ${ntfy.received.get(killedKey)} and accepted ${ntfy.accepted.get(killedKey)}`,
    );
    expect(ntfy.received.get(killedKey)).toBe(2);
    expect(ntfy.accepted.size).toBe(alertIds.length);
    expect(per(ntfy).every((n) => n === 1)).toBe(true);
  }, 300_000);
});

describe('a database that cannot be used: one line naming it, nothing sent, exit 1', () => {
  let hanging: Server | null = null;
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => (hanging ? hanging.close(() => r()) : r()));
  });

  it.each([
    [
      'refusing (nothing listening)',
      async () => `postgres://resetcast:${PG_PASSWORD}@127.0.0.1:${await freePort()}/alerts`,
      /^❌ database: database 127\.0\.0\.1:\d+\/alerts: cannot connect: .*ECONNREFUSED.*; nothing sent$/m,
    ],
    [
      'erring (no such database)',
      async () => `postgres://resetcast:${encodeURIComponent(PG_PASSWORD)}@127.0.0.1:${pg.port}/nope`,
      /^❌ database: database 127\.0\.0\.1:\d+\/nope: cannot connect: database "nope" does not exist; nothing sent$/m,
    ],
    [
      'erring (a wrong password)',
      async () => `postgres://resetcast:wrong-${PG_PASSWORD}@127.0.0.1:${pg.port}/alerts`,
      /^❌ database: database 127\.0\.0\.1:\d+\/alerts: cannot connect: password authentication failed for user "[^"]+"; nothing sent$/m,
    ],
    [
      'accepting and never answering (the default deadlines, no override)',
      async () => {
        hanging = createServer((s) => void sockets.push(s));
        await new Promise<void>((r) => hanging!.listen(0, '127.0.0.1', () => r()));
        return `postgres://resetcast:${PG_PASSWORD}@127.0.0.1:${(hanging.address() as { port: number }).port}/alerts`;
      },
      /^❌ database: database 127\.0\.0\.1:\d+\/alerts: cannot connect: .*; nothing sent$/m,
    ],
  ])(
    '%s',
    async (_name, url, line) => {
      const o = await outlets();
      const r = await broadcastRun({ ...o.env, NETLIFY_DB_URL: await url(), RESETCAST_CLAIM_LEASE_MS: '' });
      expect(r.code).toBe(1);
      expect(r.out).toMatch(line);
      expect(r.out).not.toContain(PG_PASSWORD);
      expect(r.out).not.toContain(encodeURIComponent(PG_PASSWORD));
      expect([o.ntfy, o.discord, o.slack, o.telegram].map((c) => c.server.requests.length)).toEqual([0, 0, 0, 0]);
    },
    150_000,
  );
});
