import { afterEach, describe, expect, it } from 'vitest';
import { startServer, json, fixture, type FixtureServer, type Reply } from '../../../support/fixture-server.ts';
import { loadDir, pullInto, read, readJson, tempData } from '../../../support/pull-env.ts';

let server: FixtureServer | undefined;
afterEach(async () => server?.close());

const EARLIER = new Date('2026-11-20T11:00:00Z');
const SUMMARY = '/api/v2/summary.json';
const WIDGET = '/proxy/status.openai.com';

/** A data/ copy whose last good status check (at EARLIER) came from the recorded summary. */
async function withGoodCheck(): Promise<string> {
  const dir = tempData();
  const good = await startServer((u) => (u.pathname === SUMMARY ? json('status/summary.json') : undefined));
  await pullInto(dir, { status: good.url, now: EARLIER });
  await good.close();
  return dir;
}

const serve = async (summary: Reply, widget?: Reply): Promise<FixtureServer> =>
  (server = await startServer((u) => (u.pathname === SUMMARY ? summary : u.pathname === WIDGET ? widget : undefined)));

describe('status: a good summary', () => {
  it('records the Codex components and the Codex incident, not the others', async () => {
    const dir = tempData();
    await serve(json('status/summary.json'));
    const r = await pullInto(dir, { status: server!.url });
    const s = readJson(dir, 'signals.json');
    expect(s.status).toEqual({
      indicator: 'minor',
      components: [
        { name: 'Codex', status: 'degraded_performance' },
        { name: 'Codex Cloud Tasks', status: 'operational' },
      ],
      incidents: [
        {
          id: '01KAB3N6ZRQ2V0P8H7E1M4C9XT',
          name: 'Elevated error rates for Codex tasks',
          status: 'identified',
          impact: 'minor',
          started_at: '2026-11-20T11:31:45Z',
          resolved_at: null,
          url: 'https://status.openai.com/incidents/01KAB3N6ZRQ2V0P8H7E1M4C9XT',
        },
      ],
      checked_at: '2026-11-20T12:00:00Z',
    });
    expect(s.sources[0]).toEqual({
      name: 'status',
      ok: true,
      error: null,
      checked_at: '2026-11-20T12:00:00Z',
      outcome: 'ok',
      last_ok_at: '2026-11-20T12:00:00Z',
      via: 'summary',
    });
    expect(r.lines).toContainEqual(
      expect.stringMatching(/^✅ status: Codex degraded_performance, Codex Cloud Tasks operational; 1 incident/),
    );
    expect(server!.requests.map((q) => q.url.pathname)).toEqual([SUMMARY]);
  });

  it('falls back to the incident.io widget when the summary fails', async () => {
    const dir = tempData();
    await serve({ status: 500 }, json('status/widget.json'));
    await pullInto(dir, { status: server!.url });
    const s = readJson(dir, 'signals.json');
    expect(s.status.indicator).toBe('critical'); // full_outage is incident.io's word for major_outage
    expect(s.status.components).toEqual([
      { name: 'Codex', status: 'operational' },
      { name: 'Codex Cloud Tasks', status: 'major_outage' },
    ]);
    expect(s.status.incidents).toEqual([
      expect.objectContaining({
        id: '01KAB9F2M7X0C4R6T8V1N3Q5JW',
        impact: 'critical',
        started_at: '2026-11-20T10:58:31Z',
        resolved_at: null,
      }),
    ]);
    expect(s.sources[0]).toMatchObject({ ok: true, via: 'widget' });
  });

  it('accepts unexpected fields and unknown status words (schema drift that loses nothing we need)', async () => {
    const dir = tempData();
    await serve(json('status/summary-drift-extra.json'));
    await pullInto(dir, { status: server!.url });
    expect(readJson(dir, 'signals.json').status.components).toEqual([
      { name: 'Codex', status: 'operational' },
      { name: 'Codex IDE extension', status: 'unknown' },
    ]);
  });
});

describe.each<[string, Reply, RegExp]>([
  ['empty (no Codex component)', json('status/summary-empty.json'), /no Codex component among 0 components/],
  ['schema drift: a missing field', json('status/summary-drift-missing.json'), /components\[0\]\.status/],
  ['malformed JSON', { body: '{"components": [' }, /malformed JSON/],
  ['truncated body', { ...json('status/summary.json'), truncate: true }, /cut off/],
  ['HTTP 500', { status: 500, body: '<html>oops</html>' }, /HTTP 500 .*after 3 attempts/],
  ['429 with a Retry-After beyond the budget', { status: 429, headers: { 'Retry-After': '3600' } }, /retry after 3600 s/],
  ['a server that never answers', { hang: true }, /no answer within the timeout/],
  // The status source's cap (src/core/sources.ts) is 4 MB: a hostile 60 MB answer is cut off, never held.
  ['a 60 MB body, chunked', { stream: { bytes: 60_000_000, contentLength: false } }, /^summary\.json: response exceeds 4 MB, cut off; /],
  [
    'a 60 MB body with its Content-Length',
    { stream: { bytes: 60_000_000, contentLength: true } },
    /^summary\.json: response exceeds 4 MB \(Content-Length: 60 MB\), not read; /,
  ],
])('status: %s (widget also down)', (_name, reply, error) => {
  it('keeps the last good snapshot, records the failure, loses nothing', async () => {
    const dir = await withGoodCheck();
    const before = readJson(dir, 'signals.json');
    const events = read(dir, 'events.json');
    await serve(reply, { status: 503 });
    const r = await pullInto(dir, { status: server!.url });
    const after = readJson(dir, 'signals.json');
    expect(after.status).toEqual(before.status);
    expect(after.status.checked_at).toBe('2026-11-20T11:00:00Z');
    expect(after.fetched_at).toBe('2026-11-20T12:00:00Z');
    expect(after.sources[0]).toMatchObject({
      name: 'status',
      ok: false,
      outcome: 'failed',
      checked_at: '2026-11-20T12:00:00Z',
      last_ok_at: '2026-11-20T11:00:00Z',
    });
    expect(after.sources[0]!.error).toMatch(error);
    expect(after.sources[0]!.error).toMatch(/widget: HTTP 503/);
    expect(read(dir, 'events.json')).toBe(events);
    expect(() => loadDir(dir)).not.toThrow();
    expect(r.failed).toBe(true);
    expect(r.lines).toContainEqual(expect.stringMatching(/^❌ status: /));
  });
});

it('status: a 429 with a short Retry-After is waited out and then succeeds', async () => {
  const dir = tempData();
  const sleeps: number[] = [];
  server = await startServer((u, n) =>
    u.pathname !== SUMMARY
      ? undefined
      : n === 0
        ? { status: 429, headers: { 'Retry-After': '2' } }
        : { body: fixture('status/summary.json') },
  );
  await pullInto(dir, { status: server.url, sleeps });
  // The other sources point at a dead port and back off 10 and 20 ms; only the status wait is long.
  expect(sleeps.filter((ms) => ms > 20)).toEqual([2000]);
  expect(readJson(dir, 'signals.json').sources[0]).toMatchObject({ ok: true, via: 'summary' });
});
