/** The timetable function's answer (src/core/timetable-answer.ts) over a made-up timetable: the pick, the headers, every refusal. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTimetableHandler } from '../../../src/core/timetable-answer.ts';
import type { TimetableIndex } from '../../../src/core/timetable.ts';

const INDEX: TimetableIndex = {
  built_at: '1970-01-01T00:16:40Z',
  horizon: '1970-01-01T00:26:40Z',
  states: { forecast: [1000, 1300, 1600], alerts: [1000] },
};
const HEADERS = { '/api/v1/forecast.json': { 'Content-Type': 'application/json; charset=utf-8', 'Access-Control-Allow-Origin': '*' } };
const body = (name: string, start: number): string => `{"name":"${name}","start":${start}}\n`;

function handler(t: number, read = (name: string, start: number) => new TextEncoder().encode(body(name, start))) {
  const logged: string[] = [];
  const reads: string[] = [];
  const h = createTimetableHandler({
    files: {
      index: INDEX,
      read: (n, s) => {
        reads.push(`${n}/${s}`);
        return read(n, s);
      },
    },
    headers: HEADERS,
    now: () => t * 1000,
    log: (line) => logged.push(line),
  });
  return { h, logged, reads };
}
const get = (path: string, method = 'GET') => new Request(`http://localhost${path}`, { method });

describe('createTimetableHandler', () => {
  it.each([
    [999, 1000, 300],
    [1000, 1000, 300],
    [1299, 1000, 1],
    [1450, 1300, 150],
    [1600, 1600, 300],
    [1e9, 1600, 300],
  ])('at %i: the forecast state of %i, its edge cache %i s, the path’s headers', async (t, start, cdn) => {
    const res = await handler(t).h(get('/api/v1/forecast.json'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(body('forecast', start));
    const etag = `"${createHash('sha256').update(body('forecast', start)).digest('hex').slice(0, 32)}"`;
    expect(Object.fromEntries(res.headers)).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'access-control-allow-origin': '*',
      'netlify-cdn-cache-control': `public, durable, max-age=${cdn}`,
      etag,
    });
  });

  it.each([
    ['forecast', 1000, 300],
    ['forecast', 1450, 150],
    ['forecast', 1e9, 300],
    ['alerts', 1000, 86_400],
    ['alerts', 1e9, 86_400],
    ['promises', 1000, 1_000],
    ['promises', 1_990, 10],
    ['promises', 2_000, 86_400],
    ['promises', 999, 300],
  ])(
    'an index naming its run-time answers: %s at %i is kept %i s by the edge (5 minutes for those, else to the state’s end)',
    async (name, t, cdn) => {
      const index: TimetableIndex = { ...INDEX, states: { ...INDEX.states, promises: [1000, 2000] }, run_time: ['forecast'] };
      const h = createTimetableHandler({
        files: { index, read: (n, s) => new TextEncoder().encode(body(n, s)) },
        headers: {},
        now: () => t * 1000,
      });
      const res = await h(get(`/api/v1/${name}.json`));
      expect([res.status, res.headers.get('netlify-cdn-cache-control')]).toEqual([200, `public, durable, max-age=${cdn}`]);
    },
  );

  it('gives each state its own ETag, and the same state the same one', async () => {
    const tags = await Promise.all(
      [1000, 1299, 1300, 1600].map(async (t) => (await handler(t).h(get('/api/v1/forecast.json'))).headers.get('etag')),
    );
    expect(tags[0]).toBe(tags[1]);
    expect(new Set(tags).size).toBe(3);
  });

  it('reads a state once while it holds', async () => {
    const clock = { t: 1000 };
    const reads: string[] = [];
    const h = createTimetableHandler({
      files: { index: INDEX, read: (n, s) => (reads.push(`${n}/${s}`), new TextEncoder().encode(body(n, s))) },
      headers: {},
      now: () => clock.t * 1000,
    });
    await h(get('/api/v1/forecast.json'));
    clock.t = 1200;
    await h(get('/api/v1/forecast.json'));
    clock.t = 1300;
    await h(get('/api/v1/forecast.json'));
    expect(reads).toEqual(['forecast/1000', 'forecast/1300']);
  });

  it('HEAD: the headers, no body; OPTIONS: 204 with the headers; any other method: 405 with Allow', async () => {
    const { h } = handler(1000);
    const head = await h(get('/api/v1/forecast.json', 'HEAD'));
    expect([head.status, await head.text(), head.headers.get('netlify-cdn-cache-control')]).toEqual([
      200,
      '',
      'public, durable, max-age=300',
    ]);
    const options = await h(get('/api/v1/forecast.json', 'OPTIONS'));
    expect([options.status, options.headers.get('access-control-allow-origin')]).toEqual([204, '*']);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await h(get('/api/v1/forecast.json', method));
      expect([res.status, res.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
    }
  });

  it.each([
    '/api/v1/timeline.json',
    '/api/v1/forecast.json/..',
    '/api/v1/../forecast.json',
    '/api/v1/FORECAST.json',
    '/api/v1/constructor.json',
    '/',
  ])('%s: 404, no file read', async (path) => {
    const { h, reads } = handler(1000);
    expect((await h(get(path))).status).toBe(404);
    expect(reads).toEqual([]);
  });

  it('a state that cannot be read: 503 naming the state, the log has why', async () => {
    const { h, logged } = handler(1300, () => {
      throw new Error('ENOENT: no such file or directory, open /var/task/dist/_timetable/forecast/1300.json');
    });
    const res = await h(get('/api/v1/forecast.json'));
    expect([res.status, await res.text(), res.headers.get('retry-after')]).toEqual([
      503,
      'timetable state unavailable: forecast/1300.json\n',
      '60',
    ]);
    expect(logged).toEqual([
      '[timetable] forecast state 1300: ENOENT: no such file or directory, open /var/task/dist/_timetable/forecast/1300.json',
    ]);
  });
});
