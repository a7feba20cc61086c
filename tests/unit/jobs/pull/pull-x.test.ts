import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { postIdAt } from '../../../../src/core/postid.ts';
import { classifyPost, scopeOf } from '../../../../src/jobs/intake/classify.ts';
import { fixture, FIXTURES, json, startServer, type FixtureServer, type Reply } from '../../../support/fixture-server.ts';
import { loadDir, pullInto, read, readJson, tempData } from '../../../support/pull-env.ts';

let server: FixtureServer | undefined;
afterEach(async () => server?.close());

const THS = '1450183340366770177';
const DEVS = '1582471096587264001';
const OPENAI = '4398626122';

/** Recorded X answers; `tweets` replaces every timeline answer when a failure is under test. */
async function serveX(tweets?: Reply): Promise<FixtureServer> {
  server = await startServer((u) => {
    if (u.pathname === '/2/users/by') return json('x/users.json');
    if (tweets) return tweets;
    if (u.pathname === `/2/users/${THS}/tweets`)
      return json(u.searchParams.has('pagination_token') ? 'x/thsottiaux-page2.json' : 'x/thsottiaux-page1.json');
    if (u.pathname === `/2/users/${DEVS}/tweets`) return json('x/openaidevs.json');
    if (u.pathname === `/2/users/${OPENAI}/tweets`) return json('x/empty.json');
    return undefined;
  });
  return server;
}

function dataWithState(): string {
  const dir = tempData();
  cpSync(join(FIXTURES, 'x', 'pull-state.json'), join(dir, 'pull-state.json'));
  return dir;
}

describe('classifyPost', () => {
  it.each<[string, string | null, boolean, string]>([
    ["We've reset Codex rate limits for all Plus and Pro users.", 'reset', true, 'plus+pro'],
    ['Rate limits have been reset for everyone. Enjoy!', 'reset', true, 'all'],
    ['Just reset usage limits for Business and Enterprise', 'reset', true, 'business+enterprise'],
    ["We've banked one Codex reset for all paid plans.", 'banked', true, 'paid'],
    ['We will reset limits tomorrow once the fix is out', 'promise', false, 'unspecified'],
    ['Going to reset rate limits later today for Pro', 'promise', false, 'pro'],
    ['did someone reset the limits?', 'reset', false, 'unspecified'],
    ['Banked resets are coming to Plus', 'banked', false, 'plus'],
    ['Shipping a new CLI release today', null, false, ''],
    ['Reset your password here https://example.com/reset', null, false, ''],
  ])('%j → %s', (text, kind, confident, scope) => {
    const c = classifyPost(text);
    if (kind === null) return expect(c).toBeNull();
    expect(c).toMatchObject({ kind, confident, scope });
  });

  // Look-alike letters: read as Latin once folded, so each is queued for review (never confident), with a note.
  it.each<[string, string, string, string, string]>([
    ['Cyrillic е in "reset"', "We've r\u0435set Codex rate limits for all Plus users.", 'reset', 'plus', '"\u0435" (U+0435) for "e"'],
    ['Cyrillic е twice in "Reset"', 'R\u0435s\u0435t: Codex rate limits for everyone', 'reset', 'all', '"\u0435" (U+0435) for "e"'],
    ['Cyrillic а in "banked"', "We've b\u0430nked one Codex reset for all paid plans.", 'banked', 'paid', '"\u0430" (U+0430) for "a"'],
    [
      'Cyrillic ѕ in "reset", а and о elsewhere',
      'We just re\u0455et r\u0430te limits f\u043er Pro',
      'reset',
      'pro',
      '"\u0455" (U+0455) for "s"',
    ],
    ['Cyrillic і in "limits"', 'Codex reset done: usage l\u0456mits are fresh', 'reset', 'unspecified', '"\u0456" (U+0456) for "i"'],
    ['Greek ι in "limits", ο in "Pro"', 'Rate l\u03b9m\u03b9ts reset for Pr\u03bf users', 'reset', 'pro', '"\u03bf" (U+03BF) for "o"'],
    ['Greek capitals', 'RATE LIMITS R\u0395S\u0395T FOR ALL USERS', 'reset', 'all', '"\u0395" (U+0395) for "E"'],
    ['fullwidth letters', "We've \uff52\uff45\uff53\uff45\uff54 Codex rate limits", 'reset', 'unspecified', '"\uff52" (U+FF52) for "r"'],
  ])('%s: %j → %s for review (scope %s), with a note naming the letters', (_n, text, kind, scope, named) => {
    const c = classifyPost(text);
    expect(c).toMatchObject({ kind, scope, confident: false });
    expect(c!.reason).toMatch(/; written with look-alike letters \(.+\)$/);
    expect(c!.reason).toContain(named);
  });

  it.each([
    ['Plus, Pro and ChatGPT Go', 'go+plus+pro'],
    ["let's go, limits reset", 'unspecified'],
    ['for all users', 'all'],
  ])('scopeOf(%j) = %s', (text, want) => expect(scopeOf(text)).toBe(want));
});

describe('x: without X_BEARER_TOKEN', () => {
  it('is skipped: no request, no failure, events and checked_at untouched', async () => {
    const dir = tempData();
    const events = read(dir, 'events.json');
    await serveX();
    const r = await pullInto(dir, { x: server!.url });
    expect(server!.requests).toHaveLength(0);
    expect(read(dir, 'events.json')).toBe(events);
    expect(readJson(dir, 'signals.json').sources[2]).toMatchObject({
      name: 'x',
      ok: false,
      outcome: 'skipped',
      error: 'X_BEARER_TOKEN not set',
      skip_reason: 'no_token',
    });
    expect(r.lines).toContain('⏭️ x: skipped (X_BEARER_TOKEN not set)');
    expect(r.lines.filter((l) => l.startsWith('❌'))).toHaveLength(3); // status, issues and staff point at a dead port
  });
});

describe('x: new posts', () => {
  it('adds confident events, queues the rest, pages with since_id, and advances it', async () => {
    const dir = dataWithState();
    const before = loadDir(dir).events;
    await serveX();
    const r = await pullInto(dir, { x: server!.url, xToken: 'x-test' });
    const after = readJson(dir, 'events.json');
    expect(after.checked_at).toBe('2026-11-20T12:00:00Z');
    expect(after.events.slice(0, before.length)).toEqual(before); // nothing lost or changed
    expect(after.events.slice(before.length)).toEqual([
      expect.objectContaining({
        id: '2122981897008055506',
        ts: '2026-11-18T09:15:02Z',
        date: '2026-11-18',
        kind: 'reset',
        scope: 'plus+pro',
        source: 'thsottiaux',
        url: 'https://x.com/thsottiaux/status/2122981897008055506',
        global: false,
        origin: 'official_post',
        certainty: 'medium',
      }),
      expect.objectContaining({
        id: '2123451231237046371',
        ts: '2026-11-19T16:20:00Z',
        kind: 'banked',
        scope: 'paid',
        source: 'OpenAIDevs',
      }),
    ]);
    expect(
      readJson(dir, 'candidates.json').candidates.map((c: { id: string; suggested_kind: string }) => [c.id, c.suggested_kind]),
    ).toEqual([
      ['2123169415951287049', 'promise'],
      ['2123687794176950277', 'reset'],
    ]);
    // "… We will reset limits tomorrow …", posted 13:40:10 PST on 18 Nov: tomorrow is 19 Nov, 00:00–23:59:59 PST.
    expect(readJson(dir, 'candidates.json').candidates[0]!.suggested_window).toEqual({
      start: '2026-11-19T08:00:00Z',
      end: '2026-11-20T07:59:59Z',
      by: 'tomorrow',
    });
    expect(readJson(dir, 'candidates.json').candidates[1]!.suggested_window).toBeNull();
    expect(readJson(dir, 'pull-state.json')).toEqual({
      x: {
        OpenAI: { user_id: OPENAI, since_id: null },
        OpenAIDevs: { user_id: DEVS, since_id: '2123687794176950277' },
        thsottiaux: { user_id: THS, since_id: '2123251393622970514' },
      },
    });
    const ths = server!.requests.filter((q) => q.url.pathname === `/2/users/${THS}/tweets`);
    expect(ths.map((q) => q.url.searchParams.get('pagination_token'))).toEqual([null, '7140dibdnow9c7btw452wq0ahoa5qcpc3g9yo8nj7ymn9']);
    expect(ths[0]!.url.searchParams.get('since_id')).toBe('2122630825374646273');
    expect(ths[0]!.headers['authorization']).toBe('Bearer x-test');
    expect(server!.requests.find((q) => q.url.pathname === '/2/users/by')!.url.searchParams.get('usernames')).toBe('OpenAI');
    expect(r.lines).toContain('✅ x: 2 new event(s), 2 for review');
    expect(() => loadDir(dir)).not.toThrow();
  });

  it('records a confident banked post with its grant (expiry = post + 30 days), and never re-proposes a rejected post', async () => {
    const dir = dataWithState();
    writeFileSync(
      join(dir, 'candidates.json'),
      JSON.stringify({
        candidates: [],
        rejected: [
          {
            id: '2123687794176950277',
            platform: 'x',
            url: 'https://x.com/OpenAIDevs/status/2123687794176950277',
            at: '2026-11-20T11:00:00Z',
            reason: 'a user question, retweeted',
          },
        ],
      }),
    );
    await serveX();
    await pullInto(dir, { x: server!.url, xToken: 'x-test' });
    expect(readJson(dir, 'banked.json').grants.at(-1)).toEqual({
      id: '2026-11-19-2123451231237046371',
      granted_at: '2026-11-19T16:20:00Z',
      expires_at: '2026-12-19T16:20:00Z',
      scope: 'paid',
      summary: "We've banked one Codex reset for all paid plans. Redeem it any time in the next 30 days.",
      url: 'https://x.com/OpenAIDevs/status/2123451231237046371',
      event_id: '2123451231237046371',
      certainty: 'medium',
      uncertain_fields: [],
    });
    expect(readJson(dir, 'candidates.json').candidates.map((c: { id: string }) => c.id)).toEqual(['2123169415951287049']);
    expect(() => loadDir(dir)).not.toThrow();
  });

  it("moves each cursor to the newest post it read, not to X's meta.newest_id (left out, or naming a post not returned)", async () => {
    const dir = dataWithState();
    const meta = (path: string, newest: string | undefined): Reply => {
      const doc = JSON.parse(fixture(path));
      if (newest === undefined) delete doc.meta.newest_id;
      else doc.meta.newest_id = newest;
      return { body: JSON.stringify(doc) };
    };
    server = await startServer((u) => {
      if (u.pathname === '/2/users/by') return json('x/users.json');
      if (u.pathname === `/2/users/${THS}/tweets`)
        return meta(u.searchParams.has('pagination_token') ? 'x/thsottiaux-page2.json' : 'x/thsottiaux-page1.json', undefined);
      // a later post X did not return
      if (u.pathname === `/2/users/${DEVS}/tweets`) return meta('x/openaidevs.json', postIdAt(new Date('2026-11-20T11:00:00Z'), 1n));
      if (u.pathname === `/2/users/${OPENAI}/tweets`) return json('x/empty.json');
      return undefined;
    });
    await pullInto(dir, { x: server.url, xToken: 'x-test' });
    expect(readJson(dir, 'pull-state.json').x).toEqual({
      OpenAI: { user_id: OPENAI, since_id: null },
      OpenAIDevs: { user_id: DEVS, since_id: '2123687794176950277' },
      thsottiaux: { user_id: THS, since_id: '2123251393622970514' },
    });
  });

  it("a cursor X refuses (400): X's reason in the line, the account read from its newest page instead, and that cursor replaces the refused one", async () => {
    const dir = dataWithState();
    const REFUSED = '2122630825374646273'; // the fixture state's since_id of thsottiaux and OpenAIDevs
    const reason = `Invalid 'since_id':'${REFUSED}'. 'since_id' must be a tweet ID created after 2010-11-04T00:00:00Z.`;
    server = await startServer((u) => {
      if (u.pathname === '/2/users/by') return json('x/users.json');
      if (u.pathname === `/2/users/${DEVS}/tweets` && u.searchParams.get('since_id') === REFUSED)
        return { status: 400, body: JSON.stringify({ errors: [{ message: `${reason}\u001b[31m` }], title: 'Invalid Request' }) };
      if (u.pathname === `/2/users/${THS}/tweets`)
        return json(u.searchParams.has('pagination_token') ? 'x/thsottiaux-page2.json' : 'x/thsottiaux-page1.json');
      if (u.pathname === `/2/users/${DEVS}/tweets`) return json('x/openaidevs.json');
      return json('x/empty.json');
    });
    const r = await pullInto(dir, { x: server.url, xToken: 'x-test' });
    expect(r.lines).toContain(
      `✅ x: 2 new event(s), 2 for review; X posts of user ${DEVS} since ${REFUSED}: HTTP 400 Bad Request: ${reason}: ` +
        `OpenAIDevs read from its newest page instead`,
    );
    expect(readJson(dir, 'pull-state.json').x.OpenAIDevs).toEqual({ user_id: DEVS, since_id: '2123687794176950277' });
    const devs = server.requests.filter((q) => q.url.pathname === `/2/users/${DEVS}/tweets`).map((q) => q.url.searchParams.get('since_id'));
    expect(devs).toEqual([REFUSED, null]);
  });

  describe('the same post id once', () => {
    const RESET_ID = '2122981897008055506'; // page 2's reset post
    /** thsottiaux's pages, with the reset post copied into page 1 and page 2 holding it twice (`second`: its second copy). */
    async function serveCopies(second: (post: { id: string; text: string }) => { id: string; text: string }) {
      const page1 = JSON.parse(fixture('x/thsottiaux-page1.json'));
      const page2 = JSON.parse(fixture('x/thsottiaux-page2.json'));
      const reset = page2.data[0];
      page1.data.push(reset);
      page2.data.push(second(reset));
      server = await startServer((u) => {
        if (u.pathname === '/2/users/by') return json('x/users.json');
        if (u.pathname === `/2/users/${THS}/tweets`)
          return { body: JSON.stringify(u.searchParams.has('pagination_token') ? page2 : page1) };
        if (u.pathname === `/2/users/${DEVS}/tweets`) return json('x/openaidevs.json');
        return json('x/empty.json');
      });
    }
    const recordsOf = (dir: string, id: string) => [
      readJson(dir, 'events.json').events.filter((e: { id: string }) => e.id === id).length,
      readJson(dir, 'candidates.json').candidates.filter((c: { id: string }) => c.id === id).length,
    ];

    it('three identical copies (in a page and the next): one event, no review candidate', async () => {
      const dir = dataWithState();
      await serveCopies((p) => p);
      const r = await pullInto(dir, { x: server!.url, xToken: 'x-test' });
      expect(r.lines).toContain('✅ x: 2 new event(s), 2 for review');
      expect(recordsOf(dir, RESET_ID)).toEqual([1, 0]);
      expect(() => loadDir(dir)).not.toThrow();
    });

    it('a copy with another text: the first copy kept, queued for review with why, no event', async () => {
      const dir = dataWithState();
      await serveCopies((p) => ({ ...p, text: 'We have not reset anything; ignore the earlier post about rate limits.' }));
      const r = await pullInto(dir, { x: server!.url, xToken: 'x-test' });
      expect(r.lines).toContain('✅ x: 1 new event(s), 3 for review');
      expect(recordsOf(dir, RESET_ID)).toEqual([0, 1]);
      const queued = readJson(dir, 'candidates.json').candidates.find((c: { id: string }) => c.id === RESET_ID)!;
      expect([queued.text, queued.reason]).toEqual([
        expect.stringMatching(/^We've reset Codex rate limits for all Plus and Pro users\./),
        'says limits were reset; X answered this post id with differing texts (the first copy is kept)',
      ]);
    });
  });

  it('is idempotent: the same posts again add nothing and change no file but the check times', async () => {
    const dir = dataWithState();
    await serveX();
    await pullInto(dir, { x: server!.url, xToken: 'x-test' });
    const files = ['events.json', 'candidates.json', 'signals.json', 'signals-history.jsonl', 'forecast-log.jsonl'].map((f) =>
      read(dir, f),
    );
    cpSync(join(FIXTURES, 'x', 'pull-state.json'), join(dir, 'pull-state.json')); // replay from the old since_id
    const again = await pullInto(dir, { x: server!.url, xToken: 'x-test' });
    expect(Object.keys(again.writes).sort()).toEqual(['pull-state.json']);
    expect(
      ['events.json', 'candidates.json', 'signals.json', 'signals-history.jsonl', 'forecast-log.jsonl'].map((f) => read(dir, f)),
    ).toEqual(files);
  });
});

describe.each<[string, Reply, RegExp]>([
  ['401 (bad token)', { ...json('x/unauthorized.json'), status: 401 }, /HTTP 401/],
  [
    "400 to every read, with X's reason",
    { status: 400, body: JSON.stringify({ errors: [{ message: 'The `query` parameter value is invalid.' }], title: 'Invalid Request' }) },
    /HTTP 400 Bad Request: The `query` parameter value is invalid\./,
  ],
  ['schema drift: meta missing', { body: '{"data":[]}' }, /meta/],
  ['malformed JSON', { body: '{"data":[{"id":"1"' }, /malformed JSON/],
  ['truncated body', { ...json('x/openaidevs.json'), truncate: true }, /cut off/],
  ['HTTP 503', { status: 503 }, /HTTP 503/],
  ['a server that never answers', { hang: true }, /no answer within the timeout/],
])('x: %s', (_name, reply, error) => {
  it('records the failure and changes no event, candidate, cursor or checked_at', async () => {
    const dir = dataWithState();
    const kept = ['events.json', 'pull-state.json'].map((f) => read(dir, f));
    await serveX(reply);
    const r = await pullInto(dir, { x: server!.url, xToken: 'x-test' });
    expect(['events.json', 'pull-state.json'].map((f) => read(dir, f))).toEqual(kept);
    expect(r.writes['candidates.json']).toBeUndefined();
    const check = readJson(dir, 'signals.json').sources[2]!;
    expect(check).toMatchObject({ name: 'x', ok: false, outcome: 'failed' });
    expect(check.error).toMatch(error);
    expect(r.failed).toBe(true);
  });
});
