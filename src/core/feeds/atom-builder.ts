/**
 * The one Atom 1.0 document builder (RFC 4287, through `feed`), shared by /feed.xml and the alert feeds.
 * Every date comes from the entries, never the clock (`feed` would stamp "now" into <updated>), so a
 * feed is reproducible; what differs between feeds (id, titles, the alternate page, the rights) is passed in.
 */
import { Feed } from 'feed';
import { SITE, siteUrl } from '../site.ts';

export type AtomEntry = Parameters<Feed['addItem']>[0];

export interface AtomFeedSpec {
  base: string;
  /** The feed's own path: its rel="self" link. */
  path: string;
  /** The feed's stable id (a URL on the site). */
  id: string;
  title: string;
  subtitle: string;
  /** The rel="alternate" page: where a reader sees what the feed carries, and more. */
  alternate: string;
  /** What follows the attribution in <rights>. */
  rights: string;
  /** Newest first, already cut to what the feed carries; `related`, when set, is a second link per entry. */
  entries: readonly { entry: AtomEntry; related: string | null }[];
}

export function atomFeed({ base, path, id, title, subtitle, alternate, rights, entries }: AtomFeedSpec): string {
  const feed = new Feed({
    id,
    title,
    description: subtitle,
    link: alternate,
    feedLinks: { atom: siteUrl(path, base) },
    language: 'en',
    // Dated by the newest entry; with none, the Unix epoch, still reproducible.
    updated: entries[0]?.entry.date ?? new Date('1970-01-01T00:00:00Z'),
    generator: false,
    author: { name: SITE.name, link: siteUrl('/', base) },
    copyright: `${SITE.attribution}. ${rights}`,
  });
  for (const { entry } of entries) feed.addItem(entry);
  return addRelatedLinks(feed.atom1(), entries.map((x) => x.related));
}

/** `feed` writes one link per entry; add the entry's place on our site as a second, `related` link. */
function addRelatedLinks(xml: string, related: readonly (string | null)[]): string {
  let i = 0;
  return xml.replace(/<\/entry>/g, (end) => {
    const href = related[i++];
    return href ? `    <link rel="related" type="text/html" href="${href}"/>\n    ${end}` : end;
  });
}
