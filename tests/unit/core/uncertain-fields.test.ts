/** The fixed codes of uncertain fields (src/core/uncertain-fields.ts): what a program tests, beside the sentences. */
import { describe, expect, it } from 'vitest';
import { UNCERTAIN_FIELD_CODES, uncertainFieldCodes } from '../../../src/core/uncertain-fields.ts';
import { historyTexts } from '../../support/history.ts';

describe('uncertainFieldCodes', () => {
  it.each([
    [[], []],
    [['ts (observed landing 2026-09-08T01:56:57Z vs confirmation post)'], ['ts']],
    [
      ['completion', 'scope'],
      ['completion', 'scope'],
    ],
    [
      ['ts (observed)', 'scope', 'ts (time unknown)'],
      ['ts', 'scope'],
    ],
    [
      ['end date', 'id (original vs edited post)', 'account'],
      ['end_date', 'id', 'account'],
    ],
    [
      ['kind (reset vs boost only)', 'the weather', 'another thing'],
      ['kind', 'other'],
    ],
  ])('%j → %j', (fields, codes) => expect(uncertainFieldCodes(fields)).toEqual(codes));

  it('publishes each code once, `other` last', () => {
    expect(new Set(UNCERTAIN_FIELD_CODES).size).toBe(UNCERTAIN_FIELD_CODES.length);
    expect(UNCERTAIN_FIELD_CODES.at(-1)).toBe('other');
    expect(UNCERTAIN_FIELD_CODES).toEqual(
      expect.arrayContaining(['ts', 'scope', 'partial', 'global', 'completion', 'end_date', 'summary']),
    );
  });

  it('knows every entry the recorded history uses: none of them is `other`', () => {
    const { events } = JSON.parse(historyTexts()['events']!) as { events: { uncertain_fields: string[] }[] };
    const entries = events.flatMap((e) => e.uncertain_fields);
    expect(entries.length).toBeGreaterThan(20);
    expect(entries.filter((f) => uncertainFieldCodes([f]).includes('other'))).toEqual([]);
  });
});
