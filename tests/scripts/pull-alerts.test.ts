/**
 * A real pull, then the broadcast of what it recorded: sources and outlets are local servers, data/ a
 * temp copy of the frozen history. The pull announces nothing; `npm run broadcast` announces a new post
 * once on every outlet from the data/ as written; a re-run sends nothing; outlets that fail lose
 * nothing; a threshold crossed by the forecast the pull issued is announced; the command reads the
 * outlet URLs from its environment, sets its exit code by them, sends nothing from an invalid data/,
 * writes nothing into data/ (what was sent is the ledger's: its embedded database here), and
 * `npm run validate` still refuses a retired sent-log from the future, which the ledger never imports.
 */
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OutletUrls } from '../../src/jobs/broadcast/outlets/index.ts';
import { runBroadcast } from '../../src/jobs/broadcast/run.ts';
import { runPull } from '../../src/jobs/pull/run.ts';
import { SITE } from '../../src/core/site.ts';
import { postIdAt } from '../../src/core/postid.ts';
import { readDataTexts, writeDataTexts } from '../../src/io/data-folder.ts';
import { runNode } from '../support/run-node.ts';
import { FIXTURES, fixture, json, startServer, type FixtureServer, type Reply } from '../support/fixture-server.ts';
import {
  NTFY_TOPIC,
  ntfyApi,
  outletUrlsAt,
  SLACK_PATH,
  startOutlets,
  TELEGRAM_CHAT,
  TELEGRAM_TOKEN,
  telegramApi,
  telegramError,
} from '../support/outlet-servers.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { snapshot } from '../support/curate-env.ts';
import { DEAD, httpDeps, loadDir, NOW, read, readJson, tempData } from '../support/pull-env.ts';
import { testLedger, type TestLedger } from '../support/ledger.ts';
import type { LooseJson } from '../support/json.ts';
import { closedAfterEach } from '../support/closed-after-each.ts';
import { forecastLogLine } from '../support/forecast-log.ts';

/** The broadcast's lines about the outlets, picked by content (wherever the command prints them). */
const outletLines = (lines: string[]): string[] => lines.filter((l) => /^(✅|❌) (ntfy|discord|slack|telegram): /.test(l));

const servers = closedAfterEach<FixtureServer>();
const ledgers = closedAfterEach<TestLedger>();
/** The test's ledger (embedded, fresh), opened on first use. */
let current: TestLedger | undefined;
async function ledger(): Promise<TestLedger> {
  if (!current || !ledgers.includes(current)) {
    current = await testLedger();
    ledgers.push(current);
  }
  return current;
}

const THS = '1450183340366770177';
/** The id of an X post at `iso`, with low bits as a real post has. */
const postId = (iso: string): string => postIdAt(new Date(iso), 777n);
const FRESH = postId('2026-11-20T11:50:00Z'); // ten minutes before the pull
const FRESH_POST = {
  id: FRESH,
  text: "We've reset Codex rate limits for all Plus and Pro users.",
  created_at: '2026-11-20T11:50:00.000Z',
  edit_history_tweet_ids: [FRESH],
};

/** Status, issues, staff posts and X on one local server; `timeline` is what thsottiaux's timeline returns. */
async function sources(timeline?: unknown): Promise<FixtureServer> {
  const server = await startServer((u, n) => {
    if (u.pathname === '/api/v2/summary.json') return json('status/summary.json');
    if (u.pathname === '/search/issues') return json(n % 2 === 0 ? 'issues/search-recent.json' : 'issues/search-baseline.json');
    if (u.pathname.startsWith('/repos/openai/codex/issues')) return json('github/empty.json');
    if (u.pathname === '/2/users/by') return json('x/users.json');
    if (u.pathname === `/2/users/${THS}/tweets` && timeline) return { body: JSON.stringify(timeline) };
    return u.pathname.startsWith('/2/users/') ? json('x/empty.json') : undefined;
  });
  servers.push(server);
  return server;
}

async function outlets(fail?: Reply): Promise<{ urls: OutletUrls; all: FixtureServer[] }> {
  const o = fail ? () => fail : undefined;
  const { ntfy, discord, slack, telegram } = await startOutlets({ ntfy: o, discord: o, slack: o, telegram: o });
  const all = [ntfy, discord, slack, telegram];
  servers.push(...all);
  return { urls: outletUrlsAt({ ntfy: ntfy.url, discord: discord.url, slack: slack.url, telegram: telegram.url }), all };
}

function dataWithState(): string {
  const dir = tempData();
  cpSync(join(FIXTURES, 'x', 'pull-state.json'), join(dir, 'pull-state.json'));
  return dir;
}

async function pull(dir: string, src: FixtureServer, now = NOW) {
  const result = await runPull({
    texts: readDataTexts(dir),
    now,
    http: httpDeps([], now),
    bases: { status: src.url, github: src.url, x: src.url },
    tokens: { x: 'x-test' },
    site: SITE.url,
  });
  writeDataTexts(dir, result.writes);
  return result;
}

/** What scripts/broadcast.ts does, minus reading the environment and opening the database. */
async function announce(dir: string, urls: OutletUrls, now = NOW) {
  return runBroadcast({ texts: readDataTexts(dir), now, http: httpDeps([], now), urls, site: SITE.url, ledger: (await ledger()).ledger });
}

const bodies = (s: FixtureServer): LooseJson[] => s.requests.map((q) => JSON.parse(q.body));

describe('a pull that records a new reset', () => {
  it('announces it once on every outlet, with the post, the timeline entry and the attribution', async () => {
    const dir = dataWithState();
    const src = await sources({ data: [FRESH_POST], meta: { result_count: 1, newest_id: FRESH, oldest_id: FRESH } });
    const { urls, all } = await outlets();
    const pulled = await pull(dir, src);
    expect(readJson(dir, 'events.json').events.at(-1)).toMatchObject({
      id: FRESH,
      kind: 'reset',
      scope: 'plus+pro',
      ts: '2026-11-20T11:50:00Z',
    });
    expect(pulled.writes['sent-log.json']).toBeUndefined(); // the pull announces nothing
    const r = await announce(dir, urls);
    // (the pull marks a reset for plus+pro as not global: its title says "some accounts")
    expect(outletLines(r.lines)).toEqual([
      '✅ ntfy: sent 1 alert(s)',
      '✅ discord: sent 1 alert(s)',
      '✅ slack: sent 1 alert(s)',
      '✅ telegram: sent 1 alert(s)',
    ]);
    const [ntfy, discord, slack, telegram] = all.map(bodies) as [LooseJson[], LooseJson[], LooseJson[], LooseJson[]];
    const post = `https://x.com/thsottiaux/status/${FRESH}`;
    const entry = `https://resetcast.netlify.app/timeline/2026/#e-${FRESH}`;
    expect(ntfy).toEqual([
      expect.objectContaining({
        topic: NTFY_TOPIC,
        title: 'Codex limits reset for Plus + Pro',
        click: entry,
        message: expect.stringMatching(/\nData: Resetcast$/),
      }),
    ]);
    expect(discord[0].content).toBe(
      `**Codex limits reset for Plus + Pro**\nWe've reset Codex rate limits for all Plus and Pro users. Certainty: ` +
        `medium. Whether it was partial is not stated; whether it reached everyone is not stated; the summary ` +
        `is the post's own text; the plans are not stated.\nPost: <${post}>\nTimeline: <${entry}>\nData: Resetcast`,
    );
    expect(slack[0].text).toContain(`<${post}|Post> · <${entry}|Timeline>\nData: Resetcast`);
    expect(telegram[0].text).toBe(
      "<b>Codex limits reset for Plus + Pro</b>\nWe've reset Codex rate limits for all Plus and Pro users. Certainty: " +
        'medium. Whether it was partial is not stated; whether it reached everyone is not stated; the summary ' +
        "is the post's own text; the plans are not stated.\n" +
        `<a href="${post}">Post</a> · <a href="${entry}">Timeline</a>\nData: Resetcast`,
    );
    for (const o of ['ntfy', 'discord', 'slack', 'telegram'])
      expect(await (await ledger()).rows(o)).toEqual([`#${Number(FRESH.slice(-3))} sent 1/0`]);
    expect(r.checks.map((c) => c.outcome)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(r.failed).toBe(false);
    expect(() => loadDir(dir)).not.toThrow();

    // The same pull and broadcast again (the cursor replayed, so X returns the same post): nothing is sent twice.
    cpSync(join(FIXTURES, 'x', 'pull-state.json'), join(dir, 'pull-state.json'));
    await pull(dir, src);
    const again = await announce(dir, urls);
    expect(all.map((s) => s.requests.length)).toEqual([1, 1, 1, 1]);
    expect(outletLines(again.lines)).toEqual([
      '✅ ntfy: nothing new to send',
      '✅ discord: nothing new to send',
      '✅ slack: nothing new to send',
      '✅ telegram: nothing new to send',
    ]);
  });

  it('outlets that cannot be reached lose nothing: the failure is recorded, nothing against the alert, and a later broadcast delivers it', async () => {
    const dir = dataWithState();
    const src = await sources({ data: [FRESH_POST], meta: { result_count: 1, newest_id: FRESH, oldest_id: FRESH } });
    await pull(dir, src);
    expect(readJson(dir, 'events.json').events.map((e: { id: string }) => e.id)).toContain(FRESH);
    // A port nothing listens on: connection refused, so nothing was sent (port 9, DEAD, fetch refuses before
    // connecting: that counts as uncertain).
    const closed = `http://127.0.0.1:${await freePort()}`;
    const r = await announce(dir, outletUrlsAt({ ntfy: closed, discord: closed, slack: closed, telegram: closed }));
    expect(r.failed).toBe(true);
    expect(outletLines(r.lines)).toEqual(
      ['ntfy', 'discord', 'slack', 'telegram'].map((o) =>
        expect.stringMatching(new RegExp(`^❌ ${o}: reset:\\d+ not delivered: fetch failed`)),
      ),
    );
    // Released: it provably did not arrive, so no attempt is used.
    for (const o of ['ntfy', 'discord', 'slack', 'telegram'])
      expect(await (await ledger()).rows(o)).toEqual([`#${Number(FRESH.slice(-3))} released 0/0`]);
    const said = r.lines.join('\n') + JSON.stringify(r.decisions);
    expect(said).not.toContain('s3cretWebhookT0ken');
    expect(said).not.toContain(TELEGRAM_TOKEN.split(':')[1]!);

    const later = new Date('2026-11-20T12:30:00Z');
    const { urls, all } = await outlets();
    const next = await announce(dir, urls, later);
    expect(all.map((s) => s.requests.length)).toEqual([1, 1, 1, 1]);
    expect(next.failed).toBe(false);
  });

  it('announces only what is under 24 h old: the banked post of yesterday, not the reset of two days ago', async () => {
    const dir = dataWithState();
    // The recorded X fixtures: a reset posted 2026-11-18T09:15 (51 h before the pull) and a banked reset 2026-11-19T16:20 (20 h before).
    const src = await startServer((u) => {
      if (u.pathname === '/2/users/by') return json('x/users.json');
      if (u.pathname === `/2/users/${THS}/tweets`)
        return { body: fixture(u.searchParams.has('pagination_token') ? 'x/thsottiaux-page2.json' : 'x/thsottiaux-page1.json') };
      if (u.pathname === '/2/users/1582471096587264001/tweets') return json('x/openaidevs.json');
      return u.pathname.startsWith('/2/users/') ? json('x/empty.json') : undefined;
    });
    servers.push(src);
    const { urls, all } = await outlets();
    await pull(dir, src);
    await announce(dir, urls);
    expect(readJson(dir, 'events.json').events.map((e: { id: string }) => e.id)).toEqual(
      expect.arrayContaining(['2122981897008055506', '2123451231237046371']),
    );
    expect(bodies(all[0]!).map((b) => b.title)).toEqual(['Banked Codex reset granted for paid plans']);
    expect(bodies(all[0]!)[0].message).toMatch(/Expires 2026-12-19 16:20 UTC if unused\./);
  });
});

describe('a threshold crossed by the forecast the pull issued', () => {
  it('is announced from the fresh forecast-log line, once per crossed (horizon, threshold)', async () => {
    const dir = dataWithState();
    // The forecast half an hour earlier (same formula) was 0 % on both horizons (available): every pair is armed.
    const logLine = forecastLogLine('2026-11-20T11:30:00Z', 0, 0, { rhythm_model: 'recency-mix', formula_version: '2' });
    writeFileSync(join(dir, 'forecast-log.jsonl'), `${JSON.stringify(logLine)}\n`);
    const src = await sources();
    const { urls, all } = await outlets();
    await pull(dir, src);
    await announce(dir, urls);
    const issued = JSON.parse(read(dir, 'forecast-log.jsonl').trim().split('\n').at(-1)!) as {
      issued_at: string;
      available: boolean;
      p24: number;
      p48: number;
    };
    expect(issued).toMatchObject({ issued_at: '2026-11-20T12:00:00Z', available: true });
    // By the rule (docs/alerts.md): from 0, each threshold at or below the issued value is crossed.
    const expected = (
      [
        [24, issued.p24],
        [48, issued.p48],
      ] as const
    ).flatMap(([h, v]) => [25, 50, 75].filter((t) => v >= t).map((t) => `threshold:p${h}-${t}:2026-11-20T12:00:00Z`));
    expect(expected.length).toBeGreaterThan(0);
    const ids = expected.map((k) => `tag:resetcast.netlify.app,2026:alert:${k}`);
    const sent = [...(await (await ledger()).ledger.deliveries('ntfy', ids)).values()]
      .filter((d) => d.state === 'sent')
      .map((d) => d.alert_id.replace(/^.*:alert:/, ''));
    expect(sent.sort()).toEqual([...expected].sort());
    expect(all[0]!.requests).toHaveLength(expected.length);
    expect(bodies(all[0]!).every((b) => /^Chance of a Codex reset within (24|48) h is now \d+ % \(crossed \d+ %\)$/.test(b.title))).toBe(
      true,
    );
  });
});

describe('npm run broadcast', () => {
  const EPOCH = String(NOW.getTime() / 1000);
  // Each data/ copy gets its own embedded database beside it (the command's default is .resetcast/db in the clone).
  const dbOf = new Map<string, string>();
  const run = (script: string, dir: string, env: Record<string, string>) => {
    if (!dbOf.has(dir)) dbOf.set(dir, join(mkdtempSync(join(tmpdir(), 'resetcast-db-')), 'db'));
    return runNode([`scripts/${script}.ts`], {
      PATH: process.env['PATH'] ?? '',
      RESETCAST_DATA_DIR: dir,
      RESETCAST_DB_DIR: dbOf.get(dir)!,
      SOURCE_DATE_EPOCH: EPOCH,
      RESETCAST_STATUS_BASE: DEAD,
      RESETCAST_GITHUB_API: DEAD,
      RESETCAST_X_API: DEAD,
      ...env,
    });
  };

  it(
    'after npm run pull (which sends nothing even with outlets set): reads the outlet URLs from the environment; ' +
      'an outlet failure exits 1; data/ is not written',
    async () => {
      const dir = dataWithState();
      const src = await sources({ data: [FRESH_POST], meta: { result_count: 1, newest_id: FRESH, oldest_id: FRESH } });
      const ntfy = await startServer(ntfyApi());
      servers.push(ntfy);
      const outletsEnv = {
        NTFY_TOPIC_URL: `${ntfy.url}/${NTFY_TOPIC}`,
        SLACK_WEBHOOK_URL: `http://127.0.0.1:${await freePort()}${SLACK_PATH}`,
      };
      const pulled = await run('pull', dir, {
        RESETCAST_STATUS_BASE: src.url,
        RESETCAST_GITHUB_API: src.url,
        RESETCAST_X_API: src.url,
        X_BEARER_TOKEN: 't',
        ...outletsEnv,
      });
      expect(pulled.code).toBe(0);
      expect(ntfy.requests).toHaveLength(0);
      expect(readJson(dir, 'events.json').events.map((e: { id: string }) => e.id)).toContain(FRESH);

      const before = snapshot(dir);
      const failing = await run('broadcast', dir, outletsEnv);
      expect(failing.out).toMatch(/^✅ database: embedded database .+ \(applied 0001_alert_state, 0002_ledger_imports\)$/m);
      expect(failing.out).toMatch(/^✅ ntfy: sent 1 alert\(s\)$/m);
      expect(failing.out).toMatch(/^⏭️ discord: skipped \(DISCORD_WEBHOOK_URL not set\)$/m);
      expect(failing.out).toMatch(/^❌ slack: reset:\d+ not delivered: fetch failed/m);
      expect(snapshot(dir)).toEqual(before);
      expect(failing.out).not.toContain('XXXXsecretXXXX');
      expect(failing.code).toBe(1);

      const ok = await run('broadcast', dir, { NTFY_TOPIC_URL: `${ntfy.url}/${NTFY_TOPIC}` });
      expect(ok.code).toBe(0);
      expect(ok.out).toMatch(/^✅ ntfy: nothing new to send$/m);
      expect(ntfy.requests).toHaveLength(1);
      expect((await run('validate', dir, {})).code).toBe(0);
    },
  );

  it(
    'Telegram from its variables: kicked from the channel (403) is one clear failure line, then delivered; ' +
      'the token is in no output and no file of data/',
    async () => {
      const dir = dataWithState();
      const src = await sources({ data: [FRESH_POST], meta: { result_count: 1, newest_id: FRESH, oldest_id: FRESH } });
      await pull(dir, src);
      const tg = await startServer(
        telegramApi((n) => (n === 0 ? telegramError(403, 'Forbidden: bot was kicked from the channel chat') : undefined)),
      );
      servers.push(tg);
      const env = { TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN, TELEGRAM_CHAT_ID: TELEGRAM_CHAT, RESETCAST_TELEGRAM_API: tg.url };
      const secretPart = TELEGRAM_TOKEN.split(':')[1]!;

      const kicked = await run('broadcast', dir, env);
      expect(kicked.code).toBe(1);
      expect(kicked.out).toMatch(
        new RegExp(
          `^❌ telegram: reset:${FRESH} not delivered: HTTP 403 Forbidden: bot was kicked from the channel chat ` +
            '\\(0 of 1 sent; 1 left for the next broadcast\\)$',
          'm',
        ),
      );
      const delivered = await run('broadcast', dir, env);
      expect(delivered.code).toBe(0);
      expect(delivered.out).toMatch(/^✅ telegram: sent 1 alert\(s\)$/m);
      expect(tg.requests.map((q) => q.url.pathname)).toEqual([`/bot${TELEGRAM_TOKEN}/sendMessage`, `/bot${TELEGRAM_TOKEN}/sendMessage`]);

      const written = Object.values(snapshot(dir)).join('\n');
      for (const text of [kicked.out, delivered.out, written]) {
        expect(text).not.toContain(secretPart);
        expect(text).not.toContain(encodeURIComponent(TELEGRAM_TOKEN));
      }
    },
  );

  it('an invalid data/ sends nothing and writes nothing (exit 2)', async () => {
    const dir = dataWithState();
    const ntfy = await startServer(ntfyApi());
    servers.push(ntfy);
    writeFileSync(join(dir, 'events.json'), '{"checked_at": "2026-11-20T11:00:00Z", "events": [{"id": "x"}]}\n');
    const before = snapshot(dir);
    const r = await run('broadcast', dir, { NTFY_TOPIC_URL: `${ntfy.url}/${NTFY_TOPIC}` });
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/^broadcast refused: data\/ is invalid, nothing sent$/m);
    expect(r.out).toMatch(/data\/events\.json/);
    expect(ntfy.requests).toHaveLength(0);
    expect(snapshot(dir)).toEqual(before);
  });

  it(
    'a future-dated retired sent-log: npm run validate refuses it naming file and field; the ledger never ' +
      'imports it over its rows, nothing is resent',
    async () => {
      const dir = dataWithState();
      const src = await sources({ data: [FRESH_POST], meta: { result_count: 1, newest_id: FRESH, oldest_id: FRESH } });
      await pull(dir, src);
      const ntfy = await startServer(ntfyApi());
      servers.push(ntfy);
      const env = { NTFY_TOPIC_URL: `${ntfy.url}/${NTFY_TOPIC}` };
      expect((await run('broadcast', dir, env)).code).toBe(0);
      const log = {
        outlets: [
          {
            name: 'ntfy',
            ok: true,
            error: null,
            checked_at: '2026-11-20T12:00:00Z',
            outcome: 'ok',
            last_ok_at: '2026-11-20T12:00:00Z',
            sent: [] as unknown[],
          },
        ],
      };
      log.outlets[0]!.sent.push(
        ...Array.from({ length: 500 }, (_, i) => ({
          id: `tag:resetcast.netlify.app,2026:alert:reset:9${i}`,
          at: '2099-01-01T00:00:00Z',
          sent_at: '2099-01-01T00:00:00Z',
        })),
      );
      writeFileSync(join(dir, 'sent-log.json'), JSON.stringify(log));

      const validate = await run('validate', dir, {});
      expect(validate.code).toBe(1);
      expect(validate.out).toContain(
        "data/sent-log.json: field 'outlets.0.sent.0.at': 2099-01-01T00:00:00Z is later than 2026-11-20T12:00:00Z + 5 min (from the future)",
      );

      for (let i = 0; i < 2; i++) {
        const r = await run('broadcast', dir, env);
        expect(r.code).toBe(0);
        expect(r.out).not.toMatch(/imported/);
      }
      expect(ntfy.requests).toHaveLength(1);
    },
  );
});
