/**
 * Which 404 page a missing address gets: netlify.toml's 404 rules, read with Netlify's own parser, give
 * each prefixed locale its own page; anything else gets /404.html. The rules in netlify.toml and the
 * locales of src/site/i18n/locales.ts must agree (one rule per prefixed locale, to that locale's page).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNotFoundRules } from '../../../src/serve/load.ts';
import { fromPattern, notFoundFile, staticAnswer, type NotFoundRule } from '../../../src/serve/static.ts';
import { PREFIXED_LOCALES } from '../../../src/site/i18n/locales.ts';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const text = (b: Uint8Array): string => new TextDecoder().decode(b);
const FILES = new Map([
  ['/index.html', bytes('home')],
  ['/404.html', bytes('lost')],
  ['/zh/index.html', bytes('zh home')],
  ['/zh/404/index.html', bytes('zh lost')],
  ['/ja/404/index.html', bytes('ja lost')],
]);
const RULES: NotFoundRule[] = [
  { from: '/zh/*', to: '/zh/404/' },
  { from: '/ja/*', to: '/ja/404/' },
  { from: '/es/*', to: '/es/404/' }, // its page is missing here: the English one answers
];

describe('fromPattern: a redirect’s `from` as Netlify matches it', () => {
  it.each([
    ['/zh/*', '/zh/nope', true],
    ['/zh/*', '/zh/a/b/c', true],
    ['/zh/*', '/zh', true],
    ['/zh/*', '/zhx/nope', false],
    ['/zh/*', '/nope', false],
    ['/a.b/*', '/aXb/c', false],
    ['/news/:year/x', '/news/2026/x', true],
    ['/news/:year/x', '/news/2026/y/x', false],
  ])('%s against %s → %s', (from, path, want) => expect(fromPattern(from).test(path)).toBe(want));
});

describe('notFoundFile and staticAnswer', () => {
  it.each([
    ['/zh/nope', '/zh/404/index.html'],
    ['/ja/x/y/', '/ja/404/index.html'],
    ['/es/nope', '/404.html'],
    ['/nope', '/404.html'],
    ['/zhx', '/404.html'],
  ])('%s → %s', (path, want) => expect(notFoundFile(FILES, RULES, path)).toBe(want));

  it('answers a missing address under a locale with that locale’s page and status 404; a file that exists is served', () => {
    const lost = staticAnswer(FILES, [], 'GET', '/zh/nope', undefined, RULES);
    expect([lost.status, text(lost.body)]).toEqual([404, 'zh lost']);
    const found = staticAnswer(FILES, [], 'GET', '/zh/', undefined, RULES);
    expect([found.status, text(found.body)]).toEqual([200, 'zh home']);
    const english = staticAnswer(FILES, [], 'GET', '/nope', undefined, RULES);
    expect([english.status, text(english.body)]).toEqual([404, 'lost']);
  });
});

describe('netlify.toml’s 404 rules', () => {
  it('are one per prefixed locale, each to that locale’s 404 page, as Netlify’s parser reads them', async () => {
    const rules = await readNotFoundRules(join(import.meta.dirname, '../../../netlify.toml'));
    expect(rules).toEqual(PREFIXED_LOCALES.map((l) => ({ from: `/${l}/*`, to: `/${l}/404/` })));
  });
});
