import { describe, expect, it } from 'vitest';
import type { BuildFileKey } from '../../../../src/core/dataset/files.ts';
import { DataError, MAX_EVENTS, parseDataset } from '../../../../src/core/dataset/index.ts';
import { MINI_NOW, miniJson, miniTexts } from '../../../support/mini-data.ts';
import type { LooseJson } from '../../../support/json.ts';

/** Parses the fixture with one file replaced; returns the DataError's problems (or [] when valid). */
type JsonKey = Exclude<BuildFileKey, 'forecastLog'>;
function problemsWith(key: JsonKey, mutate: (doc: LooseJson) => unknown, now = MINI_NOW): string[] {
  const doc = miniJson(key);
  const replaced = mutate(doc) ?? doc;
  const texts = { ...miniTexts(), [key]: typeof replaced === 'string' ? replaced : JSON.stringify(replaced) };
  try {
    parseDataset(texts, now);
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(DataError);
    return (e as DataError).problems;
  }
}

describe('parseDataset', () => {
  it('refuses more events than its limit, naming the file, the count and the limit; takes exactly the limit', () => {
    // The fixture holds 4 events.
    expect(() => parseDataset(miniTexts(), MINI_NOW, { maxEvents: 3 })).toThrow(DataError);
    expect(() => parseDataset(miniTexts(), MINI_NOW, { maxEvents: 3 })).toThrow(
      /data\/events\.json: 4 events, more than the build's limit of 3 \(MAX_EVENTS in src\/core\/dataset\/index\.ts, or RESETCAST_MAX_EVENTS\)/,
    );
    expect(parseDataset(miniTexts(), MINI_NOW, { maxEvents: 4 }).events).toHaveLength(4);
    expect(MAX_EVENTS).toBe(200_000);
  });

  it('accepts the fixture and keeps every record', () => {
    const d = parseDataset(miniTexts(), MINI_NOW);
    expect(d.events.map((e) => e.id)).toEqual(['2062329981548802523', '2065225362544726371', '2067399435009622521', '2093014447833116908']);
    expect(d.eventsCheckedAt).toBe('2026-07-20T00:00:00Z');
    expect(d.banked.grants).toHaveLength(2);
    expect(d.announcements[0]?.fulfilled_by).toBe('2067399435009622521');
  });

  // Each bad input names the file, the record (by index and id) and the field.
  it.each<[string, JsonKey, (d: LooseJson) => unknown, RegExp]>([
    [
      'duplicate id',
      'events',
      (d) => {
        d.events[2].id = d.events[1].id;
        d.events[2].url = d.events[1].url;
      },
      /data\/events\.json: events\[2\] \(id 2065225362544726371\): field 'id': duplicate of events\[1\]/,
    ],
    [
      'bad timestamp',
      'events',
      (d) => {
        d.events[1].ts = '2026-06-12 00:11:11';
      },
      /data\/events\.json: events\[1\] \(id 2065225362544726371\): field 'ts': expected a UTC timestamp/,
    ],
    [
      'impossible timestamp',
      'events',
      (d) => {
        d.events[1].ts = '2026-06-31T00:11:11Z';
        d.events[1].date = '2026-06-31';
      },
      /events\[1\] \(id 2065225362544726371\): field 'ts': not a real calendar time/,
    ],
    [
      'unknown kind',
      'events',
      (d) => {
        d.events[0].kind = 'refund';
      },
      /events\[0\] \(id 2062329981548802523\): field 'kind': Invalid option/,
    ],
    [
      'date disagrees with ts',
      'events',
      (d) => {
        d.events[0].date = '2026-06-05';
      },
      /events\[0\] \(id 2062329981548802523\): field 'date': 2026-06-05 disagrees with ts 2026-06-04T00:25:58Z/,
    ],
    [
      'future event',
      'events',
      (d) => {
        d.events[3].ts = '2026-07-02T00:00:00Z';
        d.events[3].date = '2026-07-02';
      },
      /events\[3\] \(id 2093014447833116908\): field 'ts': 2026-07-02T00:00:00Z is in the future of the build clock/,
    ],
    [
      'unknown scope plan',
      'events',
      (d) => {
        d.events[0].scope = 'plus+team';
      },
      /events\[0\] \(id 2062329981548802523\): field 'scope': expected all, paid, unspecified or plan names/,
    ],
    [
      'non-digit id',
      'events',
      (d) => {
        d.events[0].id = 'abc';
      },
      /events\[0\] \(id abc\): field 'id': expected decimal digits/,
    ],
    [
      'missing field',
      'events',
      (d) => {
        delete d.events[0].origin;
      },
      /events\[0\] \(id 2062329981548802523\): field 'origin'/,
    ],
    [
      'unknown field',
      'events',
      (d) => {
        d.events[0].colour = 'red';
      },
      /events\[0\] \(id 2062329981548802523\): field '\(whole record\)': Unrecognized key: "colour"/,
    ],
    [
      'unsorted events',
      'events',
      (d) => {
        d.events.reverse();
      },
      /field 'ts': events must be sorted by ts, then id/,
    ],
    [
      'same-second ids in string order (1000 before 999)',
      'events',
      (d) => {
        const at = { ts: '2026-06-30T00:00:00Z', date: '2026-06-30' };
        const [a, b] = [
          { ...d.events[3], ...at, id: '1000', url: 'https://x.com/a/status/1000' },
          { ...d.events[3], ...at, id: '999', url: 'https://x.com/a/status/999' },
        ];
        d.events.push(a, b);
      },
      /events\[5\] \(id 999\): field 'ts': events must be sorted by ts, then id/,
    ],
    ['not JSON', 'events', () => '{"events": [', /data\/events\.json: not valid JSON/],
    [
      'grant expiring before it is granted',
      'banked',
      (d) => {
        d.grants[0].expires_at = '2026-06-01T00:00:00Z';
      },
      /data\/banked\.json: grants\[0\] \(id 2026-06-12-launch\): field 'expires_at': not after granted_at/,
    ],
    [
      'grant linked to no event',
      'banked',
      (d) => {
        d.grants[0].event_id = '1';
      },
      /grants\[0\] \(id 2026-06-12-launch\): field 'event_id': no event 1/,
    ],
    [
      'announcement fulfilled by no event',
      'announcements',
      (d) => {
        d.announcements[0].fulfilled_by = '42';
      },
      /data\/announcements\.json: announcements\[0\] \(id 2066956441173323943\): field 'fulfilled_by': no event 42/,
    ],
    [
      'announcement window ending before it starts',
      'announcements',
      (d) => {
        d.announcements[0].window_end = d.announcements[0].window_start;
      },
      /announcements\[0\] \(id 2066956441173323943\): field 'window_end': .* is not after window_start/,
    ],
    [
      'announcement window opening before the post',
      'announcements',
      (d) => {
        d.announcements[0].window_start = '2026-06-16T18:00:00Z';
      },
      /announcements\[0\] \(id 2066956441173323943\): field 'window_start': 2026-06-16T18:00:00Z is before the promise was posted/,
    ],
    [
      'announcement fulfilled by an older event',
      'announcements',
      (d) => {
        d.announcements[0].fulfilled_by = '2062329981548802523';
      },
      /field 'fulfilled_by': event 2062329981548802523 \(2026-06-04T00:25:58Z\) is older than the promise/,
    ],
    [
      'announcement without a window',
      'announcements',
      (d) => {
        delete d.announcements[0].window_end;
      },
      /announcements\[0\] \(id 2066956441173323943\): field 'window_end': Invalid input/,
    ],
    [
      'future grant',
      'banked',
      (d) => {
        d.grants[0].granted_at = '2026-07-02T00:00:00Z';
        d.grants[0].expires_at = '2026-08-01T00:00:00Z';
      },
      /grants\[0\] \(id 2026-06-12-launch\): field 'granted_at': 2026-07-02T00:00:00Z is in the future/,
    ],
    [
      'correction of an unknown event',
      'corrections',
      (d) => {
        d.corrections.push({ event_id: '77', at: '2026-06-20T00:00:00Z', what: 'scope', before: 'all', after: 'pro', reason: 'r' });
      },
      /data\/corrections\.json: corrections\[0\] \(id 77\): field 'event_id': no event 77/,
    ],
    [
      'amendment the event no longer shows',
      'corrections',
      (d) => {
        d.corrections.push({
          event_id: '2062329981548802523',
          at: '2026-06-20T00:00:00Z',
          what: 'scope',
          before: 'all',
          after: 'pro',
          reason: 'r',
        });
      },
      /corrections\[0\] \(id 2062329981548802523\): field 'after': "pro" is not the event's scope now \("paid"\)/,
    ],
    [
      'retracted event still recorded',
      'corrections',
      (d) => {
        d.corrections.push({
          event_id: '2062329981548802523',
          at: '2026-06-20T00:00:00Z',
          what: 'retraction',
          before: { event: miniJson('events').events[0], grant: null },
          after: null,
          reason: 'r',
        });
      },
      /field 'event_id': event 2062329981548802523 is retracted but still in data\/events\.json/,
    ],
    [
      'correction of an unknown field',
      'corrections',
      (d) => {
        d.corrections.push({
          event_id: '2062329981548802523',
          at: '2026-06-20T00:00:00Z',
          what: 'colour',
          before: 'a',
          after: 'b',
          reason: 'r',
        });
      },
      /corrections\[0\] \(id 2062329981548802523\): field 'what'/,
    ],
    [
      'signals with a bad status',
      'signals',
      (d) => {
        d.status.indicator = 'fine';
      },
      /data\/signals\.json: \(top level\): field 'status\.indicator': Invalid option/,
    ],
  ])('%s', (_name, key, mutate, message) => {
    const problems = problemsWith(key, mutate);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(message);
  });

  it('accepts same-second ids in numeric order (999 before 1000)', () => {
    expect(
      problemsWith('events', (d) => {
        const at = { ts: '2026-06-30T00:00:00Z', date: '2026-06-30' };
        d.events.push(
          { ...d.events[3], ...at, id: '999', url: 'https://x.com/a/status/999' },
          { ...d.events[3], ...at, id: '1000', url: 'https://x.com/a/status/1000' },
        );
      }),
    ).toEqual([]);
  });

  it('reports every problem at once, not just the first', () => {
    const problems = problemsWith('events', (d) => {
      d.events[0].kind = 'x';
      d.events[1].scope = 'nobody';
    });
    expect(problems).toHaveLength(2);
  });

  // Issue 21: the rules the curation commands apply hold for the files too.
  it('refuses a non-canonical scope in data/ (a plan twice, or out of PLANS order)', () => {
    expect(
      problemsWith('events', (d) => {
        d.events[3].scope = 'pro+plus';
      }),
    ).toEqual([
      "data/events.json: events[3] (id 2093014447833116908): field 'scope': plans must each appear once, in " +
        'the order free, go, plus, pro, business, enterprise, edu',
    ]);
    expect(
      problemsWith('events', (d) => {
        d.events[3].scope = 'plus+plus';
      }),
    ).toHaveLength(1);
  });
  it('refuses a promise fulfilled by an event of the wrong scope or kind', () => {
    // The promise (window 2026-06-16T18:49:52Z → 06-19T18:49:52Z) is fulfilled by the reset for all at 06-18T00:10:10Z.
    expect(
      problemsWith('announcements', (d) => {
        d.announcements[0].scope = 'business+enterprise';
      }),
    ).toEqual([]);
    expect(
      problemsWith('announcements', (d) => {
        d.announcements[0].kind = 'banked';
      }),
    ).toEqual([
      "data/announcements.json: announcements[0] (id 2066956441173323943): field 'fulfilled_by': a reset for " +
        'all at 2026-06-18T00:10:10Z does not fulfil it (kind, scope and window must match)',
    ]);
  });
  it('refuses a re-recording that does not follow the retraction it names', () => {
    const problems = problemsWith('corrections', (d) => {
      d.corrections.push({
        event_id: '2093014447833116908',
        at: '2026-07-01T00:00:00Z',
        what: 'rerecorded',
        supersedes: '2093014447833116908:2026-06-30T00:00:00Z:retraction',
        before: null,
        after: null,
        reason: 'r',
      });
    });
    expect(problems.some((p) => p.includes("field 'supersedes'"))).toBe(true);
  });
});
