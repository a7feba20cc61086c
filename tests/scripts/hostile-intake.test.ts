/**
 * Hostile input at intake (issue 20, docs/security.md): sources answering poisoned ids, posts from the
 * future, text full of control characters and megabytes long, links to other hosts; and hand edits of
 * data/ that break the text rules or put a check time in the future. Each case: one line naming the
 * source or file and field, the documented exit, data/ still valid, and the next good pull succeeds.
 * Real local HTTP servers speak the X and status APIs; the clock is the pull tests' own (support/pull-env.ts).
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadBuild } from '../../src/site/data.ts';
import { readDataFile } from '../../src/io/data-folder.ts';
import { createMainAlertsFeed, createThresholdFeed } from '../../src/core/alerts/feeds.ts';
import { THRESHOLD_FEEDS } from '../../src/core/alerts/thresholds.ts';
import { bookkeepingProblems } from '../../src/core/dataset/bookkeeping-times.ts';
import { DataError } from '../../src/core/dataset/index.ts';
import { createAtomFeed } from '../../src/core/feeds/atom.ts';
import { computeForecast } from '../../src/core/forecast/index.ts';
import { postIdAt } from '../../src/core/postid.ts';
import { statusSignal } from '../../src/core/forecast/signals.ts';
import { textProblem } from '../../src/core/sanitize.ts';
import { SITE } from '../../src/core/site.ts';
import { history, HISTORY_EPOCH, HISTORY_NOW, historyCopy } from '../support/history.ts';
import { runNode } from '../support/run-node.ts';
import { xmlProblem } from '../support/xml.ts';
import { FIXTURES, fixture, json, startServer, type FixtureServer, type Reply } from '../support/fixture-server.ts';
import { loadDir, NOW, pullInto, read, readJson, tempData } from '../support/pull-env.ts';
import { forecastLogLine } from '../support/forecast-log.ts';

let servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

const THS = '1450183340366770177';
const DEVS = '1582471096587264001';
const OPENAI = '4398626122';
/** The id of an X post at `iso`, with low bits (worker, sequence) as a real post has. */
const snowflake = (iso: string, low = 777n): string => postIdAt(new Date(iso), low);
/** Every character XML 1.0 forbids or a terminal or a workflow log would act on, with markup around it. */
const HOSTILE = 'A\u0000B\u0007C\u001b[31mD\ufffeE\uffffF\ud800G ]]> <script>alert(1)</script>\n::error title=x::owned';

async function serve(route: (u: URL, n: number) => Reply | undefined): Promise<FixtureServer> {
  const server = await startServer(route);
  servers.push(server);
  return server;
}

/** The X API: users lookup from the fixture, one timeline answer per account (empty unless given). */
const xServer = (timelines: Partial<Record<string, (u: URL) => Reply>>): Promise<FixtureServer> =>
  serve((u) => {
    if (u.pathname === '/2/users/by') return json('x/users.json');
    const id = /^\/2\/users\/(\d+)\/tweets$/.exec(u.pathname)?.[1];
    if (!id) return undefined;
    return timelines[id]?.(u) ?? json('x/empty.json');
  });
const tweets = (data: { id: string; text: string }[], newest = data[0]?.id): Reply => ({
  body: JSON.stringify({ data, meta: { result_count: data.length, ...(newest === undefined ? {} : { newest_id: newest }) } }),
});
/** The recorded good answers of pull-x.test.ts. */
const goodX = (): Promise<FixtureServer> =>
  xServer({
    [THS]: (u) => json(u.searchParams.has('pagination_token') ? 'x/thsottiaux-page2.json' : 'x/thsottiaux-page1.json'),
    [DEVS]: () => json('x/openaidevs.json'),
    [OPENAI]: () => json('x/empty.json'),
  });

function dataWithState(): string {
  const dir = tempData();
  cpSync(join(FIXTURES, 'x', 'pull-state.json'), join(dir, 'pull-state.json'));
  return dir;
}
/** data/ as `npm run validate` sees it at `now`: the build files and the pull's bookkeeping. */
function expectValid(dir: string, now: Date = NOW): void {
  expect(() => loadDir(dir, now)).not.toThrow();
  const texts = {
    candidates: readDataFile(dir, 'candidates'),
    pullState: readDataFile(dir, 'pullState'),
    signalsHistory: readDataFile(dir, 'signalsHistory'),
  };
  expect(bookkeepingProblems(texts, now)).toEqual([]);
}
const xCheck = (dir: string) => readJson(dir, 'signals.json').sources.find((s) => s.name === 'x')!;

describe('X: a poisoned meta.newest_id is refused for X alone, the state kept, and the next good pull succeeds', () => {
  const tomorrow = snowflake('2026-11-21T12:00:00Z'); // 19 digits, a day after the pull's clock
  it.each<[string, string, RegExp]>([
    ['hexadecimal', '0x10', /"0x10" is not a post id/],
    ['negative', '-1', /"-1" is not a post id/],
    ['exponent', '1e5', /"1e5" is not a post id/],
    ['empty', '', /"" is not a post id/],
    ['40 digits', '1'.repeat(40), /"1{24}…" is not a post id \(decimal digits, at most 19/],
    ['leading zero', '0123', /"0123" is not a post id/],
    ['from the future', tomorrow, new RegExp(`"${tomorrow}" is above the largest post id possible at 2026-11-20T12:05:00Z`)],
  ])('%s (%j)', async (_, bad, message) => {
    const dir = dataWithState();
    const state = read(dir, 'pull-state.json');
    const x = await xServer({ [THS]: () => tweets([], bad) });
    const r = await pullInto(dir, { x: x.url, xToken: 'x-test' });
    expect(r.failed).toBe(true); // scripts/pull.ts exits 1: a source failed, data/ written
    const line = r.lines.find((l) => l.startsWith('❌ x: '))!;
    expect(line).toMatch(new RegExp(`^❌ x: X posts of user ${THS}: meta\\.newest_id: `));
    expect(line).toMatch(message);
    expect(line).not.toContain('\n');
    expect(xCheck(dir)).toMatchObject({ ok: false, outcome: 'failed' });
    expect(read(dir, 'pull-state.json')).toBe(state);
    expectValid(dir);

    const good = await goodX();
    const next = await pullInto(dir, { x: good.url, xToken: 'x-test' });
    expect(next.lines.find((l) => l.includes(' x: '))).toMatch(/^✅ x: /);
    expect(readJson(dir, 'pull-state.json').x['OpenAIDevs']!.since_id).toBe('2123687794176950277');
    expectValid(dir);
  });

  it('a post id that is not one refuses the answer the same way', async () => {
    const dir = dataWithState();
    const state = read(dir, 'pull-state.json');
    const x = await xServer({
      [DEVS]: () => tweets([{ id: '1e5', text: "We've reset Codex rate limits for all users." }], '2123687794176950277'),
    });
    const r = await pullInto(dir, { x: x.url, xToken: 'x-test' });
    expect(r.lines).toContain(
      `❌ x: X posts of user ${DEVS}: post id: "1e5" is not a post id (decimal digits, at most 19, no leading zero)`,
    );
    expect(read(dir, 'pull-state.json')).toBe(state);
    expectValid(dir);
  });
});

describe('X: a post dated after the pull is left for a later pull; since_id stops before it', () => {
  const present = snowflake('2026-11-20T11:00:00Z'); // an hour before the pull
  const ahead = snowflake('2026-11-20T14:00:00Z'); // two hours after it (a wrong clock, upstream or here)
  const since = '2122630825374646273'; // the fixture state's since_id
  const timeline = (u: URL): Reply => {
    const after = u.searchParams.get('since_id');
    if (after === since)
      return tweets([
        { id: ahead, text: 'Rate limits have been reset for everyone.' },
        { id: present, text: "We've reset Codex rate limits for all Plus and Pro users." },
      ]);
    if (after === present) return tweets([{ id: ahead, text: 'Rate limits have been reset for everyone.' }]);
    return tweets([]);
  };

  it('records the present post only, keeps the cursor at it, and records the other once its time has come', async () => {
    const dir = dataWithState();
    const x = await xServer({ [DEVS]: timeline });
    const r = await pullInto(dir, { x: x.url, xToken: 'x-test' });
    expect(r.lines).toContain('✅ x: 1 new event(s), 0 for review; 1 post(s) dated after now left for a later pull');
    const ids = (): string[] => readJson(dir, 'events.json').events.map((e: { id: string }) => e.id);
    expect(ids()).toContain(present);
    expect(ids()).not.toContain(ahead);
    expect(readJson(dir, 'pull-state.json').x['OpenAIDevs']!.since_id).toBe(present);
    expectValid(dir);

    const later = new Date('2026-11-20T15:00:00Z');
    const r2 = await pullInto(dir, { x: x.url, xToken: 'x-test', now: later });
    expect(r2.lines).toContain('✅ x: 1 new event(s), 0 for review');
    expect(ids()).toContain(ahead);
    expect(readJson(dir, 'pull-state.json').x['OpenAIDevs']!.since_id).toBe(ahead);
    expectValid(dir, later);
  });
});

describe('X: hostile post text is sanitised and capped before it is stored, and every feed built from it is well-formed XML', () => {
  it('event summary single-line ≤ 1,000, candidate text multi-line ≤ 4,000, nothing forbidden; /feed.xml, /alerts.xml, /alerts/p*.xml parse', async () => {
    const dir = dataWithState();
    const reset = snowflake('2026-11-20T10:00:00Z');
    const question = snowflake('2026-11-20T10:30:00Z');
    const x = await xServer({
      [DEVS]: () =>
        tweets([
          { id: question, text: `did someone reset the limits?\n\n${HOSTILE}\n${'y'.repeat(10_000)}` },
          { id: reset, text: `We've reset Codex rate limits for all Plus and Pro users. ${HOSTILE}` },
        ]),
    });
    const r = await pullInto(dir, { x: x.url, xToken: 'x-test' });
    expect(r.lines).toContain('✅ x: 1 new event(s), 1 for review');
    const event = readJson(dir, 'events.json').events.find((e) => e.id === reset)!;
    expect(event.summary).toBe(
      "We've reset Codex rate limits for all Plus and Pro users. ABCDEFG ]]> <script>alert(1)</script> ::error title=x::owned",
    );
    const candidate = readJson(dir, 'candidates.json').candidates.find((c) => c.id === question)!;
    expect(textProblem(candidate.text, 'postText', { multiline: true })).toBeNull();
    expect([...candidate.text].length).toBe(4_000);
    expect(
      candidate.text.startsWith('did someone reset the limits?\n\nABCDEFG ]]> <script>alert(1)</script>\n::error title=x::owned\nyyy'),
    ).toBe(true);
    expect(candidate.text.endsWith('y…')).toBe(true);
    expectValid(dir);

    // The build of that data/ (at the history's clock, after its last check) and its feeds.
    const { data, payloads } = loadBuild({ RESETCAST_DATA_DIR: dir, SOURCE_DATE_EPOCH: String(HISTORY_EPOCH) });
    const alerts = payloads.alerts.alerts;
    const feeds = [
      createAtomFeed(data.events, { base: SITE.url, corrections: data.corrections }),
      createMainAlertsFeed(alerts, SITE.url),
      ...THRESHOLD_FEEDS.map((f) => createThresholdFeed(alerts, f, SITE.url)),
    ];
    expect(feeds[0]).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    for (const xml of feeds) expect(xmlProblem(xml)).toBeNull();
  });
});

describe('status: a hostile answer is cut to size, stripped, and its off-host link dropped with a note', () => {
  it('a 2 MB incident name, a component name with a line break and a workflow command, a link to another host', async () => {
    const dir = tempData();
    const doc = JSON.parse(fixture('status/summary.json'));
    const codex = doc.components.find((c: { name: string }) => c.name === 'Codex');
    codex.name = 'Codex\n::add-mask::\u0007x';
    const incident = doc.incidents[0];
    incident.name = `Codex ${HOSTILE} ${'n'.repeat(2_000_000)}`;
    incident.impact = 'minor\u001b[2J';
    incident.shortlink = 'https://status.openai.com.evil.example/incidents/1';
    const status = await serve((u) => (u.pathname === '/api/v2/summary.json' ? { body: JSON.stringify(doc) } : undefined));
    const r = await pullInto(dir, { status: status.url });
    expect(r.lines.find((l) => l.includes(' status: '))).toMatch(/^✅ status: /);
    const signals = readJson(dir, 'signals.json');
    expect(read(dir, 'signals.json').length).toBeLessThan(10_000);
    expect(signals.status.components.map((c: { name: string }) => c.name)).toContain('Codex ::add-mask::x');
    const stored = signals.status.incidents.find((i) => i.id === incident.id)!;
    expect([...stored.name].length).toBe(200);
    expect(stored.name.startsWith('Codex ABCDEFG ]]> <script>alert(1)</script> ::error title=x::owned nnn')).toBe(true);
    expect(stored.name.endsWith('n…')).toBe(true);
    expect(stored.impact).toBe('minor');
    expect(stored.url).toBeNull();
    expect(signals.sources.find((s: { name: string }) => s.name === 'status')).toMatchObject({
      ok: true,
      note: `incident ${incident.id}: link not on status.openai.com left out`,
    });
    expectValid(dir);
  });
});

describe('a source error with a 20 KB reason phrase is stored cut to 300 characters', () => {
  it('status answering 500 with a 20,000-character reason phrase on both of its addresses', async () => {
    const dir = tempData();
    const server = createServer((_, res) => {
      res.writeHead(500, `Internal ${'E'.repeat(20_000)}`, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push({ close: () => new Promise((done) => server.close(() => done())) });
    const r = await pullInto(dir, { status: `http://127.0.0.1:${(server.address() as { port: number }).port}` });
    expect(r.failed).toBe(true);
    const check = readJson(dir, 'signals.json').sources.find((s) => s.name === 'status')!;
    expect(check.error!.startsWith('summary.json: HTTP 500 Internal EEE')).toBe(true);
    expect([...check.error!].length).toBe(300);
    expect(check.error!.endsWith('E…')).toBe(true);
    expect(read(dir, 'signals.json').length).toBeLessThan(10_000);
    expectValid(dir);
  });
});

describe('hand edits of data/ are refused by npm run validate (exit 1, one line naming file, record and field), and the build refuses the text ones', () => {
  const edit = (dir: string, name: string, change: (text: string) => string): void =>
    writeFileSync(join(dir, name), change(existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : ''));
  const withEvent3 =
    (change: (e: Record<string, unknown>) => void) =>
    (text: string): string => {
      const doc = JSON.parse(text);
      change(doc.events[3]);
      return JSON.stringify(doc);
    };
  const event3 = history().events[3]!.id;
  const future = snowflake('2026-11-24T00:00:00Z'); // a day after the history's clock

  it.each<[string, string, (text: string) => string, string, boolean]>([
    [
      'a BEL in a summary',
      'events.json',
      withEvent3((e) => {
        e['summary'] = `${String(e['summary'])}\u0007`;
      }),
      `data/events.json: events[3] (id ${event3}): field 'summary': holds a forbidden character U+0007 (summary text)`,
      true,
    ],
    [
      'a NUL in a source',
      'events.json',
      withEvent3((e) => {
        e['source'] = 'Open\u0000AI';
      }),
      `data/events.json: events[3] (id ${event3}): field 'source': holds a forbidden character U+0000 (name text)`,
      true,
    ],
    [
      'a line break in a scope note',
      'events.json',
      withEvent3((e) => {
        e['scope_note'] = 'one\ntwo';
      }),
      `data/events.json: events[3] (id ${event3}): field 'scope_note': holds a forbidden character U+000A (note text)`,
      true,
    ],
    [
      'a summary of 1,001 characters',
      'events.json',
      withEvent3((e) => {
        e['summary'] = 's'.repeat(1_001);
      }),
      `data/events.json: events[3] (id ${event3}): field 'summary': is 1001 characters long, more than the 1000 allowed (summary text)`,
      true,
    ],
    [
      'a summary not in NFC',
      'events.json',
      withEvent3((e) => {
        e['summary'] = 'Cafe\u0301';
      }),
      `data/events.json: events[3] (id ${event3}): field 'summary': is not in Unicode NFC form (summary text)`,
      true,
    ],
    [
      'events.checked_at in 2099',
      'events.json',
      (t) => JSON.stringify({ ...JSON.parse(t), checked_at: '2099-01-01T00:00:00Z' }),
      "data/events.json: (top level): field 'checked_at': 2099-01-01T00:00:00Z is more than 5 minutes in the future of the clock (2026-11-23T00:00:00Z)",
      false,
    ],
    [
      'signals.fetched_at six minutes ahead',
      'signals.json',
      (t) => JSON.stringify({ ...JSON.parse(t), fetched_at: '2026-11-23T00:06:00Z' }),
      "data/signals.json: (top level): field 'fetched_at': 2026-11-23T00:06:00Z is more than 5 minutes in the future of the clock (2026-11-23T00:00:00Z)",
      false,
    ],
    [
      'a forecast logged in 2099',
      'forecast-log.jsonl',
      (t) => {
        const futureLine = forecastLogLine('2099-01-01T00:00:00Z', 1, 2, { available: false });
        return `${t}${t.endsWith('\n') ? '' : '\n'}${JSON.stringify(futureLine)}\n`;
      },
      "data/forecast-log.jsonl: line 2: field 'issued_at': 2099-01-01T00:00:00Z is more than 5 minutes in the future of the clock (2026-11-23T00:00:00Z)",
      false,
    ],
    [
      'a since_id with a leading zero',
      'pull-state.json',
      () => JSON.stringify({ x: { OpenAI: { user_id: '4398626122', since_id: '0123' } } }),
      `data/pull-state.json: x.OpenAI: field 'since_id': "0123" is not a post id (decimal digits, at most 19, no leading zero)`,
      false,
    ],
    [
      'a since_id from the future',
      'pull-state.json',
      () => JSON.stringify({ x: { OpenAI: { user_id: '4398626122', since_id: future } } }),
      `data/pull-state.json: x.OpenAI: field 'since_id': "${future}" is above the largest post id possible at ` +
        `2026-11-23T00:05:00Z (it decodes to 2026-11-24T00:00:00Z)`,
      false,
    ],
    [
      'a signal-history line from 2099',
      'signals-history.jsonl',
      () => `${JSON.stringify({ fetched_at: '2099-01-01T00:00:00Z', status: null, issues: null, ok: { status: false } })}\n`,
      "data/signals-history.jsonl: line 1: field 'fetched_at': 2099-01-01T00:00:00Z is more than 5 minutes in the future of the clock (2026-11-23T00:00:00Z)",
      false,
    ],
    [
      'a hand check dated 2099',
      'checks.json',
      () => JSON.stringify({ checks: [{ at: '2099-01-01T00:00:00Z', recorded_at: '2026-11-22T00:00:00Z', note: 'looked at X' }] }),
      "data/checks.json: checks[0]: field 'at': 2099-01-01T00:00:00Z is more than 5 minutes in the future of the clock (2026-11-23T00:00:00Z)",
      false,
    ],
    [
      'an ESC in a hand check note',
      'checks.json',
      () => JSON.stringify({ checks: [{ at: '2026-11-22T00:00:00Z', recorded_at: '2026-11-22T00:00:00Z', note: 'x\u001b[2J' }] }),
      "data/checks.json: checks[0]: field 'note': holds a forbidden character U+001B (note text)",
      false,
    ],
    [
      'a control character in a candidate',
      'candidates.json',
      () =>
        JSON.stringify({
          candidates: [],
          rejected: [{ id: '1', platform: 'x', url: 'https://x.com/OpenAI/status/1', at: '2026-11-20T00:00:00Z', reason: 'no\u001b[2J' }],
        }),
      "data/candidates.json: rejected[0] (id 1): field 'reason': holds a forbidden character U+001B (reason text)",
      false,
    ],
  ])('%s', async (_, file, change, line, build) => {
    const dir = historyCopy('hostile');
    edit(dir, file, change);
    const before = readFileSync(join(dir, file), 'utf8');
    const r = await runNode(['scripts/validate.ts'], {
      PATH: process.env['PATH'] ?? '',
      RESETCAST_DATA_DIR: dir,
      SOURCE_DATE_EPOCH: String(HISTORY_EPOCH),
    });
    expect(r.code, r.out).toBe(1);
    expect(r.out.split('\n')).toContain(`  - ${line}`);
    expect(readFileSync(join(dir, file), 'utf8')).toBe(before);
    if (build) {
      let thrown: unknown;
      try {
        loadBuild({ RESETCAST_DATA_DIR: dir, SOURCE_DATE_EPOCH: String(HISTORY_EPOCH) });
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(DataError);
      expect((thrown as DataError).problems).toContain(line);
    }
  });

  it('the unedited copy passes (the cases above fail for their edit alone)', async () => {
    const r = await runNode(['scripts/validate.ts'], {
      PATH: process.env['PATH'] ?? '',
      RESETCAST_DATA_DIR: historyCopy('hostile'),
      SOURCE_DATE_EPOCH: String(HISTORY_EPOCH),
    });
    expect(r.code, r.out).toBe(0);
  });
});

describe('the forecast never reads a future check time as fresh', () => {
  it('events.checked_at in 2099: still unavailable and low, as with the real 43-day-old check (it read medium before)', () => {
    const data = history();
    const real = computeForecast(data, HISTORY_NOW, SITE.url);
    expect([real.available, real.confidence]).toEqual([false, 'low']);
    const future = computeForecast({ ...data, eventsCheckedAt: '2099-01-01T00:00:00Z' }, HISTORY_NOW, SITE.url);
    expect([future.available, future.confidence]).toEqual([false, 'low']);
    expect(future.confidence_reasons).toContain(
      'the event record has no usable last check time (none, or one in the future): resets may be missing, so the numbers are shown but not vouched for',
    );
    // The control: a check an hour old is fresh, so the rule above is what holds the 2099 case back.
    expect(computeForecast({ ...data, eventsCheckedAt: '2026-11-22T23:00:00Z' }, HISTORY_NOW, SITE.url)).toMatchObject({
      available: true,
      confidence: 'medium',
    });
  });

  it('a status check from the future gives no status signal; one within the 5-minute skew counts', () => {
    const status = { ...history().signals.status, indicator: 'major' as const, incidents: [] };
    expect(statusSignal({ ...status, checked_at: '2026-11-23T00:05:01Z' }, HISTORY_NOW)).toBeNull();
    expect(statusSignal({ ...status, checked_at: '2026-11-23T00:05:00Z' }, HISTORY_NOW)).not.toBeNull();
  });
});
