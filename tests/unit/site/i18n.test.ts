/**
 * The message catalogues and the locale formatter: the build-time check names the locale and the key of
 * every missing or extra message, placeholder and plural form; the shipped catalogues pass it; dates and
 * numbers follow each locale's CLDR conventions, always in UTC, from the build clock only.
 */
import { describe, expect, it } from 'vitest';
import { catalogueProblems, checkCatalogues, pluralCategories } from '../../../src/site/i18n/catalogue.ts';
import { CATALOGUES, checkAllCatalogues } from '../../../src/site/i18n/catalogues.ts';
import en from '../../../src/site/i18n/en.ts';
import { formatter } from '../../../src/site/i18n/format.ts';
import { t } from '../../../src/site/i18n/index.ts';
import { fill, placeholders, splitTemplate } from '../../../src/site/i18n/template.ts';
import { DOCUMENTED_ENDPOINTS } from '../../../src/site/api/endpoints.ts';

const SOURCE = {
  title: 'Hello {name}',
  nav: { home: 'Home', banked: 'Banked resets' },
  count: { one: '{count} reset since {since}', other: '{count} resets since {since}' },
};

describe('catalogueProblems (the build check)', () => {
  it('finds nothing in a complete translation', () => {
    const zh = { title: '你好，{name}', nav: { home: '首页', banked: '储存的重置' }, count: { other: '自 {since} 以来 {count} 次重置' } };
    expect(catalogueProblems('zh', 'zh-Hans', SOURCE, zh)).toEqual([]);
  });

  it('names the locale and the key of a missing and of an extra message', () => {
    const ja = { title: 'こんにちは {name}', nav: { home: 'ホーム', bankd: '保存済み' }, count: { other: '{count} 回' } };
    expect(catalogueProblems('ja', 'ja', SOURCE, ja)).toEqual([
      'ja: nav.banked: missing key',
      'ja: nav.bankd: extra key (not in the English catalogue)',
    ]);
  });

  it('names a lost or unknown placeholder, an empty message and a missing group', () => {
    const es = { title: 'Hola {nombre}', count: { one: '', other: '{count} reinicios' } };
    expect(catalogueProblems('es', 'es', SOURCE, es)).toEqual([
      'es: title: missing placeholder {name}',
      'es: title: unknown placeholder {nombre}',
      'es: nav: missing key',
      'es: count.one: empty message',
    ]);
  });

  it('asks for the plural forms a count takes in the language, not English’s', () => {
    // Korean has one form; Spanish needs "one" and "other" (its "many" is for millions, never reached here).
    expect(catalogueProblems('ko', 'ko', SOURCE, { ...SOURCE, count: { other: '{count}회' } })).toEqual([]);
    expect(catalogueProblems('es', 'es', SOURCE, { ...SOURCE, count: { other: '{count} reinicios' } })).toEqual([
      'es: count: missing plural form one (es uses one, other)',
    ]);
    expect(catalogueProblems('es', 'es', SOURCE, { ...SOURCE, count: 'reinicios' })).toEqual([
      'es: count: expected plural forms (one, other)',
    ]);
  });

  it('checkCatalogues throws one error listing every locale and key', () => {
    const broken = { en: { lang: 'en', messages: SOURCE }, zh: { lang: 'zh-Hans', messages: { ...SOURCE, extra: 'x', title: undefined } } };
    expect(() => checkCatalogues('en', broken)).toThrow(
      'i18n: the message catalogues disagree with en.ts:\n  zh: title: missing key\n  zh: extra: extra key (not in the English catalogue)',
    );
  });

  it('the shipped catalogues pass, and a real one with a key removed fails naming it', () => {
    expect(() => checkAllCatalogues()).not.toThrow();
    const { skip: _, ...site } = en.site;
    expect(() => checkAllCatalogues({ ...CATALOGUES, ko: { ...en, site } })).toThrow(/ {2}ko: site\.skip: missing key/);
  });
});

describe('plural categories', () => {
  it.each([
    ['en-GB', ['one', 'other']],
    ['es', ['one', 'other']],
    ['zh-Hans', ['other']],
    ['ja', ['other']],
    ['ko', ['other']],
    ['ru', ['one', 'few', 'many', 'other']],
  ])('%s needs %j', (lang, expected) => {
    expect(pluralCategories(lang)).toEqual(expected);
  });
});

describe('templates', () => {
  it('finds, splits and fills placeholders', () => {
    expect(placeholders('{a} and {b}, {a}')).toEqual(['a', 'b']);
    expect(splitTemplate('x {a} y')).toEqual(['x ', { name: 'a' }, ' y']);
    expect(fill('{n} d', { n: 3 })).toBe('3 d');
    expect(() => fill('{n} d', {}, 'en: home.x')).toThrow('i18n: message "en: home.x" needs a value for {n}');
  });

  it('picks the plural form of the locale and formats the count', () => {
    expect(t('en').plural('time.days', 1)).toBe('1 day');
    expect(t('en').plural('time.days', 1234)).toBe('1,234 days');
  });
});

describe('the endpoint words', () => {
  it('say what each endpoint the developers page lists is, no more, no fewer', () => {
    expect(Object.keys(en.endpoints).sort()).toEqual(DOCUMENTED_ENDPOINTS.map((e) => e.operationId).sort());
  });
});

describe('formatter: UTC, CLDR conventions of each locale, the build clock only', () => {
  const NOW = new Date('2026-11-23T00:00:00Z');
  // Expected strings written from each language's conventions (day-month order, 年月日, 년월일, "hace", "前", "전").
  it.each([
    ['en', '22 Nov 2026, 23:14 UTC', '5 March 2026', '3 days ago', '2 hours ago', '1 day, 5 hours', '42 minutes', '15%'],
    ['zh', '2026年11月22日 UTC 23:14', '2026年3月5日', '3天前', '2小时前', '1天5小时', '42分钟', '15%'],
    ['ja', '2026年11月22日 23:14 UTC', '2026年3月5日', '3 日前', '2 時間前', '1 日 5 時間', '42 分', '15%'],
    ['es', '22 nov 2026, 23:14 UTC', '5 de marzo de 2026', 'hace 3 días', 'hace 2 horas', '1 día y 5 horas', '42 minutos', '15\u00a0%'],
    ['ko', '2026년 11월 22일 23:14 UTC', '2026년 3월 5일', '3일 전', '2시간 전', '1일 5시간', '42분', '15%'],
  ] as const)('%s', (locale, dateTime, date, agoDays, agoHours, left, leftMinutes, percent) => {
    const f = formatter(locale);
    expect(f.dateTime('2026-11-22T23:14:00Z')).toBe(dateTime);
    expect(f.date('2026-03-05')).toBe(date);
    expect(f.ago('2026-11-20T00:00:00Z', NOW, '-')).toBe(agoDays);
    expect(f.ago('2026-11-22T21:30:00Z', NOW, '-')).toBe(agoHours);
    expect(f.timeLeft('2026-11-24T05:00:00Z', NOW)).toBe(left);
    expect(f.age(29.5)).toBe(left);
    expect(f.timeLeft('2026-11-23T00:42:30Z', NOW)).toBe(leftMinutes);
    expect(f.percent(15)).toBe(percent);
  });

  it('rounds ages toward zero and says "just now" under a minute', () => {
    const f = formatter('en');
    expect(f.ago('2026-11-22T23:59:01Z', NOW, 'just now')).toBe('just now');
    expect(f.ago('2026-11-21T00:00:01Z', NOW, '-')).toBe('47 hours ago');
    expect(f.ago('2026-11-23T02:00:00Z', NOW, '-')).toBe('in 2 hours');
    expect(f.timeLeft('2026-11-22T00:00:00Z', NOW)).toBe('0 minutes');
  });

  it('says time left and an age that grow with the clock in whole days from two days on, as `ago` counts (a page keeps its state for a day)', () => {
    const f = formatter('en');
    expect(f.timeLeft('2026-11-25T05:00:00Z', NOW)).toBe('2 days');
    expect(f.timeLeft('2026-11-24T23:59:59Z', NOW)).toBe('1 day, 23 hours');
    expect(f.timeLeft('2026-12-03T23:00:00Z', NOW)).toBe('10 days');
    expect(f.age(1053.772)).toBe('43 days');
    expect(f.age(47.99)).toBe('1 day, 23 hours');
    expect(f.age(0.5)).toBe('30 minutes');
    expect(f.span(1053.772)).toBe('43 days, 21 hours');
  });

  it('says a span of hours as days and hours, never as a decimal hour count', () => {
    const f = formatter('en');
    // 1,053.772 h = 43 × 24 h + 21.772 h → 43 days, 21 hours (rounded toward zero).
    expect(f.span(1053.772)).toBe('43 days, 21 hours');
    expect(f.span(48)).toBe('2 days');
    expect(f.span(5.5)).toBe('5 hours');
    expect(f.span(0.75)).toBe('45 minutes');
    expect(formatter('ja').span(1053.772)).toBe('43 日 21 時間');
    expect(formatter('es').span(1053.772)).toBe('43 días y 21 horas');
  });

  it('refuses a string that is not a date', () => {
    expect(() => formatter('en').date('someday')).toThrow(/not a date/);
  });
});
