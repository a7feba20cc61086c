/**
 * Issue 32, on a real build of the frozen history (its record last checked 2026-10-11, so not vouched for at
 * the build clock) with, made by the curation commands in the test's own copy: a link-only correction (an
 * event without a post moved from /timeline/ to its year page), a retracted post recorded again, and an
 * ordinary correction. Every human page, feed and the calendar are scanned for internal words; bookkeeping
 * stays out of people's feeds; a re-recorded event reads true; the staleness line is on every page that
 * lists facts, in every locale.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJson, type BuildResult } from '../support/astro-build.ts';
import { internalWords, readableHtml } from '../support/internal-words.ts';
import { curateAndBuild, curateDir, idOf, RERECORD_STEPS, RERECORDED, xUrl } from '../support/curate-env.ts';
import { joinedRegExp } from '../support/regexp.ts';

/** An event of the frozen history with no post of its own: its link is its place on our timeline. */
const NO_POST = '2018112125137846272';
const CORRECTED = xUrl('OpenAIDevs', '2026-11-19T21:40:10Z');
const LOCALES = ['', 'zh/', 'ja/', 'es/', 'ko/'];
const YEAR_PAGE = 'timeline/2026/index.html';

let build: BuildResult;
const page = (path: string): string => readFileSync(join(build.outDir, path), 'utf8');
const files = (): string[] => {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
  return walk(build.outDir)
    .map((f) => relative(build.outDir, f))
    .filter((f) => !f.startsWith('.'));
};

beforeAll(async () => {
  const dir = curateDir();
  build = await curateAndBuild(dir, [
    [
      'correct',
      [NO_POST, '--url', `https://resetcast.netlify.app/timeline/2026/#e-${NO_POST}`, '--reason', 'the timeline has a page per year'],
    ],
    ...RERECORD_STEPS,
    ['add-event', [CORRECTED, '--kind', 'reset', '--scope', 'all', '--summary', 'Limits reset.']],
    ['correct', [idOf(CORRECTED), '--scope', 'plus+pro', '--reason', 'free accounts were not reset']],
  ]);
}, 240_000);

describe('words for people (item 2)', () => {
  it('no human page says a field name, raw id, ISO timestamp or model jargon outside code, attributes and URLs', () => {
    const pages = files().filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(30);
    const found = pages.flatMap((f) => internalWords(readableHtml(page(f))).map((h) => `${f}: ${h}`));
    expect(found).toEqual([]);
  });
  it('no feed title or summary does (/feed.xml, /alerts.xml, /alerts/*.xml, read with a real feed parser)', () => {
    const feeds = files().filter((f) => f === 'feed.xml' || f === 'alerts.xml' || (f.startsWith('alerts/') && f.endsWith('.xml')));
    expect(feeds.length).toBeGreaterThan(2);
    const found = feeds.flatMap((f) => {
      const feed = parseFeed(page(f));
      return [feed.title, feed.description, ...feed.items.flatMap((i) => [i.title, i.description])].flatMap((t) =>
        internalWords(t ?? '').map((h) => `${f}: ${h}`),
      );
    });
    expect(found).toEqual([]);
  });
  it('no calendar SUMMARY or DESCRIPTION does (read with ical.js)', () => {
    const cal = new ICAL.Component(ICAL.parse(page('calendar.ics')));
    const texts = cal
      .getAllSubcomponents('vevent')
      .flatMap((v) => [v, ...v.getAllSubcomponents('valarm')])
      .flatMap((c) => ['summary', 'description'].map((p) => String(c.getFirstPropertyValue(p) ?? '')));
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.flatMap((t) => internalWords(t))).toEqual([]);
  });
  it('says the fields in doubt in words, in every locale', () => {
    expect(page(YEAR_PAGE)).toMatch(/plans not stated/);
    expect(page(`zh/${YEAR_PAGE}`)).toMatch(/未说明适用方案/);
  });
  it('marks English free text lang="en" with a visible "(English)" in the other locales', () => {
    const zh = page(`zh/${YEAR_PAGE}`);
    expect(zh).toContain('<span lang="en">free accounts were not reset</span><span class="muted">（英文）</span>');
    expect(page(`es/${YEAR_PAGE}`)).toContain('<span lang="en">free accounts were not reset</span><span class="muted"> (en inglés)</span>');
    expect(page(YEAR_PAGE)).not.toContain('(English)');
  });
  it('names every signal source from the SOURCES registry; no "Issues 信号"', () => {
    expect(page('zh/index.html')).not.toContain('Issues 信号');
    expect(page('zh/index.html')).toContain('问题报告信号');
  });
});

describe("bookkeeping stays out of people's feeds (item 3)", () => {
  it('a link move is in corrections.json, SPEC fields unchanged', () => {
    const moves = readJson(build.outDir, 'api/v1/corrections.json').corrections.filter(
      (c: { what: string; event_id: string }) => c.what === 'url' && c.event_id === NO_POST,
    );
    expect(moves).toHaveLength(1);
    expect(Object.keys(moves[0]!).sort()).toEqual(['after', 'at', 'before', 'event_id', 'reason', 'what']);
  });
  it('but not in /feed.xml, whose other corrections are', () => {
    const ids = parseFeed(page('feed.xml')).items.map((i) => i.id ?? '');
    expect(ids.filter((id) => id.includes(`correction:${NO_POST}`))).toEqual([]);
    expect(ids).toContain(`tag:resetcast.netlify.app,2026:correction:${idOf(CORRECTED)}:2026-11-20T12:00:00Z:scope`);
  });
  it('and no "corrected" badge for it on the timeline, in any locale', () => {
    for (const l of LOCALES) {
      const html = page(`${l}${YEAR_PAGE}`); // the event is of 2026-02-02
      const at = html.indexOf(`id="e-${NO_POST}"`);
      expect(at, l).toBeGreaterThan(-1);
      expect(html.slice(at, html.indexOf('</li>', at)), l).not.toContain('class="badge correction"');
    }
  });
});

describe('history reads true (item 4)', () => {
  it.each(LOCALES)('%s: a re-recorded event shows once, live, with "recorded again" and a link to its folded retraction', (l) => {
    const html = page(`${l}${YEAR_PAGE}`);
    const id = idOf(RERECORDED);
    expect(html.split(`id="e-${id}"`)).toHaveLength(2);
    const retracted = html.indexOf('id="retracted-h"');
    const item = html.slice(html.indexOf(`id="e-${id}"`), retracted === -1 ? undefined : retracted);
    const anchor = `r-${id}-20261120120000`;
    expect(item).toContain(`href="#${anchor}"`);
    expect(item).toContain(`id="${anchor}"`);
    if (retracted !== -1) expect(html.slice(retracted)).not.toContain(id);
  });
  it('in English: "Recorded again … after its retraction", both reasons quoted', () => {
    const html = page(YEAR_PAGE);
    const item = html.slice(html.indexOf(`id="e-${idOf(RERECORDED)}"`));
    const text = readableHtml(
      item.slice(0, item.indexOf('</li>\n</ul>') === -1 ? item.indexOf('</ul>') : item.indexOf('</li>\n</ul>')),
    ).replace(/\s+/g, ' ');
    expect(text).toMatch(
      joinedRegExp(
        /recorded again Recorded again 20 Nov 2026, 12:00 UTC after its retraction \. Reason: it was/,
        / about Codex after all retracted Retracted 20 Nov 2026, 12:00 UTC : looked like another product/,
        / \./,
      ),
    );
    // Said once: the folded retraction is not also listed as a "corrected" line.
    expect(text).not.toContain('did not happen as recorded');
  });
});

describe('staleness said the same way everywhere (item 5)', () => {
  it('the forecast of this record is not available', () => {
    expect(readJson(build.outDir, 'api/v1/forecast.json').available).toBe(false);
  });
  it.each(LOCALES)('%s: home, timeline, a year page, banked and methodology carry the one freshness line', (l) => {
    const lines = ['index.html', 'timeline/index.html', YEAR_PAGE, 'banked/index.html', 'methodology/index.html'].map((p) => {
      const html = page(`${l}${p}`);
      const at = html.indexOf('data-testid="unvouched"');
      expect(at, `${l}${p}`).toBeGreaterThan(-1);
      return readableHtml(html.slice(html.indexOf('>', at) + 1, html.indexOf('</p>', at)))
        .replace(/\s+/g, ' ')
        .trim();
    });
    // The home page's line leaves out the title ("Not vouched for…"): its answer line says so just above.
    const [home, ...others] = lines;
    expect(new Set(others).size).toBe(1);
    expect(others[0]!.endsWith(home!), `${others[0]} / ${home}`).toBe(true);
    expect(others[0]!.length).toBeGreaterThan(home!.length);
  });
  it('in English it says when the record was last checked', () => {
    const html = page('banked/index.html');
    const at = html.indexOf('data-testid="unvouched"');
    const line = readableHtml(html.slice(at, html.indexOf('</p>', at))).replace(/\s+/g, ' ');
    expect(line, line).toMatch(
      joinedRegExp(
        /Not vouched for: recent resets may be missing\. The record of resets was last checked against the sources .* ago /,
        /\( ?11 Oct 2026, 00:00 UTC ?\)\. Facts recorded since then are shown, but the sources were not checked again/,
      ),
    );
  });
});
