import { describe, expect, it } from 'vitest';
import { activeGrants, createBankedPayload, spendOrHold } from '../../../../src/core/facts/banked.ts';
import { liveModel } from '../../../../src/core/forecast/live.ts';
import { BankedPayload } from '../../../../src/core/schema/index.ts';
import { parseDataset } from '../../../../src/core/dataset/index.ts';
import { createTimelinePayload, isUncertain, newestFirst, resetEventsAt, toTimelineEvent } from '../../../../src/core/facts/timeline.ts';
import { MINI_NOW, miniTexts } from '../../../support/mini-data.ts';
import { TIMELINE_EVENT_FIELDS } from '../../../../src/core/schema/index.ts';

const data = parseDataset(miniTexts(), MINI_NOW);

describe('timeline', () => {
  it('publishes newest first with exactly the SPEC record', () => {
    const t = createTimelinePayload(data.events, 'https://example.org');
    expect(t.events.map((e) => e.date)).toEqual(['2026-06-28', '2026-06-18', '2026-06-12', '2026-06-04']);
    expect(t.events[0]).not.toHaveProperty('certainty');
    expect(t.events[0]).not.toHaveProperty('scope_note');
    // The SPEC's eleven fields in its order, then the codes of the uncertain fields (added to v1).
    expect(Object.keys(toTimelineEvent(data.events[0]!))).toEqual([...TIMELINE_EVENT_FIELDS, 'uncertain_field_codes']);
  });
  it('orders same-second events by numeric id, whatever the input order', () => {
    const a = { id: '2', ts: '2026-01-01T00:00:00Z' };
    const b = { id: '10', ts: '2026-01-01T00:00:00Z' };
    const c = { id: '1', ts: '2026-01-02T00:00:00Z' };
    expect(newestFirst([a, b, c]).map((e) => e.id)).toEqual(['1', '10', '2']);
    expect(newestFirst([c, b, a]).map((e) => e.id)).toEqual(['1', '10', '2']);
  });
  it.each([
    ['before any event', '2026-06-01T00:00:00Z', []],
    ['at the first event (inclusive)', '2026-06-04T00:25:58Z', ['2026-06-04']],
    ['after all', '2026-07-01T00:00:00Z', ['2026-06-04', '2026-06-12', '2026-06-18']],
  ])('counts only reset and banked events up to now: %s', (_n, now, dates) => {
    expect(resetEventsAt(data.events, new Date(now)).map((e) => e.date)).toEqual(dates);
  });
});

describe('banked', () => {
  // Grants: launch 06-12T00:11:11 → 07-12T00:11:11, double 06-18T00:10:10 → 07-18T00:10:10.
  it.each([
    ['before any grant', '2026-06-11T00:00:00Z', []],
    ['at the launch grant', '2026-06-12T00:11:11Z', ['2026-06-12-launch']],
    ['both active, soonest expiry first', '2026-07-01T12:00:00Z', ['2026-06-12-launch', '2026-06-18-double']],
    ['one second before the launch expiry', '2026-07-12T00:11:10Z', ['2026-06-12-launch', '2026-06-18-double']],
    ['at the launch expiry (expired)', '2026-07-12T00:11:11Z', ['2026-06-18-double']],
    ['after both', '2026-08-01T00:00:00Z', []],
  ])('%s', (_n, now, ids) => expect(activeGrants(data.banked, new Date(now)).map((g) => g.id)).toEqual(ids));

  it('computes hours left by hand: 07-01T12:00 → 07-12T00:11:11 is 252.186 h', () => {
    const [g] = activeGrants(data.banked, new Date('2026-07-01T12:00:00Z'));
    expect(g?.hours_left).toBe(252.19);
  });
  it('states the expiry rule from the data, in words and as the number (banked.json expiry_days: 30)', () => {
    const p = createBankedPayload(data.banked, MINI_NOW, '2026-07-01T12:00:00Z', 'https://example.org', () => 0);
    expect(p.expiry_rule).toMatch(/30 days after it is granted/);
    expect(p.expiry_days).toBe(30);
  });
});

describe('spend or hold', () => {
  it.each([
    [0.62, 'hold', 'Estimate: the chance of a free reset before it expires is 62 %. A reset before it expires is likely: hold it.'],
    [
      0.5,
      'use',
      'Estimate: the chance of a free reset before it expires is 50 %. A reset before then is not likely: use it before 2026-07-12 00:11 UTC.',
    ],
    [
      0.504,
      'use',
      'Estimate: the chance of a free reset before it expires is 50 %. A reset before then is not likely: use it before 2026-07-12 00:11 UTC.',
    ],
    [0.51, 'hold', 'Estimate: the chance of a free reset before it expires is 51 %. A reset before it expires is likely: hold it.'],
    [
      0.03,
      'use',
      'Estimate: the chance of a free reset before it expires is 3 %. A reset before then is not likely: use it before 2026-07-12 00:11 UTC.',
    ],
    [0.996, 'hold', 'Estimate: the chance of a free reset before it expires is over 99 %. A reset before it expires is likely: hold it.'],
    [
      0.004,
      'use',
      'Estimate: the chance of a free reset before it expires is under 1 %. A reset before then is not likely: use it before 2026-07-12 00:11 UTC.',
    ],
  ])('p = %d → %s', (p, advice, text) => expect(spendOrHold(p, '2026-07-12T00:11:11Z')).toEqual({ advice, advice_text: text }));

  it("asks the chance over each grant's exact time left and adds only new fields", () => {
    const asked: number[] = [];
    // A hand-made chance: 1 % per 6 hours left.
    const payload = createBankedPayload(data.banked, MINI_NOW, '2026-07-01T12:00:00Z', 'https://example.org', (hours) => {
      asked.push(hours);
      return hours / 600;
    });
    // 07-01T12:00 → 07-12T00:11:11 is 252.1864 h; → 07-18T00:10:10 is 396.1694 h.
    expect(asked.map((x) => x.toFixed(4))).toEqual(['252.1864', '396.1694']);
    expect(payload.active.map((g) => [g.id, g.p_free_reset_before_expiry, g.advice])).toEqual([
      ['2026-06-12-launch', 0.4203, 'use'],
      ['2026-06-18-double', 0.6603, 'hold'],
    ]);
    expect(payload.active.map((g) => Object.keys(g))).toEqual(
      activeGrants(data.banked, MINI_NOW).map((g) => [...Object.keys(g), 'p_free_reset_before_expiry', 'advice', 'advice_text']),
    );
    expect(BankedPayload.safeParse(payload).success).toBe(true);
  });

  it('with the forecast model: a grant that expires later never gets a lower chance', () => {
    const model = liveModel(data, MINI_NOW);
    const [soon, late] = createBankedPayload(
      data.banked,
      MINI_NOW,
      '2026-07-01T12:00:00Z',
      'https://example.org',
      model.probability,
    ).active;
    expect(late!.p_free_reset_before_expiry).toBeGreaterThanOrEqual(soon!.p_free_reset_before_expiry);
    expect(soon!.p_free_reset_before_expiry).toBeCloseTo(model.probability(252.18642), 4);
  });
});

describe('isUncertain', () => {
  it.each([
    [{ certainty: 'high', uncertain_fields: [] }, false],
    [{ certainty: 'high' }, false], // active banked grants carry no field list
    [{ certainty: 'medium', uncertain_fields: [] }, true],
    [{ certainty: 'low' }, true],
    [{ certainty: 'high', uncertain_fields: ['scope'] }, true],
  ])('%j → %s', (record, expected) => {
    expect(isUncertain(record)).toBe(expected);
  });
});
