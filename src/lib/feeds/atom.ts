/**
 * The Atom 1.0 feed (RFC 4287) of recorded events, built with `feed`. Every date comes from the data,
 * never the clock (`feed` would stamp "now" into <updated>), so the feed is reproducible.
 */
import { Feed } from 'feed';
import type { StoredEvent } from '../schema.ts';
import { SITE, siteUrl } from '../site.ts';
import { newestFirst } from '../timeline.ts';
import { eventTitle } from './titles.ts';

export interface AtomOptions {
  base: string;
}

/** A stable entry id for ever: a tag URI (RFC 4151) minted from the site host and the event id. */
export function entryId(e: Pick<StoredEvent, 'id'>, base: string): string {
  return `tag:${new URL(base).host},2026:event:${e.id}`;
}

export function createAtomFeed(events: readonly StoredEvent[], { base }: AtomOptions): string {
  const ordered = newestFirst(events);
  const newest = ordered[0];
  const author = { name: SITE.name, link: siteUrl('/', base) };
  const feed = new Feed({
    id: siteUrl('/', base),
    title: `${SITE.name}: recorded ${SITE.product} usage-limit resets`,
    description: SITE.description,
    link: siteUrl('/timeline/', base),
    feedLinks: { atom: siteUrl('/feed.xml', base) },
    language: 'en',
    // An empty record has nothing to date the feed by: fall back to the Unix epoch, still reproducible.
    updated: new Date(newest?.ts ?? '1970-01-01T00:00:00Z'),
    generator: false,
    author,
    copyright: `${SITE.attribution}. Summaries are paraphrases of public posts.`,
  });
  for (const e of ordered) {
    const when = new Date(e.ts);
    feed.addItem({
      id: entryId(e, base),
      title: escapeHtml(eventTitle(e)),
      link: e.url,
      date: when,
      published: when,
      description: escapeHtml(summaryText(e)),
      author: [{ name: e.source }],
      category: [
        { term: `kind:${e.kind}`, name: `Kind: ${e.kind}` },
        { term: `scope:${e.scope}`, name: `Scope: ${e.scope}` },
      ],
    });
  }
  return addTimelineLinks(feed.atom1(), ordered, base);
}

/** `feed` writes titles and summaries as type="html" in CDATA: escape so readers show our text as text. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function summaryText(e: StoredEvent): string {
  const notes = [e.certainty !== 'high' ? `Certainty: ${e.certainty}.` : '', e.uncertain_fields.length ? `Uncertain: ${e.uncertain_fields.join(', ')}.` : ''];
  return [e.summary, ...notes].filter(Boolean).join(' ');
}

/** `feed` writes one link per entry; add the event's place on our timeline as a second, `related` link. */
function addTimelineLinks(xml: string, ordered: readonly StoredEvent[], base: string): string {
  let i = 0;
  return xml.replace(/<\/entry>/g, (end) => {
    const e = ordered[i++];
    return e ? `    <link rel="related" type="text/html" href="${siteUrl(`/timeline/#e-${e.id}`, base)}"/>\n    ${end}` : end;
  });
}
