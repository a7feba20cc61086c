/**
 * The feeds and calendar that move with the clock, made from the site at one instant (a Build: src/site/data.ts):
 * the alert feeds carry the time-bound alerts (expiry reminders, lapsed promises) and the calendar the active
 * grants' reminders and advice. The endpoints (src/pages/alerts.xml.ts, alerts/[feed].xml.ts, calendar.ics.ts)
 * publish them at the build's clock and the timetable (docs/timetable.md) at every state's start, through these
 * same functions. Pure.
 */
import { createMainAlertsFeed, createThresholdFeed } from '../core/alerts/feeds.ts';
import type { ThresholdFeed } from '../core/alerts/thresholds.ts';
import { calendarSince, createCalendar } from '../core/feeds/calendar.ts';
import type { Build } from './data.ts';

/** /alerts.xml: every alert, newest first. */
export const alertsFeedText = (b: Build): string => createMainAlertsFeed(b.payloads.alerts.alerts, b.base);

/** /alerts/<slug>.xml: the crossings of one threshold. */
export const thresholdFeedText = (b: Build, feed: ThresholdFeed): string => createThresholdFeed(b.payloads.alerts.alerts, feed, b.base);

/** /calendar.ics: the active grants' expiry reminders, with banked.json's advice, and the recorded events of the last 12 months. */
export function calendarText(b: Build): string {
  const advice = new Map(b.payloads.banked.active.map((g) => [g.id, g.advice_text]));
  return createCalendar(b.data.events, b.data.banked, { base: b.base, now: b.now, advice });
}

/**
 * What of the clock the calendar depends on: its active grants with their advice, and how many recorded
 * events have left it (older than 12 months; `eventTimesMs`: the events' times, ascending). Not the "as of"
 * instant its advice is dated with: a state of the calendar is dated with its start, the instant its advice is for.
 */
export function calendarKey(b: Build, eventTimesMs: readonly number[]): string {
  const since = calendarSince(b.now).getTime();
  let gone = 0;
  let hi = eventTimesMs.length;
  while (gone < hi) {
    const mid = (gone + hi) >>> 1;
    if (eventTimesMs[mid]! < since) gone = mid + 1;
    else hi = mid;
  }
  return JSON.stringify([b.payloads.banked.active.map((g) => [g.id, g.advice_text]), gone]);
}
