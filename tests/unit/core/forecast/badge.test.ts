/**
 * /api/v1/badge.json (src/core/forecast/badge.ts): forecast.json's p24 as a shields.io endpoint badge.
 * The badge of the frozen history shows forecast.json's number; a stale record and a too-short one show
 * the number with "(not vouched for)" after it, in grey; the colour bands are the alert thresholds. Each payload is checked against its
 * published schema and against the fields shields.io requires (https://shields.io/badges/endpoint-badge).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badgeColor } from '../../../../src/core/forecast/badge.ts';
import { BadgePayload } from '../../../../src/core/schema/index.ts';
import { SITE } from '../../../../src/core/site.ts';
import { DAY_MS, HOUR_MS } from '../../../../src/core/time-units.ts';
import { createPayloads } from '../../../../src/site/api/payloads.ts';
import { history, HISTORY_NOW } from '../../../support/history.ts';

/** What shields.io's endpoint badge reads (its Joi schema, written out): unknown keys are ignored by it. */
const ShieldsEndpoint = z.looseObject({
  schemaVersion: z.literal(1),
  label: z.string(),
  message: z.string().min(1),
  color: z.string().optional(),
  cacheSeconds: z.int().min(300).optional(),
});

function payloadsAt(now: Date, data = history()) {
  const p = createPayloads(data, now, SITE.url);
  BadgePayload.parse(p.badge);
  ShieldsEndpoint.parse(p.badge);
  return p;
}

/** An hour after the frozen history's last hand check of the events: the record is fresh then. */
const FRESH = new Date(Date.parse(createPayloads(history(), HISTORY_NOW, SITE.url).forecast.freshness.events_checked_at) + HOUR_MS);

describe('badge.json', () => {
  it("shows forecast.json's 24-hour chance when the forecast is available", () => {
    const { badge, forecast } = payloadsAt(FRESH);
    expect(forecast.available).toBe(true);
    expect(badge.message).toBe(`${forecast.p24}%`);
    expect(badge.label).toBe('Codex reset odds 24h');
    expect(badge.cacheSeconds).toBeGreaterThanOrEqual(300);
    expect(badge.generated_at).toBe(forecast.generated_at);
  });

  it('says "(not vouched for)" after the number, in grey, when the event record was last checked too long ago', () => {
    const { badge, forecast } = payloadsAt(new Date(FRESH.getTime() + 60 * DAY_MS));
    expect(forecast.available).toBe(false);
    expect(badge).toMatchObject({ message: `${forecast.p24}% (not vouched for)`, color: 'lightgrey' });
  });

  it('says "(not vouched for)" after the number, in grey, when the record is too short to vouch for it', () => {
    const data = history();
    const { badge, forecast } = payloadsAt(FRESH, { ...data, events: data.events.slice(0, 2), corrections: [] });
    expect(forecast.available).toBe(false);
    expect(badge).toMatchObject({ message: `${forecast.p24}% (not vouched for)`, color: 'lightgrey' });
  });

  it.each([
    [0, 'blue'],
    [24, 'blue'],
    [25, 'yellowgreen'],
    [49, 'yellowgreen'],
    [50, 'green'],
    [74, 'green'],
    [75, 'brightgreen'],
    [100, 'brightgreen'],
  ])('colours %i %% %s', (percent, color) => {
    expect(badgeColor(percent)).toBe(color);
  });

  it('refuses a message that is neither a percent nor a word it knows', () => {
    const { badge } = payloadsAt(FRESH);
    expect(BadgePayload.safeParse({ ...badge, message: '101%' }).success).toBe(false);
    expect(BadgePayload.safeParse({ ...badge, message: 'soon' }).success).toBe(false);
    expect(BadgePayload.safeParse({ ...badge, cacheSeconds: 60 }).success).toBe(false);
  });
});
