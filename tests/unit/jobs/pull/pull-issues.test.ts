import { afterEach, describe, expect, it } from 'vitest';
import { issuesQuery, issuesWindows } from '../../../../src/jobs/pull/issues.ts';
import { startServer, json, type FixtureServer, type Reply } from '../../../support/fixture-server.ts';
import { loadDir, NOW, pullInto, read, readJson, tempData } from '../../../support/pull-env.ts';

let server: FixtureServer | undefined;
afterEach(async () => server?.close());

/** The first search asks for the recent window, the second for the baseline. */
const serve = async (recent: Reply, baseline: Reply = json('issues/search-baseline.json')): Promise<FixtureServer> =>
  (server = await startServer((u, n) => (u.pathname === '/search/issues' ? (n === 0 ? recent : baseline) : undefined)));

describe('issues query', () => {
  it('windows: the last 24 h, and the 14 days before them', () => {
    const { recent, baseline } = issuesWindows(NOW);
    expect(recent.map((d) => d.toISOString())).toEqual(['2026-11-19T12:00:00.000Z', '2026-11-20T12:00:00.000Z']);
    expect(baseline.map((d) => d.toISOString())).toEqual(['2026-11-05T12:00:00.000Z', '2026-11-19T12:00:00.000Z']);
  });
  it('matches either label or the phrase, issues only, half-open window', () => {
    expect(issuesQuery(new Date('2026-11-19T12:00:00Z'), NOW)).toBe(
      'repo:openai/codex is:issue (label:"rate-limits" OR label:"rate limits" OR "usage limit") created:2026-11-19T12:00:00Z..2026-11-20T11:59:59Z',
    );
  });
});

/** The issue searches only (the staff source asks the same GitHub host for comments). */
const searches = () => server!.requests.filter((q) => q.url.pathname === '/search/issues');

describe('issues: a good answer', () => {
  it('counts the last 24 h and the baseline per day, with the GitHub headers', async () => {
    const dir = tempData();
    await serve(json('issues/search-recent.json'));
    await pullInto(dir, { github: server!.url, githubToken: 'ghs_test' });
    expect(readJson(dir, 'signals.json').issues).toEqual({
      recent_count: 7,
      baseline_per_day: 2.5,
      baseline_days: 14,
      checked_at: '2026-11-20T12:00:00Z',
    });
    const [first, second] = searches();
    expect(first!.url.searchParams.get('advanced_search')).toBe('true');
    expect(first!.url.searchParams.get('per_page')).toBe('1');
    expect(first!.url.searchParams.get('q')).toContain('created:2026-11-19T12:00:00Z..2026-11-20T11:59:59Z');
    expect(second!.url.searchParams.get('q')).toContain('created:2026-11-05T12:00:00Z..2026-11-19T11:59:59Z');
    expect(first!.headers['accept']).toBe('application/vnd.github+json');
    expect(first!.headers['authorization']).toBe('Bearer ghs_test');
  });

  it('sends no Authorization without GITHUB_TOKEN', async () => {
    const dir = tempData();
    await serve(json('issues/search-recent.json'));
    await pullInto(dir, { github: server!.url });
    expect(searches()[0]!.headers['authorization']).toBeUndefined();
  });

  it('an empty answer is a real zero, not a failure', async () => {
    const dir = tempData();
    await serve(json('issues/search-empty.json'), json('issues/search-empty.json'));
    const r = await pullInto(dir, { github: server!.url });
    expect(readJson(dir, 'signals.json').issues).toMatchObject({ recent_count: 0, baseline_per_day: 0 });
    expect(r.lines).toContain('✅ issues: 0 new usage-limit issue(s) in 24 h, baseline 0/day');
  });

  it('stops before the second search when the rate limit is spent', async () => {
    const dir = tempData();
    await serve(json('issues/search-recent.json', { headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1795608000' } }));
    await pullInto(dir, { github: server!.url });
    expect(searches()).toHaveLength(1);
    expect(readJson(dir, 'signals.json').sources[1]!.error).toMatch(/rate limit exhausted .*GITHUB_TOKEN/);
  });
});

describe.each<[string, Reply, RegExp]>([
  ['schema drift: total_count missing', json('issues/search-drift-missing.json'), /total_count/],
  ['incomplete results', json('issues/search-incomplete.json'), /incomplete/],
  ['malformed JSON', { body: '{"total_count": 7,' }, /malformed JSON/],
  ['truncated body', { ...json('issues/search-recent.json'), truncate: true }, /cut off/],
  ['HTTP 500', { status: 500 }, /HTTP 500/],
  [
    '403 rate limited until a far reset',
    {
      ...json('issues/rate-limited.json'),
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW.getTime() / 1000 + 3000) },
    },
    /HTTP 403.*retry after 3000 s/,
  ],
  ['a server that never answers', { hang: true }, /no answer within the timeout/],
  // GitHub's cap (src/core/sources.ts) is 2 MB: the pull line reads "❌ issues: response exceeds 2 MB, cut off".
  ['a 60 MB answer', { stream: { bytes: 60_000_000, contentLength: false } }, /^response exceeds 2 MB, cut off$/],
])('issues: %s', (_name, reply, error) => {
  it('keeps the last good counts and records the failure', async () => {
    const dir = tempData();
    const good = await startServer((_u, n) => (n === 0 ? json('issues/search-recent.json') : json('issues/search-baseline.json')));
    await pullInto(dir, { github: good.url, now: new Date('2026-11-20T11:30:00Z') });
    await good.close();
    const events = read(dir, 'events.json');
    await serve(reply, reply); // retries get the same failure
    const r = await pullInto(dir, { github: server!.url });
    const s = readJson(dir, 'signals.json');
    expect(s.issues).toEqual({ recent_count: 7, baseline_per_day: 2.5, baseline_days: 14, checked_at: '2026-11-20T11:30:00Z' });
    expect(s.sources[1]).toMatchObject({
      name: 'issues',
      ok: false,
      outcome: 'failed',
      checked_at: '2026-11-20T12:00:00Z',
      last_ok_at: '2026-11-20T11:30:00Z',
    });
    expect(s.sources[1]!.error).toMatch(error);
    expect(read(dir, 'events.json')).toBe(events);
    expect(() => loadDir(dir)).not.toThrow();
    expect(r.failed).toBe(true);
    expect(r.lines).toContain(`❌ issues: ${s.sources[1]!.error}`);
  });
});
