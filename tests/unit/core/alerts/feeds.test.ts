/**
 * The alert feeds read back with a real Atom parser (@rowanmanning/feed-parser): entries and ids, dates
 * from the data, links, the threshold feeds' selection, escaping, the entry bound, reproducibility.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import { deriveAlerts } from '../../../../src/core/alerts/derive.ts';
import { createAlertsFeed, createMainAlertsFeed, createThresholdFeed, FEED_ENTRY_LIMIT } from '../../../../src/core/alerts/feeds.ts';
import { THRESHOLD_FEEDS } from '../../../../src/core/alerts/thresholds.ts';
import { validateDataset } from '../../../../src/core/dataset/index.ts';
import { withArticle } from '../../../../src/core/format.ts';
import type { Alert } from '../../../../src/core/schema/index.ts';
import { forecastLogLine } from '../../../support/forecast-log.ts';
import { MINI_NOW, miniJson } from '../../../support/mini-data.ts';

const BASE = 'https://resetcast.netlify.app';
const TAG = 'tag:resetcast.netlify.app,2026:alert:';
const logLine = (issued_at: string, p24: number, p48: number): string => JSON.stringify(forecastLogLine(issued_at, p24, p48));
// p24 20 → 55 → 80 (crosses 25 and 50, then 75); p48 30 → 62 → 85 (crosses 50, then 75; 25 was already passed).
const LOG = [
  logLine('2026-07-01T10:00:00Z', 20, 30),
  logLine('2026-07-01T10:30:00Z', 55, 62),
  logLine('2026-07-01T11:00:00Z', 80, 85),
].join('\n');
const data = validateDataset(
  {
    events: miniJson('events'),
    announcements: miniJson('announcements'),
    banked: miniJson('banked'),
    signals: miniJson('signals'),
    corrections: miniJson('corrections'),
    forecastLog: LOG,
  },
  MINI_NOW,
);
const alerts = deriveAlerts(data, MINI_NOW, BASE);
const main = createMainAlertsFeed(alerts, BASE);
const feedFor = (slug: string): string => createThresholdFeed(alerts, THRESHOLD_FEEDS.find((f) => f.slug === slug)!, BASE);
const ids = (xml: string): string[] => parseFeed(xml).items.map((i) => i.id!.slice(TAG.length));

describe('/alerts.xml', () => {
  const feed = parseFeed(main);
  it('parses as Atom with every alert, newest first (the exact reverse of the send order), ids as in the JSON', () => {
    expect(feed.meta.type).toBe('atom');
    expect(ids(main)).toEqual([
      'threshold:p48-75:2026-07-01T11:00:00Z',
      'threshold:p24-75:2026-07-01T11:00:00Z',
      'threshold:p48-50:2026-07-01T10:30:00Z',
      'threshold:p24-50:2026-07-01T10:30:00Z',
      'threshold:p24-25:2026-07-01T10:30:00Z',
      'event:2093014447833116908',
      'promise-fulfilled:2066956441173323943',
      'grant:2026-06-18-double',
      'reset:2067399435009622521',
      'promise:2066956441173323943',
      'grant:2026-06-12-launch',
      'reset:2062329981548802523',
    ]);
  });
  it('dates entries and the feed from the alerts, never the clock', () => {
    expect(feed.updated?.toISOString()).toBe('2026-07-01T11:00:00.000Z');
    expect(feed.items.map((i) => i.published?.toISOString())).toEqual(alerts.map((a) => new Date(a.at).toISOString()));
    expect(createMainAlertsFeed([], BASE)).toContain('<updated>1970-01-01T00:00:00.000Z</updated>');
  });
  it('has a self link, the feed author and the attribution', () => {
    expect(main).toContain('<link rel="self" href="https://resetcast.netlify.app/alerts.xml"/>');
    expect(main).toMatch(/<author>\s*<name>Resetcast<\/name>/);
    expect(main).toMatch(/<rights>Data: Resetcast\./);
  });
  it('links the post and, as related, our page; an alert without a post links our page only', () => {
    const reset = feed.items.find((i) => i.id === `${TAG}reset:2062329981548802523`)!;
    expect(reset.url).toBe('https://x.com/thsottiaux/status/2062329981548802523');
    expect(main).toContain(
      '<link rel="related" type="text/html" href="https://resetcast.netlify.app/timeline/2026/#e-2062329981548802523"/>',
    );
    const jump = feed.items.find((i) => i.id === `${TAG}threshold:p24-50:2026-07-01T10:30:00Z`)!;
    expect(jump.url).toBe('https://resetcast.netlify.app/');
    expect(jump.title).toBe('Chance of a Codex reset within 24 h is now 55 % (crossed 50 %)');
    expect(jump.categories.map((c) => c.term)).toEqual(['alert:threshold', 'threshold:p24-50']);
    expect(main.match(/rel="related"/g)).toHaveLength(7); // the 7 alerts with a post
  });
  it('escapes HTML so readers show our text as text', () => {
    const evil: Alert = { ...alerts[0]!, title: 'A <b>bold</b> & ]]> claim', summary: '<script>alert(1)</script>' };
    const xml = createMainAlertsFeed([evil], BASE);
    expect(xml).not.toContain('<script>');
    const item = parseFeed(xml).items[0]!;
    expect(item.title).toBe(evil.title);
    expect(item.description).toBe(evil.summary);
  });
  it(`carries at most ${FEED_ENTRY_LIMIT} entries, the newest`, () => {
    const many: Alert[] = Array.from({ length: 130 }, (_, i) => ({
      ...alerts[0]!,
      id: `${TAG}reset:${1000 - i}`,
      at: new Date(Date.parse('2026-07-01T00:00:00Z') - i * 60_000).toISOString().replace('.000Z', 'Z'),
    }));
    const items = parseFeed(createAlertsFeed(many, { base: BASE, path: '/alerts.xml', title: 't', subtitle: 's' })).items;
    expect(items).toHaveLength(100);
    expect(items[0]!.id).toBe(`${TAG}reset:1000`);
    expect(items[99]!.id).toBe(`${TAG}reset:901`);
  });
  it('is byte-identical when rebuilt at another clock with nothing time-bound changed', () => {
    const later = new Date('2026-07-05T00:00:00Z');
    expect(createMainAlertsFeed(deriveAlerts(data, later, BASE), BASE)).toBe(main);
  });
});

describe('threshold feeds', () => {
  it('lists the six feeds', () => {
    expect(THRESHOLD_FEEDS.map((f) => f.path)).toEqual([
      '/alerts/p24-25.xml',
      '/alerts/p24-50.xml',
      '/alerts/p24-75.xml',
      '/alerts/p48-25.xml',
      '/alerts/p48-50.xml',
      '/alerts/p48-75.xml',
    ]);
  });
  it.each([
    ['p24-25', ['threshold:p24-25:2026-07-01T10:30:00Z']],
    ['p24-50', ['threshold:p24-50:2026-07-01T10:30:00Z']],
    ['p24-75', ['threshold:p24-75:2026-07-01T11:00:00Z']],
    ['p48-25', []],
    ['p48-50', ['threshold:p48-50:2026-07-01T10:30:00Z']],
    ['p48-75', ['threshold:p48-75:2026-07-01T11:00:00Z']],
  ])('%s carries only its crossings plus recorded resets and grants', (slug, crossings) => {
    const xml = feedFor(slug);
    const resets = ['grant:2026-06-18-double', 'reset:2067399435009622521', 'grant:2026-06-12-launch', 'reset:2062329981548802523'];
    expect(ids(xml)).toEqual([...crossings, ...resets]);
    expect(xml).toContain(`<link rel="self" href="https://resetcast.netlify.app/alerts/${slug}.xml"/>`);
    expect(parseFeed(xml).title).toMatch(new RegExp(`within ${slug.slice(1, 3)} h reaches ${slug.slice(4)} %`));
  });
  it('titles with the right article ("an OpenAI Codex reset", never "a OpenAI")', () => {
    expect(parseFeed(feedFor('p24-50')).title).toBe('Resetcast alerts: chance of an OpenAI Codex reset within 24 h reaches 50 %');
  });
});

describe('withArticle', () => {
  it.each([
    ['OpenAI Codex reset', 'an OpenAI Codex reset'],
    ['Codex reset', 'a Codex reset'],
    ['update', 'an update'],
    ['banked reset', 'a banked reset'],
  ])('%s → %s', (noun, phrase) => {
    expect(withArticle(noun)).toBe(phrase);
  });
});
