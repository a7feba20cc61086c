/**
 * The watcher's classify step: new posts through the shared intake (src/jobs/intake/posts.ts), the same
 * classifier, records and alerts the pull uses, so the alerts carry the id and the message the broadcast
 * later derives from the committed data (and so skips, through the alert ledger's claims on the same ids).
 * Nothing here writes an id or a title of its own, and no dataset is made up: the alerts are those of the
 * post's own records.
 */
import type { Alert } from '../../core/schema/index.ts';
import { classifyPosts, postAlerts, postRecords } from '../intake/posts.ts';
import type { Post } from '../intake/x.ts';
import type { SiteKnowledge } from './site.ts';

export interface Classified {
  /** Confident events the pull will record (an official account's plain statement). */
  toRecord: number;
  /** Posts the pull will queue for review (questions, vague mentions, promises, other accounts). */
  forReview: number;
  /** The alerts of the records the confident events become, oldest first. */
  alerts: Alert[];
}

/**
 * New posts classified, skipping what the deployed site publishes, and the alerts of their records at
 * `now` for the site `base` (the site's address, as the broadcast's), with the deploy's banked rule (`expiry_days`).
 */
export function classifyNew(posts: readonly Post[], site: SiteKnowledge, now: Date, base: string): Classified {
  const { events, candidates } = classifyPosts(posts, site.known, now);
  return {
    toRecord: events.length,
    forReview: candidates.length,
    alerts: postAlerts(postRecords(events, { expiry_days: site.expiryDays }), now, base),
  };
}
