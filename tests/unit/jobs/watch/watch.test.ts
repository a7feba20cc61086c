/**
 * The watcher against local X, GitHub, site and outlet servers, its state in the real local Netlify
 * Blobs server and its ledger in a real database (the embedded engine, as the local runtime uses it,
 * through the same binding and migrations), opened only by a run that has an alert to claim: a
 * confident reset is announced at once with the alert the pull's broadcast derives later (same id, same
 * message), and exactly once across the watcher and the pull in either order, with two runs overlapping,
 * and when the post is deleted before the pull; a post for review only starts the pull; X, GitHub, the
 * database and Telegram failing each cost one line and lose nothing; every stuck state heals within one run; the
 * pull counts as dispatched only on 204, and an answer that may have started it is never repeated.
 * Requests are counted on the servers' side.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { alertMessage } from '../../../../src/core/alerts/message.ts';
import { deriveAlerts } from '../../../../src/core/alerts/derive.ts';
import { stableStringify } from '../../../../src/core/json.ts';
import { postIdAt } from '../../../../src/core/postid.ts';
import { SITE } from '../../../../src/core/site.ts';
import type { Candidate } from '../../../../src/core/schema/index.ts';
import { createPayloads } from '../../../../src/site/api/payloads.ts';
import { broadcast } from '../../../../src/jobs/broadcast/broadcast.ts';
import { outletUrls } from '../../../../src/jobs/broadcast/outlets/index.ts';
import { alertLedger } from '../../../../src/jobs/broadcast/ledger.ts';
import { runWatch as runWatchWhole, type WatchInput, type WatchOutput } from '../../../../src/jobs/watch/run.ts';
import { WATCH_BLOBS_STORE, WATCH_STATE_KEY, watchStore, type WatchState } from '../../../../src/jobs/watch/state.ts';
import { readDataTexts, writeDataTexts } from '../../../../src/io/data-folder.ts';
import { runPull } from '../../../../src/jobs/pull/run.ts';
import { startServer, type FixtureServer, type Reply } from '../../../support/fixture-server.ts';
import { NTFY_TOPIC, ntfyApi, TELEGRAM_CHAT, TELEGRAM_TOKEN, telegramApi, telegramError } from '../../../support/outlet-servers.ts';
import { testLedger, type TestLedger } from '../../../support/ledger.ts';
import { startBlobs, type LocalBlobs } from '../../../support/blobs.ts';
import { testStores, type TestStores } from '../../../support/watch-stores.ts';
import { THS, xApi, type Post } from '../../../support/x-api.ts';
import { httpDeps, loadDir, NOW, readJson, tempData } from '../../../support/pull-env.ts';
import { joinedRegExp } from '../../../support/regexp.ts';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

const POST = { id: postIdAt(new Date(NOW.getTime() - 30_000), 1n), text: "We've reset Codex rate limits for all Plus and Pro users." };
const VAGUE = { id: postIdAt(new Date(NOW.getTime() - 20_000), 2n), text: 'Should we reset rate limits again soon?' };
const REPO = 'resetcast/resetcast';
const DISPATCH_PATH = `/repos/${REPO}/actions/workflows/pull.yml/dispatches`;

interface World {
  /** The ledger's database. */
  db: TestLedger;
  /** The state's store, and the stores of each run (`stores.down(true)`: the database cannot be opened). */
  blobs: LocalBlobs;
  stores: TestStores;
  x: FixtureServer;
  github: FixtureServer;
  ntfy: FixtureServer;
  telegram: FixtureServer;
  input: (over?: Partial<WatchInput>) => WatchInput;
  data: string;
}

interface WorldOpts {
  posts?: () => Post[];
  xFail?: (n: number, url: URL) => Reply | undefined;
  newestId?: boolean;
  dispatch?: (n: number) => Reply;
  telegram?: (n: number) => Reply | undefined;
  expiryDays?: number;
  /** Events by thsottiaux the deploy's timeline has besides the history's: (id, ts). */
  siteEvents?: { id: string; ts: string }[];
}

async function world(opts: WorldOpts = {}): Promise<World> {
  const data = tempData();
  const dataset = loadDir(data);
  // The deploy's payloads; `expiryDays` stands for a deploy whose banked rule differs from the history's 30 days.
  const p = createPayloads(
    { ...dataset, banked: { ...dataset.banked, expiry_days: opts.expiryDays ?? dataset.banked.expiry_days } },
    NOW,
    SITE.url,
  );
  const model = p.timeline.events.find((e) => e.source === 'thsottiaux')!;
  const timeline = { ...p.timeline, events: [...p.timeline.events, ...(opts.siteEvents ?? []).map((e) => ({ ...model, ...e }))] };
  // alerts.json as the deploy has it: none of its alerts is within a day of NOW, so the deployed-alerts step sends nothing here.
  const published: Record<string, string> = {
    '/api/v1/timeline.json': stableStringify(timeline),
    '/api/v1/promises.json': stableStringify(p.promises),
    '/api/v1/banked.json': stableStringify(p.banked),
    '/api/v1/alerts.json': stableStringify(p.alerts),
  };
  const [db, blobs, x, github, ntfy, telegram, site] = await Promise.all([
    testLedger(),
    startBlobs(),
    startServer(xApi(opts.posts ?? (() => [POST]), opts.xFail, opts.newestId)),
    startServer((url, n) => (url.pathname === DISPATCH_PATH ? (opts.dispatch?.(n) ?? { status: 204 }) : undefined)),
    startServer(ntfyApi()),
    startServer(telegramApi((n) => opts.telegram?.(n))),
    startServer((url) => {
      const body = published[url.pathname];
      return body === undefined ? undefined : { body };
    }),
  ]);
  closers.push(db.close, blobs.close, x.close, github.close, ntfy.close, telegram.close, site.close);
  const urls = {
    ntfy: `${ntfy.url}/${NTFY_TOPIC}`,
    telegram: outletUrls({ TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN, TELEGRAM_CHAT_ID: TELEGRAM_CHAT, RESETCAST_TELEGRAM_API: telegram.url })
      .telegram!,
  };
  // A ledger per run, as the function makes one per invocation (a ledger knows its own run's claims).
  const stores = testStores(blobs, () => alertLedger(db.db.sql, { redact: (t) => t, settleMs: 4_000 }));
  return {
    db,
    blobs,
    stores,
    x,
    github,
    ntfy,
    telegram,
    data,
    input: (over = {}) => ({
      now: NOW,
      http: httpDeps(),
      x: { base: x.url, token: 'xTokenS3cret' },
      deploy: site.url,
      siteBase: SITE.url,
      accounts: [{ name: 'thsottiaux', minutes: 1 }],
      stores: stores.stores(),
      urls,
      dispatch: { repo: REPO, token: 'ghDispatchS3cret', api: github.url },
      ...over,
    }),
  };
}

/** The scheduled pull, then its broadcast on the same ledger (as npm run pull, then npm run broadcast on the same database). */
async function pullThenBroadcast(w: World, now: Date): Promise<{ lines: string[] }> {
  const pulled = await runPull({
    texts: readDataTexts(w.data),
    now,
    http: httpDeps([], now),
    bases: { status: 'http://127.0.0.1:9', github: 'http://127.0.0.1:9', x: w.x.url },
    tokens: { x: 'xTokenS3cret' },
    site: SITE.url,
    sourceBudgetMs: 3_000,
  });
  writeDataTexts(w.data, pulled.writes);
  const alerts = deriveAlerts(loadDir(w.data, now), now, SITE.url);
  const result = await broadcast({ alerts, ledger: w.db.ledger, urls: w.input().urls, http: httpDeps([], now), now });
  return { lines: result.lines };
}

/** A run's fast-path lines: the deployed-alerts step's own are tested in tests/unit/jobs/watch/watch-deployed.test.ts. */
async function runWatch(input: WatchInput): Promise<WatchOutput> {
  const run = await runWatchWhole(input);
  return { ...run, lines: run.lines.filter((l) => !l.includes('deployed alerts')) };
}

/** The review queue the pull committed (data/candidates.json; none written: empty). */
const queued = (w: World): Candidate[] =>
  existsSync(join(w.data, 'candidates.json')) ? readJson(w.data, 'candidates.json').candidates : [];

const titles = (s: FixtureServer): string[] => s.requests.map((r) => String(JSON.parse(r.body).title ?? JSON.parse(r.body).text));

describe('the watcher announces a confident reset at once, exactly once with the pull', () => {
  it('watcher first: sends the alert the pull derives later (same id and message), starts the pull, and the pull sends nothing again', async () => {
    const w = await world();
    const run = await runWatch(w.input());
    expect(run.lines).toEqual([
      '✅ x: thsottiaux: 1 new post(s)',
      '✅ classify: 1 to record, 0 for review; 1 alert(s)',
      '✅ ntfy: sent 1 alert(s)',
      '✅ telegram: sent 1 alert(s)',
      '✅ dispatch: started the pull (pull.yml on main)',
    ]);
    expect(run.alerts.map((a) => a.id)).toEqual([`tag:resetcast.netlify.app,2026:alert:reset:${POST.id}`]);
    expect(titles(w.ntfy)).toEqual(['Codex limits reset for Plus + Pro']);
    expect(w.github.requests.map((r) => [r.method, r.body, r.headers.authorization])).toEqual([
      ['POST', '{"ref":"main"}', 'Bearer ghDispatchS3cret'],
    ]);

    // The dispatched pull records the post; the alert its broadcast derives is the watcher's, to the byte.
    const later = new Date(NOW.getTime() + 3 * 60_000);
    const pulled = await pullThenBroadcast(w, later);
    const derived = deriveAlerts(loadDir(w.data, later), later, SITE.url).find((a) => a.id === run.alerts[0]!.id)!;
    expect(alertMessage(derived)).toEqual(alertMessage(run.alerts[0]!));
    expect(pulled.lines.filter((l) => l.includes(' ntfy: '))).toEqual(['✅ ntfy: nothing new to send']);
    expect([w.ntfy.requests.length, w.telegram.requests.length]).toEqual([1, 1]);
  });

  it('pull first: the watcher finds the alert already sent and sends nothing, but still starts the pull (the site does not have it yet)', async () => {
    const w = await world();
    await pullThenBroadcast(w, NOW);
    expect(w.ntfy.requests).toHaveLength(1);
    const run = await runWatch(w.input({ now: new Date(NOW.getTime() + 60_000) }));
    // The ledger already says sent: it is not even attempted.
    expect(run.lines).toEqual([
      '✅ x: thsottiaux: 1 new post(s)',
      '✅ classify: 1 to record, 0 for review; 1 alert(s)',
      '✅ ntfy: nothing new to send',
      '✅ telegram: nothing new to send',
      '✅ dispatch: started the pull (pull.yml on main)',
    ]);
    expect(w.ntfy.requests).toHaveLength(1);
    expect(w.github.requests).toHaveLength(1);
  });

  it('two runs overlapping: one message per outlet and one dispatch', async () => {
    const w = await world();
    const both = await Promise.all([runWatch(w.input()), runWatch(w.input())]);
    // Whichever got there first sent and dispatched; the other found both outlets held.
    expect(both.flatMap((b) => b.lines).filter((l) => l.includes('held by another sender'))).toEqual([
      '✅ ntfy: nothing new to send; 1 held by another sender',
      '✅ telegram: nothing new to send; 1 held by another sender',
    ]);
    expect([w.ntfy.requests.length, w.telegram.requests.length, w.github.requests.length]).toEqual([1, 1, 1]);
    // The next minute: nothing new, nothing sent, nothing dispatched, and the database not opened (both runs above did).
    const next = await runWatch(w.input({ now: new Date(NOW.getTime() + 60_000) }));
    expect(next.lines).toEqual(['✅ x: thsottiaux: 0 new post(s)']);
    expect([w.ntfy.requests.length, w.github.requests.length, w.stores.opened()]).toEqual([1, 1, 2]);
  });

  it('a post deleted before the pull: the pull records nothing and sends nothing; the watcher sent it once', async () => {
    let posts = [POST];
    const w = await world({ posts: () => posts });
    await runWatch(w.input());
    posts = [];
    const pulled = await pullThenBroadcast(w, new Date(NOW.getTime() + 3 * 60_000));
    expect(pulled.lines.filter((l) => l.includes(' ntfy: '))).toEqual(['✅ ntfy: nothing new to send']);
    expect(w.ntfy.requests).toHaveLength(1);
  });

  it("a banked grant expires by the deploy's published expiry_days: 7 days after the post (11:59:30 → 11-27 11:59:30)", async () => {
    const banked = { id: POST.id, text: "We've banked a Codex reset for all Plus and Pro users." };
    const w = await world({ posts: () => [banked], expiryDays: 7 });
    const run = await runWatch(w.input());
    expect(run.alerts.map((a) => [a.kind, a.expires_at])).toEqual([['grant', '2026-11-27T11:59:30Z']]);
    expect(titles(w.ntfy)).toEqual(['Banked Codex reset granted for Plus + Pro']);
  });

  it('a post for review only starts the pull', async () => {
    const w = await world({ posts: () => [VAGUE] });
    const run = await runWatch(w.input());
    expect(run.lines).toEqual([
      '✅ x: thsottiaux: 1 new post(s)',
      '✅ classify: 0 to record, 1 for review; 0 alert(s)',
      '✅ dispatch: started the pull (pull.yml on main)',
    ]);
    expect(w.ntfy.requests).toHaveLength(0);
  });
});

describe('one post id, one record: X answering the same id again', () => {
  /** X answering a page with `first` (and a next_token), then a page with `second`, for every timeline read. */
  const twoPages =
    (first: Post[], second: Post[]) =>
    (_n: number, url: URL): Reply => {
      const data = url.searchParams.has('pagination_token') ? second : first;
      const next = url.searchParams.has('pagination_token') ? {} : { next_token: 'page2' };
      return { body: JSON.stringify({ data, meta: { result_count: data.length, ...next } }) };
    };
  /** The records of `id` in the data the pull committed: its events and its candidates. */
  const recordsOf = (w: World, id: string) => ({
    events: loadDir(w.data, new Date(NOW.getTime() + 3 * 60_000)).events.filter((e) => e.id === id).length,
    candidates: queued(w).filter((c) => c.id === id).length,
  });

  // The watcher reads both pages (it has a cursor: the floor), the pull the first (no cursor yet: its newest page).
  it('three copies (twice in a page, once in the next): one event, one alert, no review candidate, through the watcher and the pull', async () => {
    const w = await world({ xFail: twoPages([POST, POST], [POST]) });
    const run = await runWatch(w.input());
    expect(run.lines).toContain('✅ classify: 1 to record, 0 for review; 1 alert(s)');
    await pullThenBroadcast(w, new Date(NOW.getTime() + 3 * 60_000));
    expect(recordsOf(w, POST.id)).toEqual({ events: 1, candidates: 0 });
    expect([w.ntfy.requests.length, w.telegram.requests.length]).toEqual([1, 1]);
  });

  it('a later copy with another text: the post is queued for review (X does not say which copy is right), nothing announced', async () => {
    // Both copies in the first page: the pull, reading from no cursor, reads only that page.
    const w = await world({ xFail: twoPages([POST, { id: POST.id, text: "We've reset Codex rate limits for everyone." }], []) });
    const run = await runWatch(w.input());
    expect(run.lines).toContain('✅ classify: 0 to record, 1 for review; 0 alert(s)');
    expect(w.github.requests).toHaveLength(1);
    await pullThenBroadcast(w, new Date(NOW.getTime() + 3 * 60_000));
    expect(recordsOf(w, POST.id)).toEqual({ events: 0, candidates: 1 });
    const candidate = queued(w).find((c) => c.id === POST.id)!;
    expect([candidate.text, candidate.reason]).toEqual([
      POST.text,
      'says limits were reset; X answered this post id with differing texts (the first copy is kept)',
    ]);
    expect(w.ntfy.requests).toHaveLength(0);
  });
});

describe('a post written with look-alike letters is queued for review, never announced', () => {
  it('"rеset" with a Cyrillic е: for review, the pull started; the pull queues it with a note naming the letter', async () => {
    const post = { id: POST.id, text: "We've r\u0435set Codex rate limits for all Plus and Pro users." };
    const w = await world({ posts: () => [post] });
    const run = await runWatch(w.input());
    expect(run.lines).toContain('✅ classify: 0 to record, 1 for review; 0 alert(s)');
    expect([w.ntfy.requests.length, w.github.requests.length]).toEqual([0, 1]);
    await pullThenBroadcast(w, new Date(NOW.getTime() + 3 * 60_000));
    expect(loadDir(w.data, new Date(NOW.getTime() + 3 * 60_000)).events.filter((e) => e.id === post.id)).toEqual([]);
    expect(
      queued(w)
        .filter((c) => c.id === post.id)
        .map((c) => [c.suggested_kind, c.suggested_scope, c.reason]),
    ).toEqual([['reset', 'plus+pro', 'says limits were reset; written with look-alike letters ("\u0435" (U+0435) for "e")']]);
    expect(w.ntfy.requests).toHaveLength(0);
  });
});

describe('bad input: one line each, nothing sent twice, nothing lost', () => {
  it('X answering 429, then 503, then garbage: nothing sent, no dispatch, the cursor stays; the next good answer delivers', async () => {
    const answers: Reply[] = [
      { status: 429, headers: { 'retry-after': '60' }, body: '{"title":"Too Many Requests"}' },
      { status: 503, body: 'down' },
      { status: 503, body: 'down' },
      { status: 503, body: 'down' },
      { body: '{"data": "not a list"' },
    ];
    const w = await world({ xFail: (n) => answers[n] });
    const lines = [];
    for (let i = 0; i < 3; i++) lines.push((await runWatch(w.input({ now: new Date(NOW.getTime() + i * 60_000) }))).lines);
    expect(lines.map((l) => l.join(' | '))).toEqual([
      expect.stringMatching(
        /^❌ x: HTTP 429 Too Many Requests: server asked to retry after 60 s, longer than the pull waits; nothing read, the cursor stays$/,
      ),
      expect.stringMatching(/^❌ x: HTTP 503 Service Unavailable \(after 3 attempts\); nothing read, the cursor stays$/),
      expect.stringMatching(/^❌ x: malformed JSON .*; nothing read, the cursor stays$/),
    ]);
    expect([w.ntfy.requests.length, w.github.requests.length]).toEqual([0, 0]);
    await runWatch(w.input({ now: new Date(NOW.getTime() + 3 * 60_000) }));
    expect([w.ntfy.requests.length, w.github.requests.length]).toEqual([1, 1]);
  });

  it('the dispatch refused (403, 422): one line with what it means; it stays owed and the next run starts the pull', async () => {
    const answers: Reply[] = [
      { status: 403, body: '{"message":"Resource not accessible by personal access token"}' },
      { status: 422, body: '{"message":"Workflow does not have \'workflow_dispatch\' trigger"}' },
    ];
    const w = await world({ dispatch: (n) => answers[n] ?? { status: 204 } });
    const first = await runWatch(w.input());
    expect(first.lines).toContain(
      '❌ dispatch: HTTP 403 Forbidden: Resource not accessible by personal access token (the token may not start ' +
        'workflows here (it needs actions: write)); retried next run, and the pull runs on its schedule anyway',
    );
    expect(w.ntfy.requests).toHaveLength(1); // the broadcast never waits for the dispatch
    const second = await runWatch(w.input({ now: new Date(NOW.getTime() + 60_000) }));
    expect(second.lines).toContainEqual(
      expect.stringMatching(
        /^❌ dispatch: HTTP 422 Unprocessable Entity: Workflow does not have 'workflow_dispatch' trigger \(the workflow cannot be dispatched/,
      ),
    );
    const third = await runWatch(w.input({ now: new Date(NOW.getTime() + 120_000) }));
    expect(third.lines).toContain('✅ dispatch: started the pull (pull.yml on main)');
    const fourth = await runWatch(w.input({ now: new Date(NOW.getTime() + 180_000) }));
    expect(fourth.lines).toEqual(['✅ x: thsottiaux: 0 new post(s)']);
    expect([w.ntfy.requests.length, w.github.requests.length]).toEqual([1, 3]);
  });

  it(
    'the database unavailable: nothing is sent (nothing can be claimed), ' +
      'one line says so, the cursor stays, the pull is started and announces it later',
    async () => {
      const w = await world();
      w.stores.down(true);
      const run = await runWatch(w.input());
      expect(run.lines).toContainEqual(
        expect.stringMatching(
          joinedRegExp(
            /^❌ database: database 127\.0\.0\.1:\d+\/watch: .*ECONNREFUSED.*; /,
            /nothing is sent this run \(nothing can be claimed\); new posts still start the pull, which announces them$/,
          ),
        ),
      );
      expect(run.lines.filter((l) => l.includes('❌'))).toHaveLength(1);
      expect(run.lines).toContain('⏭️ alerts: 1 not sent (no database, above: nothing is sent unclaimed); the pull will announce them');
      expect([w.ntfy.requests.length, w.github.requests.length]).toEqual([0, 1]);
      // The post's cursor did not move: the next run, the database back, reads it again and announces it.
      w.stores.down(false);
      const next = await runWatch(w.input({ now: minutes(1) }));
      expect(next.lines.slice(0, 3)).toEqual([
        '✅ x: thsottiaux: 1 new post(s)',
        '✅ classify: 1 to record, 0 for review; 1 alert(s)',
        '✅ ntfy: sent 1 alert(s)',
      ]);
      await pullThenBroadcast(w, new Date(NOW.getTime() + 3 * 60_000));
      expect([w.ntfy.requests.length, w.telegram.requests.length]).toEqual([1, 1]);
    },
  );

  it("the state's store unavailable (503): one line; read as on a first run, the alert sent through the ledger, the pull started", async () => {
    const w = await world();
    w.blobs.fault(() => ({ status: 503 }));
    const run = await runWatch(w.input());
    expect(run.lines[0]).toBe(
      `❌ state: Netlify Blobs store ${WATCH_BLOBS_STORE}: read ${WATCH_STATE_KEY}: HTTP 503; read as on a first run (the site's ` +
        'newest posts, at most 15 min back), and new posts start the pull every run until it is back',
    );
    expect(run.lines.filter((l) => l.includes('❌'))).toHaveLength(1);
    expect([w.ntfy.requests.length, w.telegram.requests.length, w.github.requests.length]).toEqual([1, 1, 1]);
    // Still down a run later: the post read again, its alert held by the ledger (sent), the pull started again.
    const next = await runWatch(w.input({ now: minutes(1) }));
    expect(next.lines).toContain('✅ ntfy: nothing new to send');
    expect([w.ntfy.requests.length, w.github.requests.length]).toEqual([1, 2]);
  });

  it(
    "the state's writes refused (401) or unanswered: one line, the alert sent once, the pull started; " +
      'the next run reads the post again and sends nothing more',
    async () => {
      const w = await world();
      w.blobs.fault((r) => (r.method === 'PUT' ? { status: 401 } : undefined));
      const run = await runWatch(w.input());
      expect(run.lines).toContain(
        `❌ state: the state cannot be written (Netlify Blobs store ${WATCH_BLOBS_STORE}: write ${WATCH_STATE_KEY}: HTTP 401; not ` +
          'written); the pull is started anyway (it records the posts)',
      );
      expect(run.lines.filter((l) => l.includes('❌'))).toHaveLength(1);
      expect([w.ntfy.requests.length, w.github.requests.length]).toEqual([1, 1]);
      // A store that accepts writes and never answers them: the same, within the store's own deadline.
      w.blobs.fault((r) => (r.method === 'PUT' ? { hang: true } : undefined));
      const hung = await runWatch(w.input({ now: minutes(1), stores: w.stores.stores({ timeoutMs: 500 }) }));
      expect(hung.lines).toContainEqual(
        expect.stringMatching(/^❌ state: the state cannot be written \(.*no answer within 0\.5 s.*\); the pull is started anyway/),
      );
      expect(hung.lines).toContain('✅ ntfy: nothing new to send');
      expect([w.ntfy.requests.length, w.github.requests.length]).toEqual([1, 2]);
    },
  );

  it('a run that died between marking the dispatch owed and sending it: the next run, with nothing new, sends it once', async () => {
    const w = await world({ posts: () => [] });
    // What such a run leaves: the cursor moved past the post and the dispatch owed (generation 1), nothing sent to GitHub.
    await w.blobs.poke(
      WATCH_BLOBS_STORE,
      WATCH_STATE_KEY,
      JSON.stringify({ version: 1, state: { ...account(POST.id), dispatch_pending: true }, generation: 1, finished: null, writer: 'died' }),
    );
    const run = await runWatch(w.input());
    expect(run.lines).toEqual(['✅ x: thsottiaux: 0 new post(s)', '✅ dispatch: started the pull (pull.yml on main)']);
    expect((await state(w)).dispatch_pending).toBe(false);
    expect((await runWatch(w.input({ now: minutes(1) }))).lines).toEqual(['✅ x: thsottiaux: 0 new post(s)']);
    expect([w.github.requests.length, w.stores.opened()]).toEqual([1, 0]);
  });

  it('Telegram 429 with retry_after is waited for; 403 (bot removed) loses nothing: sent on a later run once the bot is back', async () => {
    let removed = true;
    const w = await world({
      telegram: (n) =>
        n === 0
          ? telegramError(429, 'Too Many Requests: retry after 1', { retry_after: 1 })
          : removed
            ? telegramError(403, 'Forbidden: bot was kicked from the channel chat')
            : undefined,
    });
    const first = await runWatch(w.input());
    expect(first.lines).toContain(
      '❌ telegram: reset:' +
        POST.id +
        ' not delivered: HTTP 403 Forbidden: bot was kicked from the channel chat (0 of 1 sent; 1 left for the next broadcast)',
    );
    removed = false;
    // The next run reads no new post; the scheduled pull's broadcast sends what Telegram missed.
    await pullThenBroadcast(w, new Date(NOW.getTime() + 3 * 60_000));
    expect(w.telegram.requests.map((r) => r.url.pathname)).toHaveLength(3);
    expect(w.ntfy.requests).toHaveLength(1);
  });
});

const state = async (w: World): Promise<WatchState> => (await watchStore(w.blobs.store(WATCH_BLOBS_STORE)).read()).state;
/** Writes a stored state as a run long ago (or a hand edit) could have left it, bypassing the store's forward-only rules. */
async function seed(w: World, s: WatchState): Promise<void> {
  await w.blobs.poke(
    WATCH_BLOBS_STORE,
    WATCH_STATE_KEY,
    JSON.stringify({ version: 1, state: s, generation: 0, finished: null, writer: 'seed' }),
  );
}
const account = (since_id: string | null): WatchState => ({
  accounts: { thsottiaux: { user_id: THS, since_id } },
  dispatch_pending: false,
});
const sinceIds = (w: World): (string | null)[] =>
  w.x.requests.filter((r) => r.url.pathname === `/2/users/${THS}/tweets`).map((r) => r.url.searchParams.get('since_id'));
const FLOOR = postIdAt(new Date(NOW.getTime() - 15 * 60_000));
const minutes = (n: number): Date => new Date(NOW.getTime() + n * 60_000);

describe('every stuck state heals within one run', () => {
  it(
    "X refuses the stored cursor (400): X's reason, cleaned, in the line; read from the floor instead; the " +
      'cursor replaced, so the next run asks from the post read',
    async () => {
      // A cursor in the right form and not ahead of the clock, newer than the post, that X calls invalid.
      const BAD = postIdAt(new Date(NOW.getTime() - 10_000), 9n);
      const refusal = {
        errors: [
          {
            parameters: { since_id: [BAD] },
            message: `Invalid 'since_id':'${BAD}'.\u0007\n'since_id' must be a tweet ID created after 2010-11-04T00:00:00Z.`,
          },
        ],
        title: 'Invalid Request',
        detail: 'One or more parameters to your request was invalid.',
        type: 'https://api.twitter.com/2/problems/invalid-request',
      };
      const w = await world({
        xFail: (_n, url) => (url.searchParams.get('since_id') === BAD ? { status: 400, body: JSON.stringify(refusal) } : undefined),
      });
      await seed(w, account(BAD));
      const run = await runWatch(w.input());
      expect(run.lines.slice(0, 2)).toEqual([
        `⚠️ x: X posts of user ${THS} since ${BAD}: HTTP 400 Bad Request: Invalid 'since_id':'${BAD}'. 'since_id' ` +
          `must be a tweet ID created after 2010-11-04T00:00:00Z.; thsottiaux is read from ${FLOOR} instead (the ` +
          `site's newest post, at most 15 min back), and that cursor replaces it`,
        '✅ x: thsottiaux: 1 new post(s)',
      ]);
      expect([w.ntfy.requests.length, w.github.requests.length]).toEqual([1, 1]);
      expect((await state(w)).accounts['thsottiaux']).toEqual({ user_id: THS, since_id: POST.id });
      const next = await runWatch(w.input({ now: minutes(1) }));
      expect(next.lines).toEqual(['✅ x: thsottiaux: 0 new post(s)']);
      expect(sinceIds(w)).toEqual([BAD, FLOOR, POST.id]);
    },
  );

  it('X refusing the start cursor too: one ❌ line, nothing sent, the stored cursor kept', async () => {
    const w = await world({
      xFail: (_n, url) =>
        url.searchParams.has('since_id')
          ? { status: 400, body: '{"detail":"One or more parameters to your request was invalid."}' }
          : undefined,
    });
    await seed(w, account(FLOOR));
    const run = await runWatch(w.input());
    expect(run.lines.at(-1)).toBe(
      `❌ x: X posts of user ${THS} since ${FLOOR}: HTTP 400 Bad Request: One or more parameters to your request was invalid.; nothing read, the cursor stays`,
    );
    expect([w.ntfy.requests.length, w.github.requests.length]).toEqual([0, 0]);
    expect((await state(w)).accounts['thsottiaux']!.since_id).toBe(FLOOR);
  });

  it("a stored text that is not the watcher's state: read as on a first run (the floor), the post announced, the state replaced", async () => {
    const w = await world();
    await w.blobs.poke(WATCH_BLOBS_STORE, WATCH_STATE_KEY, '{"cursor": "2123251393622970514"');
    const run = await runWatch(w.input());
    expect(run.lines.slice(0, 2)).toEqual([
      "⚠️ state: the stored state is not the watcher's (not JSON): read as on a first run, and replaced",
      '✅ x: thsottiaux: 1 new post(s)',
    ]);
    expect(sinceIds(w)).toEqual([FLOOR]);
    expect((await state(w)).accounts['thsottiaux']).toEqual({ user_id: THS, since_id: POST.id });
    expect((await runWatch(w.input({ now: minutes(1) }))).lines).toEqual(['✅ x: thsottiaux: 0 new post(s)']);
  });

  it('a since_id a day ahead of the clock: dropped, read as on a first run (from the floor), and replaced by the post read', async () => {
    const w = await world();
    const ahead = postIdAt(minutes(24 * 60), 1n);
    await seed(w, account(ahead));
    const run = await runWatch(w.input());
    expect(run.lines[0]).toMatch(
      joinedRegExp(
        /^⚠️ state: thsottiaux's cursor "\d+" is above the largest post id possible at 2026-11-20T12:05:00Z/,
        / \(it decodes to 2026-11-21T12:00:00Z\): dropped, read as on a first run$/,
      ),
    );
    expect(run.lines[1]).toBe('✅ x: thsottiaux: 1 new post(s)');
    expect(w.ntfy.requests).toHaveLength(1);
    expect((await state(w)).accounts['thsottiaux']!.since_id).toBe(POST.id);
    expect(sinceIds(w)).toEqual([FLOOR]);
  });

  it('X leaving out meta.newest_id: the cursor is the post read, so the next run does not read it (nor start the pull) again', async () => {
    const w = await world({ newestId: false });
    await runWatch(w.input());
    const next = await runWatch(w.input({ now: minutes(1) }));
    expect(next.lines).toEqual(['✅ x: thsottiaux: 0 new post(s)']);
    expect(sinceIds(w)).toEqual([FLOOR, POST.id]);
    expect([w.ntfy.requests.length, w.github.requests.length]).toEqual([1, 1]);
  });

  it('a synthetic id on the site (an event recorded without a post, 19 digits too) is never the cursor: the first read starts at the floor', async () => {
    const synthetic = postIdAt(new Date(NOW.getTime() - 5 * 60_000));
    const w = await world({ siteEvents: [{ id: synthetic, ts: '2026-11-20T11:55:00Z' }] });
    await runWatch(w.input());
    expect(synthetic).toHaveLength(19);
    expect(sinceIds(w)).toEqual([FLOOR]);
  });

  it('a real post on the site newer than the floor is where the first read starts', async () => {
    const real = postIdAt(new Date(NOW.getTime() - 5 * 60_000), 77n);
    const w = await world({ siteEvents: [{ id: real, ts: '2026-11-20T11:55:00Z' }] });
    await runWatch(w.input());
    expect(sinceIds(w)).toEqual([real]);
  });
});

describe('the pull counts as dispatched only on 204; what may have started a run is never repeated', () => {
  it.each<[string, Reply, RegExp]>([
    [
      '200 with an HTML page',
      { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: '<!doctype html><title>Sign in</title>' },
      joinedRegExp(
        /^⚠️ dispatch: HTTP 200 \(text\/html; charset=utf-8, 37 bytes\) where GitHub answers 204; it/,
        / may have started the pull: not repeated for 30 min, and the scheduled pull runs anyway$/,
      ),
    ],
    [
      '502',
      { status: 502, body: '<html>Bad gateway</html>' },
      /^⚠️ dispatch: HTTP 502 Bad Gateway; it may have started the pull: not repeated for 30 min/,
    ],
    [
      'no answer in time',
      { hang: true },
      /^⚠️ dispatch: no answer within the timeout; it may have started the pull: not repeated for 30 min/,
    ],
  ])('%s: asked once, not counted as started; a new post within 30 min starts nothing, one after does', async (_n, reply, line) => {
    const later = { id: postIdAt(minutes(1), 3n), text: "We've reset Codex rate limits for all Pro users." };
    const last = { id: postIdAt(minutes(31), 3n), text: "We've reset Codex rate limits for all Plus users." };
    let posts = [POST];
    const w = await world({ posts: () => posts, dispatch: (n) => (n === 0 ? reply : { status: 204 }) });
    const first = await runWatch(w.input());
    expect(first.lines.at(-1)).toMatch(line);
    expect([first.dispatched, w.github.requests.length]).toEqual([false, 1]);
    expect(await state(w)).toMatchObject({ dispatch_pending: false, dispatch_uncertain_at: '2026-11-20T12:00:00Z' });
    posts = [POST, later];
    const second = await runWatch(w.input({ now: minutes(2) }));
    expect(second.lines.at(-1)).toBe(
      '⏭️ dispatch: not sent: the dispatch at 2026-11-20T12:00:00Z may have started the pull, and none is repeated ' +
        'for 30 min; the scheduled pull records the posts',
    );
    expect(w.github.requests).toHaveLength(1);
    expect((await runWatch(w.input({ now: minutes(3) }))).lines).toEqual(['✅ x: thsottiaux: 0 new post(s)']);
    posts = [POST, later, last];
    const after = await runWatch(w.input({ now: minutes(32) }));
    expect([after.lines.at(-1), after.dispatched, w.github.requests.length]).toEqual([
      '✅ dispatch: started the pull (pull.yml on main)',
      true,
      2,
    ]);
  });

  it('connection refused: started nothing, so it stays owed and the next run starts the pull', async () => {
    const w = await world();
    // A port that was just listening and no longer is: refused at once, before a byte is sent.
    const gone = await startServer(() => undefined);
    await gone.close();
    const first = await runWatch(w.input({ dispatch: { repo: REPO, token: 'ghDispatchS3cret', api: gone.url } }));
    expect(first.lines.at(-1)).toMatch(/^❌ dispatch: .*ECONNREFUSED.*; retried next run, and the pull runs on its schedule anyway$/);
    expect((await state(w)).dispatch_pending).toBe(true);
    const second = await runWatch(w.input({ now: minutes(1) }));
    expect([second.lines.at(-1), second.dispatched, w.github.requests.length]).toEqual([
      '✅ dispatch: started the pull (pull.yml on main)',
      true,
      1,
    ]);
    expect((await state(w)).dispatch_pending).toBe(false);
  });
});

describe('the watcher and the pull make the same alerts for the same posts', () => {
  it('a reset and a banked grant: each alert the watcher sent is, field for field, the one derived from the data the pull committed', async () => {
    const banked = { id: postIdAt(new Date(NOW.getTime() - 20_000), 5n), text: "We've banked a Codex reset for all Plus and Pro users." };
    const w = await world({ posts: () => [POST, banked] });
    const run = await runWatch(w.input());
    expect(run.alerts.map((a) => a.kind)).toEqual(['reset', 'grant']);
    const later = new Date(NOW.getTime() + 3 * 60_000);
    await pullThenBroadcast(w, later);
    const committed = deriveAlerts(loadDir(w.data, later), later, SITE.url);
    for (const sent of run.alerts) {
      const derived = committed.find((a) => a.id === sent.id);
      expect(derived).toEqual(sent);
      expect(alertMessage(derived!)).toEqual(alertMessage(sent));
    }
    expect([w.ntfy.requests.length, w.telegram.requests.length]).toEqual([2, 2]);
  });
});
