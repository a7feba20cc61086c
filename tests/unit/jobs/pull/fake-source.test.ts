/**
 * A source added to the pull is one adapter: `fetchEverySource` asks it beside the registry's, in the
 * order given, and it fails alone. The fake adapter reads a real local server through the one HTTP client.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getJson } from '../../../../src/net/http.ts';
import { fetchAs, type Fetcher } from '../../../../src/jobs/pull/fetcher.ts';
import { FETCHERS, fetchEverySource } from '../../../../src/jobs/pull/fetchers.ts';
import { SOURCE_IDS } from '../../../../src/core/sources.ts';
import { startServer, type FixtureServer } from '../../../support/fixture-server.ts';
import { DEAD, httpDeps, NOW } from '../../../support/pull-env.ts';

let server: FixtureServer | undefined;
afterEach(async () => server?.close());

/** A Mastodon-like timeline: the adapter reports how many posts it read. */
const mastodon = (base: string): Fetcher => ({
  fetch: ({ http }) =>
    fetchAs(
      async () => (await getJson(http, `${base}/api/v1/accounts/1/statuses`, { maxBytes: 10_000 })).body as unknown[],
      (posts) => `${posts.length} post(s) read`,
      () => ({}),
    ),
});

const context = () => ({
  http: httpDeps(),
  now: NOW,
  bases: { status: DEAD, github: DEAD, x: DEAD },
  tokens: {},
  pullState: { x: {} },
  known: new Set<string>(),
});

describe('a fake source beside the registry', () => {
  it('is asked after the others and answers from its server; the dead ones fail alone', async () => {
    server = await startServer((u) => (u.pathname === '/api/v1/accounts/1/statuses' ? { body: '[{"id":"1"},{"id":"2"}]' } : undefined));
    const results = await fetchEverySource(context(), { ...FETCHERS, mastodon: mastodon(server.url) });
    expect(results.map((r) => r.name)).toEqual([...SOURCE_IDS, 'mastodon']);
    const fake = results.at(-1)!.outcome;
    expect(fake.outcome).toBe('ok');
    expect(fake.outcome === 'ok' && fake.detail).toBe('2 post(s) read');
    expect(server.requests.map((r) => r.url.pathname)).toEqual(['/api/v1/accounts/1/statuses']);
    // The registry's sources point at a dead address: each fails (or is skipped without a token), the fake does not.
    expect(results.slice(0, -1).every((r) => r.outcome.outcome !== 'ok')).toBe(true);
  });

  it('fails alone when its server refuses', async () => {
    server = await startServer(() => ({ status: 500, body: '{}' }));
    const results = await fetchEverySource(context(), { mastodon: mastodon(server.url) });
    expect(results.map((r) => [r.name, r.outcome.outcome])).toEqual([['mastodon', 'failed']]);
  });
});
