/**
 * Exactly once, through the sent-log: a re-run sends nothing; what may have arrived is resent at most
 * once; an alert the outlet refuses never holds back the ones after it; an outlet that cannot be reached
 * loses nothing; a missing or corrupt sent-log is reported by name and then read as "nothing sent" under
 * the caps (at most 5 per outlet and broadcast, nothing older than 24 h); one from the future resends
 * nothing; the log stays bounded. Requests are counted on the outlets' side.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { broadcast, broadcastSafely } from '../../src/jobs/broadcast/broadcast.ts';
import { outletUrls, type OutletUrls } from '../../src/jobs/broadcast/outlets/index.ts';
import { SentLogFile, type Alert } from '../../src/core/schema/index.ts';
import { startServer, type FixtureServer, type Recorded, type Reply } from './support/fixture-server.ts';
import { DISCORD_PATH, discordApi, NTFY_TOPIC, ntfyApi, SLACK_PATH, slackApi, TELEGRAM_CHAT, TELEGRAM_TOKEN, telegramApi } from './support/outlet-servers.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { httpDeps, NOW } from './support/pull-env.ts';
import { HOUR, reset } from './support/alerts.ts';

let servers: FixtureServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

const key = (a: Alert | string): string => (typeof a === 'string' ? a : a.id).replace(/^.*:alert:/, '');

async function outlets(overrides: { ntfy?: (n: number, req: Recorded) => Reply | undefined } = {}): Promise<{ urls: OutletUrls; ntfy: FixtureServer; discord: FixtureServer; slack: FixtureServer; telegram: FixtureServer }> {
  const [ntfy, discord, slack, telegram] = await Promise.all([startServer(ntfyApi(overrides.ntfy)), startServer(discordApi()), startServer(slackApi()), startServer(telegramApi())]);
  servers.push(ntfy, discord, slack, telegram);
  // Telegram from its three variables, as scripts/broadcast.ts reads them.
  const { telegram: telegramUrl } = outletUrls({ TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN, TELEGRAM_CHAT_ID: TELEGRAM_CHAT, RESETCAST_TELEGRAM_API: telegram.url });
  return { urls: { ntfy: `${ntfy.url}/${NTFY_TOPIC}`, discord: `${discord.url}${DISCORD_PATH}`, slack: `${slack.url}${SLACK_PATH}`, telegram: telegramUrl! }, ntfy, discord, slack, telegram };
}
/** Which alerts each server received, by key, in order. */
const received = (s: FixtureServer, field: 'title' | 'content' | 'text'): string[] =>
  s.requests.map((q) => String(JSON.parse(q.body)[field]).match(/#(\d+)/)![1]!);
type Record_ = { id: string; state: string; attempts: number };
const recordsOf = (log: string, name: string): Record_[] => (JSON.parse(log) as { outlets: { name: string; sent: Record_[] }[] }).outlets.find((o) => o.name === name)!.sent;
const sentIds = (log: string, name: string): string[] => recordsOf(log, name).filter((s) => s.state === 'sent').map((s) => key(s.id));
/** Each record of an outlet as `#n state attempts`. */
const states = (log: string, name: string): string[] => recordsOf(log, name).map((s) => `#${Number(s.id.slice(-3))} ${s.state} ${s.attempts}`);

describe('the sent-log makes sending idempotent', () => {
  it('a second run with the same alerts sends nothing and leaves the log as it was', async () => {
    const o = await outlets();
    const alerts = [reset(1, 2), reset(2, 1)];
    const first = await broadcast({ alerts, sentLogText: '{"outlets":[]}', urls: o.urls, http: httpDeps(), now: NOW });
    expect(received(o.ntfy, 'title')).toEqual(['1', '2']); // oldest first
    expect(received(o.discord, 'content')).toEqual(['1', '2']);
    expect(received(o.slack, 'text')).toEqual(['1', '2']);
    expect(received(o.telegram, 'text')).toEqual(['1', '2']);
    expect(first.lines).toEqual(['✅ ntfy: sent 2 alert(s)', '✅ discord: sent 2 alert(s)', '✅ slack: sent 2 alert(s)', '✅ telegram: sent 2 alert(s)']);
    const again = await broadcast({ alerts, sentLogText: first.sentLog, urls: o.urls, http: httpDeps(), now: NOW });
    expect([o.ntfy, o.discord, o.slack, o.telegram].map((s) => s.requests.length)).toEqual([2, 2, 2, 2]);
    expect(again.sentLog).toBe(first.sentLog);
    expect(again.lines).toEqual(['✅ ntfy: nothing new to send', '✅ discord: nothing new to send', '✅ slack: nothing new to send', '✅ telegram: nothing new to send']);
    expect(SentLogFile.safeParse(JSON.parse(first.sentLog)).success).toBe(true);
  });

  it('a later pull sends only what is new', async () => {
    const o = await outlets();
    const first = await broadcast({ alerts: [reset(1, 2)], sentLogText: '{"outlets":[]}', urls: o.urls, http: httpDeps(), now: NOW });
    const later = new Date(NOW.getTime() + HOUR / 2);
    // Half an hour later the stream has grown by one (alert times are fixed by the data, relative to NOW here).
    const second = await broadcast({ alerts: [reset(3, 0.25), reset(1, 2)], sentLogText: first.sentLog, urls: o.urls, http: httpDeps([], later), now: later });
    expect(received(o.ntfy, 'title')).toEqual(['1', '3']);
    expect(sentIds(second.sentLog, 'slack')).toEqual([key(reset(1, 2)), key(reset(3, 0.25))]);
  });

  it('an outlet that cannot be reached loses nothing: nothing recorded against the alerts, all delivered once it is back; the others are not asked again', async () => {
    const o = await outlets();
    const alerts = [reset(1, 3), reset(2, 2)];
    // A port nothing listens on: connection refused (fetch blocks port 9, DEAD, before connecting at all).
    const down = { ...o.urls, ntfy: `http://127.0.0.1:${await freePort()}/${NTFY_TOPIC}` };
    const first = await broadcast({ alerts, sentLogText: '{"outlets":[]}', urls: down, http: httpDeps(), now: NOW });
    expect(first.failed).toBe(true);
    // Connection refused: nothing was sent, so the client's retries are safe; the second alert is not tried.
    expect(first.lines[0]).toMatch(/^❌ ntfy: reset:2123700000000000001 not delivered: fetch failed \(connect ECONNREFUSED [^)]*\) \(after 3 attempts\) \(0 of 2 sent; 2 left for the next broadcast\)$/);
    expect(recordsOf(first.sentLog, 'ntfy')).toEqual([]);
    expect(sentIds(first.sentLog, 'discord')).toHaveLength(2);
    const second = await broadcast({ alerts, sentLogText: first.sentLog, urls: o.urls, http: httpDeps(), now: NOW });
    expect(second.failed).toBe(false);
    expect(received(o.ntfy, 'title')).toEqual(['1', '2']);
    expect(o.discord.requests).toHaveLength(2);
    expect(JSON.parse(second.sentLog).outlets[0]).toMatchObject({ name: 'ntfy', outcome: 'ok', last_ok_at: '2026-11-20T12:00:00Z' });
  });

  it('an alert the outlet refuses never holds back the ones after it; it is tried three times in all, then given up', async () => {
    // ntfy refuses alert #2's message every time (400), and takes every other.
    const o = await outlets({ ntfy: (_n, req) => (String(JSON.parse(req.body).title).endsWith('#2') ? { status: 400, body: '{"code":40001,"http":400,"error":"invalid request"}' } : undefined) });
    const alerts = [reset(1, 3), reset(2, 2), reset(3, 1)];
    const first = await broadcast({ alerts, sentLogText: '{"outlets":[]}', urls: o.urls, http: httpDeps(), now: NOW });
    expect(received(o.ntfy, 'title')).toEqual(['1', '2', '3']);
    expect(states(first.sentLog, 'ntfy')).toEqual(['#1 sent 1', '#2 failed 1', '#3 sent 1']);
    expect(first.lines[0]).toBe('❌ ntfy: reset:2123700000000000002 refused: HTTP 400 Bad Request (attempt 1 of 3) (2 of 3 sent)');
    let log = first.sentLog;
    for (let i = 0; i < 3; i++) log = (await broadcast({ alerts, sentLogText: log, urls: o.urls, http: httpDeps(), now: NOW })).sentLog;
    expect(received(o.ntfy, 'title')).toEqual(['1', '2', '3', '2', '2']);
    expect(states(log, 'ntfy')).toEqual(['#1 sent 1', '#2 failed 3', '#3 sent 1']);
    expect([o.discord, o.slack, o.telegram].map((s) => s.requests.length)).toEqual([3, 3, 3]);
  });

  it('two outlets silent after accepting: after two unclear answers in a row the rest wait, and nothing is sent twice over two broadcasts', async () => {
    const o = await outlets({ ntfy: () => ({ status: 502, body: '<html>Bad Gateway</html>' }) });
    const alerts = [reset(1, 3), reset(2, 2), reset(3, 1)];
    const first = await broadcast({ alerts, sentLogText: '{"outlets":[]}', urls: o.urls, http: httpDeps(), now: NOW });
    expect(received(o.ntfy, 'title')).toEqual(['1', '2']);
    expect(first.lines[0]).toMatch(/\(0 of 3 sent; 1 left for the next broadcast\)$/);
    const second = await broadcast({ alerts, sentLogText: first.sentLog, urls: o.urls, http: httpDeps(), now: NOW });
    expect(received(o.ntfy, 'title')).toEqual(['1', '2', '1', '2']);
    const third = await broadcast({ alerts, sentLogText: second.sentLog, urls: o.urls, http: httpDeps(), now: NOW });
    expect(received(o.ntfy, 'title')).toEqual(['1', '2', '1', '2', '3']);
    expect(states(third.sentLog, 'ntfy')).toEqual(['#1 uncertain 2', '#2 uncertain 2', '#3 uncertain 1']);
    // Every alert was attempted at most twice; the healthy outlets got each exactly once.
    expect([o.discord, o.slack, o.telegram].map((s) => s.requests.length)).toEqual([3, 3, 3]);
  });
});

describe('the write-ahead record (checkpoint before each send)', () => {
  it('before each request the log already holds that alert as uncertain; a crash right after sending resends it once, never more', async () => {
    const o = await outlets();
    const checkpoints: { text: string; requestsSoFar: number }[] = [];
    const urls = { ntfy: o.urls.ntfy! };
    const alerts = [reset(1, 2), reset(2, 1)];
    const done = await broadcast({ alerts, sentLogText: '{"outlets":[]}', urls, http: httpDeps(), now: NOW, checkpoint: (text) => void checkpoints.push({ text, requestsSoFar: o.ntfy.requests.length }) });
    // One checkpoint per send, each written before its request reached the outlet.
    expect(checkpoints.map((c) => [c.requestsSoFar, states(c.text, 'ntfy')])).toEqual([
      [0, ['#1 uncertain 1']],
      [1, ['#1 sent 1', '#2 uncertain 1']],
    ]);
    expect(JSON.parse(checkpoints[0]!.text).outlets[0]).toMatchObject({ name: 'ntfy', outcome: 'failed', error: 'broadcast in progress (interrupted if this stays)' });
    expect(states(done.sentLog, 'ntfy')).toEqual(['#1 sent 1', '#2 sent 1']);

    // The process dies after alert #2 reached ntfy but before its answer was recorded: the last checkpoint is what is on disk.
    const crashed = checkpoints[1]!.text;
    const restart = await broadcast({ alerts, sentLogText: crashed, urls, http: httpDeps(), now: NOW });
    const again = await broadcast({ alerts, sentLogText: restart.sentLog, urls, http: httpDeps(), now: NOW });
    expect(received(o.ntfy, 'title')).toEqual(['1', '2', '2']); // #2 resent once (ntfy: same sequence_id), then never
    expect(states(again.sentLog, 'ntfy')).toEqual(['#1 sent 1', '#2 sent 2']);
    const sequenceIds = o.ntfy.requests.map((q) => JSON.parse(q.body).sequence_id as string);
    expect(sequenceIds[1]).toBe(sequenceIds[2]);
    expect(sequenceIds[0]).not.toBe(sequenceIds[1]);
  });
});

describe('caps: what one pull may send', () => {
  it('at most 5 alerts per outlet and pull, oldest first; the rest on the next pull', async () => {
    const o = await outlets();
    const alerts = [7, 6, 5, 4, 3, 2, 1].map((n) => reset(n, n)); // reset #7 is 7 h old
    const first = await broadcast({ alerts, sentLogText: '{"outlets":[]}', urls: o.urls, http: httpDeps(), now: NOW });
    expect(received(o.slack, 'text')).toEqual(['7', '6', '5', '4', '3']);
    await broadcast({ alerts, sentLogText: first.sentLog, urls: o.urls, http: httpDeps(), now: NOW });
    expect(received(o.slack, 'text')).toEqual(['7', '6', '5', '4', '3', '2', '1']);
    expect(received(o.telegram, 'text')).toEqual(['7', '6', '5', '4', '3', '2', '1']);
  });

  it('never an alert older than 24 h, and never one dated after now', async () => {
    const o = await outlets();
    await broadcast({ alerts: [reset(1, 24.001), reset(2, 24), reset(3, 0), reset(4, -0.01)], sentLogText: '{"outlets":[]}', urls: o.urls, http: httpDeps(), now: NOW });
    expect(received(o.ntfy, 'title')).toEqual(['2', '3']);
  });
});

describe('a missing or corrupt sent-log', () => {
  // The history: 40 alerts over the last 40 days, two in the last day; all were sent long ago.
  const history = Array.from({ length: 40 }, (_, i) => reset(100 + i, i * 24 + 12));
  const recent = [reset(1, 6), reset(2, 5), reset(3, 4), reset(4, 3), reset(5, 2), reset(6, 1)];

  it.each<[string, string | undefined, RegExp]>([
    ['missing', undefined, /^⚠️ data\/sent-log\.json: missing; treated as nothing sent \(at most 5 alerts per outlet this broadcast, none older than 24 h\)$/],
    ['not JSON', '{"outlets": [', /^⚠️ data\/sent-log\.json: not valid JSON \(.+\); treated as nothing sent \(at most 5 alerts per outlet this broadcast, none older than 24 h\)$/],
    ['the wrong shape', '{"outlets": [{"name": "ntfy", "sent": "all of them"}]}', /^⚠️ data\/sent-log\.json: field 'outlets\.0\.ok': .+; treated as nothing sent/],
  ])('%s: reported by name, then read as nothing sent, within the caps: no history re-broadcast', async (_name, text, problem) => {
    const o = await outlets();
    const r = await broadcast({ alerts: [...recent, ...history], sentLogText: text, urls: o.urls, http: httpDeps(), now: NOW });
    expect(r.lines[0]).toMatch(problem);
    // Only the last day's alerts qualify (history #100 is 12 h old, #101 36 h), and at most 5: the oldest five of them.
    expect(received(o.discord, 'content')).toEqual(['100', '1', '2', '3', '4']);
    expect(r.failed).toBe(false); // the log is rewritten whole and valid; nothing failed
    expect(SentLogFile.safeParse(JSON.parse(r.sentLog)).success).toBe(true);
    expect(sentIds(r.sentLog, 'discord')).toEqual(['reset:2123700000000000100', 'reset:2123700000000000001', 'reset:2123700000000000002', 'reset:2123700000000000003', 'reset:2123700000000000004']);
  });
});

describe('a sent-log from the future (tampered, or a clock gone wrong)', () => {
  it('500 entries per outlet dated 2099 resend nothing already sent: they are dropped with a warning, the real ones kept', async () => {
    const o = await outlets();
    const alerts = [reset(1, 3), reset(2, 2)];
    const first = await broadcast({ alerts, sentLogText: '{"outlets":[]}', urls: o.urls, http: httpDeps(), now: NOW });
    const doc = JSON.parse(first.sentLog) as { outlets: { sent: unknown[] }[] };
    for (const outlet of doc.outlets) {
      outlet.sent.push(...Array.from({ length: 500 }, (_, i) => ({ id: `tag:resetcast.netlify.app,2026:alert:reset:9${i}`, at: '2099-01-01T00:00:00Z', sent_at: '2099-01-01T00:00:00Z', state: 'sent', attempts: 1 })));
    }
    const tampered = JSON.stringify(doc);
    for (let i = 0; i < 2; i++) {
      const r = await broadcast({ alerts, sentLogText: i === 0 ? tampered : first.sentLog, urls: o.urls, http: httpDeps(), now: NOW });
      if (i === 0) {
        expect(r.lines[0]).toBe("⚠️ data/sent-log.json: 4000 time(s) from the future (first: field 'outlets.0.sent.2.at': 2099-01-01T00:00:00Z); those entries dropped, the rest kept");
        expect(r.sentLog).toBe(first.sentLog);
      }
    }
    expect([o.ntfy, o.discord, o.slack, o.telegram].map((s) => s.requests.length)).toEqual([2, 2, 2, 2]);
  });

  it('one minute ahead is within the allowed skew (5 min) and kept', async () => {
    const o = await outlets();
    const ahead = { id: reset(1, 0).id, at: '2026-11-20T12:01:00Z', sent_at: '2026-11-20T12:01:00Z', state: 'sent', attempts: 1 };
    const before = JSON.stringify({ outlets: [{ name: 'ntfy', ok: true, error: null, checked_at: '2026-11-20T12:01:00Z', outcome: 'ok', last_ok_at: '2026-11-20T12:01:00Z', sent: [ahead] }] });
    const r = await broadcast({ alerts: [reset(1, 0)], sentLogText: before, urls: { ntfy: o.urls.ntfy! }, http: httpDeps(), now: NOW });
    expect(r.lines[0]).toBe('✅ ntfy: nothing new to send');
    expect(o.ntfy.requests).toHaveLength(0);
  });
});

describe('bounds of the sent-log', () => {
  it('drops delivered ids whose alert is more than 7 days old', async () => {
    const o = await outlets();
    const old = { id: 'tag:resetcast.netlify.app,2026:alert:reset:1', at: '2026-11-13T11:59:59Z', sent_at: '2026-11-13T12:30:00Z' };
    const kept = { id: 'tag:resetcast.netlify.app,2026:alert:reset:2', at: '2026-11-13T12:00:00Z', sent_at: '2026-11-13T12:30:00Z' };
    const before = JSON.stringify({ outlets: [{ name: 'slack', ok: true, error: null, checked_at: '2026-11-20T11:30:00Z', outcome: 'ok', last_ok_at: '2026-11-20T11:30:00Z', sent: [old, kept] }] });
    const r = await broadcast({ alerts: [], sentLogText: before, urls: o.urls, http: httpDeps(), now: NOW });
    expect(JSON.parse(r.sentLog).outlets[2].sent).toEqual([{ ...kept, state: 'sent', attempts: 1 }]); // a log from before states: its entries were deliveries
  });

  it('a skipped outlet keeps its delivered list and its last success', async () => {
    const before = JSON.stringify({ outlets: [{ name: 'ntfy', ok: true, error: null, checked_at: '2026-11-20T11:30:00Z', outcome: 'ok', last_ok_at: '2026-11-20T11:30:00Z', sent: [{ id: 'x', at: '2026-11-20T10:00:00Z', sent_at: '2026-11-20T10:07:00Z' }] }] });
    const r = await broadcast({ alerts: [reset(1, 1)], sentLogText: before, urls: {}, http: httpDeps(), now: NOW });
    expect(JSON.parse(r.sentLog).outlets[0]).toEqual({
      name: 'ntfy', ok: false, error: 'NTFY_TOPIC_URL not set', checked_at: '2026-11-20T12:00:00Z', outcome: 'skipped', last_ok_at: '2026-11-20T11:30:00Z',
      sent: [{ id: 'x', at: '2026-11-20T10:00:00Z', sent_at: '2026-11-20T10:07:00Z', state: 'sent', attempts: 1 }],
    });
  });
});

describe('broadcastSafely (what npm run broadcast calls)', () => {
  it('a failure while deriving or sending becomes one failed line, with no URL in it, and no sent-log write', async () => {
    const url = 'https://hooks.slack.com/services/T0/B0/verysecretpart';
    const r = await broadcastSafely({
      alerts: () => {
        throw new Error(`cannot derive: ${url} went wrong`);
      },
      sentLogText: '{"outlets":[]}', urls: { slack: url }, http: httpDeps(), now: NOW,
    });
    expect(r).toEqual({ sentLog: undefined, checks: [], lines: ['❌ alerts: cannot derive: [secret] went wrong; nothing sent, the sent-log is unchanged'], failed: true });
  });
});
