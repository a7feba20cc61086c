/**
 * Exactly once, through the alert ledger (in the embedded database, the same binding and migrations as
 * `npm run broadcast`): a re-run sends nothing; what may have arrived is resent at most once, never
 * before its lease ends; an alert the outlet refuses never holds back the ones after it; an outlet that
 * cannot be reached, or refuses (403), loses nothing and uses no attempt; a sender that dies mid-send
 * causes one resend at most; the caps hold (at most 5 per outlet and broadcast, nothing older than
 * 24 h); the retired sent-log's recent records are imported once and not resent; the ledger stays
 * bounded. Requests are counted on the outlets' side. Several senders at once: broadcast-concurrency.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { broadcast, broadcastSafely, type BroadcastInput } from '../../../../src/jobs/broadcast/broadcast.ts';
import { outletUrls, type OutletUrls } from '../../../../src/jobs/broadcast/outlets/index.ts';
import { importRetired, retiredRows } from '../../../../src/jobs/broadcast/retired-log.ts';
import type { Alert } from '../../../../src/core/schema/index.ts';
import { testLedger, type TestLedger } from '../../../support/ledger.ts';
import { closedAfterEach } from '../../../support/closed-after-each.ts';
import { startServer, type FixtureServer, type Recorded, type Reply } from '../../../support/fixture-server.ts';
import {
  NTFY_TOPIC,
  outletUrlsAt,
  startOutlets,
  TELEGRAM_CHAT,
  TELEGRAM_TOKEN,
  telegramApi,
  telegramError,
} from '../../../support/outlet-servers.ts';
import { freePort } from '../../../../scripts/lib/free-port.ts';
import { httpDeps, NOW } from '../../../support/pull-env.ts';
import { HOUR, reset } from '../../../support/alerts.ts';
import { joinedRegExp } from '../../../support/regexp.ts';

const servers = closedAfterEach<FixtureServer>();
const ledgers = closedAfterEach<TestLedger>();

/**
 * The claims' lease in the tests that resend after it. It is long, so no claim's work (its send and
 * settlement) outlives it on a busy machine; the test ends the leases itself (`endLeases`) where one runs out.
 */
const LEASE_MS = 60_000;
/** A fresh ledger for one test. */
async function fresh(leaseMs?: number): Promise<TestLedger> {
  const l = await testLedger(leaseMs ? { leaseMs } : {});
  ledgers.push(l);
  return l;
}
/** One sender's run against the ledger `l`. */
const run = (l: TestLedger, input: Omit<BroadcastInput, 'ledger' | 'http' | 'now'> & { now?: Date; http?: BroadcastInput['http'] }) =>
  broadcast({ ledger: l.ledger, http: httpDeps([], input.now ?? NOW), now: NOW, ...input });

async function outlets(
  overrides: { ntfy?: (n: number, req: Recorded) => Reply | undefined } = {},
): Promise<{ urls: OutletUrls; ntfy: FixtureServer; discord: FixtureServer; slack: FixtureServer; telegram: FixtureServer }> {
  const { ntfy, discord, slack, telegram } = await startOutlets({ ntfy: overrides.ntfy });
  servers.push(ntfy, discord, slack, telegram);
  return {
    urls: outletUrlsAt({ ntfy: ntfy.url, discord: discord.url, slack: slack.url, telegram: telegram.url }),
    ntfy,
    discord,
    slack,
    telegram,
  };
}
/** Which alerts each server received, by key, in order. */
const received = (s: FixtureServer, field: 'title' | 'content' | 'text'): string[] =>
  s.requests.map((q) => String(JSON.parse(q.body)[field]).match(/#(\d+)/)![1]!);

describe('the ledger makes sending idempotent', () => {
  it('a second run with the same alerts sends nothing and leaves the ledger as it was', async () => {
    const [o, l] = await Promise.all([outlets(), fresh()]);
    const alerts = [reset(1, 2), reset(2, 1)];
    const first = await run(l, { alerts, urls: o.urls });
    expect(received(o.ntfy, 'title')).toEqual(['1', '2']); // oldest first
    expect(received(o.discord, 'content')).toEqual(['1', '2']);
    expect(received(o.slack, 'text')).toEqual(['1', '2']);
    expect(received(o.telegram, 'text')).toEqual(['1', '2']);
    expect(first.lines).toEqual([
      '✅ ntfy: sent 2 alert(s)',
      '✅ discord: sent 2 alert(s)',
      '✅ slack: sent 2 alert(s)',
      '✅ telegram: sent 2 alert(s)',
    ]);
    const before = await Promise.all(['ntfy', 'discord', 'slack', 'telegram'].map((n) => l.rows(n)));
    const again = await run(l, { alerts, urls: o.urls });
    expect([o.ntfy, o.discord, o.slack, o.telegram].map((s) => s.requests.length)).toEqual([2, 2, 2, 2]);
    expect(await Promise.all(['ntfy', 'discord', 'slack', 'telegram'].map((n) => l.rows(n)))).toEqual(before);
    expect(before[0]).toEqual(['#1 sent 1/0', '#2 sent 1/0']);
    expect(again.lines).toEqual([
      '✅ ntfy: nothing new to send',
      '✅ discord: nothing new to send',
      '✅ slack: nothing new to send',
      '✅ telegram: nothing new to send',
    ]);
  });

  it('a later run sends only what is new', async () => {
    const [o, l] = await Promise.all([outlets(), fresh()]);
    await run(l, { alerts: [reset(1, 2)], urls: o.urls });
    const later = new Date(NOW.getTime() + HOUR / 2);
    await run(l, { alerts: [reset(3, 0.25), reset(1, 2)], urls: o.urls, now: later, http: httpDeps([], later) });
    expect(received(o.ntfy, 'title')).toEqual(['1', '3']);
    expect(await l.rows('slack')).toEqual(['#1 sent 1/0', '#3 sent 1/0']);
  });

  it(
    'an outlet that cannot be reached loses nothing: the claims are released (no attempt used), all delivered ' +
      'once it is back; the others are not asked again',
    async () => {
      const [o, l] = await Promise.all([outlets(), fresh()]);
      const alerts = [reset(1, 3), reset(2, 2)];
      // A port nothing listens on: connection refused (fetch blocks port 9, DEAD, before connecting at all).
      const down = { ...o.urls, ntfy: `http://127.0.0.1:${await freePort()}/${NTFY_TOPIC}` };
      const first = await run(l, { alerts, urls: down });
      expect(first.failed).toBe(true);
      // Connection refused: nothing was sent, so the client's retries are safe; the second alert is not tried.
      expect(first.lines[0]).toMatch(
        joinedRegExp(
          /^❌ ntfy: reset:2123700000000000001 not delivered: fetch failed \(connect ECONNREFUSED [^)]*\)/,
          / \(after 3 attempts\) \(0 of 2 sent; 2 left for the next broadcast\)$/,
        ),
      );
      expect(await l.rows('ntfy')).toEqual(['#1 released 0/0']);
      expect(await l.rows('discord')).toEqual(['#1 sent 1/0', '#2 sent 1/0']);
      const second = await run(l, { alerts, urls: o.urls });
      expect(second.failed).toBe(false);
      expect(received(o.ntfy, 'title')).toEqual(['1', '2']);
      expect(o.discord.requests).toHaveLength(2);
      expect(second.checks[0]).toMatchObject({ name: 'ntfy', outcome: 'ok', last_ok_at: '2026-11-20T12:00:00Z' });
    },
  );

  it(
    'a first send that stops (Telegram 403 "bot was kicked"), then a 502: the alert is still resent once after its ' +
      'lease, and arrives (no attempt spent on the 403)',
    async () => {
      let mode: 'kicked' | 'bad-gateway' | 'ok' = 'kicked';
      const telegram = await startServer(
        telegramApi(() =>
          mode === 'kicked'
            ? telegramError(403, 'Forbidden: bot was kicked from the channel chat')
            : mode === 'bad-gateway'
              ? { status: 502, body: 'Bad Gateway' }
              : undefined,
        ),
      );
      servers.push(telegram);
      const l = await fresh(LEASE_MS);
      const urls = {
        telegram: outletUrls({ TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN, TELEGRAM_CHAT_ID: TELEGRAM_CHAT, RESETCAST_TELEGRAM_API: telegram.url })
          .telegram!,
      };
      const alerts = [reset(1, 1)];
      const kicked = await run(l, { alerts, urls });
      expect(kicked.lines[3]).toMatch(
        /^❌ telegram: reset:2123700000000000001 not delivered: HTTP 403 Forbidden: bot was kicked from the channel chat/,
      );
      expect(await l.rows('telegram')).toEqual(['#1 released 0/0']);
      mode = 'bad-gateway';
      await run(l, { alerts, urls });
      expect(await l.rows('telegram')).toEqual(['#1 uncertain 1/0']);
      // Within its lease nobody resends it; after it, once.
      mode = 'ok';
      const early = await run(l, { alerts, urls });
      const decided = early.decisions.map((d) => d.result);
      await l.endLeases('telegram');
      await run(l, { alerts, urls });
      await run(l, { alerts, urls });
      expect(await l.rows('telegram')).toEqual(['#1 sent 2/0']);
      // 403, 502, then one resend that arrived after the lease; the early run, within it, held the alert.
      expect(telegram.requests).toHaveLength(3);
      expect(decided).toEqual(['held']);
    },
  );

  it('an alert the outlet refuses never holds back the ones after it; it is tried three times in all, then given up', async () => {
    // ntfy refuses alert #2's message every time (400), and takes every other.
    const [o, l] = await Promise.all([
      outlets({
        ntfy: (_n, req) =>
          String(JSON.parse(req.body).title).endsWith('#2')
            ? { status: 400, body: '{"code":40001,"http":400,"error":"invalid request"}' }
            : undefined,
      }),
      fresh(),
    ]);
    const alerts = [reset(1, 3), reset(2, 2), reset(3, 1)];
    const first = await run(l, { alerts, urls: o.urls });
    expect(received(o.ntfy, 'title')).toEqual(['1', '2', '3']);
    expect(await l.rows('ntfy')).toEqual(['#1 sent 1/0', '#2 failed 0/1', '#3 sent 1/0']);
    expect(first.lines[0]).toBe('❌ ntfy: reset:2123700000000000002 refused: HTTP 400 Bad Request (attempt 1 of 3) (2 of 3 sent)');
    for (let i = 0; i < 3; i++) await run(l, { alerts, urls: o.urls });
    expect(received(o.ntfy, 'title')).toEqual(['1', '2', '3', '2', '2']);
    expect(await l.rows('ntfy')).toEqual(['#1 sent 1/0', '#2 failed 0/3', '#3 sent 1/0']);
    expect([o.discord, o.slack, o.telegram].map((s) => s.requests.length)).toEqual([3, 3, 3]);
  });

  it(
    'an outlet silent after accepting (502): after two unclear answers in a row the rest wait; each is resent once, ' +
      'after its lease, never twice',
    async () => {
      const [o, l] = await Promise.all([outlets({ ntfy: () => ({ status: 502, body: '<html>Bad Gateway</html>' }) }), fresh(LEASE_MS)]);
      const alerts = [reset(1, 3), reset(2, 2), reset(3, 1)];
      const first = await run(l, { alerts, urls: o.urls });
      expect(received(o.ntfy, 'title')).toEqual(['1', '2']);
      expect(first.lines[0]).toMatch(/\(0 of 3 sent; 1 left for the next broadcast\)$/);
      await l.endLeases('ntfy');
      await run(l, { alerts, urls: o.urls });
      expect(received(o.ntfy, 'title')).toEqual(['1', '2', '1', '2']);
      await l.endLeases('ntfy');
      await run(l, { alerts, urls: o.urls });
      await l.endLeases('ntfy');
      await run(l, { alerts, urls: o.urls });
      expect(received(o.ntfy, 'title')).toEqual(['1', '2', '1', '2', '3', '3']);
      expect(await l.rows('ntfy')).toEqual(['#1 uncertain 2/0', '#2 uncertain 2/0', '#3 uncertain 2/0']);
      // Every alert was attempted at most twice; the healthy outlets got each exactly once.
      expect([o.discord, o.slack, o.telegram].map((s) => s.requests.length)).toEqual([3, 3, 3]);
    },
  );
});

describe('the claim (written before each send)', () => {
  it(
    'before each request the ledger already holds that alert as claimed; a sender that dies right after sending causes ' +
      'one resend after its lease, never more',
    async () => {
      const [o, l] = await Promise.all([outlets(), fresh(LEASE_MS)]);
      const urls = { ntfy: o.urls.ntfy! };
      const alerts = [reset(1, 2), reset(2, 1)];
      // What the ledger holds when each request reaches ntfy.
      const seen: string[][] = [];
      const watching = {
        ...l.ledger,
        claim: async (...args: Parameters<typeof l.ledger.claim>) => {
          const c = await l.ledger.claim(...args);
          seen.push(await l.rows('ntfy'));
          return c;
        },
      };
      await broadcast({ alerts, ledger: watching, urls, http: httpDeps(), now: NOW });
      expect(seen).toEqual([['#1 claimed 1/0'], ['#1 sent 1/0', '#2 claimed 1/0']]);

      // A sender that claims #3 and sends it, then dies before recording how it went: only the claim stays.
      const three = reset(3, 0.5);
      const dying = await l.ledger.claim('ntfy', three, (t) => t);
      expect('claim' in dying).toBe(true);
      await fetch(urls.ntfy, {
        method: 'POST',
        body: JSON.stringify({ topic: NTFY_TOPIC, title: 'Codex limits reset #3', message: 'x', sequence_id: 'a' }),
        headers: { 'content-type': 'application/json' },
      });
      const within = await broadcast({ alerts: [...alerts, three], ledger: l.ledger, urls, http: httpDeps(), now: NOW });
      const heldNow = within.decisions.filter((d) => d.result === 'held').length;
      await l.endLeases('ntfy');
      await broadcast({ alerts: [...alerts, three], ledger: l.ledger, urls, http: httpDeps(), now: NOW });
      await broadcast({ alerts: [...alerts, three], ledger: l.ledger, urls, http: httpDeps(), now: NOW });
      expect(received(o.ntfy, 'title')).toEqual(['1', '2', '3', '3']); // #3 resent once, then never
      expect(await l.rows('ntfy')).toEqual(['#1 sent 1/0', '#2 sent 1/0', '#3 sent 2/0']);
      // Within the dying sender's lease, #3 was held, not resent.
      expect(heldNow).toBe(1);
    },
  );
});

describe('caps: what one run may send', () => {
  it('at most 5 alerts per outlet and run, oldest first; the rest on the next run', async () => {
    const [o, l] = await Promise.all([outlets(), fresh()]);
    const alerts = [7, 6, 5, 4, 3, 2, 1].map((n) => reset(n, n)); // reset #7 is 7 h old
    await run(l, { alerts, urls: o.urls });
    expect(received(o.slack, 'text')).toEqual(['7', '6', '5', '4', '3']);
    await run(l, { alerts, urls: o.urls });
    expect(received(o.slack, 'text')).toEqual(['7', '6', '5', '4', '3', '2', '1']);
    expect(received(o.telegram, 'text')).toEqual(['7', '6', '5', '4', '3', '2', '1']);
  });

  it('never an alert older than 24 h, and never one dated after now', async () => {
    const [o, l] = await Promise.all([outlets(), fresh()]);
    await run(l, { alerts: [reset(1, 24.001), reset(2, 24), reset(3, 0), reset(4, -0.01)], urls: o.urls });
    expect(received(o.ntfy, 'title')).toEqual(['2', '3']);
  });
});

describe('the retired sent-log: imported once per database', () => {
  // The history: 40 alerts over the last 40 days, two in the last day; all were sent long ago.
  const history = Array.from({ length: 40 }, (_, i) => reset(100 + i, i * 24 + 12));
  const recent = [reset(1, 6), reset(2, 5), reset(3, 4), reset(4, 3), reset(5, 2), reset(6, 1)];
  const record = (a: Alert) => ({ id: a.id, at: a.at, sent_at: a.at, state: 'sent', attempts: 1 });

  it('its recent records are not resent; older ones are not imported (they could never be sent again anyway); a second import does nothing', async () => {
    const [o, l] = await Promise.all([outlets(), fresh()]);
    const text = JSON.stringify({
      outlets: [
        {
          name: 'discord',
          ok: true,
          error: null,
          checked_at: '2026-11-20T11:00:00Z',
          outcome: 'ok',
          last_ok_at: '2026-11-20T11:00:00Z',
          sent: [...history.slice(0, 3), ...recent.slice(0, 2)].map(record),
        },
      ],
    });
    const rows = retiredRows(text, NOW);
    expect(await importRetired(l.db.sql, rows)).toEqual({ imported: true, written: 3 }); // #100 (12 h old), #1, #2
    expect(await importRetired(l.db.sql, rows)).toEqual({ imported: false, written: 0 });
    await run(l, { alerts: [...recent, ...history], urls: o.urls });
    expect(received(o.discord, 'content')).toEqual(['3', '4', '5', '6']);
    expect(received(o.slack, 'text')).toEqual(['100', '1', '2', '3', '4']);
  });

  it.each<[string, string | undefined]>([
    ['missing', undefined],
    ['not JSON', '{"outlets": ['],
    ['the wrong shape', '{"outlets": [{"name": "ntfy", "sent": "all of them"}]}'],
  ])('%s: nothing imported; the caps hold: no history re-broadcast', async (_name, text) => {
    const [o, l] = await Promise.all([outlets(), fresh()]);
    expect(retiredRows(text, NOW)).toEqual([]);
    const r = await run(l, { alerts: [...recent, ...history], urls: o.urls });
    // Only the last day's alerts qualify (history #100 is 12 h old, #101 36 h), and at most 5: the oldest five of them.
    expect(received(o.discord, 'content')).toEqual(['100', '1', '2', '3', '4']);
    expect(r.failed).toBe(false);
  });
});

describe('bounds of the ledger', () => {
  it('forgets rows whose alert is more than 7 days old, and only those', async () => {
    const [o, l] = await Promise.all([outlets(), fresh()]);
    const old = reset(1, 7 * 24 + 0.01);
    const kept = reset(2, 7 * 24);
    for (const a of [old, kept]) {
      const c = await l.ledger.claim('slack', a, (t) => t);
      if ('claim' in c) await l.ledger.settle(c.claim, { kind: 'sent' });
    }
    expect(await l.ledger.prune(NOW)).toBe(1);
    expect(await l.rows('slack')).toEqual(['#2 sent 1/0']);
    expect(o.slack.requests).toHaveLength(0);
  });
});

describe('broadcastSafely (what npm run broadcast calls)', () => {
  it('a failure while deriving becomes one failed line, with no URL in it, and nothing sent', async () => {
    const l = await fresh();
    const url = 'https://hooks.slack.com/services/T0/B0/verysecretpart';
    const r = await broadcastSafely({
      alerts: () => {
        throw new Error(`cannot derive: ${url} went wrong`);
      },
      ledger: l.ledger,
      urls: { slack: url },
      http: httpDeps(),
      now: NOW,
    });
    expect(r).toEqual({ checks: [], lines: ['❌ alerts: cannot derive: [secret] went wrong; nothing sent'], decisions: [], failed: true });
  });
});
