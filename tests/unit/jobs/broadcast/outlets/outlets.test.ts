/**
 * Each outlet against a local server that speaks its API (tests/support/outlet-servers.ts):
 * the exact request it sends, and how it fares when the outlet answers 4xx, 5xx, 429 with a wait,
 * never, with a redirect, with a body that never ends, by closing the connection, or with something
 * that is not its answer. What may have arrived is never repeated blindly: it is recorded as uncertain
 * in the ledger and resent at most once, after its lease; what provably did not arrive is released and
 * uses no attempt. Webhook URLs are secrets: no error and no line may contain them, nor the ledger.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { broadcast } from '../../../../../src/jobs/broadcast/broadcast.ts';
import { outletUrls, type OutletName, type OutletUrls } from '../../../../../src/jobs/broadcast/outlets/index.ts';
import { telegramText } from '../../../../../src/jobs/broadcast/outlets/telegram.ts';
import type { Alert } from '../../../../../src/core/schema/index.ts';
import { startServer, type FixtureServer, type Reply } from '../../../../support/fixture-server.ts';
import {
  DISCORD_PATH,
  NTFY_TOPIC,
  OUTLET_APIS,
  SLACK_PATH,
  TELEGRAM_PATH,
  TELEGRAM_TOKEN,
  telegramEnv,
  telegramError,
  telegramVisible,
} from '../../../../support/outlet-servers.ts';
import { httpDeps, NOW } from '../../../../support/pull-env.ts';
import { testLedger, type TestLedger } from '../../../../support/ledger.ts';

/** A short lease for the claims, so "resent once after its lease" happens within a test. */
const LEASE_MS = 300;
/** One embedded ledger for the file, emptied after each test. */
let l: TestLedger;
beforeAll(async () => {
  l = await testLedger({ leaseMs: LEASE_MS });
}, 60_000);
afterAll(async () => l?.close());
let servers: FixtureServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  await l.db.sql.query('DELETE FROM alert_deliveries');
});

const RESET: Alert = {
  id: 'tag:resetcast.netlify.app,2026:alert:reset:2123700000000000000',
  kind: 'reset',
  at: '2026-11-20T11:50:00Z',
  title: 'Codex limits reset for Plus+Pro',
  summary: "We've reset Codex rate limits for all *Plus* and <Pro> users & more.",
  url: 'https://x.com/thsottiaux/status/2123700000000000000',
  page: 'https://resetcast.netlify.app/timeline/2026/#e-2123700000000000000',
  event_id: '2123700000000000000',
  window: null,
  expires_at: null,
  forecast: null,
};

const PATHS: Record<OutletName, string> = { ntfy: `/${NTFY_TOPIC}`, discord: DISCORD_PATH, slack: SLACK_PATH, telegram: TELEGRAM_PATH };

/** One broadcast of RESET to the outlet `name` (a server started for it unless given), on the file's ledger as it stands. */
async function send(
  name: OutletName,
  override?: (n: number) => Reply | undefined,
  given?: FixtureServer,
  env: Record<string, string> = {},
) {
  const server = given ?? (await startServer(OUTLET_APIS[name](override)));
  if (!given) servers.push(server);
  const sleeps: number[] = [];
  const urls: OutletUrls = name === 'telegram' ? outletUrls(telegramEnv(server.url, env)) : { [name]: `${server.url}${PATHS[name]}` };
  // The claims' lease is short (the ledger's), so a resend after it happens within a test; each send keeps its own deadline (OUTLET_SEND_MS).
  const result = await broadcast({ alerts: [RESET], ledger: l.ledger, urls, http: httpDeps(sleeps), now: NOW });
  const check = result.checks.find((c) => c.name === name)!;
  // The ledger's row of RESET on this outlet, as `state uncertain/refused` attempts.
  const records = (await l.rows(name)).map((r) => r.replace(/^#\d+ /, ''));
  const sent = records.some((r) => r.startsWith('sent ')) ? [RESET.id] : [];
  return { server, sleeps, check, sent, records, result, requests: server.requests };
}
const state = (r: { records: string[] }): string[] => r.records;

describe('the request each outlet sends', () => {
  it('ntfy: JSON to the server root with topic, title, message, tags, priority, click and two view actions', async () => {
    const { requests, check, sent } = await send('ntfy');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.pathname).toBe('/');
    expect(requests[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(requests[0]!.body)).toEqual({
      topic: NTFY_TOPIC,
      // ntfy's idempotency key: a resend with the same sequence id replaces the notification (hashed here by hand).
      sequence_id: `rc-${createHash('sha256').update('tag:resetcast.netlify.app,2026:alert:reset:2123700000000000000').digest('base64url').slice(0, 32)}`,
      title: 'Codex limits reset for Plus+Pro',
      message: "We've reset Codex rate limits for all *Plus* and <Pro> users & more.\nData: Resetcast",
      tags: ['arrows_counterclockwise'],
      priority: 4,
      click: 'https://resetcast.netlify.app/timeline/2026/#e-2123700000000000000',
      actions: [
        { action: 'view', label: 'Post', url: 'https://x.com/thsottiaux/status/2123700000000000000' },
        { action: 'view', label: 'Timeline', url: 'https://resetcast.netlify.app/timeline/2026/#e-2123700000000000000' },
      ],
    });
    expect(check).toMatchObject({
      outcome: 'ok',
      ok: true,
      error: null,
      checked_at: '2026-11-20T12:00:00Z',
      last_ok_at: '2026-11-20T12:00:00Z',
    });
    expect(sent).toEqual([RESET.id]);
  });

  it('Discord: content with escaped markdown and unfurl-free links, no mentions, and wait=true', async () => {
    const { requests, check, sent } = await send('discord');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.searchParams.get('wait')).toBe('true');
    expect(JSON.parse(requests[0]!.body)).toEqual({
      content:
        "**Codex limits reset for Plus+Pro**\nWe've reset Codex rate limits for all \\*Plus\\* and <Pro> users & more.\n" +
        'Post: <https://x.com/thsottiaux/status/2123700000000000000>\nTimeline: <https://resetcast.netlify.app/timeline/2026/#e-2123700000000000000>\nData: ' +
        'Resetcast',
      allowed_mentions: { parse: [] },
    });
    expect(check.outcome).toBe('ok');
    expect(sent).toEqual([RESET.id]);
  });

  it('Slack: mrkdwn text with entities escaped and labelled links, unfurling off', async () => {
    const { requests, check, sent } = await send('slack');
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0]!.body)).toEqual({
      text:
        "*Codex limits reset for Plus+Pro*\nWe've reset Codex rate limits for all *Plus* and &lt;Pro&gt; users &amp; more.\n" +
        '<https://x.com/thsottiaux/status/2123700000000000000|Post> · <https://resetcast.netlify.app/timeline/2026/#e-2123700000000000000|Timeline>\nData: ' +
        'Resetcast',
      unfurl_links: false,
      unfurl_media: false,
    });
    expect(check.outcome).toBe('ok');
    expect(sent).toEqual([RESET.id]);
  });

  it('Telegram: sendMessage to the channel, HTML with &, <, > escaped, links labelled, no link preview', async () => {
    const { requests, check, sent } = await send('telegram');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.pathname).toBe(`/bot${TELEGRAM_TOKEN}/sendMessage`);
    expect(requests[0]!.url.search).toBe(''); // the chat goes in the body
    expect(requests[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(requests[0]!.body)).toEqual({
      chat_id: '@resetcast_test',
      text:
        "<b>Codex limits reset for Plus+Pro</b>\nWe've reset Codex rate limits for all *Plus* and &lt;Pro&gt; users &amp; more.\n" +
        '<a href="https://x.com/thsottiaux/status/2123700000000000000">Post</a> · ' +
        '<a href="https://resetcast.netlify.app/timeline/2026/#e-2123700000000000000">Timeline</a>\nData: Resetcast',
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    });
    expect(check).toMatchObject({ outcome: 'ok', ok: true, error: null });
    expect(sent).toEqual([RESET.id]);
  });
});

const ntfyError = (status: number, code: number, error: string): Reply => ({
  status,
  body: JSON.stringify({ code, http: status, error, link: 'https://ntfy.sh/docs/publish/' }),
});
const discordError = (status: number, message: string, code: number, headers: Record<string, string> = {}): Reply => ({
  status,
  headers,
  body: JSON.stringify({ message, code }),
});
const slackError = (status: number, body: string): Reply => ({ status, headers: { 'Content-Type': 'text/html' }, body });

// httpDeps: backoff 10 ms doubling, Retry-After honoured up to 20 s, a 2 s timeout.
describe.each<[OutletName, Record<string, Reply>]>([
  [
    'ntfy',
    {
      client: ntfyError(401, 40101, 'unauthorized'),
      server: ntfyError(507, 50701, 'insufficient storage'),
      limited: { ...ntfyError(429, 42901, 'limit reached: too many requests'), headers: { 'Retry-After': '2' } },
    },
  ],
  [
    'discord',
    {
      client: discordError(404, 'Unknown Webhook', 10015),
      server: { status: 502, body: '<html>Bad Gateway</html>' },
      limited: discordError(429, 'You are being rate limited.', 0, { 'Retry-After': '2' }),
    },
  ],
  [
    'slack',
    {
      client: slackError(410, 'channel_is_archived'),
      server: slackError(500, 'rollup_error'),
      limited: { ...slackError(429, 'rate_limited'), headers: { 'Content-Type': 'text/html', 'Retry-After': '2' } },
    },
  ],
  // Telegram's flood control says how long to wait in the body only (parameters.retry_after), no header here.
  [
    'telegram',
    {
      client: telegramError(403, 'Forbidden: bot was kicked from the channel chat'),
      server: telegramError(502, 'Bad Gateway'),
      limited: telegramError(429, 'Too Many Requests: retry after 2', { retry_after: 2 }),
    },
  ],
])('%s when the outlet misbehaves', (name, replies) => {
  const secret =
    name === 'telegram'
      ? TELEGRAM_TOKEN
      : PATHS[name]
          .split('/')
          .filter((s) => s.length >= 8)
          .at(-1)!;
  const noSecret = (r: Awaited<ReturnType<typeof send>>) => {
    expect(r.check.error ?? '').not.toContain(secret);
    expect(r.result.lines.join('\n')).not.toContain(secret);
    expect(JSON.stringify(r.result.decisions)).not.toContain(secret);
  };

  it('an auth or not-found 4xx: the outlet is unusable; failed at once (not retried), the claim released (no attempt used)', async () => {
    const r = await send(name, () => replies['client']);
    expect(r.requests).toHaveLength(1);
    expect(r.sleeps).toEqual([]);
    expect(r.check).toMatchObject({ outcome: 'failed', ok: false, last_ok_at: null });
    const status = {
      ntfy: 'HTTP 401 Unauthorized',
      discord: 'HTTP 404 Not Found',
      slack: 'HTTP 410 Gone',
      telegram: 'HTTP 403 Forbidden: bot was kicked from the channel chat',
    }[name];
    expect(r.check.error).toBe(`reset:2123700000000000000 not delivered: ${status} (0 of 1 sent; 1 left for the next broadcast)`);
    expect(r.records).toEqual(['released 0/0']);
    expect(r.result.failed).toBe(true);
    noSecret(r);
  });

  it('a 5xx (it may have been accepted): not retried blindly; uncertain, resent once after its lease, then delivered', async () => {
    const server = await startServer(OUTLET_APIS[name]((n) => (n === 0 ? replies['server'] : undefined)));
    servers.push(server);
    const first = await send(name, undefined, server);
    expect(first.requests).toHaveLength(1);
    expect(first.sleeps).toEqual([]);
    expect(first.check.error).toMatch(
      /^reset:2123700000000000000 may have been delivered \(HTTP 5\d\d [^)]*\); recorded as uncertain, resent once after its lease \(0 of 1 sent\)$/,
    );
    expect(state(first)).toEqual(['uncertain 1/0']);
    noSecret(first);
    await l.leasesEnded(name);
    const second = await send(name, undefined, server);
    expect(server.requests).toHaveLength(2);
    expect(state(second)).toEqual(['sent 2/0']);
    expect(second.check.outcome).toBe('ok');
  });

  it('a 5xx every time: two attempts over two broadcasts, then never again', async () => {
    const server = await startServer(OUTLET_APIS[name](() => replies['server']));
    servers.push(server);
    await send(name, undefined, server);
    await l.leasesEnded(name);
    const second = await send(name, undefined, server);
    expect(second.check.error).toMatch(/recorded as uncertain, not resent again/);
    await l.leasesEnded(name);
    const third = await send(name, undefined, server);
    expect(server.requests).toHaveLength(2);
    expect(state(third)).toEqual(['uncertain 2/0']);
    expect(third.check).toMatchObject({ outcome: 'ok', error: null });
    noSecret(second);
  });

  it('the connection closed after the request was sent: uncertain, not retried', async () => {
    const r = await send(name, () => ({ reset: true }));
    expect(r.requests).toHaveLength(1);
    expect(r.check.error).toMatch(/may have been delivered \(fetch failed/);
    expect(state(r)).toEqual(['uncertain 1/0']);
    noSecret(r);
  });

  it('a 200 whose body drips in past the timeout: uncertain, not retried', async () => {
    const r = await send(name, () => ({ status: 200, drip: 200 }));
    expect(r.requests).toHaveLength(1);
    expect(r.check.error).toMatch(/may have been delivered \(HTTP 200, then response body cut off/);
    expect(state(r)).toEqual(['uncertain 1/0']);
  });

  it('a 429 with Retry-After: waits as asked, then delivers', async () => {
    const r = await send(name, (n) => (n === 0 ? replies['limited'] : undefined));
    expect(r.sleeps).toEqual([2000]);
    expect(r.requests).toHaveLength(2);
    expect(r.sent).toEqual([RESET.id]);
  });

  it('accepted, then no answer: uncertain after the timeout, not retried (it may have arrived)', async () => {
    const r = await send(name, () => ({ hang: true }));
    expect(r.requests).toHaveLength(1);
    expect(r.check.error).toMatch(/may have been delivered \(no answer within the timeout\)/);
    expect(state(r)).toEqual(['uncertain 1/0']);
  });

  it('a redirect: not followed, failed', async () => {
    const r = await send(name, () => ({ status: 301, headers: { Location: `/moved${PATHS[name]}` }, body: '' }));
    expect(r.requests.map((q) => q.url.pathname)).not.toContain(`/moved${PATHS[name]}`);
    expect(r.requests).toHaveLength(1);
    expect(r.check.error).toMatch(/HTTP 301.*redirected; a webhook URL that redirects is not followed/);
    expect(r.records).toEqual(['released 0/0']);
    noSecret(r);
  });

  it('a 200 that is not the outlet speaking (a wrong URL): something took it, so uncertain, resent at most once', async () => {
    const r = await send(name, () => ({
      status: 200,
      headers: { 'Content-Type': 'text/html' },
      body: '<html><body>Welcome to nginx!</body></html>',
    }));
    expect(r.check.error).toMatch(/may have been delivered \(answered 200 but not .*Welcome to nginx/);
    expect(state(r)).toEqual(['uncertain 1/0']);
    noSecret(r);
  });
});

describe('Discord specifics', () => {
  it("a 429 without Retry-After waits for the body's retry_after (seconds, a float)", async () => {
    const r = await send('discord', (n) =>
      n === 0
        ? { status: 429, body: JSON.stringify({ message: 'You are being rate limited.', retry_after: 1.5, global: false }) }
        : undefined,
    );
    expect(r.sleeps).toEqual([1500]);
    expect(r.sent).toEqual([RESET.id]);
  });
  it('a retry_after longer than the pull waits: failed now, delivered by a later pull', async () => {
    const r = await send('discord', () => ({
      status: 429,
      body: JSON.stringify({ message: 'You are being rate limited.', retry_after: 64.57, global: false }),
    }));
    expect(r.requests).toHaveLength(1);
    expect(r.check.error).toMatch(/asked to retry after 65 s, longer than the pull waits/);
  });
});

describe('Telegram specifics', () => {
  const secretPart = TELEGRAM_TOKEN.split(':')[1]!;
  const noToken = (r: Awaited<ReturnType<typeof send>>) => {
    for (const text of [r.check.error ?? '', JSON.stringify(r.result.decisions), r.result.lines.join('\n')]) {
      expect(text).not.toContain(secretPart);
      expect(text).not.toContain('sendMessage');
    }
  };

  it('a retry_after longer than the pull waits: failed now, the claim released (no attempt used), so a later broadcast delivers it', async () => {
    const r = await send('telegram', () => telegramError(429, 'Too Many Requests: retry after 65', { retry_after: 65 }));
    expect(r.requests).toHaveLength(1);
    expect(r.sleeps).toEqual([]);
    expect(r.check.error).toBe(
      'reset:2123700000000000000 not delivered: HTTP 429 Too Many Requests: retry after 65: server asked to ' +
        'retry after 65 s, longer than the pull waits (0 of 1 sent; 1 left for the next broadcast)',
    );
    expect(r.records).toEqual(['released 0/0']);
    noToken(r);
  });

  it("a 400 about this message (too long): refused, recorded as failed (attempt 1 of 3), in Telegram's words", async () => {
    const r = await send('telegram', () => telegramError(400, 'Bad Request: message is too long'));
    expect(r.check.error).toBe(
      'reset:2123700000000000000 refused: HTTP 400 Bad Request: message is too long (attempt 1 of 3) (0 of 1 sent)',
    );
    expect(state(r)).toEqual(['failed 0/1']);
    noToken(r);
  });

  it('a 400 "chat not found" (TELEGRAM_CHAT_ID names another chat): the channel is unusable; the outlet stops, nothing is used up', async () => {
    const r = await send('telegram', undefined, undefined, { TELEGRAM_CHAT_ID: '@not_our_channel' });
    expect(JSON.parse(r.requests[0]!.body).chat_id).toBe('@not_our_channel');
    expect(r.check.error).toBe(
      'reset:2123700000000000000 not delivered: HTTP 400 Bad Request: chat not found (0 of 1 sent; 1 left for the next broadcast)',
    );
    expect(r.records).toEqual(['released 0/0']);
    noToken(r);
  });

  it('a token Telegram does not know: 401, failed at once, the token nowhere in what is written', async () => {
    const r = await send('telegram', undefined, undefined, { TELEGRAM_BOT_TOKEN: '7000000002:AAHanotherS3cretT0ken-abcdefghijkl' });
    expect(r.check.error).toBe(
      'reset:2123700000000000000 not delivered: HTTP 401 Unauthorized (0 of 1 sent; 1 left for the next broadcast)',
    );
    expect(r.result.lines.join('\n') + JSON.stringify(r.result.decisions)).not.toContain('AAHanotherS3cretT0ken');
  });

  it('TELEGRAM_CHAT_ID unset, or a token that is not one: failed before any request, naming the variable', async () => {
    const noChat = await send('telegram', undefined, undefined, { TELEGRAM_CHAT_ID: '' });
    expect(noChat.requests).toHaveLength(0);
    expect(noChat.check.error).toMatch(/^reset:2123700000000000000 not delivered: TELEGRAM_CHAT_ID not set/);
    const badToken = await send('telegram', undefined, undefined, { TELEGRAM_BOT_TOKEN: 'AAHtelegram/S3cret?T0ken' });
    expect(badToken.requests).toHaveLength(0);
    expect(badToken.check.error).toMatch(/^reset:2123700000000000000 not delivered: TELEGRAM_BOT_TOKEN is not a bot token/);
    expect(badToken.check.error).not.toContain('S3cret');
  });

  it('configured from the environment: the official API unless RESETCAST_TELEGRAM_API overrides it; no token, no Telegram', () => {
    expect(outletUrls({ TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN, TELEGRAM_CHAT_ID: '@resetcast_test' })).toEqual({
      telegram: `https://api.telegram.org/bot${TELEGRAM_TOKEN}/sendMessage?chat_id=%40resetcast_test`,
    });
    expect(
      outletUrls({ TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN, TELEGRAM_CHAT_ID: '-1001234567890', RESETCAST_TELEGRAM_API: 'http://127.0.0.1:9/' }),
    ).toEqual({ telegram: `http://127.0.0.1:9/bot${TELEGRAM_TOKEN}/sendMessage?chat_id=-1001234567890` });
    expect(outletUrls({ TELEGRAM_BOT_TOKEN: ' ', TELEGRAM_CHAT_ID: '@resetcast_test' })).toEqual({});
  });

  it('the length cut: only the summary is shortened, at a word and before escaping, so never inside an entity', () => {
    const m = {
      id: 'x',
      kind: 'reset' as const,
      title: 'A & B',
      text: 'Fish & chips <today> & tomorrow for everyone',
      post: null,
      page: 'https://resetcast.netlify.app/?a=1&b="2"',
      attribution: 'Data: Resetcast',
    };
    const link = '<a href="https://resetcast.netlify.app/?a=1&amp;b=&quot;2&quot;">Timeline</a>';
    // Seen by a reader: "A & B" (5) + "Timeline" (8) + "Data: Resetcast" (15) + 3 line breaks = 31, plus the summary (44) = 75.
    expect(telegramText(m, 75)).toBe(
      `<b>A &amp; B</b>\nFish &amp; chips &lt;today&gt; &amp; tomorrow for everyone\n${link}\nData: Resetcast`,
    );
    // 50 leaves 19 for the summary: cut to its last word within 18, plus the ellipsis.
    expect(telegramText(m, 50)).toBe(`<b>A &amp; B</b>\nFish &amp; chips…\n${link}\nData: Resetcast`);
    // 38 leaves 7: "Fish &" would end on the ampersand; the word cut keeps "Fish" (escaped after, never "&am").
    expect(telegramText(m, 38)).toBe(`<b>A &amp; B</b>\nFish…\n${link}\nData: Resetcast`);
    for (const max of [75, 50, 38]) {
      const seen = telegramVisible(telegramText(m, max));
      expect('text' in seen && seen.text.length <= max).toBe(true);
    }
  });
});

describe('misconfigured outlets', () => {
  it('a URL that is not http(s) fails without a request and without echoing the URL', async () => {
    const result = await broadcast({
      alerts: [RESET],
      ledger: l.ledger,
      urls: { slack: 'hooks.slack.com/services/T/B/secretsecret' },
      http: httpDeps(),
      now: NOW,
    });
    expect(result.checks.find((c) => c.name === 'slack')).toMatchObject({
      outcome: 'failed',
      error: 'SLACK_WEBHOOK_URL is not an http(s) URL',
    });
    expect(result.lines.join('\n')).not.toContain('secretsecret');
  });
  it('an ntfy URL without a topic fails, naming the variable', async () => {
    const result = await broadcast({
      alerts: [RESET],
      ledger: l.ledger,
      urls: { ntfy: 'http://127.0.0.1:9/' },
      http: httpDeps(),
      now: NOW,
    });
    expect(result.checks.find((c) => c.name === 'ntfy')!.error).toMatch(/NTFY_TOPIC_URL names no topic/);
  });
  it('an outlet nobody configured is skipped, named by its variable', async () => {
    const result = await broadcast({ alerts: [RESET], ledger: l.ledger, urls: {}, http: httpDeps(), now: NOW });
    expect(result.lines).toEqual([
      '⏭️ ntfy: skipped (NTFY_TOPIC_URL not set)',
      '⏭️ discord: skipped (DISCORD_WEBHOOK_URL not set)',
      '⏭️ slack: skipped (SLACK_WEBHOOK_URL not set)',
      '⏭️ telegram: skipped (TELEGRAM_BOT_TOKEN not set)',
    ]);
    expect(result.failed).toBe(false);
  });
});
