import { describe, expect, it } from 'vitest';
import { appendBounded, appendOnce } from '../../../../src/jobs/pull/logs.ts';
import { mergeById } from '../../../../src/jobs/pull/merge.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const l = (at: string, v = 1): string => JSON.stringify({ at, v });

describe('appendBounded', () => {
  it.each<[string, string, string, number, number, string[]]>([
    ['appends to an empty log', '', '2026-11-20T12:00:00Z', 10, 10, [l('2026-11-20T12:00:00Z')]],
    [
      'drops lines older than the age bound',
      `${l('2026-11-09T11:59:59Z')}\n${l('2026-11-10T12:00:00Z')}\n`,
      '2026-11-20T12:00:00Z',
      10,
      10,
      [l('2026-11-10T12:00:00Z'), l('2026-11-20T12:00:00Z')],
    ],
    [
      'keeps at most maxLines, newest',
      `${l('2026-11-20T10:00:00Z')}\n${l('2026-11-20T11:00:00Z')}\n`,
      '2026-11-20T12:00:00Z',
      10,
      2,
      [l('2026-11-20T11:00:00Z'), l('2026-11-20T12:00:00Z')],
    ],
    [
      'replaces a line with the same key (re-run at the same instant)',
      `${l('2026-11-20T12:00:00Z', 0)}\n`,
      '2026-11-20T12:00:00Z',
      10,
      10,
      [l('2026-11-20T12:00:00Z')],
    ],
    [
      'drops a torn line',
      `${l('2026-11-20T11:00:00Z')}\n{"at":"2026-11-20T11:30`,
      '2026-11-20T12:00:00Z',
      10,
      10,
      [l('2026-11-20T11:00:00Z'), l('2026-11-20T12:00:00Z')],
    ],
  ])('%s', (_name, text, at, days, max, want) => {
    expect(appendBounded(text, { at, v: 1 }, 'at', NOW, days, max)).toBe(`${want.join('\n')}\n`);
  });

  // Each line {"at":"2026-11-20T1X:00:00Z","v":1} is 35 characters of ASCII, 36 bytes with its newline.
  const two = `${l('2026-11-20T10:00:00Z')}\n${l('2026-11-20T11:00:00Z')}\n`;
  it.each<[string, number, string]>([
    ['keeps three lines in 108 bytes', 108, `${two}${l('2026-11-20T12:00:00Z')}\n`],
    ['drops the oldest line at 107 bytes', 107, `${l('2026-11-20T11:00:00Z')}\n${l('2026-11-20T12:00:00Z')}\n`],
    ['keeps only the new line at 71 bytes', 71, `${l('2026-11-20T12:00:00Z')}\n`],
  ])('byte cap: %s', (_name, maxBytes, want) => {
    expect(appendBounded(two, { at: '2026-11-20T12:00:00Z', v: 1 }, 'at', NOW, 10, 10, maxBytes)).toBe(want);
  });

  it('never writes a line larger than the byte cap; the old lines stay within it', () => {
    expect(appendBounded(two, { at: '2026-11-20T12:00:00Z', v: 'x'.repeat(100) }, 'at', NOW, 10, 10, 72)).toBe(two);
    expect(appendBounded(two, { at: '2026-11-20T12:00:00Z', v: 'x'.repeat(100) }, 'at', NOW, 10, 10, 35)).toBe('');
  });

  it('counts UTF-8 bytes, not characters', () => {
    // {"at":"2026-11-20T12:00:00Z","v":"é"} is 37 characters, 38 bytes (é is two), 39 with its newline.
    expect(appendBounded('', { at: '2026-11-20T12:00:00Z', v: 'é' }, 'at', NOW, 10, 10, 39)).toBe(
      '{"at":"2026-11-20T12:00:00Z","v":"é"}\n',
    );
    expect(appendBounded('', { at: '2026-11-20T12:00:00Z', v: 'é' }, 'at', NOW, 10, 10, 38)).toBe('');
  });
});

describe('appendOnce (the as-issued forecast log)', () => {
  it.each<[string, string, string, string]>([
    ['appends to an empty log', '', '2026-11-20T12:00:00Z', `${l('2026-11-20T12:00:00Z')}\n`],
    [
      'never drops an old line',
      `${l('2020-01-01T00:00:00Z', 0)}\n`,
      '2026-11-20T12:00:00Z',
      `${l('2020-01-01T00:00:00Z', 0)}\n${l('2026-11-20T12:00:00Z')}\n`,
    ],
    [
      'keeps the line already written for the same instant (never rewritten)',
      `${l('2026-11-20T12:00:00Z', 0)}\n`,
      '2026-11-20T12:00:00Z',
      `${l('2026-11-20T12:00:00Z', 0)}\n`,
    ],
    [
      'leaves a torn last line as it is and starts a new line below it',
      '{"at":"2026-11-20T11:3',
      '2026-11-20T12:00:00Z',
      `{"at":"2026-11-20T11:3\n${l('2026-11-20T12:00:00Z')}\n`,
    ],
  ])('%s', (_name, text, at, want) => {
    expect(appendOnce(text, { at, v: 1 }, 'at')).toBe(want);
  });
});

describe('mergeById', () => {
  const a = { id: '2', ts: '2026-01-02T00:00:00Z', v: 'old' };
  const b = { id: '1', ts: '2026-01-01T00:00:00Z', v: 'x' };
  it.each([
    ['adding nothing keeps the list', [a], [], [a]],
    ['an existing id is kept, not overwritten', [a], [{ ...a, v: 'new' }], [a]],
    ['new records are sorted in by ts', [a], [b], [b, a]],
    ['ties on ts sort by id', [{ ...a, ts: b.ts }], [b], [b, { ...a, ts: b.ts }]],
    [
      'ties on ts sort by id read as a number: 999 before 1000',
      [{ id: '1000', ts: b.ts, v: 'x' }],
      [{ id: '999', ts: b.ts, v: 'y' }],
      [
        { id: '999', ts: b.ts, v: 'y' },
        { id: '1000', ts: b.ts, v: 'x' },
      ],
    ],
  ])('%s', (_n, existing, added, want) => expect(mergeById(existing, added)).toEqual(want));
});
