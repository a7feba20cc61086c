/**
 * `npm run x-webhook -- register|status|remove` against a local X (tests/support/x-api.ts: webhooks and
 * X Activity API subscriptions as documented, the CRC run against the URL before registering) and the
 * webhook function in a process of its own answering that CRC: register is idempotent (a second run makes
 * no change at X), follows the watched accounts (one no longer watched loses its subscription), runs the
 * CRC again for a webhook X marked invalid; a function with the wrong secret is refused by X with X's
 * words; status says what X holds; remove leaves nothing of ours; the token never appears in a line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from '../support/run-node.ts';
import { waitFor } from '../support/wait-for.ts';
import { OTHER_IDS, startXWebhooks, THS, type XWebhooksStandIn } from '../support/x-api.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SECRET = 'xConsumerS3cret-setup-test';
const TOKEN = 'xBearerS3cret-setup-test';

let x: XWebhooksStandIn;
const children: ChildProcess[] = [];

/** The webhook function in its own process, given `secret` as the app's consumer secret. */
async function webhookAt(secret: string): Promise<string> {
  const child = spawn(process.execPath, ['tests/support/function-host.ts', 'netlify/functions/x-webhook.ts'], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', X_CONSUMER_SECRET: secret, RESETCAST_DISPATCH_TOKEN: 'unused-token', RESETCAST_REPO: 'a/b' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  await waitFor(() => /listening (\d+)/.test(out), { describe: 'the webhook listening', deadlineMs: 30_000, seen: () => out });
  return `http://127.0.0.1:${/listening (\d+)/.exec(out)![1]}/x/webhook`;
}

let good: string, wrong: string;
beforeAll(async () => {
  [x, good, wrong] = await Promise.all([startXWebhooks(SECRET, TOKEN), webhookAt(SECRET), webhookAt('not-the-consumer-secret')]);
}, 60_000);
afterAll(async () => {
  for (const c of children) c.kill('SIGTERM');
  await x?.close();
});

const command = (args: string[], env: Record<string, string> = {}) =>
  runNode(
    ['scripts/x-webhook.ts', ...args],
    {
      PATH: process.env['PATH'] ?? '',
      X_BEARER_TOKEN: TOKEN,
      RESETCAST_X_API: x.url,
      RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:5,OpenAI:5',
      ...env,
    },
    ROOT,
  );

const changes = (): string[] => x.calls.filter((c) => !c.startsWith('GET'));

describe('npm run x-webhook', () => {
  it('register: the webhook (X runs its CRC first) and one post.create subscription per watched account', async () => {
    const r = await command(['register', '--url', good]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/✅ webhook: .* registered \(id \d+; X's CRC answered\)/);
    expect(r.out).toMatch(new RegExp(`✅ subscription thsottiaux \\(user ${THS}\\): post.create created`));
    expect(x.webhooks.map((w) => [w.url, w.valid])).toEqual([[good, true]]);
    expect(x.subscriptions.map((s) => [s.event_type, s.filter.user_id, s.webhook_id, s.tag])).toEqual([
      ['post.create', THS, x.webhooks[0]!.id, 'resetcast'],
      ['post.create', OTHER_IDS['OpenAI'], x.webhooks[0]!.id, 'resetcast'],
    ]);
  });

  it('register again: nothing changes at X', async () => {
    const before = changes().length;
    const r = await command(['register', '--url', good]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/already registered/);
    expect(r.out.match(/already there/g)).toHaveLength(2);
    expect(changes().length).toBe(before);
  });

  it('an account no longer watched loses its subscription; the others stay', async () => {
    const r = await command(['register', '--url', good], { RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:5' });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/subscription of user 100000003: removed \(the account is no longer watched\)/);
    expect(x.subscriptions.map((s) => s.filter.user_id)).toEqual([THS]);
  });

  it('status: the webhook and our subscriptions', async () => {
    const r = await command(['status', '--url', good], { RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:5' });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/✅ webhook: .* \(id \d+, valid\)/);
    expect(r.out).toMatch(new RegExp(`✅ subscriptions: 1 post.create to it: users ${THS} \\(1 account\\(s\\) watched\\)`));
  });

  it('a webhook X marked invalid (a failed hourly CRC): status says so (exit 1), register runs the CRC again', async () => {
    x.webhooks[0]!.valid = false;
    const s = await command(['status', '--url', good], { RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:5' });
    expect(s.code).toBe(1);
    expect(s.out).toMatch(/❌ webhook: .*invalid: X stopped delivering/);
    const r = await command(['register', '--url', good], { RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:5' });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/was marked invalid; X's CRC answered again/);
    expect(x.webhooks[0]!.valid).toBe(true);
  });

  it('a function that answers the CRC with another secret: X refuses it, in its own words; nothing registered', async () => {
    const r = await command(['register', '--url', wrong]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/❌ webhook .*: HTTP 400 Bad Request: CrcValidationFailed: the webhook did not answer the CRC/);
    expect(x.webhooks.map((w) => w.url)).toEqual([good]);
  });

  it('a wrong token: one line, exit 1, the token in no line', async () => {
    const r = await command(['status', '--url', good], { X_BEARER_TOKEN: 'wrongBearerToken-1234' });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/❌ webhooks: HTTP 401/);
    expect(r.out).not.toContain('wrongBearerToken-1234');
  });

  it('remove: our subscriptions, then the webhook; again: nothing to remove', async () => {
    const r = await command(['remove', '--url', good]);
    expect(r.code, r.out).toBe(0);
    expect([x.webhooks, x.subscriptions]).toEqual([[], []]);
    const again = await command(['remove', '--url', good]);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/is not registered; nothing to remove/);
  });

  it.each([
    [['unregister'], /"unregister": not register, status or remove/],
    [['register', '--url', 'ftp://x'], /not an http\(s\) URL/],
  ])('refuses %j in one line, exit 1', async (args, line) => {
    const r = await command(args);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(line);
  });

  it('every line of every run is free of the token and the secret', async () => {
    const r = await command(['status', '--url', good]);
    expect(r.out).not.toContain(TOKEN);
    expect(r.out).not.toContain(SECRET);
  });
});
