/**
 * The alerts a watcher may send for posts the pull will record: built the way the pull builds them, so
 * that they carry the same id and the same message as the alerts the broadcast later derives from the
 * committed data (and so skips, through the sent-log). The posts go through the pull's classifier
 * (classifyPosts), its confident events become records through the pull's recordFound (a banked event
 * with its grant, by the published expiry rule), and those records through deriveAlerts. Nothing here
 * writes an id or a title of its own.
 */
import { deriveAlerts } from '../../core/alerts/derive.ts';
import type { Curated } from '../../core/curate/state.ts';
import type { Alert, StoredEvent } from '../../core/schema/index.ts';
import { classifyPosts } from '../pull/merge.ts';
import { recordFound } from '../pull/record.ts';
import type { Post } from '../pull/x.ts';

/** The kinds the watcher announces: a recorded reset, another recorded event, a banked grant. */
const WATCHED_KINDS = new Set<Alert['kind']>(['reset', 'event', 'grant']);

export interface Classified {
  /** Confident events the pull will record (an official account's plain statement). */
  events: StoredEvent[];
  /** Posts the pull will queue for review (questions, vague mentions, promises, other accounts). */
  forReview: number;
}

/** The pull's classification of new posts, skipping what the site already publishes. */
export function classify(posts: readonly Post[], known: ReadonlySet<string>, now: Date): Classified {
  const { events, candidates } = classifyPosts(posts, known, now);
  return { events, forReview: candidates.length };
}

/**
 * The alerts of these would-be records at `now`, oldest first, as deriveAlerts makes them for the site
 * `base` (the same base as the broadcast: SITE.url). `expiryDays` is the banked rule of the deploy.
 */
export function watcherAlerts(events: readonly StoredEvent[], expiryDays: number, now: Date, base: string): Alert[] {
  const empty: Curated = {
    events: { checked_at: now.toISOString(), events: [] },
    announcements: { announcements: [] },
    banked: { expiry_days: expiryDays, grants: [] },
    corrections: { corrections: [] },
    candidates: { candidates: [], rejected: [] },
  };
  const recorded = recordFound(empty, [{ events: [...events], candidates: [] }]);
  const alerts = deriveAlerts(
    { events: recorded.events.events, banked: recorded.banked, announcements: [], corrections: [], forecastLog: { lines: [], warnings: [], skipped: [] } },
    now,
    base,
  );
  return alerts.filter((a) => WATCHED_KINDS.has(a.kind)).reverse();
}
