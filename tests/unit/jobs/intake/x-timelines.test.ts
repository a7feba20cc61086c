/**
 * The timelines of the watched accounts are asked at once (src/jobs/intake/x.ts, readPosts): a local X holds
 * every timeline's answer until all of them have been asked, so a reader asking one after another waits on
 * the first for ever (its deadline fails it), and one asking them together gets all three. Then a failure of
 * one account still fails the read, naming the first failing account in the accounts' order.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { postIdAt } from '../../../../src/core/postid.ts';
import { readPosts } from '../../../../src/jobs/intake/x.ts';
import { startServer, type FixtureServer, type Reply } from '../../../support/fixture-server.ts';
import { httpDeps, NOW } from '../../../support/pull-env.ts';

const ACCOUNTS = ['alpha', 'beta', 'gamma'];
const IDS: Record<string, string> = { alpha: '1001', beta: '1002', gamma: '1003' };
const postOf = (name: string, i: number) => ({
  id: postIdAt(new Date(NOW.getTime() - 60_000 * (i + 1)), BigInt(i + 1)),
  text: `a post by ${name}`,
});

let servers: FixtureServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** X answering each timeline only once every account's timeline has been asked; `fail` replaces an account's answer. */
async function heldX(fail: Record<string, Reply> = {}): Promise<FixtureServer> {
  let release!: () => void;
  const allAsked = new Promise<void>((r) => (release = r));
  const asked = new Set<string>();
  const server = await startServer((url) => {
    const name = ACCOUNTS.find((a) => url.pathname === `/2/users/${IDS[a]}/tweets`);
    if (!name) return undefined;
    asked.add(name);
    if (asked.size === ACCOUNTS.length) release();
    const post = postOf(name, ACCOUNTS.indexOf(name));
    return {
      after: allAsked,
      ...(fail[name] ?? { body: JSON.stringify({ data: [post], meta: { result_count: 1, newest_id: post.id } }) }),
    };
  });
  servers.push(server);
  return server;
}

const known = Object.fromEntries(ACCOUNTS.map((a) => [a, { user_id: IDS[a]!, since_id: null }]));

describe('reading the watched accounts', () => {
  it('asks every timeline before any answers: all three posts, each cursor moved', async () => {
    const x = await heldX();
    const read = await readPosts(httpDeps(), x.url, 'token', known, NOW, ACCOUNTS);
    expect(read.posts.map((p) => [p.username, p.text]).sort()).toEqual(ACCOUNTS.map((a) => [a, `a post by ${a}`]));
    expect(Object.fromEntries(Object.entries(read.state).map(([a, s]) => [a, s.since_id]))).toEqual(
      Object.fromEntries(ACCOUNTS.map((a, i) => [a, postOf(a, i).id])),
    );
  });

  it('two accounts failing: the read fails with the first of them in the accounts’ order', async () => {
    const x = await heldX({
      gamma: { status: 401, body: '{"title":"Unauthorized"}' },
      beta: { status: 403, body: '{"title":"Forbidden"}' },
    });
    await expect(readPosts({ ...httpDeps(), retries: 0 }, x.url, 'token', known, NOW, ACCOUNTS)).rejects.toThrow(/^HTTP 403 Forbidden/);
  });
});
