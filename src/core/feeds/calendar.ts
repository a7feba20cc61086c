/**
 * The iCalendar feed (RFC 5545), built with `ics`: the recorded events of the past 12 months at their announcement
 * time, and an expiry event for each banked grant still redeemable at build time (every future one), with alarms 24 h,
 * 5 h and 1 h before it. DTSTAMPs and UIDs come from the data, so rebuilding unchanged data gives the same bytes.
 * `ics`'s traps are fixed after it runs: octet folding (fold.ts) and no day-based TRIGGERs (we use hours, so `-P1DT`
 * never appears).
 */
import { TZDate } from '@date-fns/tz';
import { subMonths } from 'date-fns/subMonths';
import { createEvents, type EventAttributes } from 'ics';
import { activeGrants, EXPIRY_REMINDER_HOURS, reminderHoursText } from '../facts/banked.ts';
import { utcDateTime } from '../format.ts';
import type { BankedFile, StoredEvent } from '../schema/index.ts';
import { SITE, siteUrl } from '../site.ts';
import { eventPath, newestFirst } from '../facts/timeline.ts';
import { toTimestamp } from '../time.ts';
import { refold } from './fold.ts';
import { scopeLabel } from '../facts/scope.ts';
import { eventTitle } from '../facts/titles.ts';
import { doubtsText, readableInstants } from './words.ts';

/** `ics` writes DTSTAMP from `timestamp` (else from the clock) but its types omit the field. */
type StampedEvent = EventAttributes & { timestamp: number };

export interface CalendarOptions {
  base: string;
  /** The instant the calendar is for (a build's clock, or a timetable state's start): which grants still get an expiry reminder. */
  now: Date;
  /**
   * Spend-or-hold advice per grant id (banked.json's `advice_text`), added to the reminder's
   * description. It is an estimate at `now`, so it changes from one timetable state to the next (docs/timetable.md).
   */
  advice?: ReadonlyMap<string, string>;
}

/**
 * Recorded events older than this many months (before the build clock) leave the calendar: a calendar
 * app shows what is coming and what happened lately, and the file stays small and quick to build
 * however long the history grows. The timeline and /api/v1/timeline.json keep every event.
 */
export const CALENDAR_PAST_MONTHS = 12;

/** The oldest instant a recorded event may have to be in the calendar: `now` minus 12 calendar months, in UTC. */
export function calendarSince(now: Date): Date {
  return new Date(subMonths(new TZDate(now.getTime(), 'UTC'), CALENDAR_PAST_MONTHS).getTime());
}

/** Resets are moments: 30 minutes from the announcement, so clients in any time zone show the right local time. */
export const EVENT_MINUTES = 30;

function recordedEvent(e: StoredEvent, host: string, base: string): StampedEvent {
  const at = Date.parse(e.ts);
  return {
    uid: `${e.id}@${host}`,
    timestamp: at,
    start: at,
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: EVENT_MINUTES },
    title: eventTitle(e),
    description:
      `${readableInstants(e.summary)}\n\nSource: ${e.source} (${e.url})\n` +
      `Certainty: ${e.certainty}.${e.uncertain_fields.length ? ` ${doubtsText(e.uncertain_fields)}` : ''}\n` +
      `Timeline: ${siteUrl(eventPath(e), base)}`,
    url: e.url,
    categories: [e.kind, e.scope],
  };
}

function expiryReminder(g: ReturnType<typeof activeGrants>[number], host: string, now: Date, advice: string | undefined): StampedEvent {
  const at = Date.parse(g.expires_at);
  // With advice, it replaces the plain "redeem it" (which would contradict "hold it"), dated: it is an estimate at `now`.
  const todo = advice ? `\n${advice} (as of ${utcDateTime(toTimestamp(now))})` : ' Redeem it before then.';
  return {
    uid: `banked-${g.id}@${host}`,
    timestamp: Date.parse(g.granted_at),
    start: at,
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: 15 },
    title: `Banked Codex reset expires (${scopeLabel(g.scope)})`,
    description: `${readableInstants(g.summary)}\nGranted ${utcDateTime(g.granted_at)}; expires ${utcDateTime(g.expires_at)} if unused.${todo}`,
    ...(g.url ? { url: g.url } : {}),
    categories: ['banked', 'expiry'],
    // One DISPLAY alarm per reminder (TRIGGER:-PT24H, -PT5H, -PT1H), the same moments as the grant-expiring alerts.
    alarms: EXPIRY_REMINDER_HOURS.map((hours) => ({
      action: 'display',
      description: `A banked Codex reset expires in ${reminderHoursText(hours)}`,
      trigger: { hours, before: true },
    })),
  };
}

export function createCalendar(events: readonly StoredEvent[], banked: BankedFile, { base, now, advice }: CalendarOptions): string {
  const host = new URL(base).host;
  const grants = activeGrants(banked, now);
  const since = calendarSince(now).getTime();
  const items = [
    ...grants.map((g) => expiryReminder(g, host, now, advice?.get(g.id))),
    ...newestFirst(events.filter((e) => Date.parse(e.ts) >= since)).map((e) => recordedEvent(e, host, base)),
  ];
  const { error, value } = createEvents(items, { productId: `-//${SITE.name}//${host}//EN`, method: 'PUBLISH', calName: SITE.name });
  if (error || !value) throw new Error(`calendar: ${error?.message ?? 'ics produced nothing'}`);
  const withProps = value.replace(
    /\r\nX-WR-CALNAME:[^\r]*/,
    (line) => `${line}\r\nNAME:${SITE.name}\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H`,
  );
  return refold(withProps);
}
