/**
 * The watcher's deployed-alerts step (src/jobs/watch/deployed-alerts.ts) against a local "deploy"
 * serving /api/v1/alerts.json, local ntfy and Discord servers, the watcher's state in the real local
 * Netlify Blobs server and its ledger in a real database (the embedded engine; PostgreSQL where a second
 * process shares it), opened only by a run that asks it: a deploy with new promise, correction and
 * threshold alerts sends each once per outlet; the same file a minute later owes nothing and opens no
 * database; a new state of the file (the timetable's next state) carrying a new expiry reminder sends it
 * once, with no deploy; a new deploy carrying the same alerts, and the fast path's reset carried by the
 * next deploy, owe nothing and open no database; an outlet configured later is owed all of them; an
 * outlet refusing keeps its alert owed, asked about and sent the next minute; a deploy answering 404,
 * 500, garbage or nothing is one line, nothing sent, the fast path unaffected; a hanging outlet leaves its
 * alert uncertain by the ledger's rules and the run ends; `npm run broadcast` and the watcher at once send
 * each alert exactly once; the function itself, given a database that never answers, says so in one ❌
 * line, sends nothing and still dispatches the pull; a ledger that refuses writes sends nothing and
 * records nothing finished, so the deploy's copy is sent later. Requests are counted on the servers' side.
 */
import { createServer, type Socket } from 'node:net';
import pgLib from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stableStringify } from '../../../../src/core/json.ts';
import { postIdAt } from '../../../../src/core/postid.ts';
import { SITE } from '../../../../src/core/site.ts';
import { AlertsPayload, type Alert } from '../../../../src/core/schema/index.ts';
import { toTimestamp } from '../../../../src/core/time.ts';
import { createPayloads } from '../../../../src/site/api/payloads.ts';
import { alertLedger } from '../../../../src/jobs/broadcast/ledger.ts';
import { parseWatchAccounts } from '../../../../src/jobs/watch/config.ts';
import { runWatch, type WatchInput } from '../../../../src/jobs/watch/run.ts';
import { runPull } from '../../../../src/jobs/pull/run.ts';
import { readDataTexts, writeDataTexts } from '../../../../src/io/data-folder.ts';
import { runNode } from '../../../support/run-node.ts';
import { startPostgres, type LocalPostgres } from '../../../support/postgres.ts';
import { startServer, type FixtureServer, type Reply } from '../../../support/fixture-server.ts';
import { DISCORD_PATH, discordApi, NTFY_TOPIC, ntfyApi } from '../../../support/outlet-servers.ts';
import { testLedger, type TestLedger } from '../../../support/ledger.ts';
import { startBlobs, type LocalBlobs } from '../../../support/blobs.ts';
import { testStores, type TestStores } from '../../../support/watch-stores.ts';
import { xApi } from '../../../support/x-api.ts';
import { DEAD, httpDeps, loadDir, NOW, tempData } from '../../../support/pull-env.ts';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

const REPO = 'resetcast/resetcast';
const DISPATCH_PATH = `/repos/${REPO}/actions/workflows/pull.yml/dispatches`;
const POST = { id: postIdAt(new Date(NOW.getTime() - 30_000), 1n), text: "We've reset Codex rate limits for all Plus and Pro users." };
const minutes = (n: number): Date => new Date(NOW.getTime() + n * 60_000);

/** The history's deploy: its payloads at NOW (none of its alerts is within a day of NOW). */
const history = () => createPayloads(loadDir(tempData()), NOW, SITE.url);

/**
 * A deploy that has just published a promise, a correction and a threshold alert, as a later build
 * would: the history's newest promise alert, and a correction and a threshold crossing (the frozen
 * history has neither) in the published shape, all within the last hour. Checked against the schema the
 * step reads with.
 */
function freshDeploy(): AlertsPayload {
  const p = history();
  const ago = (m: number): string => toTimestamp(new Date(NOW.getTime() - m * 60_000));
  const promise = p.alerts.alerts.find((a) => a.kind === 'promise')!;
  const reset = p.alerts.alerts.find((a) => a.kind === 'reset')!;
  const host = new URL(SITE.url).host;
  const correction: Alert = {
    ...reset,
    kind: 'correction',
    id: `tag:${host},2026:alert:correction:c-${reset.event_id}`,
    at: ago(20),
    title: 'Corrected: the reset reached Plus users too',
    summary: 'The scope of the reset is now Plus + Pro.',
  };
  const threshold: Alert = {
    ...reset,
    kind: 'threshold',
    id: `tag:${host},2026:alert:threshold:p24-50-${ago(30)}`,
    at: ago(30),
    title: 'Reset within 24 h: 55 %',
    summary: 'The chance of a reset within 24 hours rose past 50 %.',
    url: null,
    event_id: null,
    page: `${SITE.url}/`,
    forecast: { horizon_hours: 24, threshold: 50, rearm_below: 40, value: 55, previous: 45 },
  };
  return AlertsPayload.parse({ ...p.alerts, alerts: [{ ...promise, at: ago(10) }, correction, threshold, ...p.alerts.alerts] });
}

interface World {
  db: TestLedger;
  blobs: LocalBlobs;
  /** The stores of each run; `opened()`: the runs that opened the database. */
  stores: TestStores;
  site: FixtureServer;
  x: FixtureServer;
  github: FixtureServer;
  ntfy: FixtureServer;
  discord: FixtureServer;
  data: string;
  /** What the deploy answers for alerts.json from now on. */
  serve: (reply: Reply) => void;
  input: (over?: Partial<WatchInput>) => WatchInput;
}

async function world(
  opts: { posts?: () => { id: string; text: string }[]; ntfy?: (n: number) => Reply | undefined; db?: TestLedger } = {},
): Promise<World> {
  const data = tempData();
  const p = history();
  const files: Record<string, Reply> = {
    '/api/v1/timeline.json': { body: stableStringify(p.timeline) },
    '/api/v1/promises.json': { body: stableStringify(p.promises) },
    '/api/v1/banked.json': { body: stableStringify(p.banked) },
    '/api/v1/alerts.json': { body: stableStringify(p.alerts) },
  };
  const [db, blobs, site, x, github, ntfy, discord] = await Promise.all([
    opts.db ?? testLedger(),
    startBlobs(),
    startServer((url) => files[url.pathname]),
    startServer(xApi(opts.posts ?? (() => []))),
    startServer((url) => (url.pathname === DISPATCH_PATH ? { status: 204 } : undefined)),
    startServer(ntfyApi((n) => opts.ntfy?.(n))),
    startServer(discordApi()),
  ]);
  closers.push(...(opts.db ? [] : [() => db.close()]), blobs.close, site.close, x.close, github.close, ntfy.close, discord.close);
  const stores = testStores(blobs, () => alertLedger(db.db.sql, { redact: (t) => t, settleMs: 4_000 }));
  return {
    db,
    blobs,
    stores,
    site,
    x,
    github,
    ntfy,
    discord,
    data,
    serve: (reply) => {
      files['/api/v1/alerts.json'] = reply;
    },
    input: (over = {}) => ({
      now: NOW,
      http: { ...httpDeps(), deadline: NOW.getTime() + 20_000 },
      x: { base: x.url, token: 'xTokenS3cret' },
      deploy: site.url,
      siteBase: SITE.url,
      accounts: [{ name: 'thsottiaux', minutes: 1 }],
      stores: stores.stores(),
      urls: { ntfy: `${ntfy.url}/${NTFY_TOPIC}`, discord: `${discord.url}${DISCORD_PATH}` },
      dispatch: { repo: REPO, token: 'ghDispatchS3cret', api: github.url },
      ...over,
    }),
  };
}

const alertsRead = (w: World): number => w.site.requests.filter((r) => r.url.pathname === '/api/v1/alerts.json').length;
const ntfyTitles = (w: World): string[] => w.ntfy.requests.map((r) => String(JSON.parse(r.body).title));
const deployedLines = (lines: string[]): string[] => lines.filter((l) => l.includes('deployed alerts'));

let pg: LocalPostgres;
beforeAll(async () => {
  pg = await startPostgres();
}, 120_000);
afterAll(async () => pg?.stop());

describe('every alert of the deployed alerts.json, sent once per outlet', () => {
  it(
    'a deploy with a new promise, correction and threshold alert: each sent once to each outlet; ' +
      'the same deploy next minute owes nothing and opens no database',
    async () => {
      const w = await world();
      const deploy = freshDeploy();
      w.serve({ body: stableStringify(deploy) });
      const first = await runWatch(w.input());
      expect(deployedLines(first.lines)).toEqual([
        `✅ deployed alerts: ${deploy.alerts.length} alert(s) in the deploy, 3 owed, nothing left to send`,
        '✅ ntfy (deployed alerts): sent 3 alert(s)',
        '✅ discord (deployed alerts): sent 3 alert(s)',
      ]);
      // Oldest first, as every broadcast sends.
      expect(ntfyTitles(w)).toEqual(
        deploy.alerts
          .slice(0, 3)
          .reverse()
          .map((a) => a.title),
      );
      expect(w.discord.requests).toHaveLength(3);
      expect([await w.db.rows('ntfy'), await w.db.rows('discord')].map((r) => r.map((s) => s.split(' ').slice(1).join(' ')))).toEqual([
        ['sent 1/0', 'sent 1/0', 'sent 1/0'],
        ['sent 1/0', 'sent 1/0', 'sent 1/0'],
      ]);
      expect(w.stores.opened()).toBe(1);

      // The next minute, the same file: read (a state may change at any second), owing nothing: the database stays asleep.
      const next = await runWatch(w.input({ now: minutes(1) }));
      expect(deployedLines(next.lines)).toEqual([
        `✅ deployed alerts: ${deploy.alerts.length} alert(s) in the deploy, none owed (each finished or over a day old)`,
      ]);
      expect([alertsRead(w), w.ntfy.requests.length, w.discord.requests.length, w.stores.opened()]).toEqual([2, 3, 3, 1]);
    },
  );

  it(
    'a new deploy (another ETag) carrying the same alerts: nothing owed, no database; ' +
      'a new state with a new expiry reminder: sent once, with no deploy',
    async () => {
      const w = await world();
      const before = freshDeploy();
      w.serve({ body: stableStringify(before), headers: { ETag: '"state-1"' } });
      await runWatch(w.input());
      expect(w.ntfy.requests).toHaveLength(3);
      w.serve({ body: stableStringify({ ...before, generated_at: toTimestamp(minutes(1)) }), headers: { ETag: '"deploy-2"' } });
      const redeployed = await runWatch(w.input({ now: minutes(1) }));
      expect(deployedLines(redeployed.lines)).toEqual([
        expect.stringMatching(/^✅ deployed alerts: \d+ alert\(s\) in the deploy, none owed/),
      ]);
      expect(w.stores.opened()).toBe(1);
      // The timetable's next state: the grant's 5 h reminder fell due a minute ago, with no new deploy.
      const host = new URL(SITE.url).host;
      const grant = before.alerts.find((a) => a.kind === 'grant') ?? before.alerts[0]!;
      const reminder: Alert = {
        ...grant,
        kind: 'grant-expiring',
        id: `tag:${host},2026:alert:grant-expiring:g-test:5h`,
        at: toTimestamp(minutes(1)),
        title: 'Banked reset g-test expires in 5 hours',
        summary: 'Use it before it expires.',
      };
      const state2 = AlertsPayload.parse({ ...before, generated_at: toTimestamp(minutes(1)), alerts: [reminder, ...before.alerts] });
      w.serve({ body: stableStringify(state2), headers: { ETag: '"state-2"' } });
      const sent = await runWatch(w.input({ now: minutes(2) }));
      expect(deployedLines(sent.lines)).toEqual([
        `✅ deployed alerts: ${state2.alerts.length} alert(s) in the deploy, 1 owed, nothing left to send`,
        '✅ ntfy (deployed alerts): sent 1 alert(s)',
        '✅ discord (deployed alerts): sent 1 alert(s)',
      ]);
      expect(ntfyTitles(w).slice(3)).toEqual([reminder.title]);
      expect(w.discord.requests).toHaveLength(4);
      const quiet = await runWatch(w.input({ now: minutes(3) }));
      expect(deployedLines(quiet.lines)).toEqual([expect.stringMatching(/none owed/)]);
      expect([w.ntfy.requests.length, w.discord.requests.length, w.stores.opened()]).toEqual([4, 4, 2]);
    },
  );

  it('an outlet configured later has had none of them: the ledger is asked again and sends to it only', async () => {
    const w = await world();
    w.serve({ body: stableStringify(freshDeploy()) });
    await runWatch(w.input({ urls: { ntfy: w.input().urls.ntfy! } }));
    expect([w.ntfy.requests.length, w.discord.requests.length]).toEqual([3, 0]);
    const both = await runWatch(w.input({ now: minutes(1) }));
    expect(deployedLines(both.lines)).toEqual([
      expect.stringMatching(/, 3 owed, nothing left to send$/),
      '✅ ntfy (deployed alerts): nothing new to send',
      '✅ discord (deployed alerts): sent 3 alert(s)',
    ]);
    expect([w.ntfy.requests.length, w.discord.requests.length, w.stores.opened()]).toEqual([3, 3, 2]);
  });

  it('an outlet that refused an alert keeps it owed: the next minute the ledger is asked again and it is sent', async () => {
    let down = true;
    const w = await world({ ntfy: () => (down ? { status: 403, body: '{"code":40301,"http":403,"error":"forbidden"}' } : undefined) });
    w.serve({ body: stableStringify(freshDeploy()) });
    const first = await runWatch(w.input());
    expect(deployedLines(first.lines)).toContainEqual(
      expect.stringMatching(/^✅ deployed alerts: \d+ alert\(s\) in the deploy, 3 owed, 3 still owed: asked again next run$/),
    );
    expect(deployedLines(first.lines)).toContainEqual(expect.stringMatching(/^❌ ntfy \(deployed alerts\): .*HTTP 403/));
    down = false;
    await runWatch(w.input({ now: minutes(1) }));
    expect([alertsRead(w), w.ntfy.requests.filter((r) => r.url.pathname === '/').length, w.stores.opened()]).toEqual([2, 4, 2]);
    expect(await w.db.rows('ntfy')).toEqual(expect.arrayContaining([expect.stringMatching(/ sent 1\/0$/)]));
    expect((await w.db.rows('ntfy')).filter((r) => r.endsWith('sent 1/0'))).toHaveLength(3);
    // All sent now: the minute after asks nobody.
    await runWatch(w.input({ now: minutes(2) }));
    expect(w.stores.opened()).toBe(2);
  });

  it('the fast path, then the deploy carrying the same reset: sent once', async () => {
    const w = await world({ posts: () => [POST] });
    const fast = await runWatch(w.input());
    expect(fast.lines).toContain('✅ ntfy: sent 1 alert(s)');
    // The dispatched pull records the post; the next deploy's alerts.json carries the reset, same id.
    const later = minutes(3);
    const pulled = await runPull({
      texts: readDataTexts(w.data),
      now: later,
      http: httpDeps([], later),
      bases: { status: DEAD, github: DEAD, x: w.x.url },
      tokens: { x: 'xTokenS3cret' },
      site: SITE.url,
      sourceBudgetMs: 3_000,
    });
    writeDataTexts(w.data, pulled.writes);
    const deployed = createPayloads(loadDir(w.data, later), later, SITE.url).alerts;
    expect(deployed.alerts.map((a) => a.id)).toContain(fast.alerts[0]!.id);
    w.serve({ body: stableStringify(deployed) });
    const next = await runWatch(
      w.input({ now: later, accounts: [], http: { ...httpDeps([], later), deadline: later.getTime() + 20_000 } }),
    );
    // The fast path kept the reset as finished on both outlets: the deploy's copy owes nothing, and no database is opened.
    expect(deployedLines(next.lines)).toEqual([expect.stringMatching(/none owed/)]);
    expect([w.ntfy.requests.length, w.discord.requests.length, w.stores.opened()]).toEqual([1, 1, 1]);
  });
});

describe('a deploy that cannot be read: one line, nothing sent, the other steps run', () => {
  it.each<[string, Reply, RegExp]>([
    ['404', { status: 404, body: 'Not Found' }, /HTTP 404/],
    ['500', { status: 500, body: 'oops' }, /HTTP 500/],
    ['garbage', { body: '{"alerts": "not a list"' }, /malformed JSON/],
    ['a file that is not alerts.json', { body: '{"schema_version":1,"alerts":[{"id":"x"}]}' }, /the site's \/api\/v1\/alerts\.json/],
    ['no answer', { hang: true }, /timeout|time budget/],
  ])('%s', async (_n, reply, why) => {
    const w = await world({ posts: () => [POST] });
    w.serve(reply);
    const run = await runWatch(w.input());
    const deployed = deployedLines(run.lines);
    expect(deployed).toHaveLength(1);
    expect(deployed[0]).toMatch(
      /^❌ deployed alerts: \/api\/v1\/alerts\.json cannot be read \(.+\); nothing sent, the next run reads it again$/,
    );
    expect(deployed[0]).toMatch(why);
    // The fast path ran as ever: the post announced, the pull started.
    expect(run.lines).toEqual(
      expect.arrayContaining([
        '✅ x: thsottiaux: 1 new post(s)',
        '✅ ntfy: sent 1 alert(s)',
        '✅ dispatch: started the pull (pull.yml on main)',
      ]),
    );
    expect([w.ntfy.requests.length, w.github.requests.length]).toEqual([1, 1]);
  });
});

describe('the run ends inside its budget, leaving unfinished work to the ledger', () => {
  it(
    'a hanging outlet: its send ends at its deadline, recorded uncertain (resent at most once, after its lease); ' +
      'the other outlet sends; the run ends',
    async () => {
      const w = await world({ ntfy: () => ({ hang: true }) });
      w.serve({ body: stableStringify(freshDeploy()) });
      const run = await runWatch(w.input());
      expect(deployedLines(run.lines)).toContainEqual(
        expect.stringMatching(
          /^❌ ntfy \(deployed alerts\): .+ may have been delivered \(.+\); recorded as uncertain, resent once after its lease/,
        ),
      );
      expect(deployedLines(run.lines)).toContain('✅ discord (deployed alerts): sent 3 alert(s)');
      expect(deployedLines(run.lines)).toContainEqual(expect.stringMatching(/, 3 owed, 3 still owed: asked again next run$/));
      // Two unclear answers in a row stop the outlet for this run: the third is not claimed.
      expect((await w.db.rows('ntfy')).map((r) => r.split(' ').slice(1).join(' '))).toEqual(['uncertain 1/0', 'uncertain 1/0']);
    },
  );

  it('no outlet configured (a fork): one line, the deploy not even read', async () => {
    const w = await world();
    w.serve({ body: stableStringify(freshDeploy()) });
    const run = await runWatch(w.input({ accounts: [], urls: {} }));
    expect(deployedLines(run.lines)).toEqual(['⏭️ deployed alerts: no outlet configured']);
    expect(alertsRead(w)).toBe(0);
  });

  it('too little of the run left: the step does not start, and says so', async () => {
    const w = await world();
    w.serve({ body: stableStringify(freshDeploy()) });
    const run = await runWatch(w.input({ accounts: [], http: { ...httpDeps(), deadline: NOW.getTime() + 2_000 } }));
    expect(deployedLines(run.lines)).toEqual(['⏭️ deployed alerts: not started, 2 s left of this run; the next run sends them']);
    expect([alertsRead(w), w.ntfy.requests.length]).toEqual([0, 0]);
  });

  it('the function, given a database that never answers: one ❌ line saying what it stops, ⏭️ for those steps, the pull dispatched', async () => {
    const silent = createServer((s: Socket) => void s.on('error', () => undefined));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const sockets: Socket[] = [];
    silent.on('connection', (s) => sockets.push(s));
    closers.push(
      () =>
        new Promise((r) => {
          for (const s of sockets) s.destroy();
          silent.close(() => r());
        }),
    );
    const w = await world({ posts: () => [{ ...POST, id: postIdAt(new Date(Date.now() - 10_000), 1n) }] });
    // The deploy's three new alerts, issued in the minutes before the real clock the function runs on.
    const deploy = freshDeploy();
    const recent = deploy.alerts.slice(0, 3).map((a, i) => ({ ...a, at: toTimestamp(new Date(Date.now() - (i + 1) * 60_000)) }));
    w.serve({ body: stableStringify({ ...deploy, alerts: [...recent, ...deploy.alerts.slice(3)] }) });
    const out = await runFunction(w, {
      RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:1',
      NETLIFY_DB_URL: `postgres://resetcast:dbPass@127.0.0.1:${(silent.address() as { port: number }).port}/alerts`,
      RESETCAST_DB_TIMEOUT_MS: '1000',
    });
    expect(out.filter((l) => l.includes('❌'))).toEqual([
      expect.stringMatching(
        /^\[watch\] ❌ database: .*; nothing is sent this run \(nothing can be claimed\); new posts still start the pull, which announces them$/,
      ),
    ]);
    expect(out).toEqual(
      expect.arrayContaining([
        '[watch] ⏭️ alerts: 1 not sent (no database, above: nothing is sent unclaimed); the pull will announce them',
        '[watch] ✅ dispatch: started the pull (pull.yml on main)',
        '[watch] ⏭️ deployed alerts: 3 owed, not sent (no database, above: nothing is sent this run (nothing can be claimed); the next run sends them)',
        expect.stringMatching(/^\[watch\] done in \d+ ms$/),
      ]),
    );
    expect(w.github.requests).toHaveLength(1);
    expect(w.ntfy.requests).toHaveLength(0);
  });
});

describe('one bad setting, or one database fault, stops only what it concerns', () => {
  /** The watcher's lines that say ❌. */
  const failures = (lines: readonly string[]): string[] => lines.filter((l) => l.includes('❌'));

  it('an unknown account and bad minutes: one ❌ line each; the valid account is polled and announced, the deployed alerts sent', async () => {
    const w = await world({ posts: () => [POST] });
    w.serve({ body: stableStringify(freshDeploy()) });
    const watched = parseWatchAccounts('elonmusk:1,thsottiaux:1,OpenAI:0');
    const run = await runWatch(w.input({ accounts: watched.accounts, accountProblems: watched.problems }));
    expect(failures(run.lines)).toEqual([
      '❌ settings: RESETCAST_WATCH_ACCOUNTS: elonmusk is not an account the pull reads (thsottiaux, OpenAIDevs, OpenAI); left out, the rest of the run goes on',
      '❌ settings: RESETCAST_WATCH_ACCOUNTS: OpenAI:0: minutes must be 1–1440; left out, the rest of the run goes on',
    ]);
    expect(run.lines).toContain('✅ x: thsottiaux: 1 new post(s)');
    expect(run.alerts.map((a) => a.kind)).toEqual(['reset']);
    // The post's reset, then the deploy's three alerts; and the pull started for the post.
    expect(ntfyTitles(w)).toHaveLength(4);
    expect(w.github.requests).toHaveLength(1);
  });

  it('no valid entry at all: X is not asked, the deployed alerts are still sent', async () => {
    const w = await world({ posts: () => [POST] });
    w.serve({ body: stableStringify(freshDeploy()) });
    const watched = parseWatchAccounts('thsott\u0456aux:1');
    const run = await runWatch(w.input({ accounts: watched.accounts, accountProblems: watched.problems }));
    expect(run.lines).toEqual([
      '❌ settings: RESETCAST_WATCH_ACCOUNTS: "thsott\\u0456aux:1" is not <account>:<minutes>; left out, the rest of the run goes on',
      '⏭️ x: no account to watch (RESETCAST_WATCH_ACCOUNTS has no valid entry); X is not asked',
      `✅ deployed alerts: ${freshDeploy().alerts.length} alert(s) in the deploy, 3 owed, nothing left to send`,
      '✅ ntfy (deployed alerts): sent 3 alert(s)',
      '✅ discord (deployed alerts): sent 3 alert(s)',
    ]);
    expect([w.x.requests.length, w.github.requests.length]).toEqual([0, 0]);
  });

  it('the function with a Cyrillic і in the variable: its one ❌ line shows the letter escaped; the deployed alerts are sent', async () => {
    const w = await world();
    // The deploy's three new alerts, issued in the minutes before the real clock the function runs on.
    const deploy = freshDeploy();
    const recent = deploy.alerts.slice(0, 3).map((a, i) => ({ ...a, at: toTimestamp(new Date(Date.now() - (i + 1) * 60_000)) }));
    w.serve({ body: stableStringify({ ...deploy, alerts: [...recent, ...deploy.alerts.slice(3)] }) });
    const out = await runFunction(w, {
      RESETCAST_WATCH_ACCOUNTS: 'thsott\u0456aux:1',
      NETLIFY_DB_URL: await pg.freshDatabase('badacct'),
    });
    expect(failures(out)).toEqual([
      '[watch] ❌ settings: RESETCAST_WATCH_ACCOUNTS: "thsott\\u0456aux:1" is not <account>:<minutes>; left out, the rest of the run goes on',
    ]);
    expect(out).toContain('[watch] ✅ ntfy (deployed alerts): sent 3 alert(s)');
    expect([w.x.requests.length, w.ntfy.requests.length]).toEqual([0, 3]);
  });

  it(
    'a ledger that refuses writes (a role that may read it, not write it): nothing sent, nothing kept as finished; ' +
      'the deploy that carries the reset sends it once writes are allowed',
    async () => {
      const name = await pg.freshDatabase('rowrite');
      await (await testLedger({ url: name })).close(); // migrated by its owner, as Netlify migrates at deploy
      const admin = new pgLib.Client({ connectionString: pg.urlOf('rowrite') });
      await admin.connect();
      closers.push(() => admin.end());
      await admin.query(
        `CREATE ROLE watcher LOGIN PASSWORD 'watcherPassw0rd-QX7'; GRANT USAGE ON SCHEMA netlify TO watcher; ` +
          'GRANT SELECT ON netlify.migrations TO watcher; GRANT SELECT ON alert_deliveries TO watcher',
      );
      const db = await testLedger({ url: `postgres://watcher:watcherPassw0rd-QX7@127.0.0.1:${pg.port}/rowrite` });
      closers.push(() => db.close());
      const w = await world({ db, posts: () => [POST] });
      const first = await runWatch(w.input());
      // One ❌ line per outlet, each with the database's words; the post's cursor moved (the state is not the database's).
      expect(failures(first.lines)).toEqual([
        expect.stringMatching(/^❌ ntfy: .*permission denied for table alert_deliveries/),
        expect.stringMatching(/^❌ discord: .*permission denied for table alert_deliveries/),
      ]);
      expect(first.lines).toContain('✅ dispatch: started the pull (pull.yml on main)');
      expect([w.ntfy.requests.length, w.discord.requests.length, w.github.requests.length]).toEqual([0, 0, 1]);
      // Writes allowed again; the deploy now carries the reset: owed (never kept as finished), claimed and sent once.
      await admin.query('GRANT INSERT, UPDATE, DELETE ON alert_deliveries TO watcher');
      const reset = createPayloads(loadDir(w.data), NOW, SITE.url).alerts;
      w.serve({ body: stableStringify({ ...reset, alerts: [first.alerts[0]!, ...reset.alerts] }) });
      const next = await runWatch(w.input({ now: minutes(1), accounts: [] }));
      expect(deployedLines(next.lines)).toEqual([
        expect.stringMatching(/, 1 owed, nothing left to send$/),
        '✅ ntfy (deployed alerts): sent 1 alert(s)',
        '✅ discord (deployed alerts): sent 1 alert(s)',
      ]);
      expect([w.ntfy.requests.length, w.discord.requests.length]).toEqual([1, 1]);
    },
  );
});

/**
 * The function as the scheduler invokes it, with its secrets, the world's X, GitHub, deploy and ntfy, and
 * `env`, added to the process's environment: what it logged.
 */
async function runFunction(w: World, env: Record<string, string>): Promise<string[]> {
  const saved = { ...process.env };
  Object.assign(process.env, {
    X_BEARER_TOKEN: 'xTokenS3cret',
    RESETCAST_DISPATCH_TOKEN: 'ghDispatchS3cret',
    RESETCAST_REPO: REPO,
    RESETCAST_X_API: w.x.url,
    RESETCAST_GITHUB_API: w.github.url,
    RESETCAST_WATCH_SITE: w.site.url,
    NTFY_TOPIC_URL: `${w.ntfy.url}/${NTFY_TOPIC}`,
    // The watcher's state: the platform's Blobs context, here the world's local server.
    NETLIFY_BLOBS_CONTEXT: w.blobs.context(),
    ...env,
  });
  const out: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  try {
    const watch = (await import('../../../../netlify/functions/watch.ts')).default;
    expect((await watch()).status).toBe(204);
  } finally {
    spy.mockRestore();
    process.env = saved;
  }
  return out;
}

describe('npm run broadcast and the watcher at once', () => {
  it('exactly once: each alert reaches each outlet once, whichever sender claimed it', async () => {
    const url = await pg.freshDatabase('both');
    const db = await testLedger({ url });
    closers.push(() => db.close());
    const w = await world({ db, posts: () => [POST] });
    // The data both senders read: the history with a fresh reset the pull recorded, and the deploy built from it.
    const recorded = await runPull({
      texts: readDataTexts(w.data),
      now: NOW,
      http: httpDeps(),
      bases: { status: DEAD, github: DEAD, x: w.x.url },
      tokens: { x: 'x' },
      site: SITE.url,
      sourceBudgetMs: 3_000,
    });
    writeDataTexts(w.data, recorded.writes);
    const payload = createPayloads(loadDir(w.data), NOW, SITE.url).alerts;
    const due = payload.alerts.filter((a) => Date.parse(a.at) >= NOW.getTime() - 24 * 3_600_000);
    expect(due.map((a) => a.kind)).toContain('reset');
    w.serve({ body: stableStringify(payload) });
    const [cli, watched] = await Promise.all([
      runNode(['scripts/broadcast.ts'], {
        PATH: process.env['PATH'] ?? '',
        RESETCAST_DATA_DIR: w.data,
        SOURCE_DATE_EPOCH: String(NOW.getTime() / 1000),
        RESETCAST_HTTP_TIMEOUT_MS: '2000',
        NETLIFY_DB_URL: url,
        NTFY_TOPIC_URL: `${w.ntfy.url}/${NTFY_TOPIC}`,
        DISCORD_WEBHOOK_URL: `${w.discord.url}${DISCORD_PATH}`,
      }),
      runWatch(w.input({ accounts: [] })),
    ]);
    expect(cli.code, cli.out).toBe(0);
    expect(watched.lines.join('\n')).not.toContain('❌');
    expect(ntfyTitles(w).sort()).toEqual(due.map((a) => a.title).sort());
    expect(w.discord.requests).toHaveLength(due.length);
  });
});
