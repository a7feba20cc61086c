/**
 * Secrets never leave the process (docs/security.md, "Secrets"): a distinct secret planted in every
 * secret variable, every failure path a local server can drive (the Authorization header echoed in an
 * HTTP reason phrase, a body echoing the webhook path, a redirect to another host, a DNS failure, a TLS
 * error, credentials in an outlet URL), then every byte written — each file of data/, stdout and stderr,
 * the build's payloads, the watch function's log — searched for every form of every secret. Plus the hosts rule, the log rule and
 * the time budgets, against real local servers.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer as createTcpServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBuild } from '../../src/site/data.ts';
import { readDataTexts, writeDataTexts } from '../../src/io/data-folder.ts';
import { getJson } from '../../src/net/http.ts';
import { runPull } from '../../src/jobs/pull/run.ts';
import { postIdAt } from '../../src/core/postid.ts';
import { createRedactor, neutraliseWorkflowCommands, oneLine, REDACTED, secretPieces, secretsFrom } from '../../src/core/secrets.ts';
import { SITE } from '../../src/core/site.ts';
import { HISTORY_EPOCH, historyCopy } from '../support/history.ts';
import { runNode } from '../support/run-node.ts';
import { FIXTURES, json, startServer, type FixtureServer } from './support/fixture-server.ts';
import { DEAD, httpDeps, NOW, tempData } from './support/pull-env.ts';
import { cpSync } from 'node:fs';

const SECRETS = {
  X_BEARER_TOKEN: 'xBearerSecretAAAA1111',
  GITHUB_TOKEN: 'ghp_githubSecretBBBB2222',
  NTFY_TOPIC_URL: '', // set per test: it names a local port
  DISCORD_WEBHOOK_URL: 'http://discord-secret-host.invalid/api/webhooks/998877665544332211/discordTokenEEEE5555',
  SLACK_WEBHOOK_URL: '',
  TELEGRAM_BOT_TOKEN: '7000000003:AAHtelegramSecretHHHH8888-abcdefghij',
  NETLIFY_BUILD_HOOK: 'https://api.netlify.com/build_hooks/netlifyHookGGGG7777',
};

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

/** A server that speaks just enough of PostgreSQL's protocol to refuse the login with an error quoting `echo` (a password it was told). */
async function echoingPostgres(echo: string): Promise<number> {
  const server: Server = createTcpServer((socket) => {
    socket.once('data', () => {
      const fields = Buffer.concat([Buffer.from('SFATAL\0VFATAL\0C28P01\0'), Buffer.from(`Mpassword ${echo} is not the password of user resetcast\0`), Buffer.from('\0')]);
      const head = Buffer.alloc(5);
      head.write('E', 0);
      head.writeInt32BE(fields.length + 4, 1);
      socket.end(Buffer.concat([head, fields]));
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(() => r())));
  return (server.address() as { port: number }).port;
}

/** A raw HTTP server (node:net: Node's own server would refuse a reason phrase holding the header) answering `status` with the request's Authorization header as the reason phrase. */
async function echoReasonServer(status = 500): Promise<string> {
  const server: Server = createTcpServer((socket) => {
    let head = '';
    socket.on('data', (d) => {
      head += String(d);
      if (!head.includes('\r\n\r\n')) return;
      const auth = /^authorization: (.*)$/im.exec(head)?.[1]?.trim() ?? 'no header';
      socket.end(`HTTP/1.1 ${status} Unauthorized for ${auth}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(() => r())));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

async function fixture(route: Parameters<typeof startServer>[0]): Promise<FixtureServer> {
  const s = await startServer(route);
  closers.push(() => s.close());
  return s;
}

/** Every file under `dir`, as text. */
const allFiles = (dir: string): string => readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');

/** Every form of every secret of `env` found in `text` (none is the goal). */
const leaks = (env: Record<string, string>, text: string): string[] => secretsFrom(env).filter((s) => text.includes(s));

describe('the secret pieces', () => {
  it('of a webhook URL: the whole URL, its path, its token and id segments, but not the public path words', () => {
    const pieces = secretPieces('https://discord.com/api/webhooks/998877665544332211/discordTokenEEEE5555');
    expect(pieces).toEqual(expect.arrayContaining(['https://discord.com/api/webhooks/998877665544332211/discordTokenEEEE5555', '/api/webhooks/998877665544332211/discordTokenEEEE5555', '998877665544332211', 'discordTokenEEEE5555']));
    expect(pieces).not.toContain('webhooks');
    expect(pieces).not.toContain('api');
  });
  it('of a URL with credentials: user:pass and the password alone, percent-encoded too', () => {
    const pieces = secretPieces('https://ntfyuser:p%40ss-word-1234@ntfy.example/topicSecretDDDD');
    expect(pieces).toEqual(expect.arrayContaining(['ntfyuser:p%40ss-word-1234', 'p%40ss-word-1234', 'p@ss-word-1234', 'topicSecretDDDD']));
  });
  it('redacts the longest piece first and never lengthens a text', () => {
    const redact = createRedactor(secretsFrom({ SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T1/B2/slackSecretFFFF6666' }));
    expect(redact('POST https://hooks.slack.com/services/T1/B2/slackSecretFFFF6666 failed; token slackSecretFFFF6666')).toBe(`POST ${REDACTED} failed; token ${REDACTED}`);
    expect(redact('no secret here, services as usual')).toBe('no secret here, services as usual');
  });
  it('ignores unset variables and variables that are not secrets', () => {
    expect(secretsFrom({ X_BEARER_TOKEN: '', HOME: '/root/secret-home' })).toEqual([]);
  });
});

describe('log lines cannot run workflow commands', () => {
  it.each([
    ['::error title=x::owned', '› ::error title=x::owned'],
    ['  ::add-mask::value', '  › ::add-mask::value'],
    ['##[error]old syntax', '› ##[error]old syntax'],
    ['✅ status: Codex ok', '✅ status: Codex ok'],
    ['a\n::stop-commands::tok\nb', 'a\n› ::stop-commands::tok\nb'],
  ])('%j', (input, want) => expect(neutraliseWorkflowCommands(input)).toBe(want));
  it('shows line breaks of upstream text as \\n, so it never starts a line', () => {
    expect(oneLine('Codex\n::error title=x::boom\r\nend')).toBe('Codex\\n::error title=x::boom\\nend');
  });
});

describe('npm run pull with a secret in every variable', () => {
  it('writes no form of any secret to data/, stdout or stderr, though every source echoed its token', async () => {
    const echo = await echoReasonServer(500);
    // The status page sends us to another host, with a token-looking query: refused, never followed.
    const status = await fixture(() => ({ status: 302, headers: { Location: `http://127.0.0.2:9/summary?auth=${SECRETS.GITHUB_TOKEN}` }, body: '' }));
    const dir = tempData();
    cpSync(join(FIXTURES, 'x', 'pull-state.json'), join(dir, 'pull-state.json'));
    const env = { ...SECRETS, NTFY_TOPIC_URL: 'https://ntfyuser:ntfyPassCCCC3333@ntfy.example/topicSecretDDDD', SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T1/B2/slackSecretFFFF6666' };
    const r = await runNode(['scripts/pull.ts'], {
      PATH: process.env['PATH'] ?? '', RESETCAST_DATA_DIR: dir, SOURCE_DATE_EPOCH: String(NOW.getTime() / 1000),
      RESETCAST_STATUS_BASE: status.url, RESETCAST_GITHUB_API: echo, RESETCAST_X_API: echo, RESETCAST_HTTP_TIMEOUT_MS: '2000', ...env,
    });
    expect(r.code, r.out).toBe(1);
    // Each path was driven: the echoes reached the error lines, redacted.
    expect(r.out).toMatch(new RegExp(`^❌ x: .*Unauthorized for Bearer \\${REDACTED}`, 'm'));
    expect(r.out).toMatch(new RegExp(`^❌ issues: .*Unauthorized for (token|Bearer) \\${REDACTED}`, 'm'));
    expect(r.out).toMatch(/^❌ status: .*redirected to another host \(127\.0\.0\.2:9\), refused/m);
    const signals = readFileSync(join(dir, 'signals.json'), 'utf8');
    expect(signals).toContain(REDACTED);
    expect(leaks(env, r.out)).toEqual([]);
    expect(leaks(env, allFiles(dir))).toEqual([]);
  });
});

describe('npm run broadcast with a secret in every outlet URL', () => {
  it('writes no form of any secret to data/, stdout or stderr: DNS failure, TLS error, credentials, a body echoing the path', async () => {
    // data/ with one fresh reset to announce, recorded by a pull in this process.
    const src = await fixture((u) => {
      if (u.pathname === '/2/users/by') return json('x/users.json');
      if (u.pathname === '/2/users/1450183340366770177/tweets') return { body: JSON.stringify({ data: [FRESH_POST], meta: { result_count: 1, newest_id: FRESH, oldest_id: FRESH } }) };
      return u.pathname.startsWith('/2/users/') ? json('x/empty.json') : undefined;
    });
    const dir = tempData();
    cpSync(join(FIXTURES, 'x', 'pull-state.json'), join(dir, 'pull-state.json'));
    const pulled = await runPull({ texts: readDataTexts(dir), now: NOW, http: httpDeps(), bases: { status: DEAD, github: DEAD, x: src.url }, tokens: { x: 'x' }, site: SITE.url });
    writeDataTexts(dir, pulled.writes);

    const plain = await fixture(() => ({ body: '{}' })); // answers plain HTTP: https:// to it is a TLS error
    const slack = await fixture((u) => ({ body: `ok, you posted to ${u.pathname}` })); // a 2xx that is not Slack's own answer
    // Telegram's error description goes into the failure line: this one echoes the path, which holds the bot token.
    const telegram = await fixture((u) => ({ status: 403, body: JSON.stringify({ ok: false, error_code: 403, description: `Forbidden: bot ${u.pathname} was kicked from the channel chat` }) }));
    const env = {
      ...SECRETS,
      NTFY_TOPIC_URL: `https://ntfyuser:ntfyPassCCCC3333@${new URL(plain.url).host}/topicSecretDDDD`,
      SLACK_WEBHOOK_URL: `${slack.url}/services/T1/B2/slackSecretFFFF6666`,
    };
    const telegramEnv = { TELEGRAM_CHAT_ID: '@resetcast_test', RESETCAST_TELEGRAM_API: telegram.url };
    const r = await runNode(['scripts/broadcast.ts'], { PATH: process.env['PATH'] ?? '', RESETCAST_DATA_DIR: dir, RESETCAST_DB_DIR: join(mkdtempSync(join(tmpdir(), 'resetcast-secrets-db-')), 'db'), SOURCE_DATE_EPOCH: String(NOW.getTime() / 1000), RESETCAST_HTTP_TIMEOUT_MS: '2000', ...env, ...telegramEnv });
    expect(r.out).toMatch(/^❌ ntfy: /m);
    expect(r.out).toMatch(/^❌ discord: /m);
    expect(slack.requests.length).toBeGreaterThan(0);
    expect(telegram.requests[0]!.url.pathname).toBe(`/bot${SECRETS.TELEGRAM_BOT_TOKEN}/sendMessage`);
    expect(r.out).toMatch(/^❌ telegram: reset:\d+ not delivered: HTTP 403 Forbidden: bot \S+ was kicked from the channel chat/m);
    expect(leaks(env, r.out)).toEqual([]);
    expect(leaks(env, allFiles(dir))).toEqual([]);
  });
});

describe('the watch function with a secret in every variable', () => {
  it('logs no form of any secret, though the dispatch refusal and the database error echo their credentials', async () => {
    const dbPassword = 'dbPassIIII9999';
    const env: Record<string, string> = {
      ...SECRETS, RESETCAST_DISPATCH_TOKEN: 'github_pat_dispatchSecretJJJJ9999',
      NETLIFY_DB_URL: `postgres://resetcast:${dbPassword}@127.0.0.1:${await echoingPostgres(dbPassword)}/alerts`,
      NTFY_TOPIC_URL: 'https://ntfy.example/topicSecretDDDD', SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T1/B2/slackSecretFFFF6666',
    };
    const post = { id: postIdAt(new Date(Date.now() - 10_000), 5n), text: "We've reset Codex rate limits for all Plus and Pro users." };
    const x = await fixture((u) => {
      if (u.pathname === '/2/users/by') return { body: JSON.stringify({ data: [{ id: '1450183340366770177', name: 'thsottiaux', username: 'thsottiaux' }] }) };
      if (u.pathname === '/2/users/1450183340366770177/tweets') return { body: JSON.stringify({ data: [post], meta: { result_count: 1, newest_id: post.id } }) };
      return undefined;
    });
    // GitHub refusing the dispatch with a message that quotes the Authorization header it got.
    const github = await fixture((_u, _n, req) => ({ status: 401, body: JSON.stringify({ message: `Bad credentials: ${req.headers.authorization}` }) }));
    const saved = { ...process.env };
    Object.assign(process.env, env, {
      RESETCAST_REPO: 'resetcast/resetcast', RESETCAST_X_API: x.url, RESETCAST_GITHUB_API: github.url, RESETCAST_WATCH_SITE: DEAD,
      RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:1',
    });
    const out: string[] = [];
    const spies = [vi.spyOn(console, 'log'), vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')].map((s) => s.mockImplementation((...a: unknown[]) => void out.push(a.join(' '))));
    try {
      const watch = (await import('../../netlify/functions/watch.ts')).default;
      await watch();
    } finally {
      for (const s of spies) s.mockRestore();
      process.env = saved;
    }
    const text = out.join('\n');
    // Each path was driven: the token reached the dispatch, the database refused quoting the password, and both failures were logged.
    expect(github.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${env['RESETCAST_DISPATCH_TOKEN']}`]);
    expect(text).toMatch(new RegExp(`^\\[watch\\] ❌ dispatch: HTTP 401 .*Bad credentials: Bearer \\${REDACTED}`, 'm'));
    expect(text).toMatch(/^\[watch\] ❌ database: database 127\.0\.0\.1:\d+\/alerts: cannot connect: password … is not the password of user/m);
    expect(text).not.toContain(dbPassword);
    expect(leaks(env, text)).toEqual([]);
  });
});

describe('the build', () => {
  it('never publishes a secret set in its environment, even one a hand edit put into data/', () => {
    const dir = historyCopy('secret-build');
    const file = join(dir, 'events.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.events[0].summary = `Reset. ${SECRETS.X_BEARER_TOKEN}`;
    writeFileSync(file, JSON.stringify(doc));
    const build = loadBuild({ RESETCAST_DATA_DIR: dir, SOURCE_DATE_EPOCH: String(HISTORY_EPOCH), X_BEARER_TOKEN: SECRETS.X_BEARER_TOKEN });
    const published = JSON.stringify(build.payloads);
    expect(published).toContain(`Reset. ${REDACTED}`);
    expect(published).not.toContain(SECRETS.X_BEARER_TOKEN);
  });
});

describe('hosts: a source is answered only by its own host', () => {
  it('follows a redirect within the host, refuses one to another host', async () => {
    const s = await fixture((u) => (u.pathname === '/old' ? { status: 301, headers: { Location: '/new' }, body: '' } : u.pathname === '/new' ? { body: '{"ok":true}' } : { status: 302, headers: { Location: 'http://127.0.0.2:9/elsewhere' }, body: '' }));
    expect((await getJson(httpDeps(), `${s.url}/old`, { maxBytes: 1000 })).body).toEqual({ ok: true });
    await expect(getJson(httpDeps(), `${s.url}/away`, { maxBytes: 1000 })).rejects.toThrow('HTTP 302: redirected to another host (127.0.0.2:9), refused');
  });
});

describe('budgets', () => {
  it('a source that drip-feeds its body fails within its budget, not after three timeouts', async () => {
    const drip = await fixture(() => ({ drip: 100 }));
    const budgetMs = 1_500;
    const deps = { ...httpDeps(), now: () => new Date(), timeoutMs: 1_000, deadline: Date.now() + budgetMs };
    const start = Date.now();
    await expect(getJson(deps, `${drip.url}/slow`, { maxBytes: 1_000_000 })).rejects.toThrow(/time budget is spent/);
    // Three 1 s timeouts would take 3 s; the budget stops it at 1.5 s (a bound with room for a loaded machine, not a benchmark).
    expect(Date.now() - start).toBeLessThan(2_800);
  });
});

const FRESH = postIdAt(new Date('2026-11-20T11:50:00Z'), 777n);
const FRESH_POST = { id: FRESH, text: "We've reset Codex rate limits for all Plus and Pro users.", created_at: '2026-11-20T11:50:00.000Z', edit_history_tweet_ids: [FRESH] };
