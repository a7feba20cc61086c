/**
 * The one feed document builder (through `feed`), shared by /feed.xml, /feed.json and the alert feeds:
 * a feed is described once (FeedSpec, entries in plain text) and rendered as Atom 1.0 (RFC 4287) or as
 * JSON Feed 1.1 (https://jsonfeed.org/version/1.1). Every date comes from the entries, never the clock
 * (`feed` would stamp "now" into <updated>), so a feed is reproducible; what differs between feeds (id,
 * titles, the alternate page, the rights) is passed in.
 */
import { Feed } from 'feed';
import { cleanText } from '../sanitize.ts';
import { SITE, siteUrl } from '../site.ts';

/** One entry, its title and description in plain text: each rendering escapes what its format needs. */
export type FeedEntry = Parameters<Feed['addItem']>[0];

export interface FeedSpec {
  base: string;
  /** The Atom document's own path: its rel="self" link. */
  path: string;
  /** The feed's stable id (a URL on the site). */
  id: string;
  title: string;
  subtitle: string;
  /** The rel="alternate" page: where a reader sees what the feed carries, and more. */
  alternate: string;
  /** What follows the attribution in <rights>. */
  rights: string;
  /** Newest first, already cut to what the feed carries; `related`, when set, is our own page of the entry. */
  entries: readonly { entry: FeedEntry; related: string | null }[];
}

/**
 * Text as HTML that shows it as text: `feed` writes Atom titles and summaries as type="html" in CDATA, and a
 * JSON Feed's content_html is HTML. Last line of defence only (stored text is already clean:
 * src/core/sanitize.ts, checked by validate): characters XML 1.0 forbids, which no escape can carry, are
 * dropped here too.
 */
export function asFeedHtml(text: string): string {
  return cleanText(text, Number.MAX_SAFE_INTEGER, { multiline: true }).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function document(spec: FeedSpec, feedLinks: { atom?: string; json?: string }, item: (e: FeedEntry) => FeedEntry): Feed {
  const feed = new Feed({
    id: spec.id,
    title: spec.title,
    description: spec.subtitle,
    link: spec.alternate,
    feedLinks,
    language: 'en',
    // Dated by the newest entry; with none, the Unix epoch, still reproducible.
    updated: spec.entries[0]?.entry.date ?? new Date('1970-01-01T00:00:00Z'),
    generator: false,
    author: { name: SITE.name, link: siteUrl('/', spec.base) },
    copyright: `${SITE.attribution}. ${spec.rights}`,
  });
  for (const { entry } of spec.entries) feed.addItem(item(entry));
  return feed;
}

export function atomFeed(spec: FeedSpec): string {
  const escaped = (e: FeedEntry): FeedEntry => ({
    ...e,
    title: asFeedHtml(e.title),
    ...(e.description !== undefined ? { description: asFeedHtml(e.description) } : {}),
  });
  const xml = document(spec, { atom: siteUrl(spec.path, spec.base) }, escaped).atom1();
  return addRelatedLinks(
    xml,
    spec.entries.map((x) => x.related),
  );
}

/** `feed` writes one link per entry; add the entry's place on our site as a second, `related` link. */
function addRelatedLinks(xml: string, related: readonly (string | null)[]): string {
  let i = 0;
  return xml.replace(/<\/entry>/g, (end) => {
    const href = related[i++];
    return href ? `    <link rel="related" type="text/html" href="${href}"/>\n    ${end}` : end;
  });
}

/** What `feed`'s json1() writes (JSON Feed 1.0), as far as it is read here. */
interface JsonFeed10 {
  version: string;
  author?: { name?: string; url?: string };
  items: ({ url?: string; author?: { name?: string; url?: string } } & Record<string, unknown>)[];
  [key: string]: unknown;
}

/**
 * The same feed as JSON Feed 1.1, at `path`. `feed` 6 writes version 1.0, so its document is brought to
 * 1.1 field by field: the version URL, `authors` (an array) for the deprecated `author`, and the feed's
 * `language`. Each item's `url` is its page on our site when it has one, the post then its `external_url`
 * (1.1: the permalink is ours, the page it is about elsewhere); titles stay plain text and
 * `content_html` carries the escaped summary.
 */
export function jsonFeed(spec: FeedSpec, path: string): string {
  const plainTitle = (e: FeedEntry): FeedEntry => ({
    ...e,
    ...(e.description !== undefined ? { description: asFeedHtml(e.description) } : {}),
  });
  const v10 = JSON.parse(document(spec, { json: siteUrl(path, spec.base) }, plainTitle).json1()) as JsonFeed10;
  const { version: _v10, author, items, ...rest } = v10;
  const v11 = {
    version: 'https://jsonfeed.org/version/1.1',
    ...rest,
    language: 'en',
    ...(author ? { authors: [author] } : {}),
    items: items.map(({ author: itemAuthor, url, ...item }, i) => {
      const related = spec.entries[i]?.related ?? null;
      return {
        ...item,
        ...(related ? { url: related, ...(url ? { external_url: url } : {}) } : url ? { url } : {}),
        ...(itemAuthor ? { authors: [itemAuthor] } : {}),
      };
    }),
  };
  return `${JSON.stringify(v11, null, 2)}\n`;
}
