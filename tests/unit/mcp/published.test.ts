import { describe, expect, it } from 'vitest';
import { parsePublished } from '../../../src/lib/mcp/published.ts';
import { miniPublished } from './payloads.ts';

describe('parsePublished', () => {
  const good = miniPublished();
  const texts = { forecast: good.forecast.text, timeline: good.timeline.text, signals: good.signals.text };
  it('keeps each file text exactly and its parsed value', () => {
    const p = parsePublished(texts);
    expect(p.timeline.text).toBe(texts.timeline);
    expect(p.forecast.value).toEqual(JSON.parse(texts.forecast));
  });
  it.each([
    ['forecast', '{"schema_version": 1,', /api\/v1\/forecast\.json: not valid JSON/],
    ['timeline', JSON.stringify({ ...JSON.parse(texts.timeline), schema_version: 2 }), /api\/v1\/timeline\.json: schema_version: /],
    ['signals', JSON.stringify({ ...JSON.parse(texts.signals), fetched_at: '2026-07-01 12:00' }), /api\/v1\/signals\.json: fetched_at: expected a UTC timestamp/],
    ['forecast', JSON.stringify({ ...JSON.parse(texts.forecast), p24: 101 }), /api\/v1\/forecast\.json: p24: /],
  ] as const)('refuses a bad %s file, naming it and the field', (name, text, message) => {
    expect(() => parsePublished({ ...texts, [name]: text })).toThrow(message);
  });
});
