/**
 * The alert stream as Atom (RFC 4287, built by atom-builder.ts): /alerts.xml with every kind, and one
 * feed per (horizon, threshold) carrying only that threshold's crossings plus recorded resets and grants.
 */
import { atomFeed, type FeedEntry as Entry } from '../feeds/atom-builder.ts';
import { FEED_ENTRY_LIMIT } from '../feeds/atom.ts';
import type { Alert } from '../schema/index.ts';
import { withArticle } from '../format.ts';
import { SITE, siteUrl } from '../site.ts';
import { ALERTS_FEED_PATH, pairSlug, type ThresholdFeed } from './thresholds.ts';

/**
 * An Atom feed carries the newest FEED_ENTRY_LIMIT (100) entries only, like /feed.xml (readers poll it; the
 * history is in /api/v1/alerts.json, which is complete). 100 entries is months of alerts at the recorded pace.
 */
export { FEED_ENTRY_LIMIT };

/** A threshold feed's entries: that pair's crossings, and every recorded reset (immediate or banked). */
export function thresholdFeedAlerts(alerts: readonly Alert[], feed: Pick<ThresholdFeed, 'horizon' | 'threshold'>): Alert[] {
  return alerts.filter(
    (a) =>
      a.kind === 'reset' ||
      a.kind === 'grant' ||
      (a.kind === 'threshold' && a.forecast?.horizon_hours === feed.horizon && a.forecast.threshold === feed.threshold),
  );
}

interface FeedOptions {
  base: string;
  path: string;
  title: string;
  subtitle: string;
}

function entry(a: Alert): Entry {
  const at = new Date(a.at);
  const categories = [{ term: `alert:${a.kind}`, name: `Alert: ${a.kind}` }];
  if (a.forecast)
    categories.push({
      term: `threshold:${pairSlug(a.forecast.horizon_hours, a.forecast.threshold)}`,
      name: `Threshold: p${a.forecast.horizon_hours} ≥ ${a.forecast.threshold} %`,
    });
  return {
    id: a.id,
    title: a.title,
    link: a.url ?? a.page,
    date: at,
    published: at,
    description: a.summary,
    author: [{ name: SITE.name }],
    category: categories,
  };
}

/** Alerts (newest first) as an Atom document; each entry links its post and, as `related`, its place on our site. */
export function createAlertsFeed(alerts: readonly Alert[], { base, path, title, subtitle }: FeedOptions): string {
  const shown = alerts.slice(0, FEED_ENTRY_LIMIT);
  return atomFeed({
    base,
    path,
    id: siteUrl(path, base),
    title,
    subtitle,
    alternate: siteUrl('/subscribe/', base),
    rights: 'Summaries are paraphrases of public posts; the percentages are estimates, not a schedule.',
    // The related link is our page; skip it where the entry's own link already is that page.
    entries: shown.map((a) => ({ entry: entry(a), related: a.url ? a.page : null })),
  });
}

export function createMainAlertsFeed(alerts: readonly Alert[], base: string): string {
  return createAlertsFeed(alerts, {
    base,
    path: ALERTS_FEED_PATH,
    title: `${SITE.name} alerts: ${SITE.product} resets, promises, corrections and forecast jumps`,
    subtitle:
      'A reset or banked reset recorded, a banked reset expiring within 24, 5 and 1 hours, a reset promised ' +
      'and whether it came, a correction, and the forecast crossing 25, 50 or 75 %.',
  });
}

export function createThresholdFeed(alerts: readonly Alert[], feed: ThresholdFeed, base: string): string {
  return createAlertsFeed(thresholdFeedAlerts(alerts, feed), {
    base,
    path: feed.path,
    title: `${SITE.name} alerts: chance of ${withArticle(SITE.product)} reset within ${feed.horizon} h reaches ${feed.threshold} %`,
    subtitle:
      `The forecast crossing ${feed.threshold} % for the next ${feed.horizon} hours (again only after it fell ` +
      `below ${feed.rearm_below} %), and every recorded reset.`,
  });
}
