import { afterEach, describe, expect, it } from 'vitest';
import { Candidate } from '../../../../src/core/schema/index.ts';
import { nextLink, pullStaffPosts, type StaffPost } from '../../../../src/jobs/pull/github.ts';
import { ownWords, toCandidates } from '../../../../src/jobs/pull/staff-candidates.ts';
import { json, startServer, type FixtureServer, type Reply } from '../../../support/fixture-server.ts';
import { httpDeps, NOW, pullInto, read, readJson, tempData } from '../../../support/pull-env.ts';

let server: FixtureServer | undefined;
afterEach(async () => server?.close());

const COMMENTS = '/repos/openai/codex/issues/comments';
const PAGE2 = '/repositories/965415649/issues/comments';
const ISSUES = '/repos/openai/codex/issues';
const SINCE = '2026-11-20T11:00:00Z';

/** The recorded answers; `comments` replaces the first comments page when a failure is under test. */
async function serveGitHub(comments?: (n: number) => Reply): Promise<FixtureServer> {
  server = await startServer((u, n) => {
    if (u.pathname === COMMENTS) {
      if (comments) return comments(n);
      // GitHub's next link is absolute, on the numeric repository path, and repeats the query.
      const next = `${server!.url}${PAGE2}?${u.searchParams.toString()}&page=2`;
      return json('github/comments-page1.json', { headers: { link: `<${next}>; rel="next", <${next}>; rel="last"` } });
    }
    if (u.pathname === PAGE2) {
      const first = `${server!.url}${PAGE2}?page=1`;
      return json('github/comments-page2.json', { headers: { link: `<${first}>; rel="prev", <${first}>; rel="first"` } });
    }
    if (u.pathname === ISSUES) return json(`github/issues-${u.searchParams.get('creator')}.json`);
    return undefined;
  });
  return server;
}

async function pull(state: { since: string | null }, o: { token?: string; sleeps?: number[]; base?: string } = {}) {
  return pullStaffPosts(httpDeps(o.sleeps ?? []), o.base ?? server!.url, state, NOW, o.token);
}

async function failure(state: { since: string | null }, o: { sleeps?: number[]; base?: string } = {}): Promise<string> {
  try {
    await pull(state, o);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected the pull to fail');
}

/** A staff post as the pull returns it: etraut-openai's comment on #48203, with `over` in place. */
const post = (over: Partial<StaffPost>): StaffPost => ({
  id: '5791211890',
  kind: 'comment',
  login: 'etraut-openai',
  association: 'CONTRIBUTOR',
  created_at: '2026-11-20T11:12:40Z',
  url: 'https://github.com/openai/codex/issues/48203#issuecomment-5791211890',
  text: '',
  ...over,
});

describe('github staff posts: a good answer', () => {
  it('keeps only staff posts created after the cursor, follows the Link header, and advances the cursor', async () => {
    await serveGitHub();
    const r = await pull({ since: SINCE }, { token: 'ghs_test' });
    expect(r.posts).toEqual<StaffPost[]>([
      post({ text: expect.stringContaining("we'll reset rate limits for all Plus and Pro users by end of day") }),
      {
        id: '5791230002',
        kind: 'comment',
        login: 'mlee-oai',
        association: 'MEMBER',
        created_at: '2026-11-20T11:20:03Z',
        url: 'https://github.com/openai/codex/issues/48188#issuecomment-5791230002',
        text: expect.stringMatching(/^Thanks for the report\./),
      },
      {
        id: '3702000123',
        kind: 'issue',
        login: 'etraut-openai',
        association: 'CONTRIBUTOR',
        created_at: '2026-11-20T11:25:30Z',
        url: 'https://github.com/openai/codex/issues/48210',
        text: expect.stringMatching(/^Codex usage limits reset for Pro users\n\nWe have reset usage limits/),
      },
      {
        id: '5791350012',
        kind: 'comment',
        login: 'mlee-oai',
        association: 'MEMBER',
        created_at: '2026-11-20T11:55:00Z',
        url: 'https://github.com/openai/codex/issues/48203#issuecomment-5791350012',
        text: expect.stringMatching(/^We've banked one Codex reset/),
      },
    ]);
    expect(r.state).toEqual({ since: '2026-11-20T11:55:00Z' });
  });

  it('asks GitHub for what it documents: since, oldest first, 100 a page, one issue listing per login', async () => {
    await serveGitHub();
    await pull({ since: SINCE }, { token: 'ghs_test' });
    const paths = server!.requests.map((q) => q.url.pathname);
    expect(paths).toEqual([COMMENTS, PAGE2, ISSUES, ISSUES, ISSUES]);
    const [first, second, etraut, tibo, vb] = server!.requests.map((q) => q.url.searchParams);
    expect(Object.fromEntries(first!)).toEqual({ since: SINCE, sort: 'created', direction: 'asc', per_page: '100' });
    expect(second!.get('page')).toBe('2');
    expect(second!.get('since')).toBe(SINCE);
    expect(Object.fromEntries(etraut!)).toEqual({
      since: SINCE,
      sort: 'created',
      direction: 'asc',
      per_page: '100',
      creator: 'etraut-openai',
      state: 'all',
    });
    expect(tibo!.get('creator')).toBe('tibo-openai');
    expect(vb!.get('creator')).toBe('vb-openai');
    for (const q of server!.requests) {
      expect(q.headers['accept']).toBe('application/vnd.github+json');
      expect(q.headers['x-github-api-version']).toBe('2022-11-28');
      expect(q.headers['authorization']).toBe('Bearer ghs_test');
    }
  });

  it('sends no Authorization without a token', async () => {
    await serveGitHub();
    await pull({ since: SINCE });
    expect(server!.requests.map((q) => q.headers['authorization'])).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('first pull (no cursor): reads the last 7 days, so older staff posts count too', async () => {
    await serveGitHub();
    const r = await pull({ since: null });
    expect(server!.requests[0]!.url.searchParams.get('since')).toBe('2026-11-13T12:00:00Z'); // NOW − 7 d
    expect(r.posts.map((p) => [p.id, p.created_at])).toEqual([
      ['3702000077', '2026-11-16T19:40:02Z'],
      ['5790000101', '2026-11-18T08:02:11Z'],
      ['5791211890', '2026-11-20T11:12:40Z'],
      ['5791230002', '2026-11-20T11:20:03Z'],
      ['3702000123', '2026-11-20T11:25:30Z'],
      ['5791350012', '2026-11-20T11:55:00Z'],
    ]);
    expect(r.state).toEqual({ since: '2026-11-20T11:55:00Z' });
  });

  it('nothing new: the cursor stays where it was (and a first pull stores where it started)', async () => {
    server = await startServer(() => json('github/empty.json'));
    expect((await pull({ since: SINCE })).state).toEqual({ since: SINCE });
    expect((await pull({ since: null })).state).toEqual({ since: '2026-11-13T12:00:00Z' });
    expect((await pull({ since: SINCE })).posts).toEqual([]);
  });

  it('a listing cut short by the page budget: the cursor stops a second before its last item', async () => {
    // Every comments page points at another: after 10 pages the listing is unfinished.
    await serveGitHub((n) =>
      json('github/comments-page1.json', { headers: { link: `<${server!.url}${COMMENTS}?page=${n + 2}>; rel="next"` } }),
    );
    const r = await pull({ since: SINCE });
    expect(server!.requests.filter((q) => q.url.pathname === COMMENTS)).toHaveLength(10);
    // Last comment read: 11:20:03. The issue listings reach 11:35:00, but comments after 11:20:03 are unread.
    expect(r.state).toEqual({ since: '2026-11-20T11:20:02Z' });
    expect(r.posts.map((p) => p.id)).toEqual(['5791211890', '5791230002', '3702000123']); // repeats read once
  });
});

describe('github staff posts: failures', () => {
  it('403 with the rate limit spent and a reset 5 s away: waits for it, then reads', async () => {
    const sleeps: number[] = [];
    const reset = String(NOW.getTime() / 1000 + 5);
    await serveGitHub((n) =>
      n === 0
        ? { ...json('issues/rate-limited.json'), status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset } }
        : json('github/comments-page2.json'),
    );
    const r = await pull({ since: SINCE }, { sleeps });
    expect(sleeps).toEqual([5000]);
    expect(r.state).toEqual({ since: '2026-11-20T11:55:00Z' });
  });

  it('403 with the rate limit spent until a far reset: fails naming the wait', async () => {
    await serveGitHub(() => ({
      ...json('issues/rate-limited.json'),
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW.getTime() / 1000 + 3000) },
    }));
    expect(await failure({ since: SINCE })).toMatch(/^HTTP 403.*retry after 3000 s/);
    expect(server!.requests).toHaveLength(1);
  });

  it('a page that spends the rate limit: no further request is sent, the pull fails', async () => {
    await serveGitHub(() =>
      json('github/comments-page1.json', {
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1795608000', link: `<${server!.url}${PAGE2}?page=2>; rel="next"` },
      }),
    );
    expect(await failure({ since: SINCE })).toBe(
      'GitHub rate limit exhausted until 2026-11-25T12:00:00Z (set GITHUB_TOKEN for a higher limit)',
    );
    expect(server!.requests).toHaveLength(1);
  });

  it('5xx is retried with backoff, then the answer is read', async () => {
    const sleeps: number[] = [];
    await serveGitHub((n) => (n === 0 ? { status: 502 } : n === 1 ? { status: 503 } : json('github/comments-page2.json')));
    const r = await pull({ since: SINCE }, { sleeps });
    expect(sleeps).toEqual([10, 20]); // httpDeps backoff 10 ms, doubling
    expect(r.posts.map((p) => p.id)).toEqual(['3702000123', '5791350012']);
  });

  it.each<[string, Reply, RegExp]>([
    ['malformed JSON', { body: '[{"id": 5791204417, "html_url": "https://github.com/' }, /^malformed JSON/],
    [
      'schema drift: created_at missing',
      json('github/comments-drift-missing.json'),
      /^GitHub issue comments: unexpected shape: \[1\]\.created_at: /,
    ],
    [
      'schema drift: an object instead of a list',
      { body: '{"message":"Moved Permanently"}' },
      /^GitHub issue comments: unexpected shape: \(whole body\)/,
    ],
    ['HTTP 500 every time', { status: 500 }, /^HTTP 500 .*after 3 attempts/],
  ])('%s: fails with a one-line reason', async (_name, reply, error) => {
    await serveGitHub(() => reply);
    expect(await failure({ since: SINCE })).toMatch(error);
  });

  it('a next link to another host is not followed (the token would go with it)', async () => {
    await serveGitHub(() => json('github/comments-page1.json', { headers: { link: '<https://example.com/steal?page=2>; rel="next"' } }));
    expect(await failure({ since: SINCE })).toBe('GitHub: next page on another host: https://example.com/steal?page=2');
    expect(server!.requests).toHaveLength(1);
  });

  it('connection refused: fails after the retries', async () => {
    // A port that was just listening and is now closed (pull-env's DEAD port 9 is refused by fetch itself).
    const closed = await startServer(() => undefined);
    await closed.close();
    const sleeps: number[] = [];
    expect(await failure({ since: SINCE }, { base: closed.url, sleeps })).toMatch(/ECONNREFUSED.*after 3 attempts/);
    expect(sleeps).toEqual([10, 20]);
  });
});

describe('nextLink (RFC 8288 Link header)', () => {
  it.each<[string | null, string | null]>([
    [
      '<https://api.github.com/repositories/1/issues/comments?page=2>; rel="next", <https://api.github.com/repositories/1/issues/comments?page=9>; rel="last"',
      'https://api.github.com/repositories/1/issues/comments?page=2',
    ],
    ['<https://a.test/?page=1>; rel="prev", <https://a.test/?page=3>; rel="next"', 'https://a.test/?page=3'],
    ['<https://a.test/?a=1,2&page=3>; rel=next', 'https://a.test/?a=1,2&page=3'],
    ['<https://a.test/?page=3>; title="next"; rel="last"', null],
    ['<https://a.test/?page=1>; rel="first", <https://a.test/?page=1>; rel="prev"', null],
    [null, null],
  ])('%j → %j', (header, want) => expect(nextLink(header)).toBe(want));
});

describe('toCandidates', () => {
  it('maps the recorded posts: a promise with its window, a reset statement, a banked reset; nothing else', async () => {
    await serveGitHub();
    const { posts } = await pull({ since: SINCE });
    const candidates = toCandidates(posts, new Set(), NOW);
    expect(candidates).toEqual([
      {
        id: '5791211890',
        platform: 'github',
        ts: '2026-11-20T11:12:40Z',
        source: 'etraut-openai',
        url: 'https://github.com/openai/codex/issues/48203#issuecomment-5791211890',
        text:
          'Not yet. We found the bug that over-counted usage for some Plus and Pro users since Tuesday; the fix ' +
          "is rolling out now, and we'll reset rate limits for all Plus and Pro users by end of day.",
        suggested_kind: 'promise',
        suggested_scope: 'plus+pro',
        // the default rule for now: 72 h from the post
        // "by end of day", posted 03:12:40 PST on 20 Nov: the window ends 23:59:59 PST that day = 07:59:59Z on the 21st.
        suggested_window: { start: '2026-11-20T11:12:40Z', end: '2026-11-21T07:59:59Z', by: 'by end of day' },
        reason: 'speaks of a reset to come (announcements are curated by hand)',
      },
      {
        id: '3702000123',
        platform: 'github',
        ts: '2026-11-20T11:25:30Z',
        source: 'etraut-openai',
        url: 'https://github.com/openai/codex/issues/48210',
        text:
          "Codex usage limits reset for Pro users\n\nWe have reset usage limits for all Pro users after this morning's " +
          'incident. If your usage page still shows the old window, reply here with your plan and the time you checked.',
        suggested_kind: 'reset',
        suggested_scope: 'pro',
        suggested_window: null,
        reason: 'says limits were reset',
      },
      {
        id: '5791350012',
        platform: 'github',
        ts: '2026-11-20T11:55:00Z',
        source: 'mlee-oai',
        url: 'https://github.com/openai/codex/issues/48203#issuecomment-5791350012',
        text: "We've banked one Codex reset for all paid plans. You can use it from the usage page whenever you need it.",
        suggested_kind: 'banked',
        suggested_scope: 'paid',
        suggested_window: null,
        reason: 'says reset credits were banked',
      },
    ]);
    for (const c of candidates) expect(() => Candidate.parse(c)).not.toThrow();
  });

  it('skips known ids and posts from the future', () => {
    const text = 'Rate limits have been reset for everyone.';
    const posts = [post({ id: '1', text }), post({ id: '2', text }), post({ id: '3', text, created_at: '2026-11-20T12:00:01Z' })];
    expect(toCandidates(posts, new Set(['1']), NOW).map((c) => c.id)).toEqual(['2']);
  });

  it('reads only the author’s own words: a quoted question about resets is not the staff’s', () => {
    const quoted = post({ text: '> did you reset the usage limits?\n> mine are back at 100%\n\nThanks, looking into it.' });
    expect(toCandidates([quoted], new Set(), NOW)).toEqual([]);
    const fenced = post({ text: 'Please attach the output of:\n\n```sh\ncodex debug limits --reset\n```\n\nThanks!' });
    expect(toCandidates([fenced], new Set(), NOW)).toEqual([]);
  });

  it('cuts a long text to 1,000 characters, after classifying all of it', () => {
    const text = `${'Background on the incident. '.repeat(50)}We have reset usage limits for all Plus users.`;
    const [c] = toCandidates([post({ text })], new Set(), NOW);
    expect(c).toMatchObject({ suggested_kind: 'reset', suggested_scope: 'plus' });
    expect(c!.text).toBe(`${'Background on the incident. '.repeat(35)}Background on the i…`); // 980 + 19 + 1 characters
  });
});

describe('ownWords', () => {
  it.each([
    ['> quoted\n\nmine', 'mine'],
    ['a\r\n\r\n\r\n\r\nb', 'a\n\nb'],
    ['before\n~~~\nreset limits\n~~~\nafter', 'before\nafter'],
    ['x <!-- template hint --> y', 'x  y'],
    ['```\nunclosed fence runs to the end', ''],
  ])('%j → %j', (input, want) => expect(ownWords(input)).toBe(want));
});

describe('staff in npm run pull', () => {
  it('adds staff posts as candidates for review (never events), keeps the cursor, and proposes nothing twice', async () => {
    const dir = tempData();
    const events = read(dir, 'events.json');
    await serveGitHub((n) => (n === 0 ? json('github/comments-page1.json') : json('github/empty.json')));
    const r = await pullInto(dir, { github: server!.url });
    expect(r.lines).toContainEqual(expect.stringMatching(/^✅ staff: [1-9]\d* staff post\(s\) for review$/));
    const queued = readJson(dir, 'candidates.json').candidates;
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.every((c: { platform: string }) => c.platform === 'github')).toBe(true);
    expect(read(dir, 'events.json')).toBe(events);
    expect(readJson(dir, 'pull-state.json').github!.since).toMatch(/^2026-11-\d\dT\d\d:\d\d:\d\dZ$/);
    const again = await pullInto(dir, { github: server!.url });
    expect(again.writes['candidates.json']).toBeUndefined();
  });
});
