/**
 * Each dataset rule alone (src/core/dataset/rule-*.ts): a broken record it flags, in the one wording of
 * problems.ts, and the valid fixture it passes; then the runner's order and the registry's completeness.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDataset } from '../../../../src/core/dataset/index.ts';
import { RULES, ruleProblems, type DatasetRule, type RecordsToCheck } from '../../../../src/core/dataset/rules.ts';
import type { Announcement, BankedGrant, Correction, StoredEvent } from '../../../../src/core/schema/index.ts';
import { MINI_NOW, miniTexts } from '../../../support/mini-data.ts';

interface Lists {
  events: StoredEvent[];
  grants: BankedGrant[];
  announcements: Announcement[];
  corrections: Correction[];
}

const mini = parseDataset(miniTexts(), MINI_NOW);
const [E0, E1, E2, E3] = ['2062329981548802523', '2065225362544726371', '2067399435009622521', '2093014447833116908'];
const PROMISE = '2066956441173323943';

/** The mini fixture's records (4 events, 2 grants, 1 promise, no corrections), changed by `mutate`. */
function records(mutate: (d: Lists) => void = () => {}, now = MINI_NOW): RecordsToCheck {
  const d: Lists = structuredClone({
    events: mini.events,
    grants: mini.banked.grants,
    announcements: mini.announcements,
    corrections: mini.corrections,
  });
  mutate(d);
  return { now, ...d, eventsById: new Map(d.events.map((e) => [e.id, e])) };
}

const eventAt = (d: Lists, id: string): StoredEvent => d.events.find((e) => e.id === id)!;
const retraction = (d: Lists, id: string, at: string): Correction => ({
  event_id: id,
  at,
  what: 'retraction',
  before: { event: structuredClone(eventAt(d, id)), grant: null },
  after: null,
  reason: 'did not happen',
});
const rerecord = (id: string, at: string, supersedes: string): Correction => ({
  event_id: id,
  at,
  what: 'rerecorded',
  supersedes,
  before: null,
  after: null,
  reason: 'it did happen',
});
const amendment = (id: string, at: string, before: string, after: string): Correction => ({
  event_id: id,
  at,
  what: 'scope',
  before,
  after,
  reason: 'scope corrected',
});
const relink = (promise: string): Correction => ({
  event_id: promise,
  at: '2026-06-30T00:00:00Z',
  what: 'fulfilled_by',
  before: null,
  after: E2!,
  reason: 'linked by hand',
});

const rule = (name: string): DatasetRule => RULES.find((r) => r.name === name)!;
const run = (name: string, data: RecordsToCheck): string[] => ruleProblems(data, [rule(name)]);

// [rule, what is broken, the broken records, every problem the rule reports, valid records it passes]
const CASES: [string, string, RecordsToCheck, string[], RecordsToCheck][] = [
  [
    'unique-ids',
    'an event id, a grant id and a promise URL twice',
    records((d) => {
      d.events[1]!.id = E0!;
      d.grants[1]!.id = d.grants[0]!.id;
      d.announcements.push({ ...d.announcements[0]!, id: null });
    }),
    [
      `data/events.json: events[1] (id ${E0}): field 'id': duplicate of events[0]`,
      "data/banked.json: grants[1] (id 2026-06-12-launch): field 'id': duplicate",
      "data/announcements.json: announcements[1]: field 'url': duplicate of announcements[0]",
    ],
    records(),
  ],
  [
    'event-date-matches-ts',
    'a date that is not the day of the ts',
    records((d) => {
      d.events[0]!.date = '2026-06-05';
    }),
    [`data/events.json: events[0] (id ${E0}): field 'date': 2026-06-05 disagrees with ts 2026-06-04T00:25:58Z`],
    records(),
  ],
  [
    'grant-expires-after-granted',
    'a grant that expires when it is granted',
    records((d) => {
      d.grants[0]!.expires_at = d.grants[0]!.granted_at;
    }),
    ["data/banked.json: grants[0] (id 2026-06-12-launch): field 'expires_at': not after granted_at"],
    records(),
  ],
  [
    'not-in-future',
    'records after a clock of 2026-06-17',
    records((d) => {
      d.corrections.push(amendment(E0!, '2026-06-17T00:00:01Z', 'all', 'paid'));
    }, new Date('2026-06-17T00:00:00Z')),
    [
      `data/events.json: events[2] (id ${E2}): field 'ts': 2026-06-18T00:10:10Z is in the future of the build clock`,
      `data/events.json: events[3] (id ${E3}): field 'ts': 2026-06-28T12:00:00Z is in the future of the build clock`,
      "data/banked.json: grants[1] (id 2026-06-18-double): field 'granted_at': 2026-06-18T00:10:10Z is in the future of the build clock",
      `data/corrections.json: corrections[0] (id ${E0}): field 'at': 2026-06-17T00:00:01Z is in the future of the build clock`,
    ],
    records(),
  ],
  [
    'grant-event-exists',
    'a grant linked to no event',
    records((d) => {
      d.grants[0]!.event_id = '1';
    }),
    ["data/banked.json: grants[0] (id 2026-06-12-launch): field 'event_id': no event 1"],
    records((d) => {
      d.grants[0]!.event_id = null;
    }),
  ],
  [
    'promise-window',
    'a window opening before the post and closing as it opens',
    records((d) => {
      d.announcements[0]!.window_start = '2026-06-16T18:00:00Z';
      d.announcements[0]!.window_end = '2026-06-16T18:00:00Z';
    }),
    [
      `data/announcements.json: announcements[0] (id ${PROMISE}): field 'window_start': 2026-06-16T18:00:00Z is before the promise was posted (2026-06-16T18:49:52Z)`,
      `data/announcements.json: announcements[0] (id ${PROMISE}): field 'window_end': 2026-06-16T18:00:00Z is not after window_start 2026-06-16T18:00:00Z`,
    ],
    records(),
  ],
  [
    'promise-fulfilment',
    'a promise fulfilled by an older event',
    records((d) => {
      d.announcements[0]!.fulfilled_by = E0!;
    }),
    [
      `data/announcements.json: announcements[0] (id ${PROMISE}): field 'fulfilled_by': event ${E0} (2026-06-04T00:25:58Z) is older than the promise`,
    ],
    records((d) => {
      d.announcements[0]!.fulfilled_by = null;
    }),
  ],
  [
    'promise-fulfilment',
    'a promise fulfilled by no event',
    records((d) => {
      d.announcements[0]!.fulfilled_by = '42';
    }),
    [`data/announcements.json: announcements[0] (id ${PROMISE}): field 'fulfilled_by': no event 42`],
    records(),
  ],
  [
    'sorted',
    'events and corrections out of order',
    records((d) => {
      d.events.reverse();
      d.corrections.push(amendment(E0!, '2026-06-21T00:00:00Z', 'all', 'paid'), amendment(E0!, '2026-06-20T00:00:00Z', 'all', 'paid'));
    }),
    [
      `data/events.json: events[1] (id ${E2}): field 'ts': events must be sorted by ts, then id`,
      `data/events.json: events[2] (id ${E1}): field 'ts': events must be sorted by ts, then id`,
      `data/events.json: events[3] (id ${E0}): field 'ts': events must be sorted by ts, then id`,
      `data/corrections.json: corrections[1] (id ${E0}): field 'at': corrections must be sorted by at`,
    ],
    records((d) => {
      d.corrections.push(amendment(E0!, '2026-06-20T00:00:00Z', 'all', 'paid'), amendment(E0!, '2026-06-20T00:00:00Z', 'all', 'paid'));
    }),
  ],
  [
    'correction-retraction',
    'a retracted event still recorded, its retraction keeping another event',
    records((d) => {
      const c = retraction(d, E3!, '2026-06-30T01:00:00Z');
      if (c.what === 'retraction') c.before.event.id = E2!;
      d.corrections.push(c);
    }),
    [
      `data/corrections.json: corrections[0] (id ${E3}): field 'event_id': event ${E3} is retracted but still in data/events.json`,
      `data/corrections.json: corrections[0] (id ${E3}): field 'before.event.id': ${E2} is not the retracted event ${E3}`,
    ],
    records((d) => {
      d.corrections.push(retraction(d, E3!, '2026-06-30T01:00:00Z'));
      d.events.pop();
    }),
  ],
  [
    'correction-relink',
    'a relink of a post that is no promise',
    records((d) => {
      d.corrections.push(relink('123'));
    }),
    ["data/corrections.json: corrections[0] (id 123): field 'event_id': no promise 123"],
    records((d) => {
      d.corrections.push(relink(PROMISE));
    }),
  ],
  [
    'correction-rerecord',
    'a re-recording naming no retraction, of an event not recorded again',
    records((d) => {
      d.corrections.push(rerecord(E3!, '2026-06-30T02:00:00Z', `${E3}:2026-06-30T01:00:00Z:retraction`));
      d.events.pop();
    }),
    [
      `data/corrections.json: corrections[0] (id ${E3}): field 'supersedes': ${E3}:2026-06-30T01:00:00Z:retraction is not the retraction just before it`,
      `data/corrections.json: corrections[0] (id ${E3}): field 'event_id': event ${E3} was recorded again but is not in data/events.json`,
    ],
    records((d) => {
      d.corrections.push(
        retraction(d, E3!, '2026-06-30T01:00:00Z'),
        rerecord(E3!, '2026-06-30T02:00:00Z', `${E3}:2026-06-30T01:00:00Z:retraction`),
      );
    }),
  ],
  [
    'correction-amendment-target',
    'an amendment of no event',
    records((d) => {
      d.corrections.push(amendment('77', '2026-06-20T00:00:00Z', 'all', 'paid'));
    }),
    ["data/corrections.json: corrections[0] (id 77): field 'event_id': no event 77"],
    records((d) => {
      // A retracted event's amendments stay on the log.
      d.corrections.push(amendment(E3!, '2026-06-30T00:30:00Z', 'all', 'paid'), retraction(d, E3!, '2026-06-30T01:00:00Z'));
      d.events.pop();
    }),
  ],
  [
    'correction-amended-value',
    "an amendment whose after is not the event's value",
    records((d) => {
      d.corrections.push(amendment(E0!, '2026-06-20T00:00:00Z', 'all', 'pro'));
    }),
    [
      `data/corrections.json: corrections[0] (id ${E0}): field 'after': "pro" is not the event's scope now ("paid"): changed without a correction?`,
    ],
    records((d) => {
      // Only the latest amendment of a field is compared with the record.
      d.corrections.push(amendment(E0!, '2026-06-20T00:00:00Z', 'all', 'pro'), amendment(E0!, '2026-06-21T00:00:00Z', 'pro', 'paid'));
    }),
  ],
];

describe('dataset rules', () => {
  it.each(CASES)('%s flags %s and passes valid records', (name, _what, broken, problems, valid) => {
    expect(run(name, broken)).toEqual(problems);
    expect(run(name, valid)).toEqual([]);
  });

  it('every rule has a case here, a unique name and a description', () => {
    expect(new Set(CASES.map(([name]) => name))).toEqual(new Set(RULES.map((r) => r.name)));
    expect(new Set(RULES.map((r) => r.name)).size).toBe(RULES.length);
    for (const r of RULES) expect(r.description).toMatch(/^[A-Z].*\.$/);
  });

  it('the registry holds every rule module of the folder (rule-<name>.ts), each in the file its name says', () => {
    const folder = join(import.meta.dirname, '../../../../src/core/dataset');
    const files = readdirSync(folder).filter((f) => /^rule-.+\.ts$/.test(f));
    expect(files.map((f) => f.replace(/^rule-|\.ts$/g, '')).sort()).toEqual(RULES.map((r) => r.name).sort());
  });

  it('lists problems by file, then record, then rule, whatever order the rules ran in', () => {
    const broken = records((d) => {
      d.grants[0]!.expires_at = d.grants[0]!.granted_at;
      d.events[3]!.date = '2026-06-29';
      d.events[3]!.id = E0!;
      d.events[0]!.date = '2026-06-05';
    });
    const expected = [
      `data/events.json: events[0] (id ${E0}): field 'date': 2026-06-05 disagrees with ts 2026-06-04T00:25:58Z`,
      `data/events.json: events[3] (id ${E0}): field 'id': duplicate of events[0]`,
      `data/events.json: events[3] (id ${E0}): field 'date': 2026-06-29 disagrees with ts 2026-06-28T12:00:00Z`,
      "data/banked.json: grants[0] (id 2026-06-12-launch): field 'expires_at': not after granted_at",
    ];
    expect(ruleProblems(broken)).toEqual(expected);
    // Within one record the order of the rules given decides; files and records keep their order.
    expect(ruleProblems(broken, [...RULES].reverse())).toEqual([expected[0], expected[2], expected[1], expected[3]]);
  });

  it('lists a correction that does not explain the record at its own index, before the later corrections', () => {
    // (Before the rules, these "after" problems came last in corrections.json's list, whatever their index.)
    const broken = records((d) => {
      d.corrections.push(amendment(E0!, '2026-06-20T00:00:00Z', 'all', 'pro'), relink('123'));
    });
    expect(ruleProblems(broken)).toEqual([
      `data/corrections.json: corrections[0] (id ${E0}): field 'after': "pro" is not the event's scope now ("paid"): changed without a correction?`,
      "data/corrections.json: corrections[1] (id 123): field 'event_id': no promise 123",
    ]);
  });
});
