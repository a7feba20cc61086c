/**
 * Expiry reminders in a real build: the frozen history (clock 2026-11-23T00:00:00Z) plus one grant that
 * expires 2 hours after the clock (2026-11-23T02:00:00Z, granted 30 days before). Its reminders are due
 * at expiry − 24 h (2026-11-22T02:00:00Z), − 5 h (2026-11-22T21:00:00Z) and − 1 h (2026-11-23T01:00:00Z,
 * after the clock). Worked by hand: the calendar has all three alarms, the alert stream the two already
 * due, and the banked page in every language the exact UTC expiry, the time left and the three times.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { AlertsPayload } from '../../src/core/schema/index.ts';
import { astroBuild, readJson, tempDir, type BuildResult } from '../support/astro-build.ts';
import { HISTORY_DIR, HISTORY_EPOCH } from '../support/history.ts';

const GRANT = {
  id: '2026-10-24-reminder-test',
  granted_at: '2026-10-24T02:00:00Z',
  expires_at: '2026-11-23T02:00:00Z',
  scope: 'plus+pro',
  summary: 'A grant that expires two hours after the build.',
  url: null,
  event_id: null,
  certainty: 'high',
  uncertain_fields: [],
};
const TAG = 'tag:resetcast.netlify.app,2026:alert:';

let build: BuildResult;
beforeAll(async () => {
  const dataDir = join(tempDir('reminders-data'), 'data');
  cpSync(HISTORY_DIR, dataDir, { recursive: true });
  const banked = JSON.parse(readFileSync(join(dataDir, 'banked.json'), 'utf8'));
  banked.grants.push(GRANT);
  writeFileSync(join(dataDir, 'banked.json'), `${JSON.stringify(banked, null, 2)}\n`);
  build = await astroBuild({ epoch: HISTORY_EPOCH, dataDir });
  expect(build.code, build.output).toBe(0);
}, 240_000);

const file = (f: string): string => readFileSync(join(build.outDir, f), 'utf8');
const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('expiry reminders of a grant expiring 2 h after the build', () => {
  it('/calendar.ics: the expiry event with DISPLAY alarms 24 h, 5 h and 1 h before', () => {
    const cal = new ICAL.Component(ICAL.parse(file('calendar.ics')));
    const event = cal
      .getAllSubcomponents('vevent')
      .find((v) => v.getFirstPropertyValue('uid') === `banked-${GRANT.id}@resetcast.netlify.app`)!;
    expect(new ICAL.Event(event).startDate.toJSDate().toISOString()).toBe('2026-11-23T02:00:00.000Z');
    const alarms = event.getAllSubcomponents('valarm');
    expect(
      alarms.map((a) => [a.getFirstPropertyValue('action'), (a.getFirstPropertyValue('trigger') as ICAL.Duration).toString()]),
    ).toEqual([
      ['DISPLAY', '-PT24H'],
      ['DISPLAY', '-PT5H'],
      ['DISPLAY', '-PT1H'],
    ]);
  });

  it('/api/v1/alerts.json: the 24 h and 5 h reminders (the 1 h one is not due yet), with the rules', () => {
    const payload = readJson(build.outDir, 'api/v1/alerts.json');
    expect(AlertsPayload.safeParse(payload).success).toBe(true);
    expect([payload.rules.expiring_hours, payload.rules.expiring_reminder_hours]).toEqual([24, [24, 5, 1]]);
    const expiring = payload.alerts.filter((a: { kind: string }) => a.kind === 'grant-expiring');
    expect(expiring.map((a: Record<string, unknown>) => [a['id'], a['at'], a['title'], a['reminder_hours']])).toEqual([
      [`${TAG}grant-expiring:${GRANT.id}:5h`, '2026-11-22T21:00:00Z', 'Banked Codex reset expires within 5 hours (Plus + Pro)', 5],
      [`${TAG}grant-expiring:${GRANT.id}`, '2026-11-22T02:00:00Z', 'Banked Codex reset expires within 24 hours (Plus + Pro)', 24],
    ]);
    // The full feed carries them too.
    const atom = file('alerts.xml');
    for (const id of [`${TAG}grant-expiring:${GRANT.id}:5h`, `${TAG}grant-expiring:${GRANT.id}`]) expect(atom).toContain(`<id>${id}</id>`);
  });

  // Expected strings written from each language's conventions (as in tests/unit/site/i18n.test.ts).
  it.each([
    [
      '',
      '23 Nov 2026, 02:00 UTC',
      '2 hours',
      '1 day before: 22 Nov 2026, 02:00 UTC; 5 hours before: 22 Nov 2026, 21:00 UTC; 1 hour before: 23 Nov 2026, 01:00 UTC',
    ],
    [
      'zh/',
      '2026年11月23日 UTC 02:00',
      '2小时',
      '提前1天：2026年11月22日 UTC 02:00；提前5小时：2026年11月22日 UTC 21:00；提前1小时：2026年11月23日 UTC 01:00',
    ],
    [
      'ja/',
      '2026年11月23日 02:00 UTC',
      '2 時間',
      '1 日前：2026年11月22日 02:00 UTC、5 時間前：2026年11月22日 21:00 UTC、1 時間前：2026年11月23日 01:00 UTC',
    ],
    [
      'es/',
      '23 nov 2026, 02:00 UTC',
      '2 horas',
      '1 día antes: 22 nov 2026, 02:00 UTC; 5 horas antes: 22 nov 2026, 21:00 UTC; 1 hora antes: 23 nov 2026, 01:00 UTC',
    ],
    [
      'ko/',
      '2026년 11월 23일 02:00 UTC',
      '2시간',
      '1일 전: 2026년 11월 22일 02:00 UTC, 5시간 전: 2026년 11월 22일 21:00 UTC, 1시간 전: 2026년 11월 23일 01:00 UTC',
    ],
  ])('/%sbanked/: exact UTC expiry, time left and the reminder times', (prefix, expiry, left, reminders) => {
    const html = file(`${prefix}banked/index.html`);
    const card = html.slice(html.indexOf(`id="g-${GRANT.id}"`), html.indexOf('</li>', html.indexOf(`id="g-${GRANT.id}"`)));
    expect(card).toContain(`<time datetime="2026-11-23T02:00:00Z">${expiry}</time>`);
    expect(text(card.match(/<dd data-testid="time-left">(.*?)<\/dd>/)![1]!)).toBe(left);
    const dd = card.match(/<dd data-testid="reminders">(.*?)<\/dd>/)![1]!;
    expect(text(dd)).toBe(reminders);
    expect([...dd.matchAll(/<time datetime="([^"]+)">/g)].map((m) => m[1])).toEqual([
      '2026-11-22T02:00:00Z',
      '2026-11-22T21:00:00Z',
      '2026-11-23T01:00:00Z',
    ]);
  });
});
