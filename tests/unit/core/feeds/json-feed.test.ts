/**
 * /feed.json, the JSON Feed 1.1 twin of /feed.xml (src/core/feeds/atom.ts `createJsonFeed`): valid against
 * the JSON Feed 1.1 document rules (https://jsonfeed.org/version/1.1, written out here as a zod schema: the
 * required fields, the types of the optional ones we use, RFC 3339 dates), and carrying the same entries, in
 * the same order, as the Atom feed read back by the project's Atom parser (@rowanmanning/feed-parser). Its
 * content_html is read back as text by an independent XML parser (saxes), so escaping is checked without
 * calling our own escape.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAtomFeed, createJsonFeed } from '../../../../src/core/feeds/atom.ts';
import { SITE } from '../../../../src/core/site.ts';
import { history } from '../../../support/history.ts';

const Rfc3339 = z.iso.datetime({ offset: true });
const Author = z
  .strictObject({ name: z.string().min(1).optional(), url: z.url().optional(), avatar: z.url().optional() })
  .refine((a) => a.name || a.url || a.avatar, 'an author needs a name, url or avatar');
/** JSON Feed 1.1: `version`, `title` and `items` required; each item an `id` and content_html or content_text. */
const JsonFeed11 = z.looseObject({
  version: z.literal('https://jsonfeed.org/version/1.1'),
  title: z.string().min(1),
  home_page_url: z.url().optional(),
  feed_url: z.url().optional(),
  description: z.string().optional(),
  language: z.string().optional(),
  authors: z.array(Author).optional(),
  // 1.1 deprecates the single `author`: a 1.1 document must not rely on it.
  author: z.never().optional(),
  items: z.array(
    z
      .looseObject({
        id: z.string().min(1),
        url: z.url().optional(),
        external_url: z.url().optional(),
        title: z.string().optional(),
        content_html: z.string().optional(),
        content_text: z.string().optional(),
        summary: z.string().optional(),
        date_published: Rfc3339.optional(),
        date_modified: Rfc3339.optional(),
        authors: z.array(Author).optional(),
        author: z.never().optional(),
        tags: z.array(z.string()).optional(),
      })
      .refine((i) => i.content_html !== undefined || i.content_text !== undefined, 'an item needs content_html or content_text'),
  ),
});

/** The text an HTML fragment shows, read by an independent XML parser (our fragments are text and entities only). */
function shownText(html: string): string {
  let text = '';
  const parser = new SaxesParser();
  parser.on('text', (t) => (text += t));
  parser.write(`<p>${html}</p>`).close();
  return text;
}

const data = history();
const options = { base: SITE.url, corrections: data.corrections, promises: data.announcements };
const json = createJsonFeed(data.events, options);
const feed = JsonFeed11.parse(JSON.parse(json));
const atom = parseFeed(createAtomFeed(data.events, options));

describe('/feed.json', () => {
  it('is a JSON Feed 1.1 document with its own address, the timeline as home page and Resetcast as author', () => {
    expect(feed.feed_url).toBe(`${SITE.url}/feed.json`);
    expect(feed.home_page_url).toBe(`${SITE.url}/timeline/`);
    expect(feed.authors).toEqual([{ name: 'Resetcast', url: `${SITE.url}/` }]);
    expect(feed.language).toBe('en');
    expect(feed.items.length).toBeGreaterThan(10);
  });

  it("carries the Atom feed's entries in its order: ids, titles, dates, text and links", () => {
    expect(feed.items.map((i) => i.id)).toEqual(atom.items.map((i) => i.id));
    expect(feed.items.map((i) => i.title)).toEqual(atom.items.map((i) => i.title));
    expect(feed.items.map((i) => i.date_published)).toEqual(atom.items.map((i) => i.published?.toISOString()));
    expect(feed.items.map((i) => shownText(i.content_html!))).toEqual(atom.items.map((i) => i.description));
    // An event's permalink is its place on our timeline (Atom's related link), the post its external_url (Atom's alternate).
    expect(feed.items.map((i) => i.external_url ?? i.url)).toEqual(atom.items.map((i) => i.url));
  });

  it('links each event to its place on the timeline', () => {
    const event = data.events.at(-1)!;
    const item = feed.items.find((i) => i.id.endsWith(`:event:${event.id}`))!;
    expect(item.url).toMatch(new RegExp(`^${SITE.url}/timeline/\\d{4}/#e-${event.id}$`));
    expect(item.external_url).toBe(event.url);
  });

  it('shows hostile text as text: titles plain, content_html escaped', () => {
    const evil = { ...data.events[0]!, summary: 'Reset <script>alert(1)</script> & ]]> done' };
    const one = JsonFeed11.parse(JSON.parse(createJsonFeed([evil], { base: SITE.url })));
    expect(one.items[0]!.content_html).not.toContain('<script>');
    expect(shownText(one.items[0]!.content_html!)).toContain(evil.summary);
  });

  it('is byte-identical for the same data (dated by its entries, never the clock)', () => {
    expect(createJsonFeed(data.events, options)).toBe(json);
  });
});
