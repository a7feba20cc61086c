/**
 * The Atom 1.0 feed (RFC 4287) of recorded events and its JSON Feed 1.1 twin, built by atom-builder.ts. It carries the newest
 * entries only: readers poll it for news, and the whole record is on the timeline pages and in
 * /api/v1/timeline.json.
 */
import { correctionKey, correctionSubject, correctionWords, isLinkMove } from '../corrections/index.ts';
import type { Announcement, Correction, StoredEvent } from '../schema/index.ts';
import { SITE, siteUrl } from '../site.ts';
import { eventPath, newestFirst, timelineYears } from '../facts/timeline.ts';
import { atomFeed, jsonFeed, type FeedEntry as Entry, type FeedSpec } from './atom-builder.ts';
import { eventTitle } from '../facts/titles.ts';
import { doubtsText, readableInstants } from './words.ts';

export interface AtomOptions {
  base: string;
  /**
   * Corrections on the record: each changed fact is an entry of its own (a reader who saw the event sees
   * the change). A link move (isLinkMove: our own address changed, no fact did) is bookkeeping and stays
   * out; it remains in corrections.json.
   */
  corrections?: readonly Correction[];
  /** Promises on the record, so a relink's entry names its promise. */
  promises?: readonly Announcement[];
}

/** A stable entry id for ever: a tag URI (RFC 4151) minted from the site host and the event id. */
export function entryId(e: Pick<StoredEvent, 'id'>, base: string): string {
  return `tag:${new URL(base).host},2026:event:${e.id}`;
}

/** The stable id of a correction's entry: one per (event, time, field). */
export function correctionEntryId(c: Correction, base: string): string {
  return `tag:${new URL(base).host},2026:correction:${correctionKey(c)}`;
}

/**
 * Entries an Atom feed carries, newest first (this feed and the alert feeds): months of news at the
 * recorded pace, and a document that stays small and quick to build whatever the length of the history.
 */
export const FEED_ENTRY_LIMIT = 100;

function correctionEntry(
  c: Correction,
  events: ReadonlyMap<string, StoredEvent>,
  promises: readonly Announcement[],
  pagedYears: readonly string[],
  base: string,
): Entry {
  const subject = correctionSubject(c, events, promises, pagedYears);
  const when = new Date(c.at);
  return {
    id: correctionEntryId(c, base),
    title: subject.title,
    link: siteUrl(subject.path, base),
    date: when,
    published: when,
    description: `${correctionWords(c)}. Reason: ${readableInstants(c.reason)}`,
    author: [{ name: SITE.name }],
    category: [{ term: 'correction', name: 'Correction' }],
  };
}

/** The path of the JSON Feed 1.1 twin of /feed.xml: the same entries. */
export const JSON_FEED_PATH = '/feed.json';

export function createAtomFeed(events: readonly StoredEvent[], options: AtomOptions): string {
  return atomFeed(recordsFeed(events, options));
}

/** /feed.json: the same feed, entries and order as /feed.xml, as JSON Feed 1.1. */
export function createJsonFeed(events: readonly StoredEvent[], options: AtomOptions): string {
  return jsonFeed(recordsFeed(events, options), JSON_FEED_PATH);
}

/** The records feed (events and corrections, newest first), whatever it is rendered as. */
function recordsFeed(events: readonly StoredEvent[], { base, corrections = [], promises = [] }: AtomOptions): FeedSpec {
  // Only the newest entries are built: at most FEED_ENTRY_LIMIT of each kind can be among them.
  const ordered = newestFirst(events).slice(0, FEED_ENTRY_LIMIT);
  const byId = new Map(events.map((e) => [e.id, e]));
  const pagedYears = timelineYears([...events, ...promises]);
  // Newest first across both kinds (the log is in recording order); on the same second a correction comes first.
  const entries: { at: string; entry: () => Entry; related: string | null }[] = [
    ...corrections
      .filter((c) => !isLinkMove(c))
      .slice(-FEED_ENTRY_LIMIT)
      .reverse()
      .map((c) => ({ at: c.at, entry: () => correctionEntry(c, byId, promises, pagedYears, base), related: null })),
    ...ordered.map((e) => ({ at: e.ts, entry: () => eventEntry(e, base), related: siteUrl(eventPath(e), base) })),
  ]
    .sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? 1 : -1))
    .slice(0, FEED_ENTRY_LIMIT);
  return {
    base,
    path: '/feed.xml',
    id: siteUrl('/', base),
    title: `${SITE.name}: recorded ${SITE.product} usage-limit resets`,
    subtitle: `${SITE.description} The newest ${FEED_ENTRY_LIMIT} entries; the whole record is on the timeline (${siteUrl('/timeline/', base)}).`,
    // The full timeline, for everything older than these entries.
    alternate: siteUrl('/timeline/', base),
    rights: 'Summaries are paraphrases of public posts.',
    entries: entries.map(({ entry, related }) => ({ entry: entry(), related })),
  };
}

function eventEntry(e: StoredEvent, base: string): Entry {
  const when = new Date(e.ts);
  return {
    id: entryId(e, base),
    title: eventTitle(e),
    link: e.url,
    date: when,
    published: when,
    description: summaryText(e),
    author: [{ name: e.source }],
    category: [
      { term: `kind:${e.kind}`, name: `Kind: ${e.kind}` },
      { term: `scope:${e.scope}`, name: `Scope: ${e.scope}` },
    ],
  };
}

/**
 * The paraphrase plus certainty notes: what an entry (or an alert) says about an event, in words (an ISO
 * instant in the paraphrase said as a UTC date, the fields in doubt as "the exact time is not known": words.ts).
 */
export function summaryText(e: Pick<StoredEvent, 'summary' | 'certainty' | 'uncertain_fields'>): string {
  const notes = [
    e.certainty !== 'high' ? `Certainty: ${e.certainty}.` : '',
    e.uncertain_fields.length ? doubtsText(e.uncertain_fields) : '',
  ];
  return [readableInstants(e.summary), ...notes].filter(Boolean).join(' ');
}
