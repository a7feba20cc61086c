/**
 * The signal snapshot's boundary and its order (src/core/signals/snapshot.ts), on frozen snapshots with
 * their own clock: every refusal and what its one line shows (never the secret, never the input at
 * length), and which of two checks is newer, which one is served.
 */
import { describe, expect, it } from 'vitest';
import type { SignalsFile } from '../../../../src/core/schema/storage.ts';
import { SNAPSHOT_NOW as NOW, SNAPSHOT_SECRET as SECRET, snapshot } from '../../../support/signal-snapshot.ts';
import { newerSnapshot, parseSignalSnapshot, servedSignals, SNAPSHOT_MAX_BYTES } from '../../../../src/core/signals/snapshot.ts';

const text = (s: unknown): string => JSON.stringify(s, null, 2);
const parse = (t: string) => parseSignalSnapshot(t, { now: NOW, secrets: [SECRET] });

describe('parseSignalSnapshot: a snapshot the pull wrote passes', () => {
  it.each([
    ['a fresh check', snapshot()],
    ['a check 5 minutes ahead of the clock (the skew)', snapshot('2026-06-01T12:05:00Z')],
    ['a check 29 days old', snapshot('2026-05-03T12:00:00Z')],
    [
      'the first snapshot: nothing checked yet',
      snapshot('2026-06-01T11:00:00Z', (s) => {
        s.status = { indicator: 'unknown', components: [], incidents: [], checked_at: null };
        s.issues = { recent_count: null, baseline_per_day: null, baseline_days: 14, checked_at: null };
        s.sources = [];
      }),
    ],
    [
      'a source down for a year (its last success old)',
      snapshot(undefined, (s) => {
        s.issues.checked_at = '2025-06-01T00:00:00Z';
        s.sources[1] = { name: 'issues', ok: false, error: 'HTTP 502', checked_at: s.fetched_at, last_ok_at: '2025-06-01T00:00:00Z' };
      }),
    ],
  ])('%s', (_, s) => {
    expect(parse(text(s))).toEqual({ ok: true, signals: s });
  });
});

describe.each([
  ['too large', `{"pad":"${'x'.repeat(SNAPSHOT_MAX_BYTES)}"}`, /^the snapshot is 65546 bytes, more than the 65536 allowed$/],
  ['too large in UTF-8, not in characters', `"${'é'.repeat(SNAPSHOT_MAX_BYTES / 2)}"`, /more than the 65536 allowed/],
  ['not JSON', '{"fetched_at": ', /^the snapshot is not JSON$/],
  ['empty', '', /^the snapshot is not JSON$/],
  [
    'a secret in a value',
    text(snapshot(undefined, (s) => (s.status.components[0]!.name = `Codex ${SECRET}`))),
    /^status\.components\[0\]\.name holds a secret; nothing kept$/,
  ],
  ['a secret as a key', text({ ...snapshot(), [SECRET]: 1 }), /^\(the top level\) \(a key\) holds a secret; nothing kept$/],
  [
    'a secret JSON-escaped',
    text(snapshot()).replace('"Codex"', `"${[...SECRET].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`),
    /holds a secret/,
  ],
  [
    'a control character in a name',
    text(snapshot(undefined, (s) => (s.status.incidents[0]!.name = 'Elevated\u001b[31m errors'))),
    /^status\.incidents\[0\]\.name holds a forbidden character U\+001B$/,
  ],
  [
    'a bidi override in a URL',
    text(snapshot(undefined, (s) => (s.status.incidents[0]!.url = 'https://status.openai.com/\u202eevil'))),
    /^status\.incidents\[0\]\.url holds a forbidden character U\+202E$/,
  ],
  [
    'a control character in a key',
    text({ ...snapshot(), 'x\u0007': 1 }),
    /^\(the top level\) \(a key\) holds a forbidden character U\+0007$/,
  ],
  ['not a snapshot (an array)', '[]', /^field \(the top level\): Invalid input/],
  [
    'an unknown field (its key shown cleaned and short)',
    text({ ...snapshot(), ['k'.repeat(500)]: 1 }),
    /^field \(the top level\): Unrecognized key: "k+…"?$/,
  ],
  [
    'an unknown indicator',
    text(snapshot(undefined, (s) => ((s.status as { indicator: string }).indicator = 'on fire'))),
    /^field status\.indicator: Invalid option/,
  ],
  ['a local time', text(snapshot('2026-06-01T11:37:00+02:00')), /^field fetched_at: expected a UTC timestamp/],
  [
    'an attempt from the future',
    text(snapshot('2026-06-01T12:05:01Z')),
    /^fetched_at 2026-06-01T12:05:01Z is more than 5 minutes after the clock \(2026-06-01T12:00:00Z\)$/,
  ],
  [
    'an attempt 31 days old',
    text(snapshot('2026-05-01T11:59:59Z')),
    /^fetched_at 2026-05-01T11:59:59Z is more than 30 days before the clock/,
  ],
  [
    'a check from the future',
    text(snapshot(undefined, (s) => (s.sources[0]!.checked_at = '2026-06-02T00:00:00Z'))),
    /^sources\[0\]\.checked_at 2026-06-02T00:00:00Z is more than 5 minutes after the clock/,
  ],
  [
    'a check after its attempt',
    text(snapshot(undefined, (s) => (s.issues.checked_at = '2026-06-01T11:38:00Z'))),
    /^issues\.checked_at 2026-06-01T11:38:00Z is after fetched_at 2026-06-01T11:37:00Z$/,
  ],
  [
    'a last success absurdly old',
    text(snapshot(undefined, (s) => (s.sources[1]!.last_ok_at = '1970-01-01T00:00:00Z'))),
    /^sources\[1\]\.last_ok_at 1970-01-01T00:00:00Z is more than 1825 days before fetched_at/,
  ],
])('parseSignalSnapshot refuses %s', (_, input, why) => {
  const parsed = parse(input);
  it('with one short line saying why', () => {
    expect(parsed.ok).toBe(false);
    const line = (parsed as { why: string }).why;
    expect(line).toMatch(why);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may reach the line; this is the check
    expect(line).not.toMatch(/[\u0000-\u001f\u202e]/);
    expect(line.length).toBeLessThan(300);
  });
  it('never showing the secret or the input at length', () => {
    const line = (parsed as { why: string }).why;
    expect(line).not.toContain(SECRET);
    expect(line).not.toContain('k'.repeat(100));
  });
});

describe('newerSnapshot: a later attempt, else a later newest check; equal is not newer', () => {
  const failedAt = (at: string): SignalsFile =>
    snapshot(at, (s) => {
      s.status.checked_at = '2026-06-01T11:07:00Z';
      s.issues.checked_at = '2026-06-01T11:07:00Z';
      for (const c of s.sources) c.last_ok_at = '2026-06-01T11:07:00Z';
    });
  it.each([
    ['a later attempt', snapshot('2026-06-01T11:37:00Z'), snapshot('2026-06-01T11:07:00Z'), true],
    ['an earlier attempt', snapshot('2026-06-01T11:07:00Z'), snapshot('2026-06-01T11:37:00Z'), false],
    ['a later attempt that checked nothing', failedAt('2026-06-01T11:37:00Z'), snapshot('2026-06-01T11:07:00Z'), true],
    ['the same attempt, a later check', snapshot('2026-06-01T11:37:00Z'), failedAt('2026-06-01T11:37:00Z'), true],
    ['the same attempt, an earlier check', failedAt('2026-06-01T11:37:00Z'), snapshot('2026-06-01T11:37:00Z'), false],
    ['the same check', snapshot(), snapshot(), false],
    [
      'the same attempt, something checked against nothing',
      snapshot('2026-06-01T11:37:00Z'),
      snapshot('2026-06-01T11:37:00Z', (s) => {
        s.status.checked_at = null;
        s.issues.checked_at = null;
        s.sources = [];
      }),
      true,
    ],
  ])('%s: %s', (_, a, b, want) => {
    expect(newerSnapshot(a, b)).toBe(want);
  });
});

describe('servedSignals: the snapshot only when strictly newer than the deploy’s own', () => {
  const deployed = snapshot('2026-06-01T11:07:00Z');
  it.each([
    ['no snapshot', null, 'deploy'],
    ['a newer snapshot', snapshot('2026-06-01T11:37:00Z'), 'snapshot'],
    ['the same check', snapshot('2026-06-01T11:07:00Z'), 'deploy'],
    ['an older snapshot', snapshot('2026-06-01T10:37:00Z'), 'deploy'],
  ] as const)('%s → %s', (_, stored, from) => {
    const served = servedSignals(deployed, stored);
    expect(served.from).toBe(from);
    expect(served.signals).toBe(from === 'snapshot' ? stored : deployed);
  });
});
