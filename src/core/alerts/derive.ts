/**
 * The alert stream, derived from the dataset alone: one alert per recorded reset or other event, banked
 * grant, promise (and its outcome), correction and forecast threshold crossing (docs/alerts.md). Ids
 * and times come from the data, so rebuilding gives the same alerts; the clock `now` only decides which
 * time-bound alerts exist yet (a grant expiring within 24, 5 or 1 h, a lapsed promise, a forecast not yet issued).
 */
import { correctionKey, correctionSubject, correctionWords, isLinkMove } from '../corrections/index.ts';
import type { Dataset } from '../dataset/index.ts';
import { summaryText } from '../feeds/atom.ts';
import { eventTitle } from '../facts/titles.ts';
import { utcDateTime } from '../format.ts';
import { promiseAnchor, promisePath, promisesClockKey, promiseStatus } from '../promises/index.ts';
import { scopeLabel } from '../facts/scope.ts';
import type { Alert, AlertKind, Announcement, BankedGrant, Correction, StoredEvent } from '../schema/index.ts';
import { siteUrl } from '../site.ts';
import { toTimestamp } from '../time.ts';
import { eventPath, timelineYears } from '../facts/timeline.ts';
import { pairSlug, thresholdCrossings, type Crossing } from './thresholds.ts';
import { HOUR_MS } from '../time-units.ts';
import { EXPIRY_REMINDER_HOURS, reminderHoursText } from '../facts/banked.ts';

/** A banked grant's first reminder, a day before it expires: alerts.json's `expiring_hours` (kept at 24 for its readers). */
export const EXPIRING_HOURS = EXPIRY_REMINDER_HOURS[0];

/**
 * The key of a grant's reminder `hours` before expiry: the grant id alone for the first (the one reminder
 * there was at first: alerts already sent carry that id, and ids never change), `<grant id>:<hours>h` for
 * each later one, so each reminder is sent once.
 */
export function expiringKey(grantId: string, hours: number): string {
  return hours === EXPIRING_HOURS ? grantId : `${grantId}:${hours}h`;
}

/** `tag:resetcast.netlify.app,2026:alert:reset:2093014447833116908` (RFC 4151): host and data, never the clock. */
export function alertId(kind: AlertKind, key: string, base: string): string {
  return `tag:${new URL(base).host},2026:alert:${kind}:${key}`;
}

/** An alert id without its fixed tag prefix, for report lines: `grant-expiring:<grant id>:5h`. */
export function shortAlertId(id: string): string {
  return id.replace(/^tag:[^:]+:alert:/, '');
}

/** Order within one second, oldest first: what happened before what it caused. */
const KIND_RANK: Record<AlertKind, number> = {
  reset: 0,
  event: 1,
  grant: 2,
  promise: 3,
  'promise-fulfilled': 4,
  'promise-lapsed': 5,
  'grant-expiring': 6,
  correction: 7,
  retraction: 8,
  threshold: 9,
};

/** Chronological order (oldest first), total: time, then kind, then id. Newest first is its reverse. */
export function compareAlerts(a: Alert, b: Alert): number {
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  if (a.kind !== b.kind) return KIND_RANK[a.kind] - KIND_RANK[b.kind];
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

type Context = { base: string; now: Date };
const blank = { url: null, event_id: null, window: null, expires_at: null, forecast: null } as const;

/** A post on our own site (an event recorded without one) is not "the post". */
const postUrl = (url: string | null, base: string): string | null => (url === null || url.startsWith(siteUrl('/', base)) ? null : url);
/** The event's entry on its year's timeline page (`/timeline/2026/#e-<id>`). */
const timelinePage = (e: Pick<StoredEvent, 'id' | 'ts'>, base: string): string => siteUrl(eventPath(e), base);

function eventAlerts(events: readonly StoredEvent[], grants: readonly BankedGrant[], { base }: Context): Alert[] {
  // A banked event is announced by its grant's alert (which also says when it expires).
  const granted = new Set(grants.flatMap((g) => (g.event_id ? [g.event_id] : [])));
  return events
    .filter((e) => !(e.kind === 'banked' && granted.has(e.id)))
    .map((e) => ({
      ...blank,
      id: alertId(e.kind === 'reset' ? 'reset' : 'event', e.id, base),
      kind: e.kind === 'reset' ? 'reset' : 'event',
      at: e.ts,
      title: eventTitle(e),
      summary: summaryText(e),
      url: postUrl(e.url, base),
      page: timelinePage(e, base),
      event_id: e.id,
    }));
}

function grantAlerts(grants: readonly BankedGrant[], events: ReadonlyMap<string, StoredEvent>, { base, now }: Context): Alert[] {
  return grants.flatMap((g) => {
    const page = siteUrl(`/banked/#g-${g.id}`, base);
    const event = g.event_id === null ? undefined : events.get(g.event_id);
    const notes = summaryText(g);
    const granted: Alert = {
      ...blank,
      id: alertId('grant', g.id, base),
      kind: 'grant',
      at: g.granted_at,
      title: `Banked Codex reset granted for ${scopeLabel(g.scope)}`,
      summary: `${notes} Expires ${utcDateTime(g.expires_at)} if unused.`,
      url: postUrl(g.url, base),
      page: event ? timelinePage(event, base) : page,
      event_id: g.event_id,
      expires_at: g.expires_at,
    };
    const expiresAt = Date.parse(g.expires_at);
    // Each reminder exists only while it is due: from its time (expiry − 24, 5 or 1 h) until expiry.
    const due = EXPIRY_REMINDER_HOURS.filter((hours) => expiresAt - hours * HOUR_MS <= now.getTime() && now.getTime() < expiresAt);
    const expiring = due.map(
      (hours): Alert => ({
        ...granted,
        id: alertId('grant-expiring', expiringKey(g.id, hours), base),
        kind: 'grant-expiring',
        at: toTimestamp(new Date(expiresAt - hours * HOUR_MS)),
        title: `Banked Codex reset expires within ${reminderHoursText(hours)} (${scopeLabel(g.scope)})`,
        summary: `Expires ${utcDateTime(g.expires_at)} if unused; redeem it before then. ${notes}`,
        page,
        reminder_hours: hours,
      }),
    );
    return [granted, ...expiring];
  });
}

function promiseAlerts(list: readonly Announcement[], events: ReadonlyMap<string, StoredEvent>, { base, now }: Context): Alert[] {
  return list
    .filter((a) => Date.parse(a.ts) <= now.getTime())
    .flatMap((a) => {
      const anchor = promiseAnchor(a);
      const key = anchor.slice(2);
      const window = { start: a.window_start, end: a.window_end };
      const span = `${utcDateTime(a.window_start)} and ${utcDateTime(a.window_end)}`;
      const common = { ...blank, url: postUrl(a.url, base), page: siteUrl(promisePath(a), base), window };
      const out: Alert[] = [
        {
          ...common,
          id: alertId('promise', key, base),
          kind: 'promise',
          at: a.ts,
          title: `Codex reset promised by ${a.source}`,
          summary: `Expected between ${span}${a.by ? ` ("${a.by}")` : ''}.${a.summary ? ` ${a.summary}` : ''}`,
        },
      ];
      const status = promiseStatus(a, now);
      const event = a.fulfilled_by === null ? undefined : events.get(a.fulfilled_by);
      if (status === 'fulfilled' && event)
        out.push({
          ...common,
          id: alertId('promise-fulfilled', key, base),
          kind: 'promise-fulfilled',
          // biome-ignore lint/complexity/useMathMinMax: timestamps are ISO strings, compared as text; Math.max would give NaN
          at: event.ts > a.ts ? event.ts : a.ts,
          title: 'Promised Codex reset delivered',
          summary: `The reset ${a.source} promised on ${utcDateTime(a.ts)} came at ${utcDateTime(event.ts)}: ${eventTitle(event)}.`,
          url: postUrl(event.url, base),
          page: timelinePage(event, base),
          event_id: event.id,
        });
      if (status === 'lapsed')
        out.push({
          ...common,
          id: alertId('promise-lapsed', key, base),
          kind: 'promise-lapsed',
          at: a.window_end,
          title: 'Promised Codex reset did not come',
          summary:
            `No reset was recorded between ${span}, ` +
            `the window of the promise ${a.source} posted on ${utcDateTime(a.ts)}.${a.summary ? ` ${a.summary}` : ''}`,
        });
      return out;
    });
}

function correctionAlerts(
  list: readonly Correction[],
  events: ReadonlyMap<string, StoredEvent>,
  promises: readonly Announcement[],
  { base }: Context,
): Alert[] {
  const pagedYears = timelineYears([...events.values(), ...promises]);
  // A link moved between our own pages is bookkeeping, not news (isLinkMove): no alert.
  return list
    .filter((c) => !isLinkMove(c))
    .map((c) => {
      const subject = correctionSubject(c, events, promises, pagedYears);
      const kind = c.what === 'retraction' ? 'retraction' : 'correction';
      return {
        ...blank,
        id: alertId(kind, correctionKey(c), base),
        kind,
        at: c.at,
        title: subject.title,
        summary: `${correctionWords(c).replace(/\.$/, '')}. Reason: ${c.reason}`,
        url: postUrl(subject.postUrl, base),
        page: siteUrl(subject.path, base),
        event_id: c.event_id,
      };
    });
}

function thresholdAlert(x: Crossing, { base }: Context): Alert {
  return {
    ...blank,
    id: alertId('threshold', `${pairSlug(x.horizon, x.threshold)}:${x.issued_at}`, base),
    kind: 'threshold',
    at: x.issued_at,
    title: `Chance of a Codex reset within ${x.horizon} h is now ${x.value} % (crossed ${x.threshold} %)`,
    summary:
      `The forecast issued at ${utcDateTime(x.issued_at)} puts the chance of an announced reset in the next ${x.horizon} ` +
      `hours at ${x.value} %, up from ${x.previous} %. An estimate from past announcements, not a schedule.`,
    page: siteUrl('/', base),
    forecast: { horizon_hours: x.horizon, threshold: x.threshold, rearm_below: x.rearm_below, value: x.value, previous: x.previous },
  };
}

/** The records a post turns into: its event and, for a banked one, its grant (linked by `event_id`). */
export interface RecordSources {
  events: readonly StoredEvent[];
  grants: readonly BankedGrant[];
}

/**
 * The alerts of recorded events and banked grants alone, newest first. deriveAlerts makes the
 * dataset's from all of its records; the watcher makes a new post's from that post's records
 * (src/jobs/intake/posts.ts), so both give the same ids and messages for the same records.
 */
export function recordAlerts(records: RecordSources, now: Date, base: string): Alert[] {
  const ctx: Context = { base, now };
  const byId = new Map(records.events.map((e) => [e.id, e]));
  return [
    ...eventAlerts(records.events, records.grants, ctx),
    ...grantAlerts(
      records.grants.filter((g) => Date.parse(g.granted_at) <= now.getTime()),
      byId,
      ctx,
    ),
  ].sort((a, b) => compareAlerts(b, a));
}

/**
 * What of the clock the alert stream at `now` depends on (deriveAlerts' every use of `now`): which grants
 * are granted yet and which of their reminders are due, which promises are posted and their status, and how
 * many available forecast-log lines are issued (`availableIssuedMs`: their issue times in ms, ascending). Equal
 * keys at two instants, the same alerts; cheap where deriving them is not (one alert per recorded event).
 */
export function alertsClockKey(data: AlertSources, now: Date, availableIssuedMs: readonly number[]): string {
  const t = now.getTime();
  const grants = data.banked.grants.map((g) => {
    const expiresAt = Date.parse(g.expires_at);
    const due = EXPIRY_REMINDER_HOURS.filter((hours) => expiresAt - hours * HOUR_MS <= t && t < expiresAt);
    return `${Date.parse(g.granted_at) <= t ? 'granted' : '-'}:${due.join('+')}`;
  });
  return `${grants.join(',')}|${promisesClockKey(data.announcements, now)}|${crossingsClockKey(availableIssuedMs, now)}`;
}

/**
 * What of the clock the threshold crossings at `now` depend on: how many available forecast-log lines are
 * issued by then (`availableIssuedMs`, ascending). A threshold feed changes with nothing else.
 */
export function crossingsClockKey(availableIssuedMs: readonly number[], now: Date): string {
  let lo = 0;
  let hi = availableIssuedMs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (availableIssuedMs[mid]! <= now.getTime()) lo = mid + 1;
    else hi = mid;
  }
  return String(lo);
}

/** The parts of a dataset alerts are derived from. */
export type AlertSources = Pick<Dataset, 'events' | 'banked' | 'announcements' | 'corrections' | 'forecastLog'>;

/** Every alert the dataset gives at `now`, newest first. */
export function deriveAlerts(data: AlertSources, now: Date, base: string): Alert[] {
  const ctx: Context = { base, now };
  const byId = new Map(data.events.map((e) => [e.id, e]));
  const { crossings } = thresholdCrossings(data.forecastLog.lines, now);
  return [
    ...recordAlerts({ events: data.events, grants: data.banked.grants }, now, base),
    ...promiseAlerts(data.announcements, byId, ctx),
    ...correctionAlerts(data.corrections, byId, data.announcements, ctx),
    ...crossings.map((x) => thresholdAlert(x, ctx)),
  ].sort((a, b) => compareAlerts(b, a));
}
