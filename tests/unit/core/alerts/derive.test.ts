/**
 * The alert stream derived from the small fixed dataset (tests/fixtures/mini-data/), with expectations
 * worked out by hand from its files: every kind, ids that depend only on the data, the time-bound kinds
 * appearing and disappearing at the right second.
 */
import { describe, expect, it } from 'vitest';
import { deriveAlerts } from '../../../../src/core/alerts/derive.ts';
import { createAlertsPayload } from '../../../../src/core/alerts/payload.ts';
import { validateDataset, type Dataset } from '../../../../src/core/dataset/index.ts';
import { AlertsPayload } from '../../../../src/core/schema/index.ts';
import { MINI_NOW, type MiniJson, miniJson } from '../../../support/mini-data.ts';

const BASE = 'https://resetcast.netlify.app';
const TAG = 'tag:resetcast.netlify.app,2026:alert:';

type Docs = Parameters<typeof validateDataset>[0];
/** The fixture's files, typed as stored, with an empty forecast log. */
type MiniDocs = MiniJson & { forecastLog: string };
function docs(): MiniDocs {
  return {
    events: miniJson('events'),
    announcements: miniJson('announcements'),
    banked: miniJson('banked'),
    signals: miniJson('signals'),
    corrections: miniJson('corrections'),
    forecastLog: '',
  };
}
const dataset = (d: Docs = docs(), now: Date = MINI_NOW): Dataset => validateDataset(d, now);
const summary = (now: Date, d?: Docs): string[] => deriveAlerts(dataset(d, now), now, BASE).map((a) => `${a.at} ${a.id.slice(TAG.length)}`);

describe('deriveAlerts on the mini dataset', () => {
  it('gives one alert per reset, other event, grant and promise outcome, newest first', () => {
    // Hand-listed from the fixture: the banked event 2065… is announced by its grant; the promise was
    // fulfilled by the double reset, so its outcome is dated at that reset (same second: reset, grant, outcome).
    expect(summary(MINI_NOW)).toEqual([
      '2026-06-28T12:00:00Z event:2093014447833116908',
      '2026-06-18T00:10:10Z promise-fulfilled:2066956441173323943',
      '2026-06-18T00:10:10Z grant:2026-06-18-double',
      '2026-06-18T00:10:10Z reset:2067399435009622521',
      '2026-06-16T18:49:52Z promise:2066956441173323943',
      '2026-06-12T00:11:11Z grant:2026-06-12-launch',
      '2026-06-04T00:25:58Z reset:2062329981548802523',
    ]);
  });

  it('writes short titles and summaries, with the post and our page', () => {
    const alerts = deriveAlerts(dataset(), MINI_NOW, BASE);
    const byKey = new Map(alerts.map((a) => [a.id.slice(TAG.length), a]));
    expect(byKey.get('reset:2062329981548802523')).toMatchObject({
      kind: 'reset',
      title: 'Codex limits reset for paid plans',
      summary: 'Limits reset for paid plans.',
      url: 'https://x.com/thsottiaux/status/2062329981548802523',
      page: 'https://resetcast.netlify.app/timeline/2026/#e-2062329981548802523',
      event_id: '2062329981548802523',
    });
    expect(byKey.get('grant:2026-06-12-launch')).toMatchObject({
      kind: 'grant',
      title: 'Banked Codex reset granted for Go + Plus + Pro + Business',
      summary: 'Launch grant. Expires 2026-07-12 00:11 UTC if unused.',
      expires_at: '2026-07-12T00:11:11Z',
      page: 'https://resetcast.netlify.app/timeline/2026/#e-2065225362544726371',
    });
    expect(byKey.get('promise:2066956441173323943')).toMatchObject({
      title: 'Codex reset promised by thsottiaux',
      summary: 'Expected between 2026-06-16 18:49 UTC and 2026-06-19 18:49 UTC. Promised a reset soon.',
      window: { start: '2026-06-16T18:49:52Z', end: '2026-06-19T18:49:52Z' },
      page: 'https://resetcast.netlify.app/timeline/2026/#p-2066956441173323943',
    });
    expect(byKey.get('promise-fulfilled:2066956441173323943')).toMatchObject({
      title: 'Promised Codex reset delivered',
      event_id: '2067399435009622521',
      url: 'https://x.com/thsottiaux/status/2067399435009622521',
      summary: 'The reset thsottiaux promised on 2026-06-16 18:49 UTC came at 2026-06-18 00:10 UTC: Codex limits reset for all users.',
    });
    expect(byKey.get('event:2093014447833116908')).toMatchObject({
      title: 'Codex limits boosted for Plus + Pro (some accounts)',
      summary: expect.stringMatching(/Certainty: medium\. Whether it was partial is not stated\.$/),
    });
    for (const a of alerts) expect(AlertsPayload.shape.alerts.element.safeParse(a).success, a.id).toBe(true);
  });

  it.each([
    ['a second before the reminder is due', '2026-07-11T00:11:10Z', false],
    ['when it is due (expiry − 24 h)', '2026-07-11T00:11:11Z', true],
    ['an hour before expiry', '2026-07-11T23:11:11Z', true],
    ['at expiry', '2026-07-12T00:11:11Z', false],
  ])('a grant-expiring reminder %s: %s', (_name, now, present) => {
    const alerts = deriveAlerts(dataset(docs(), new Date(now)), new Date(now), BASE);
    // The first reminder (24 h), whose id predates the 5 h and 1 h ones (those are checked below).
    const expiring = alerts.filter((a) => a.kind === 'grant-expiring' && a.reminder_hours === 24);
    expect(expiring.map((a) => a.id)).toEqual(present ? [`${TAG}grant-expiring:2026-06-12-launch`] : []);
    if (present)
      expect(expiring[0]).toMatchObject({
        at: '2026-07-11T00:11:11Z',
        title: 'Banked Codex reset expires within 24 hours (Go + Plus + Pro + Business)',
        summary: 'Expires 2026-07-12 00:11 UTC if unused; redeem it before then. Launch grant.',
        page: 'https://resetcast.netlify.app/banked/#g-2026-06-12-launch',
      });
  });

  // The launch grant expires at 2026-07-12T00:11:11Z: its reminders are due at expiry − 24 h
  // (2026-07-11T00:11:11Z), − 5 h (2026-07-11T19:11:11Z) and − 1 h (2026-07-11T23:11:11Z), each until expiry.
  // The 24 h one keeps the id it always had (alerts already sent carry it); the later two get a suffix.
  const launchReminders = {
    24: {
      id: `${TAG}grant-expiring:2026-06-12-launch`,
      at: '2026-07-11T00:11:11Z',
      title: 'Banked Codex reset expires within 24 hours (Go + Plus + Pro + Business)',
    },
    5: {
      id: `${TAG}grant-expiring:2026-06-12-launch:5h`,
      at: '2026-07-11T19:11:11Z',
      title: 'Banked Codex reset expires within 5 hours (Go + Plus + Pro + Business)',
    },
    1: {
      id: `${TAG}grant-expiring:2026-06-12-launch:1h`,
      at: '2026-07-11T23:11:11Z',
      title: 'Banked Codex reset expires within 1 hour (Go + Plus + Pro + Business)',
    },
  } as const;
  it.each([
    ['30 h before expiry', '2026-07-10T18:11:11Z', []],
    ['10 h before expiry', '2026-07-11T14:11:11Z', [24]],
    ['a second before the 5 h reminder', '2026-07-11T19:11:10Z', [24]],
    ['3 h before expiry', '2026-07-11T21:11:11Z', [5, 24]],
    ['30 min before expiry', '2026-07-11T23:41:11Z', [1, 5, 24]],
    ['a second before expiry', '2026-07-12T00:11:10Z', [1, 5, 24]],
    ['30 min after expiry', '2026-07-12T00:41:11Z', []],
  ] as const)('grant-expiring reminders %s (%s): %j hours, newest first', (_name, now, hours) => {
    const expiring = deriveAlerts(dataset(docs(), new Date(now)), new Date(now), BASE).filter((a) => a.kind === 'grant-expiring');
    expect(expiring.map((a) => [a.id, a.at, a.title, a.reminder_hours])).toEqual(
      hours.map((h) => [launchReminders[h].id, launchReminders[h].at, launchReminders[h].title, h]),
    );
    for (const a of expiring)
      expect(a).toMatchObject({
        summary: 'Expires 2026-07-12 00:11 UTC if unused; redeem it before then. Launch grant.',
        page: 'https://resetcast.netlify.app/banked/#g-2026-06-12-launch',
        expires_at: '2026-07-12T00:11:11Z',
        url: 'https://x.com/OpenAI/status/2065225362544726371',
        event_id: '2065225362544726371',
      });
    for (const a of expiring) expect(AlertsPayload.shape.alerts.element.safeParse(a).success, a.id).toBe(true);
  });

  it('gives no reminder to a grant already expired when it is recorded (nothing new for the past)', () => {
    const d = docs();
    const grant = d.banked.grants[0]!;
    // Recorded late: granted and expired before the clock.
    const now = new Date(Date.parse(grant.expires_at) + 60_000);
    expect(deriveAlerts(dataset(d, now), now, BASE).filter((a) => a.kind === 'grant-expiring')).toEqual([]);
  });

  it('says a promise lapsed only once its window has ended without a reset', () => {
    const d = docs();
    d.announcements.announcements[0]!.fulfilled_by = null;
    // A second before its window ends it is still open (the later events do not matter to it).
    const open = deriveAlerts(dataset(d), new Date('2026-06-19T18:49:51Z'), BASE).filter((a) => a.kind.startsWith('promise'));
    expect(open.map((a) => a.id)).toEqual([`${TAG}promise:2066956441173323943`]);
    expect(summary(MINI_NOW, d).filter((s) => s.includes('promise'))).toEqual([
      '2026-06-19T18:49:52Z promise-lapsed:2066956441173323943',
      '2026-06-16T18:49:52Z promise:2066956441173323943',
    ]);
    const lapsed = deriveAlerts(dataset(d), MINI_NOW, BASE).find((a) => a.kind === 'promise-lapsed')!;
    expect(lapsed.summary).toBe(
      'No reset was recorded between 2026-06-16 18:49 UTC and 2026-06-19 18:49 UTC, the window of the promise ' +
        'thsottiaux posted on 2026-06-16 18:49 UTC. Promised a reset soon.',
    );
  });

  it('announces a correction and a retraction; a retracted event has no alert of its own', () => {
    const d = docs();
    const events = d.events.events;
    const boost = events.pop()!;
    d.corrections.corrections = [
      {
        event_id: '2062329981548802523',
        at: '2026-06-20T00:00:00Z',
        what: 'summary',
        before: 'Limits reset.',
        after: 'Limits reset for paid plans.',
        reason: 'the post names paid plans',
      },
      {
        event_id: boost.id,
        at: '2026-06-30T00:00:00Z',
        what: 'retraction',
        before: { event: boost, grant: null },
        after: null,
        reason: 'a user report, not an announcement',
      },
    ];
    const alerts = deriveAlerts(dataset(d), MINI_NOW, BASE);
    expect(alerts.slice(0, 2).map((a) => [a.id.slice(TAG.length), a.title, a.summary])).toEqual([
      [
        'retraction:2093014447833116908:2026-06-30T00:00:00Z:retraction',
        'Retracted: Codex limits boosted for Plus + Pro (some accounts) (2026-06-28)',
        'retracted: it did not happen as recorded. Reason: a user report, not an announcement',
      ],
      [
        'correction:2062329981548802523:2026-06-20T00:00:00Z:summary',
        'Correction: Codex limits reset for paid plans (2026-06-04)',
        'summary: Limits reset. → Limits reset for paid plans. Reason: the post names paid plans',
      ],
    ]);
    expect(alerts.some((a) => a.id === `${TAG}event:2093014447833116908`)).toBe(false);
    expect(alerts[0]!.page).toBe('https://resetcast.netlify.app/timeline/2026/#e-2093014447833116908');
  });

  it('sends no alert for a link moved between our own pages, but one for a link that changed to or from a post', () => {
    const d = docs();
    const id = '2062329981548802523';
    const move = {
      event_id: id,
      at: '2026-06-20T00:00:00Z',
      what: 'url' as const,
      before: `${BASE}/timeline/#e-${id}`,
      after: `${BASE}/timeline/2026/#e-${id}`,
      reason: 'a page per year',
    };
    const toPost = {
      ...move,
      at: '2026-06-21T00:00:00Z',
      before: `${BASE}/timeline/2026/#e-${id}`,
      after: `https://x.com/thsottiaux/status/${id}`,
      reason: 'the post was found',
    };
    d.events.events.find((e) => e.id === id)!.url = toPost.after;
    d.corrections.corrections = [move, toPost];
    const corrections = deriveAlerts(dataset(d), MINI_NOW, BASE).filter((a) => a.kind === 'correction');
    expect(corrections.map((a) => [a.id.slice(TAG.length), a.summary])).toEqual([
      [
        `correction:${id}:2026-06-21T00:00:00Z:url`,
        `link: ${BASE}/timeline/2026/#e-${id} → https://x.com/thsottiaux/status/${id}. Reason: the post was found`,
      ],
    ]);
  });

  it('points a retraction whose year lost its page (its only event) at the timeline overview, not a missing page', () => {
    const d = docs();
    const events = d.events.events;
    const boost = events.pop()!;
    const old = { ...boost, ts: '2025-12-31T23:00:00Z', date: '2025-12-31' };
    d.corrections.corrections = [
      {
        event_id: '2062329981548802523',
        at: '2026-06-20T00:00:00Z',
        what: 'retraction',
        before: { event: events.shift()!, grant: null },
        after: null,
        reason: 'a duplicate',
      },
      {
        event_id: old.id,
        at: '2026-06-30T00:00:00Z',
        what: 'retraction',
        before: { event: old, grant: null },
        after: null,
        reason: 'not an announcement',
      },
    ];
    const pages = deriveAlerts(dataset(d), MINI_NOW, BASE)
      .filter((a) => a.kind === 'retraction')
      .map((a) => a.page);
    expect(pages).toEqual([`${BASE}/timeline/`, `${BASE}/timeline/2026/#e-2062329981548802523`]);
  });

  it('says which promise a relink changed, with its post and its place on the timeline (not "event <id>")', () => {
    const d = docs();
    const promise = d.announcements.announcements[0]!;
    promise.fulfilled_by = null;
    d.corrections.corrections = [
      {
        event_id: promise.id!,
        at: '2026-06-20T00:00:00Z',
        what: 'fulfilled_by',
        before: '2067399435009622521',
        after: null,
        reason: 'the reset was for other plans',
      },
    ];
    const relink = deriveAlerts(dataset(d), MINI_NOW, BASE).find((a) => a.kind === 'correction')!;
    expect([relink.title, relink.summary, relink.url, relink.page]).toEqual([
      'Correction: the promise thsottiaux posted on 2026-06-16 18:49 UTC',
      'the promise is no longer counted as fulfilled. Reason: the reset was for other plans',
      'https://x.com/thsottiaux/status/2066956441173323943',
      `${BASE}/timeline/2026/#p-2066956441173323943`,
    ]);
  });

  it('says only the window of a promise recorded without its own words: nothing is made up in their place', () => {
    const d = docs();
    d.announcements.announcements[0]!.summary = null;
    const promise = deriveAlerts(dataset(d), MINI_NOW, BASE).find((a) => a.id === `${TAG}promise:2066956441173323943`)!;
    expect(promise.summary).toBe('Expected between 2026-06-16 18:49 UTC and 2026-06-19 18:49 UTC.');
  });

  it('gives a banked event without a grant an alert of its own, and an event without a post no post link', () => {
    const d = docs();
    d.banked.grants = d.banked.grants.filter((g) => g.event_id !== '2065225362544726371');
    d.events.events[0]!.url = 'https://resetcast.netlify.app/timeline/2026/#e-2062329981548802523';
    const byKey = new Map(deriveAlerts(dataset(d), MINI_NOW, BASE).map((a) => [a.id.slice(TAG.length), a]));
    expect(byKey.get('event:2065225362544726371')).toMatchObject({
      title: 'Banked Codex reset granted for Go + Plus + Pro + Business',
      kind: 'event',
    });
    expect(byKey.get('reset:2062329981548802523')!.url).toBeNull();
  });

  it('keeps every id across builds at other clocks: ids come from the data, never the clock', () => {
    const at = (now: string) => deriveAlerts(dataset(docs(), new Date(now)), new Date(now), BASE);
    const early = at('2026-07-01T12:00:00Z');
    const later = at('2026-07-05T08:30:00Z');
    expect(later).toEqual(early); // nothing time-bound changed between these clocks
    // Inside the reminder window, the reminder's id is the same at any clock.
    const a = at('2026-07-11T01:00:00Z').find((x) => x.id === `${TAG}grant-expiring:2026-06-12-launch`);
    const b = at('2026-07-11T23:59:00Z').find((x) => x.id === `${TAG}grant-expiring:2026-06-12-launch`);
    expect(a).toBeDefined();
    expect(a).toEqual(b);
    // So are the later reminders' (5 h before: 19:11:11; 1 h before: 23:11:11).
    const five = (now: string) => at(now).find((x) => x.id === `${TAG}grant-expiring:2026-06-12-launch:5h`);
    expect(five('2026-07-11T19:30:00Z')).toBeDefined();
    expect(five('2026-07-11T19:30:00Z')).toEqual(five('2026-07-12T00:11:00Z'));
    expect(new Set(early.map((x) => x.id)).size).toBe(early.length);
  });

  it('builds a payload that validates against its schema', () => {
    const p = createAlertsPayload(dataset(), MINI_NOW, '2026-07-01T12:00:00Z', BASE);
    expect(AlertsPayload.safeParse(p).success).toBe(true);
    // expiring_hours keeps its meaning (the first reminder, 24 h); the reminders are listed beside it.
    expect([p.rules.expiring_hours, p.rules.expiring_reminder_hours]).toEqual([24, [24, 5, 1]]);
    expect(p.rules.thresholds).toEqual([
      { threshold: 25, rearm_below: 15 },
      { threshold: 50, rearm_below: 30 },
      { threshold: 75, rearm_below: 45 },
    ]);
  });
});
