/**
 * The Atom feed and the calendar, read back with real parsers (@rowanmanning/feed-parser, ical.js)
 * and checked against the data, RFC 4287 / RFC 5545 rules, and golden files for the fixed dataset.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { parseDataset } from '../../../../src/core/dataset/index.ts';
import { createAtomFeed, entryId, FEED_ENTRY_LIMIT } from '../../../../src/core/feeds/atom.ts';
import { calendarSince, createCalendar } from '../../../../src/core/feeds/calendar.ts';
import type { Amendment, StoredEvent } from '../../../../src/core/schema/index.ts';
import { foldLine, refold, unfold } from '../../../../src/core/feeds/fold.ts';
import { MINI_NOW, miniTexts } from '../../../support/mini-data.ts';

const BASE = 'https://resetcast.netlify.app';
const data = parseDataset(miniTexts(), MINI_NOW);
const atom = createAtomFeed(data.events, { base: BASE });
const ics = createCalendar(data.events, data.banked, { base: BASE, now: MINI_NOW });
const octets = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Golden files: set UPDATE_GOLDEN=1 to rewrite them after a deliberate change, then review the diff. */
function golden(name: string, actual: string): void {
  const file = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'feeds', name);
  if (process.env['UPDATE_GOLDEN']) writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('Atom feed', () => {
  const feed = parseFeed(atom);
  it('parses as Atom with one entry per event, newest first', () => {
    expect(feed.meta.type).toBe('atom');
    expect(feed.items.map((i) => i.id)).toEqual([...data.events].reverse().map((e) => `tag:resetcast.netlify.app,2026:event:${e.id}`));
  });
  it('dates entries and the feed from the data, not the clock', () => {
    expect(feed.items.map((i) => i.published?.toISOString())).toEqual([...data.events].reverse().map((e) => new Date(e.ts).toISOString()));
    expect(feed.updated?.toISOString()).toBe('2026-06-28T12:00:00.000Z');
  });
  it('has feed id, title, author, self link and rights', () => {
    expect(atom).toMatch(/<author>\s*<name>Resetcast<\/name>/);
    expect(atom).toContain('<link rel="self" href="https://resetcast.netlify.app/feed.xml"/>');
    expect(atom).toMatch(/<rights>Data: Resetcast\./);
    expect(feed.title).toMatch(/^Resetcast/);
  });
  it('links each entry to its post and to its place on our timeline, with kind and scope categories', () => {
    const first = feed.items[0]!;
    expect(first.url).toBe('https://x.com/thsottiaux/status/2093014447833116908');
    expect(atom).toContain(
      '<link rel="related" type="text/html" href="https://resetcast.netlify.app/timeline/2026/#e-2093014447833116908"/>',
    );
    expect(first.categories.map((c) => c.term)).toEqual(['kind:boost', 'scope:plus+pro']);
    expect(first.title).toBe('Codex limits boosted for Plus + Pro (some accounts)');
  });
  it('escapes HTML in summaries so readers show it as text', () => {
    const evil = { ...data.events[0]!, summary: 'Reset <script>alert(1)</script> & ]]> done' };
    const xml = createAtomFeed([evil], { base: BASE });
    expect(xml).not.toContain('<script>');
    expect(xml).toContain('Reset &lt;script&gt;alert(1)&lt;/script&gt; &amp; ]]&gt; done');
    // A reader decodes the type="html" summary back to exactly our text.
    expect(parseFeed(xml).items[0]?.description).toBe(evil.summary);
  });
  it('keeps entry ids stable: the tag URI depends only on the host and the event id', () => {
    expect(entryId({ id: '42' }, 'https://resetcast.netlify.app/some/path')).toBe('tag:resetcast.netlify.app,2026:event:42');
  });
  it('matches the golden file', () => golden('mini.atom.xml', atom));
  it('links the full timeline and says it holds the newest 100 entries', () => {
    expect(atom).toContain('<link rel="alternate" href="https://resetcast.netlify.app/timeline/"/>');
    expect(feed.description).toMatch(
      /The newest 100 entries; the whole record is on the timeline \(https:\/\/resetcast\.netlify\.app\/timeline\/\)\.$/,
    );
  });
});

describe('Atom feed: a link moved between our own pages', () => {
  it('leaves the move out (bookkeeping, issue 32); a link changed to a post is an entry with both addresses', () => {
    const e = data.events[0]!;
    const move: Amendment = {
      event_id: e.id,
      at: '2026-06-30T00:00:00Z',
      what: 'url',
      before: `${BASE}/timeline/#e-${e.id}`,
      after: `${BASE}/timeline/2026/#e-${e.id}`,
      reason: 'a page per year',
    };
    const toPost: Amendment = {
      ...move,
      at: '2026-06-30T01:00:00Z',
      before: move.after,
      after: 'https://x.com/thsottiaux/status/1',
      reason: 'post found',
    };
    const items = parseFeed(createAtomFeed(data.events, { base: BASE, corrections: [move, toPost] })).items;
    const text = (at: string): string | null | undefined =>
      items.find((i) => i.published?.toISOString() === new Date(at).toISOString() && i.id?.includes('correction'))?.description;
    expect(text(move.at)).toBeUndefined();
    expect(items.filter((i) => i.id?.includes('correction'))).toHaveLength(1);
    expect(text(toPost.at)).toBe(`link: ${BASE}/timeline/2026/#e-${e.id} → https://x.com/thsottiaux/status/1. Reason: post found`);
  });
});

describe('Atom feed: a promise relinked by hand', () => {
  it('names the promise and links its place on the timeline, not "event <id>"', () => {
    const promise = data.announcements[0]!;
    const relink = {
      event_id: promise.id!,
      at: '2026-06-30T00:00:00Z',
      what: 'fulfilled_by' as const,
      before: promise.fulfilled_by,
      after: null,
      reason: 'other plans',
    };
    const items = parseFeed(createAtomFeed(data.events, { base: BASE, corrections: [relink], promises: data.announcements })).items;
    const entry = items.find((i) => i.id?.includes('correction'))!;
    expect(entry.title).toBe('Correction: the promise thsottiaux posted on 2026-06-16 18:49 UTC');
    expect(entry.url).toBe(`${BASE}/timeline/2026/#p-${promise.id}`);
  });
});

describe('Atom feed of a long history', () => {
  // 300 events an hour apart, oldest first (as stored), ending 2026-06-30T23:00:00Z.
  const template = data.events[0]!;
  const hour = (i: number): string => new Date(Date.parse('2026-06-18T12:00:00Z') + i * 3_600_000).toISOString().replace('.000Z', 'Z');
  const many: StoredEvent[] = Array.from({ length: 300 }, (_, i) => ({
    ...template,
    id: String(1_000_000 + i),
    ts: hour(i),
    date: hour(i).slice(0, 10),
  }));
  const amend = (i: number, at: string): Amendment => ({
    event_id: many[i]!.id,
    at,
    what: 'summary',
    before: 'old',
    after: 'new',
    reason: `fix ${i}`,
  });
  // Oldest first, as data/corrections.json stores them: one before the newest 100 events, one among them, one after all.
  const corrections = [amend(10, hour(150)), amend(250, hour(260)), amend(299, hour(400))];
  const tag = (kind: string, key: string): string => `tag:resetcast.netlify.app,2026:${kind}:${key}`;
  const items = parseFeed(createAtomFeed(many, { base: BASE, corrections })).items;

  it(`carries exactly the newest ${FEED_ENTRY_LIMIT} entries, events and corrections together, newest first`, () => {
    expect(FEED_ENTRY_LIMIT).toBe(100);
    expect(items).toHaveLength(100);
    // Newest: the correction at hour 400; then events 299 … 261, the correction at hour 260 (before event 260 of the
    // same second), events 260 … 202.
    const expected = [
      tag('correction', `${many[299]!.id}:${hour(400)}:summary`),
      ...many
        .slice(261)
        .reverse()
        .map((e) => tag('event', e.id)),
      tag('correction', `${many[250]!.id}:${hour(260)}:summary`),
      ...many
        .slice(202, 261)
        .reverse()
        .map((e) => tag('event', e.id)),
    ];
    expect(items.map((i) => i.id)).toEqual(expected);
  });
  it('keeps entry ids stable as the history grows: the newest entries are the same with 150 more old events', () => {
    const older = Array.from({ length: 150 }, (_, i) => ({
      ...template,
      id: String(900_000 + i),
      ts: hour(i - 200),
      date: hour(i - 200).slice(0, 10),
    }));
    const grown = parseFeed(createAtomFeed([...older, ...many], { base: BASE, corrections })).items;
    expect(grown.map((i) => i.id)).toEqual(items.map((i) => i.id));
  });
});

describe('iCalendar feed', () => {
  const cal = new ICAL.Component(ICAL.parse(ics));
  const vevents = cal.getAllSubcomponents('vevent');
  it('has the calendar properties', () => {
    for (const line of [
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Resetcast',
      'NAME:Resetcast',
      'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
      'X-PUBLISHED-TTL:PT1H',
    ])
      expect(ics.split('\r\n')).toContain(line);
  });
  it('has every recorded event at its ts with a stable UID, DTSTAMP from the data, URL and categories', () => {
    const byUid = new Map(vevents.map((v) => [String(v.getFirstPropertyValue('uid')), v]));
    for (const e of data.events) {
      const v = byUid.get(`${e.id}@resetcast.netlify.app`)!;
      expect(v, e.id).toBeDefined();
      const ev = new ICAL.Event(v);
      expect(ev.startDate.toJSDate().toISOString()).toBe(new Date(e.ts).toISOString());
      expect(ev.endDate.toJSDate().getTime() - ev.startDate.toJSDate().getTime()).toBe(30 * 60_000);
      expect((v.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString()).toBe(new Date(e.ts).toISOString());
      expect(v.getFirstPropertyValue('url')).toBe(e.url);
      expect(v.getFirstProperty('categories')?.getValues()).toEqual([e.kind, e.scope]);
    }
  });
  it('round-trips commas, semicolons, quotes and newlines', () => {
    const boost = vevents.find((v) => v.getFirstPropertyValue('uid') === '2093014447833116908@resetcast.netlify.app')!;
    expect(String(boost.getFirstPropertyValue('description'))).toMatch(
      /^Limits temporarily doubled; commas, semicolons; and "quotes" survive\.\n\nSource: thsottiaux/,
    );
  });
  it('reminds of each unexpired banked grant at its expiry, 24 h, 5 h and 1 h before', () => {
    const reminders = vevents.filter((v) => String(v.getFirstPropertyValue('uid')).startsWith('banked-'));
    expect(reminders.map((v) => new ICAL.Event(v).startDate.toJSDate().toISOString())).toEqual([
      '2026-07-12T00:11:11.000Z',
      '2026-07-18T00:10:10.000Z',
    ]);
    for (const r of reminders) {
      const alarms = r.getAllSubcomponents('valarm');
      // RFC 5545 §3.8.6.3: a negative duration TRIGGER is relative to the event's start (the expiry).
      const triggers = alarms.map((a) => (a.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds());
      expect(triggers).toEqual([-24 * 3600, -5 * 3600, -3600]);
      expect(alarms.map((a) => [a.getFirstPropertyValue('action'), a.getFirstPropertyValue('description')])).toEqual([
        ['DISPLAY', 'A banked Codex reset expires in 24 hours'],
        ['DISPLAY', 'A banked Codex reset expires in 5 hours'],
        ['DISPLAY', 'A banked Codex reset expires in 1 hour'],
      ]);
    }
    // The exact lines (RFC 5545 §3.3.6 dur-time), three per grant; never a day-based one.
    for (const line of ['TRIGGER:-PT24H', 'TRIGGER:-PT5H', 'TRIGGER:-PT1H'])
      expect(ics.split('\r\n').filter((l) => l === line)).toHaveLength(2);
    expect(ics).not.toMatch(/TRIGGER:-P\d+DT\r\n/);
  });
  it.each([
    ['before the launch expiry', '2026-07-12T00:11:10Z', 2],
    ['at the launch expiry', '2026-07-12T00:11:11Z', 1],
    ['after both', '2026-07-18T00:10:10Z', 0],
  ])('grant reminders %s: %d', (_n, now, count) => {
    const out = createCalendar(data.events, data.banked, { base: BASE, now: new Date(now) });
    expect(out.match(/UID:banked-/g)?.length ?? 0).toBe(count);
  });
  it('ends every line with CRLF and folds at ≤ 75 octets, also for non-ASCII text', () => {
    const wide = { ...data.events[0]!, summary: 'Réinitialisation des limites ✓ — 限度已重置，感谢耐心等待。'.repeat(6) };
    const out = createCalendar([wide], data.banked, { base: BASE, now: MINI_NOW });
    for (const text of [ics, out]) {
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      for (const line of text.split('\r\n')) expect(octets(line), line).toBeLessThanOrEqual(75);
    }
    const back = new ICAL.Component(ICAL.parse(out))
      .getAllSubcomponents('vevent')
      .find((v) => v.getFirstPropertyValue('uid') === `${wide.id}@resetcast.netlify.app`);
    expect(String(back?.getFirstPropertyValue('description'))).toContain(wide.summary);
  });
  it('is byte-identical at two build clocks when the data and the active grants are unchanged', () => {
    expect(createCalendar(data.events, data.banked, { base: BASE, now: new Date('2026-07-02T09:00:00Z') })).toBe(ics);
    expect(createAtomFeed(data.events, { base: BASE })).toBe(atom);
  });
  it('matches the golden file', () => golden('mini.ics', ics));
  it('keeps recorded events of the past 12 months (from the build clock) and every future reminder', () => {
    // Build clock 2026-07-01T12:00:00Z: 12 months back is 2025-07-01T12:00:00Z, inclusive.
    expect(calendarSince(MINI_NOW).toISOString()).toBe('2025-07-01T12:00:00.000Z');
    const at = (ts: string, id: string): StoredEvent => ({ ...data.events[0]!, id, ts, date: ts.slice(0, 10) });
    const old = [
      at('2025-06-01T12:00:00Z', '101'),
      at('2025-07-01T11:59:59Z', '102'),
      at('2025-07-01T12:00:00Z', '103'),
      at('2025-08-01T00:00:00Z', '104'),
    ];
    const out = new ICAL.Component(ICAL.parse(createCalendar([...old, ...data.events], data.banked, { base: BASE, now: MINI_NOW })));
    const uids = out.getAllSubcomponents('vevent').map((v) => String(v.getFirstPropertyValue('uid')));
    expect(uids).not.toContain('101@resetcast.netlify.app'); // 13 months old
    expect(uids).not.toContain('102@resetcast.netlify.app'); // a second over 12 months
    expect(uids).toContain('103@resetcast.netlify.app');
    expect(uids).toContain('104@resetcast.netlify.app');
    for (const e of data.events) expect(uids).toContain(`${e.id}@resetcast.netlify.app`);
    // Both grants are still redeemable: their reminders (in the future of the build clock) stay.
    expect(uids.filter((u) => u.startsWith('banked-'))).toEqual([
      'banked-2026-06-12-launch@resetcast.netlify.app',
      'banked-2026-06-18-double@resetcast.netlify.app',
    ]);
  });
  it('drops an event 13 months after it was recorded, while a grant reminder stays until its expiry', () => {
    const later = new Date('2027-07-05T00:00:00Z');
    const grant = { ...data.banked.grants[0]!, id: 'late-grant', granted_at: '2027-07-01T00:00:00Z', expires_at: '2027-07-31T00:00:00Z' };
    const out = new ICAL.Component(
      ICAL.parse(createCalendar(data.events, { ...data.banked, grants: [grant] }, { base: BASE, now: later })),
    );
    const events = out.getAllSubcomponents('vevent');
    expect(events.map((v) => String(v.getFirstPropertyValue('uid')))).toEqual(['banked-late-grant@resetcast.netlify.app']);
    expect(new ICAL.Event(events[0]!).startDate.toJSDate().toISOString()).toBe('2027-07-31T00:00:00.000Z');
  });
  it('with spend-or-hold advice: the reminder says it, dated at the build clock, instead of the plain "redeem it"', () => {
    const advice = new Map([
      [
        '2026-06-12-launch',
        'Estimate: the chance of a free reset before it expires is 62 %. A reset before it expires is likely: hold it.',
      ],
    ]);
    const out = new ICAL.Component(ICAL.parse(createCalendar(data.events, data.banked, { base: BASE, now: MINI_NOW, advice })));
    const description = (uid: string): string =>
      String(
        out
          .getAllSubcomponents('vevent')
          .find((v) => v.getFirstPropertyValue('uid') === uid)
          ?.getFirstPropertyValue('description'),
      );
    expect(description('banked-2026-06-12-launch@resetcast.netlify.app')).toBe(
      'Launch grant.\nGranted 2026-06-12 00:11 UTC; expires 2026-07-12 00:11 UTC if unused.\n' +
        'Estimate: the chance of a free reset before it expires is 62 %. A reset before it expires is likely: hold it. (as of 2026-07-01 12:00 UTC)',
    );
    expect(description('banked-2026-06-18-double@resetcast.netlify.app')).toMatch(/Redeem it before then\.$/);
  });
});

describe('octet folding', () => {
  it.each([
    ['a'.repeat(75), 1],
    ['a'.repeat(76), 2],
    ['é'.repeat(40), 2], // 80 octets
    ['😀'.repeat(30), 2], // 120 octets: 18 emoji (72) + 12 more on a continuation
  ])('folds %#', (line, parts) => {
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical).toHaveLength(parts);
    for (const p of physical) expect(octets(p)).toBeLessThanOrEqual(75);
    expect(unfold(folded)).toBe(line);
    expect(folded).not.toContain('\uFFFD');
  });
  it('refold undoes character folding first', () => {
    expect(refold('A:12345\r\n\t678\r\n')).toBe('A:12345678\r\n');
  });
});
