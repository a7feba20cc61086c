/**
 * The watcher's classify and send steps: new posts through the pull's intake (alerts.ts), and the
 * confident ones announced at once through the alert ledger (claim before sending: exactly once with
 * every sender). Without the database nothing is sent: what is not claimed is not sent, and the pull
 * announces it.
 */
import type { Alert } from '../../core/schema/index.ts';
import { broadcast, type BroadcastInput } from '../broadcast/broadcast.ts';
import type { Post } from '../intake/x.ts';
import { classifyNew } from './alerts.ts';
import type { Stored, WatchInput } from './input.ts';
import type { SiteReader } from './poll.ts';

/** The alerts of the new posts, and whether any post is news for the pull (to record or to review). */
export interface Classified {
  alerts: Alert[];
  news: boolean;
}

/**
 * New posts classified, skipping what the site publishes; when the site cannot say what it knows, every
 * post is news (the pull decides) and nothing is announced.
 */
export async function classifyPolled(
  posts: readonly Post[],
  site: SiteReader,
  input: Pick<WatchInput, 'now' | 'siteBase'>,
  lines: string[],
): Promise<Classified> {
  if (posts.length === 0) return { alerts: [], news: false };
  const known = await site();
  if (!known) return { alerts: [], news: true }; // the site cannot say what it knows: the pull decides
  const found = classifyNew(posts, known, input.now, input.siteBase);
  lines.push(`✅ classify: ${found.toRecord} to record, ${found.forReview} for review; ${found.alerts.length} alert(s)`);
  return { alerts: found.alerts, news: found.toRecord + found.forReview > 0 };
}

/**
 * The intake's shared steps, for every path a post arrives by (the poller's fast path, X's webhook:
 * src/jobs/webhook/intake.ts): classify the new posts (skipping what the site publishes), then claim and
 * send their alerts through the ledger. Says whether any post is news for the pull (the caller dispatches it).
 */
export async function announcePosts(
  posts: readonly Post[],
  site: SiteReader,
  stored: Stored | null,
  input: Pick<WatchInput, 'now' | 'siteBase' | 'http' | 'urls' | 'onPhase'> & Pick<BroadcastInput, 'sendMs'>,
  lines: string[],
): Promise<Classified> {
  const found = await classifyPolled(posts, site, input, lines);
  input.onPhase?.('classified');
  await announce(found.alerts, stored, input, lines);
  input.onPhase?.('sent');
  return found;
}

/** Each alert claimed and sent to every configured outlet; each outlet fails alone (a ledger failure included). */
export async function announce(
  alerts: readonly Alert[],
  stored: Stored | null,
  input: Pick<WatchInput, 'now' | 'http' | 'urls'> & Pick<BroadcastInput, 'sendMs'>,
  lines: string[],
): Promise<void> {
  if (alerts.length === 0) return;
  if (!stored) {
    lines.push(`⏭️ alerts: ${alerts.length} not sent (no database, above: nothing is sent unclaimed); the pull will announce them`);
    return;
  }
  const { urls, http, now, sendMs } = input;
  const result = await broadcast({ alerts, ledger: stored.stores.ledger, urls, http, now, ...(sendMs === undefined ? {} : { sendMs }) });
  lines.push(...result.lines.filter((l) => !l.startsWith('⏭️')));
}
