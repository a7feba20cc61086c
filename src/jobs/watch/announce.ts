/**
 * The watcher's classify and send steps: new posts through the pull's intake (alerts.ts), and the
 * confident ones announced at once through the alert ledger (claim before sending: exactly once with
 * every sender). The ledger, and so the database, is asked only for alerts a sender may still owe: those
 * the state knows every outlet is finished with (finished.ts) are not claimed again. Without the database
 * nothing is sent: what is not claimed is not sent, and the pull announces it.
 */
import type { Alert } from '../../core/schema/index.ts';
import { broadcast, type BroadcastInput } from '../broadcast/broadcast.ts';
import type { Post } from '../intake/x.ts';
import { classifyNew } from './alerts.ts';
import { configuredOutlets, finishedIds, owedAlerts, recordFinished } from './finished.ts';
import type { Stored, WatchInput } from './input.ts';
import { WITHOUT_DATABASE } from './ledger-access.ts';
import type { SiteReader } from './poll.ts';

/** The alerts of the new posts, and whether any post is news for the pull (to record or to review). */
export interface Classified {
  alerts: Alert[];
  news: boolean;
}

/** What the intake did with the new posts: their alerts, whether any is news, and whether every alert owed could be claimed (the database there). */
export interface Announced extends Classified {
  claimable: boolean;
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

type AnnounceInput = Pick<WatchInput, 'now' | 'http' | 'urls' | 'stores'> & Pick<BroadcastInput, 'sendMs'>;

/**
 * The intake's shared steps, for every path a post arrives by (the poller's fast path, X's webhook:
 * src/jobs/webhook/intake.ts): classify the new posts (skipping what the site publishes), then claim and
 * send their alerts through the ledger. Says whether any post is news for the pull (the caller dispatches it).
 */
export async function announcePosts(
  posts: readonly Post[],
  site: SiteReader,
  stored: Stored | null,
  input: AnnounceInput & Pick<WatchInput, 'siteBase' | 'onPhase'>,
  lines: string[],
): Promise<Announced> {
  const found = await classifyPolled(posts, site, input, lines);
  input.onPhase?.('classified');
  const claimable = await announce(found.alerts, stored, input, lines);
  input.onPhase?.('sent');
  return { ...found, claimable };
}

/**
 * Each alert a sender may still owe claimed and sent to every configured outlet (each outlet fails alone, a
 * ledger failure included), then what every outlet is now finished with kept in the state. False when
 * alerts were owed and the database could not be had (nothing claimed, nothing sent).
 */
export async function announce(alerts: readonly Alert[], stored: Stored | null, input: AnnounceInput, lines: string[]): Promise<boolean> {
  const outlets = configuredOutlets(input.urls);
  if (alerts.length === 0 || outlets.length === 0) return true;
  const { urls, http, now, sendMs } = input;
  const owed = owedAlerts(alerts, finishedIds(stored?.finished ?? null, outlets), now);
  if (owed.length === 0) {
    lines.push(`✅ alerts: ${alerts.length} already finished on every outlet (the state says so); nothing to claim`);
    return true;
  }
  const got = await input.stores.ledger.get();
  if ('problem' in got) {
    if (got.first) lines.push(`❌ database: ${got.problem}; ${WITHOUT_DATABASE}`);
    lines.push(`⏭️ alerts: ${owed.length} not sent (no database, above: nothing is sent unclaimed); the pull will announce them`);
    return false;
  }
  const result = await broadcast({ alerts: owed, ledger: got.ledger, urls, http, now, ...(sendMs === undefined ? {} : { sendMs }) });
  lines.push(...result.lines.filter((l) => !l.startsWith('⏭️')));
  await recordFinished(stored?.store ?? null, got.ledger, outlets, owed, now, lines);
  return true;
}
