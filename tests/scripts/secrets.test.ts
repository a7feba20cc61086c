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
import { REDACTED } from '../../src/core/secrets/pieces.ts';
import { createRedactor, neutraliseWorkflowCommands, oneLine, requestCredentials } from '../../src/core/secrets/redact.ts';
import { secretPieces, secretPiecesFrom, secretsFrom } from '../../src/core/secrets/variables.ts';
import { SITE } from '../../src/core/site.ts';
import { BLOBS_TOKEN, startBlobs } from '../support/blobs.ts';
import { historyDeploy } from '../support/deploy.ts';
import { HISTORY_EPOCH, historyCopy } from '../support/history.ts';
import { runNode } from '../support/run-node.ts';
import { FIXTURES, json, startServer, type FixtureServer } from '../support/fixture-server.ts';
import { DEAD, httpDeps, NOW, tempData } from '../support/pull-env.ts';
import { cpSync } from 'node:fs';
import { joinedRegExp } from '../support/regexp.ts';

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
      const fields = Buffer.concat([
        Buffer.from('SFATAL\0VFATAL\0C28P01\0'),
        Buffer.from(`Mpassword ${echo} is not the password of user resetcast\0`),
        Buffer.from('\0'),
      ]);
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

/**
 * A raw HTTP server (node:net: Node's own server would refuse a reason phrase holding the header) answering `status`
 * with the request's Authorization header as the reason phrase.
 */
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
const allFiles = (dir: string): string =>
  readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');

/** Every form of every secret of `env` found in `text` (none is the goal). */
const leaks = (env: Record<string, string>, text: string): string[] => secretsFrom(env).filter((s) => text.includes(s));

describe('the secret pieces', () => {
  it('of a Discord webhook URL: the whole URL, its id and token, but no public path word', () => {
    const pieces = secretPieces('DISCORD_WEBHOOK_URL', 'https://discord.com/api/webhooks/998877665544332211/discordTokenEEEE5555');
    expect(pieces).toEqual(
      expect.arrayContaining([
        'https://discord.com/api/webhooks/998877665544332211/discordTokenEEEE5555',
        '998877665544332211/discordTokenEEEE5555',
        '998877665544332211',
        'discordTokenEEEE5555',
      ]),
    );
    for (const word of ['webhooks', 'api', 'discord.com', '/api/webhooks'])
      expect(pieces.filter((p) => !p.includes('998877665544332211') && !p.includes('discordToken'))).not.toContainEqual(
        expect.stringContaining(word),
      );
  });
  it('of a URL with credentials: user:pass and the password alone, percent-encoded too', () => {
    const pieces = secretPieces('NTFY_TOPIC_URL', 'https://ntfyuser:p%40ss-word-1234@ntfy.example/topicSecretDDDD');
    expect(pieces).toEqual(expect.arrayContaining(['ntfyuser:p%40ss-word-1234', 'p%40ss-word-1234', 'p@ss-word-1234', 'topicSecretDDDD']));
  });
  it('of a Slack webhook URL: the path after /services/ and its secret, not the word services nor the T…/B… ids alone', () => {
    const pieces = secretPieces('SLACK_WEBHOOK_URL', 'https://hooks.slack.com/services/TRESETCAST/BTIMELINE/slackSecretFFFF6666');
    expect(pieces).toEqual(expect.arrayContaining(['TRESETCAST/BTIMELINE/slackSecretFFFF6666', 'slackSecretFFFF6666']));
    expect(pieces).not.toContain('services');
    expect(pieces).not.toContain('TRESETCAST');
  });
  it('of an ntfy topic: the topic is the credential, unless it is declared public or is the published one', () => {
    expect(secretPieces('NTFY_TOPIC_URL', 'https://ntfy.sh/resetcast')).toContain('resetcast');
    expect(secretPieces('NTFY_TOPIC_URL', 'https://ntfy.sh/resetcast', true)).toEqual([]);
    expect(secretsFrom({ NTFY_TOPIC_URL: 'https://ntfy.sh/resetcast', RESETCAST_PUBLIC_VALUES: 'NTFY_TOPIC_URL' })).toEqual([]);
    expect(secretPieces('NTFY_TOPIC_URL', SITE.ntfyTopic)).toEqual([]);
    // Declared public, the topic is; an access token in its query is not.
    expect(secretPieces('NTFY_TOPIC_URL', 'https://ntfy.sh/resetcast?auth=tk_ntfyAccessToken1', true)).toEqual(
      expect.arrayContaining(['tk_ntfyAccessToken1']),
    );
    expect(secretPieces('NTFY_TOPIC_URL', 'https://ntfy.sh/resetcast?auth=tk_ntfyAccessToken1', true)).not.toContain('resetcast');
  });
  it('of a token: the whole value; of a Telegram bot token, its secret half too', () => {
    expect(secretPieces('X_BEARER_TOKEN', 'xBearerSecretAAAA1111')).toEqual(['xBearerSecretAAAA1111']);
    expect(secretPieces('TELEGRAM_BOT_TOKEN', '7000000003:AAHtelegramSecretHHHH8888')).toEqual(
      expect.arrayContaining(['7000000003:AAHtelegramSecretHHHH8888', 'AAHtelegramSecretHHHH8888']),
    );
    expect(secretPieces('NETLIFY_BUILD_HOOK', 'https://api.netlify.com/build_hooks/netlifyHookGGGG7777')).toContain('netlifyHookGGGG7777');
    expect(secretPieces('NETLIFY_BUILD_HOOK', 'https://api.netlify.com/build_hooks/netlifyHookGGGG7777')).not.toContain('build_hooks');
  });
  it("of a request: its header token (not the scheme word), its user:pass and credential query values, not the question's own words", () => {
    expect(
      requestCredentials('https://api.x.com/2/users/by?usernames=thsottiaux,OpenAIDevs', {
        Authorization: 'Bearer xBearerSecretAAAA1111',
        Accept: 'application/json',
      }),
    ).toEqual(['xBearerSecretAAAA1111']);
    expect(requestCredentials('https://ntfyuser:ntfyPassCCCC3333@ntfy.example/?auth=tk_accessTokenZZZZ')).toEqual(
      expect.arrayContaining(['ntfyuser:ntfyPassCCCC3333', 'ntfyPassCCCC3333', 'tk_accessTokenZZZZ']),
    );
  });
  it('redacts the longest piece first and never lengthens a text', () => {
    const redact = createRedactor(secretsFrom({ SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T1/B2/slackSecretFFFF6666' }));
    expect(redact('POST https://hooks.slack.com/services/T1/B2/slackSecretFFFF6666 failed; token slackSecretFFFF6666')).toBe(
      `POST ${REDACTED} failed; token ${REDACTED}`,
    );
    expect(redact('POST /services/T1/B2/slackSecretFFFF6666')).toBe(`POST /services/${REDACTED}`);
    expect(redact('no secret here, services as usual')).toBe('no secret here, services as usual');
  });
  it('of a database URL: a word-like password (letters only, or short) carries the advice a refusal gives; a random one does not', () => {
    const withAdvice = (url: string) =>
      secretPiecesFrom({ NETLIFY_DB_URL: url })
        .filter((p) => p.advice !== undefined)
        .map((p) => p.text);
    expect(withAdvice('postgres://u:resetcast@h/db')).toEqual(['resetcast']);
    expect(withAdvice('postgres://u:Netlify@h/db')).toEqual([]); // 7 characters: too short to be looked for at all
    expect(withAdvice('postgres://u:codex2026x@h/db')).toEqual(['codex2026x']);
    expect(withAdvice('postgres://u:q7Vx2mKp9RtL4wZs8NbE@h/db')).toEqual([]);
    // The URL and user:password are never word-like: found in data, they are a leak, and the refusal says to remove it.
    expect(
      secretPiecesFrom({ NETLIFY_DB_URL: 'postgres://u:resetcast@h/db' }).filter((p) => p.text.includes('@') || p.text.includes(':')),
    ).toEqual(expect.not.arrayContaining([expect.objectContaining({ advice: expect.any(String) })]));
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
    const status = await fixture(() => ({
      status: 302,
      headers: { Location: `http://127.0.0.2:9/summary?auth=${SECRETS.GITHUB_TOKEN}` },
      body: '',
    }));
    const dir = tempData();
    cpSync(join(FIXTURES, 'x', 'pull-state.json'), join(dir, 'pull-state.json'));
    const env = {
      ...SECRETS,
      NTFY_TOPIC_URL: 'https://ntfyuser:ntfyPassCCCC3333@ntfy.example/topicSecretDDDD',
      SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T1/B2/slackSecretFFFF6666',
    };
    const r = await runNode(['scripts/pull.ts'], {
      PATH: process.env['PATH'] ?? '',
      RESETCAST_DATA_DIR: dir,
      SOURCE_DATE_EPOCH: String(NOW.getTime() / 1000),
      RESETCAST_STATUS_BASE: status.url,
      RESETCAST_GITHUB_API: echo,
      RESETCAST_X_API: echo,
      RESETCAST_HTTP_TIMEOUT_MS: '2000',
      ...env,
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
      if (u.pathname === '/2/users/1450183340366770177/tweets')
        return { body: JSON.stringify({ data: [FRESH_POST], meta: { result_count: 1, newest_id: FRESH, oldest_id: FRESH } }) };
      return u.pathname.startsWith('/2/users/') ? json('x/empty.json') : undefined;
    });
    const dir = pulledDir();
    await pullFromX(dir, src.url);

    const plain = await fixture(() => ({ body: '{}' })); // answers plain HTTP: https:// to it is a TLS error
    const slack = await fixture((u) => ({ body: `ok, you posted to ${u.pathname}` })); // a 2xx that is not Slack's own answer
    // Telegram's error description goes into the failure line: this one echoes the path, which holds the bot token.
    const telegram = await fixture((u) => ({
      status: 403,
      body: JSON.stringify({ ok: false, error_code: 403, description: `Forbidden: bot ${u.pathname} was kicked from the channel chat` }),
    }));
    const env = {
      ...SECRETS,
      NTFY_TOPIC_URL: `https://ntfyuser:ntfyPassCCCC3333@${new URL(plain.url).host}/topicSecretDDDD`,
      SLACK_WEBHOOK_URL: `${slack.url}/services/T1/B2/slackSecretFFFF6666`,
    };
    const telegramEnv = { TELEGRAM_CHAT_ID: '@resetcast_test', RESETCAST_TELEGRAM_API: telegram.url };
    const r = await broadcastRun(dir, { ...env, ...telegramEnv });
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
      ...SECRETS,
      RESETCAST_DISPATCH_TOKEN: 'github_pat_dispatchSecretJJJJ9999',
      NETLIFY_DB_URL: `postgres://resetcast:${dbPassword}@127.0.0.1:${await echoingPostgres(dbPassword)}/alerts`,
      NTFY_TOPIC_URL: 'https://ntfy.example/topicSecretDDDD',
      SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T1/B2/slackSecretFFFF6666',
    };
    const post = { id: postIdAt(new Date(Date.now() - 10_000), 5n), text: "We've reset Codex rate limits for all Plus and Pro users." };
    const x = await fixture((u) => {
      if (u.pathname === '/2/users/by')
        return { body: JSON.stringify({ data: [{ id: '1450183340366770177', name: 'thsottiaux', username: 'thsottiaux' }] }) };
      if (u.pathname === '/2/users/1450183340366770177/tweets')
        return { body: JSON.stringify({ data: [post], meta: { result_count: 1, newest_id: post.id } }) };
      return undefined;
    });
    // GitHub refusing the dispatch with a message that quotes the Authorization header it got.
    const github = await fixture((_u, _n, req) => ({
      status: 401,
      body: JSON.stringify({ message: `Bad credentials: ${req.headers.authorization}` }),
    }));
    // The watcher's state in a local Netlify Blobs server, reached with the platform's context (its token a credential too).
    const blobs = await startBlobs();
    // The deploy the post is classified against: the post is news, its alert is claimed, so the database is opened.
    const files = historyDeploy();
    const site = await fixture((u) => (files[u.pathname] ? { body: files[u.pathname]! } : undefined));
    const saved = { ...process.env };
    Object.assign(process.env, env, {
      RESETCAST_REPO: 'resetcast/resetcast',
      RESETCAST_X_API: x.url,
      RESETCAST_GITHUB_API: github.url,
      RESETCAST_WATCH_SITE: site.url,
      RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:1',
      NETLIFY_BLOBS_CONTEXT: blobs.context(),
    });
    const out: string[] = [];
    const spies = [vi.spyOn(console, 'log'), vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')].map((s) =>
      s.mockImplementation((...a: unknown[]) => void out.push(a.join(' '))),
    );
    try {
      const watch = (await import('../../netlify/functions/watch.ts')).default;
      await watch();
    } finally {
      for (const s of spies) s.mockRestore();
      process.env = saved;
      await blobs.close();
    }
    const text = out.join('\n');
    // Each path was driven: the token reached the dispatch, the database refused quoting the password, and both failures were logged.
    expect(github.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${env['RESETCAST_DISPATCH_TOKEN']}`]);
    expect(text).toMatch(new RegExp(`^\\[watch\\] ❌ dispatch: HTTP 401 .*Bad credentials: Bearer \\${REDACTED}`, 'm'));
    expect(text).toMatch(
      /^\[watch\] ❌ database: database 127\.0\.0\.1:\d+\/alerts: cannot connect: password … is not the password of user/m,
    );
    expect(text).not.toContain(dbPassword);
    expect(leaks(env, text)).toEqual([]);
    // The state was read and written (the cursor moved past the post) through the store, its token in no line.
    expect(blobs.requests.map((r) => r.method)).toContain('PUT');
    expect(text).not.toContain(BLOBS_TOKEN);
  });
});

describe('the build', () => {
  it('refuses to publish a secret set in its environment that a hand edit put into data/: one line naming the variable, the file and the field', () => {
    const dir = historyCopy('secret-build');
    const file = join(dir, 'events.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.events[0].summary = `Reset. ${SECRETS.X_BEARER_TOKEN}`;
    writeFileSync(file, JSON.stringify(doc));
    let said = '';
    try {
      loadBuild({ RESETCAST_DATA_DIR: dir, SOURCE_DATE_EPOCH: String(HISTORY_EPOCH), X_BEARER_TOKEN: SECRETS.X_BEARER_TOKEN });
    } catch (e) {
      said = (e as Error).message;
    }
    expect(said).toBe(
      'data/events.json: events[0].summary holds a credential of X_BEARER_TOKEN (the token); the build stops, nothing is published: remove it from data/',
    );
    expect(said).not.toContain(SECRETS.X_BEARER_TOKEN);
  });

  it('refuses a NETLIFY_DB_URL whose password is a word of our own data, in one line naming the variable and the fix', () => {
    const dir = historyCopy('secret-db-word');
    let said = '';
    try {
      loadBuild({
        RESETCAST_DATA_DIR: dir,
        SOURCE_DATE_EPOCH: String(HISTORY_EPOCH),
        NETLIFY_DB_URL: 'postgres://netlify:resetcast@db.example.invalid/site',
      });
    } catch (e) {
      said = (e as Error).message;
    }
    expect(said).toMatch(
      joinedRegExp(
        /^data\/[a-z]+\.json: \S+ holds a credential of NETLIFY_DB_URL \(the password in the URL\); the build stops, nothing is published: /,
        /a password that is a word \(here one Resetcast's own data uses\) cannot be kept out of its files and pages: /,
        /give the database a random password of at least 20 characters and set NETLIFY_DB_URL to the new URL$/,
      ),
    );
  });
});

/**
 * Secrets whose URLs share words with our data ("resetcast", "timeline", "services"): the public topic, a Discord and a
 * Slack webhook behind a path.
 */
const oursAlike = (ntfy: string, discord: string, slack: string): Record<string, string> => ({
  NTFY_TOPIC_URL: `${ntfy}/resetcast`,
  RESETCAST_PUBLIC_VALUES: 'NTFY_TOPIC_URL',
  DISCORD_WEBHOOK_URL: `${discord}/timeline/api/webhooks/112233445566778899/discordTokenWWWW4444`,
  SLACK_WEBHOOK_URL: `${slack}/resetcast/services/T0SLACK01/B0SLACK02/slackSecretSSSS5678`,
});
const TIMELINE = `${SITE.url}/timeline/`;

/** The sources answering as in pull-cli.test.ts, X with one fresh reset (so events.json is written). */
const sourcesAnswering = (u: URL, n: number) => {
  if (u.pathname === '/api/v2/summary.json') return json('status/summary.json');
  if (u.pathname === '/search/issues') return json(n % 2 === 0 ? 'issues/search-recent.json' : 'issues/search-baseline.json');
  if (u.pathname.startsWith('/repos/openai/codex/issues')) return json('github/empty.json');
  if (u.pathname === '/2/users/by') return json('x/users.json');
  if (u.pathname === '/2/users/1450183340366770177/tweets')
    return { body: JSON.stringify({ data: [FRESH_POST], meta: { result_count: 1, newest_id: FRESH, oldest_id: FRESH } }) };
  return u.pathname.startsWith('/2/users/') ? json('x/empty.json') : undefined;
};

const pullEnv = (dir: string, sources: string): Record<string, string> => ({
  PATH: process.env['PATH'] ?? '',
  RESETCAST_DATA_DIR: dir,
  SOURCE_DATE_EPOCH: String(NOW.getTime() / 1000),
  RESETCAST_STATUS_BASE: sources,
  RESETCAST_GITHUB_API: sources,
  RESETCAST_X_API: sources,
  X_BEARER_TOKEN: SECRETS.X_BEARER_TOKEN,
  RESETCAST_HTTP_TIMEOUT_MS: '2000',
});
/** A pull in this process that reads only X (at `x`, the other sources dead), written into `dir` as the pull writes it. */
async function pullFromX(dir: string, x: string): Promise<void> {
  const pulled = await runPull({
    texts: readDataTexts(dir),
    now: NOW,
    http: httpDeps(),
    bases: { status: DEAD, github: DEAD, x },
    tokens: { x: 'x' },
    site: SITE.url,
  });
  writeDataTexts(dir, pulled.writes);
}

/** The fact files' texts in `dir`, to show that the broadcast leaves them as they were. */
const factsIn = (dir: string): string[] =>
  ['events.json', 'banked.json', 'announcements.json', 'corrections.json'].map((f) => readFileSync(join(dir, f), 'utf8'));

/** `npm run broadcast` of `dir` at the pulls' clock, on a fresh embedded ledger, with `env` (the outlets) and PATH only. */
const broadcastRun = (dir: string, env: Record<string, string>) =>
  runNode(['scripts/broadcast.ts'], {
    PATH: process.env['PATH'] ?? '',
    RESETCAST_DATA_DIR: dir,
    RESETCAST_DB_DIR: join(mkdtempSync(join(tmpdir(), 'resetcast-secrets-db-')), 'db'),
    SOURCE_DATE_EPOCH: String(NOW.getTime() / 1000),
    RESETCAST_HTTP_TIMEOUT_MS: '2000',
    ...env,
  });

/** `npm run validate` on `dir` at the pulls' clock, with nothing of the test's environment (no secret) but PATH. */
const validateAtNow = (dir: string) =>
  runNode(['scripts/validate.ts'], {
    PATH: process.env['PATH'] ?? '',
    RESETCAST_DATA_DIR: dir,
    SOURCE_DATE_EPOCH: String(NOW.getTime() / 1000),
  });

const pulledDir = (): string => {
  const dir = tempData();
  cpSync(join(FIXTURES, 'x', 'pull-state.json'), join(dir, 'pull-state.json'));
  return dir;
};
const filesOf = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );

describe('secrets that share words with our data: the record is never rewritten', () => {
  const OURS = oursAlike('https://ntfy.sh', 'https://discord.com', 'https://hooks.slack.com');

  it('npm run pull writes, byte for byte, what it writes without them: our URLs intact, no [secret], no secret', async () => {
    const sources = await fixture(sourcesAnswering);
    const [plain, secret] = [pulledDir(), pulledDir()];
    const a = await runNode(['scripts/pull.ts'], pullEnv(plain, sources.url));
    const b = await runNode(['scripts/pull.ts'], { ...pullEnv(secret, sources.url), ...OURS });
    expect(a.code, a.out).toBe(0);
    expect(b.code, b.out).toBe(0);
    expect(b.out).toMatch(/^wrote .*events\.json/m);
    expect(filesOf(secret)).toEqual(filesOf(plain));
    expect(readFileSync(join(secret, 'events.json'), 'utf8')).toContain(TIMELINE);
    expect(allFiles(secret) + b.out).not.toContain(REDACTED);
    expect(leaks(OURS, b.out + allFiles(secret))).toEqual([]);
    expect(await validateAtNow(secret)).toMatchObject({ code: 0 });
  });

  it(
    'npm run pull with the topic "resetcast" not declared public: refused in one line naming the variable, ' +
      'the file and the field; data/ byte-identical',
    async () => {
      const sources = await fixture(sourcesAnswering);
      const dir = pulledDir();
      const before = filesOf(dir);
      const r = await runNode(['scripts/pull.ts'], { ...pullEnv(dir, sources.url), NTFY_TOPIC_URL: 'https://ntfy.sh/resetcast' });
      expect(r.code, r.out).toBe(2);
      expect(r.out).toMatch(
        joinedRegExp(
          /^pull refused: data\/[a-z-]+\.json(l)?: \S+ holds a credential of NTFY_TOPIC_URL \(the topic,/m,
          / or the credentials in the URL\); nothing written \(if the topic is public, declare it: RESETCAST_PUBLIC_VALUES=NTFY_TOPIC_URL\)$/m,
        ),
      );
      expect(r.out.split('\n').filter((l) => l.includes('NTFY_TOPIC_URL'))).toHaveLength(1);
      expect(filesOf(dir)).toEqual(before);
    },
  );

  it('npm run broadcast delivers with them: our URLs intact in every message, data/ still valid, no secret anywhere', async () => {
    const src = await fixture(sourcesAnswering);
    const dir = pulledDir();
    await pullFromX(dir, src.url);
    const facts = factsIn(dir);
    const ntfy = await fixture((u, _n, req) =>
      u.pathname === '/' && JSON.parse(req.body).topic === 'resetcast'
        ? { body: JSON.stringify({ id: 'm1', event: 'message', topic: 'resetcast' }) }
        : { status: 404, body: '{}' },
    );
    const discord = await fixture((u) =>
      u.pathname === '/timeline/api/webhooks/112233445566778899/discordTokenWWWW4444'
        ? { body: JSON.stringify({ id: '1300000000000000001' }) }
        : { status: 404, body: '{"message":"Unknown Webhook"}' },
    );
    const slack = await fixture((u) =>
      u.pathname === '/resetcast/services/T0SLACK01/B0SLACK02/slackSecretSSSS5678' ? { body: 'ok' } : { status: 404, body: 'no_service' },
    );
    const env = oursAlike(ntfy.url, discord.url, slack.url);
    const r = await broadcastRun(dir, env);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/^✅ ntfy: sent 1 alert/m);
    expect(r.out).toMatch(/^✅ discord: sent 1 alert/m);
    expect(r.out).toMatch(/^✅ slack: sent 1 alert/m);
    for (const outlet of [ntfy, discord, slack]) expect(outlet.requests[0]!.body).toContain(TIMELINE);
    expect(factsIn(dir)).toEqual(facts);
    expect(allFiles(dir) + r.out).not.toContain(REDACTED);
    expect(leaks(env, r.out + allFiles(dir))).toEqual([]);
    expect(await validateAtNow(dir)).toMatchObject({ code: 0 });
  });

  it('the build publishes what it publishes without them: our URLs intact', () => {
    const dir = historyCopy('secret-alike');
    const plain = JSON.stringify(loadBuild({ RESETCAST_DATA_DIR: dir, SOURCE_DATE_EPOCH: String(HISTORY_EPOCH) }).payloads);
    const withThem = JSON.stringify(
      loadBuild({ RESETCAST_DATA_DIR: `${dir}/`, SOURCE_DATE_EPOCH: String(HISTORY_EPOCH), ...OURS }).payloads,
    );
    expect(withThem).toBe(plain);
    expect(withThem).toContain(TIMELINE);
    expect(withThem).not.toContain(REDACTED);
  });
});

/** A raw HTTP server answering `status` with the request line (method and path) as its reason phrase, and the path in its body too. */
async function echoPathServer(status: number): Promise<string> {
  const server: Server = createTcpServer((socket) => {
    let head = '';
    socket.on('data', (d) => {
      head += String(d);
      if (!head.includes('\r\n\r\n')) return;
      const line = head.split('\r\n')[0]!.replace(/ HTTP\/1\.1$/, '');
      const body = JSON.stringify({ message: `no such webhook: ${line}`, description: `no such bot: ${line}` });
      socket.end(
        `HTTP/1.1 ${status} Refused ${line}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: ` +
          `close\r\n\r\n${body}`,
      );
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(() => r())));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('a secret planted in every failure path', () => {
  it('sources: a reason phrase, a malformed body and a redirect Location echo the token; no file, fact or line has it', async () => {
    const echo = await echoReasonServer(503);
    // X answers 200 with a body that is not JSON and quotes the Authorization header: JSON.parse would quote its start.
    const x = await fixture((u, _n, req) =>
      u.pathname === '/2/users/by' ? { body: `${req.headers.authorization} is not JSON` } : undefined,
    );
    // GitHub sends us to a host named after the token it was given.
    const github = await fixture((_u, _n, req) => ({
      status: 302,
      headers: { Location: `http://${String(req.headers.authorization).split(' ')[1]}.invalid/search?token=${SECRETS.GITHUB_TOKEN}` },
      body: '',
    }));
    const dir = pulledDir();
    const facts = factsIn(dir);
    const env = {
      ...SECRETS,
      NTFY_TOPIC_URL: 'https://ntfy.sh/topicSecretDDDD',
      SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T1/B2/slackSecretFFFF6666',
    };
    const r = await runNode(['scripts/pull.ts'], {
      ...pullEnv(dir, echo),
      RESETCAST_X_API: x.url,
      RESETCAST_GITHUB_API: github.url,
      ...env,
    });
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(/^❌ x: .*malformed JSON \(\d+ bytes\)$/m);
    expect(r.out).toMatch(new RegExp(`^❌ issues: .*redirected to another host \\(\\${REDACTED}\\.invalid\\), refused`, 'm'));
    expect(r.out).toMatch(/^❌ status: .*Unauthorized for no header/m);
    expect(factsIn(dir)).toEqual(facts);
    expect(leaks(env, r.out)).toEqual([]);
    expect(leaks(env, allFiles(dir))).toEqual([]);
    // Not even the start of a token (JSON.parse quotes about ten characters), nor a token in lower case (a URL's host).
    expect(r.out + allFiles(dir)).not.toMatch(/xBearerS|ghp_githubsecret/i);
  });

  it('sources: an answer quoting the token back (a post that holds it) is recorded without it; the pull succeeds', async () => {
    const echoPost = (auth: string) => ({
      ...FRESH_POST,
      text: `We've reset Codex rate limits for all Plus and Pro users. Debug: ${auth.split(' ')[1]}`,
    });
    const x = await fixture((u, n, req) =>
      u.pathname === '/2/users/1450183340366770177/tweets'
        ? {
            body: JSON.stringify({
              data: [echoPost(String(req.headers.authorization))],
              meta: { result_count: 1, newest_id: FRESH, oldest_id: FRESH },
            }),
          }
        : sourcesAnswering(u, n),
    );
    const dir = pulledDir();
    const r = await runNode(['scripts/pull.ts'], pullEnv(dir, x.url));
    expect(r.code, r.out).toBe(0);
    const recorded = JSON.parse(readFileSync(join(dir, 'events.json'), 'utf8')).events.find((e: { url: string }) => e.url.endsWith(FRESH));
    expect(recorded.summary).toContain(`Debug: ${REDACTED}`);
    expect(leaks({ X_BEARER_TOKEN: SECRETS.X_BEARER_TOKEN }, r.out + allFiles(dir))).toEqual([]);
  });

  it('outlets: a reason phrase and an error body echoing the webhook path or the bot token; no file, fact or line has it', async () => {
    const src = await fixture(sourcesAnswering);
    const dir = pulledDir();
    await pullFromX(dir, src.url);
    const facts = factsIn(dir);
    const [discord, slack, telegram] = [await echoPathServer(404), await echoPathServer(403), await echoPathServer(401)];
    // ntfy moved: a redirect whose Location repeats the credentials (webhooks are never followed).
    const ntfy = await fixture((_u, _n, req) => ({
      status: 302,
      headers: { Location: `http://127.0.0.2:9/resetcastTopicTTTT2222?auth=${String(req.headers.authorization)}` },
      body: '',
    }));
    const env = {
      ...SECRETS,
      NTFY_TOPIC_URL: `http://${new URL(ntfy.url).host}/resetcastTopicTTTT2222?auth=ntfyAuthTokenQQQQ`,
      DISCORD_WEBHOOK_URL: `${discord}/api/webhooks/998877665544332211/discordTokenEEEE5555`,
      SLACK_WEBHOOK_URL: `${slack}/services/T1/B2/slackSecretFFFF6666`,
    };
    const r = await broadcastRun(dir, { ...env, TELEGRAM_CHAT_ID: '@resetcast_test', RESETCAST_TELEGRAM_API: telegram });
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(new RegExp(`^❌ discord: .*HTTP 404 Refused POST /api/webhooks/\\${REDACTED}`, 'm'));
    expect(r.out).toMatch(new RegExp(`^❌ slack: .*HTTP 403 Refused POST /services/\\${REDACTED}`, 'm'));
    expect(r.out).toMatch(
      new RegExp(
        `^❌ telegram: .*HTTP 401 Refused POST /bot\\${REDACTED}/sendMessage: no such bot: POST /bot\\${REDACTED}/sendMessage`,
        'm',
      ),
    );
    expect(r.out).toMatch(/^❌ ntfy: .*HTTP 302/m);
    expect(factsIn(dir)).toEqual(facts);
    expect(leaks(env, r.out)).toEqual([]);
    expect(leaks(env, allFiles(dir))).toEqual([]);
  });
});

describe('hosts: a source is answered only by its own host', () => {
  it('follows a redirect within the host, refuses one to another host', async () => {
    const s = await fixture((u) =>
      u.pathname === '/old'
        ? { status: 301, headers: { Location: '/new' }, body: '' }
        : u.pathname === '/new'
          ? { body: '{"ok":true}' }
          : { status: 302, headers: { Location: 'http://127.0.0.2:9/elsewhere' }, body: '' },
    );
    expect((await getJson(httpDeps(), `${s.url}/old`, { maxBytes: 1000 })).body).toEqual({ ok: true });
    await expect(getJson(httpDeps(), `${s.url}/away`, { maxBytes: 1000 })).rejects.toThrow(
      'HTTP 302: redirected to another host (127.0.0.2:9), refused',
    );
  });
});

describe('budgets', () => {
  it('a source that drip-feeds its body fails within its budget, not after three timeouts', async () => {
    const drip = await fixture(() => ({ drip: 100 }));
    const budgetMs = 1_500;
    const deps = { ...httpDeps(), now: () => new Date(), timeoutMs: 1_000, deadline: Date.now() + budgetMs };
    await expect(getJson(deps, `${drip.url}/slow`, { maxBytes: 1_000_000 })).rejects.toThrow(/time budget is spent/);
    // Three 1 s timeouts would be three requests; the 1.5 s budget leaves room for at most two (the behaviour, not a stopwatch).
    expect(drip.requests.length).toBeLessThan(3);
  });
});

const FRESH = postIdAt(new Date('2026-11-20T11:50:00Z'), 777n);
const FRESH_POST = {
  id: FRESH,
  text: "We've reset Codex rate limits for all Plus and Pro users.",
  created_at: '2026-11-20T11:50:00.000Z',
  edit_history_tweet_ids: [FRESH],
};
