/**
 * The social cards: what each card says (kept as structure, read here from the frozen history's own
 * payloads), the element tree the renderer is given, the fonts it loads, the meta tags of a page, and the
 * rendered PNG itself (decoded with pngjs): its size, that bad input never leaves the card's margins, and
 * that the same card gives the same bytes.
 */
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { parseDataset } from '../../../src/core/dataset/index.ts';
import { SITE } from '../../../src/core/site.ts';
import { createPayloadsWithReasons } from '../../../src/site/api/payloads.ts';
import { LOCALES, t, type Locale } from '../../../src/site/i18n/index.ts';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  cardAlt,
  cardFor,
  cardPage,
  cardPages,
  cardUrl,
  homeCard,
  homeCardSlug,
  type CardInputs,
  type SocialCard,
} from '../../../src/site/social-card.ts';
import { cardFonts, parseUnicodeRange, slicesFor } from '../../../src/site/social-fonts.ts';
import { cardSvg, renderCard } from '../../../src/site/social-render.ts';
import { CARD_COLORS, CARD_MARGIN, cardTree, TEXT_LIMITS, type CardNode } from '../../../src/site/social-tree.ts';
import { socialMeta } from '../../../src/site/social.ts';
import { HISTORY_NOW, historyTexts } from '../../support/history.ts';
import { netlifyHeadersFor } from '../../support/netlify-headers.ts';

/** The frozen history's build at a clock: its payloads, as src/site/data.ts computes them. */
function inputsAt(now: Date): CardInputs {
  const data = parseDataset(historyTexts(), now);
  return { now, data, ...createPayloadsWithReasons(data, now, SITE.url) };
}
// At its own clock the record was last checked six weeks earlier: not vouched for.
const STALE = inputsAt(HISTORY_NOW);
// A day after the last recorded reset (10 October 2026) and its check: vouched for, three grants active.
const FRESH = inputsAt(new Date('2026-10-12T00:00:00Z'));

/** Every string in a tree, in order. */
function strings(node: CardNode | string | CardNode[] | undefined): string[] {
  if (node === undefined) return [];
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(strings);
  return strings(node.props.children);
}

describe('what the cards say', () => {
  it('has a card for every page in every locale, a 404 page in each locale, and each locale its fallback', () => {
    const pages = cardPages(STALE);
    for (const locale of LOCALES) {
      const paths = pages.filter((p) => p.locale === locale).map((p) => p.path);
      expect(paths).toEqual(
        expect.arrayContaining(['/', '/timeline/', '/timeline/2026/', '/timeline/2025/', '/banked/', '/methodology/', '/developers/', '']),
      );
    }
    expect(pages.filter((p) => p.path === '/404/').map((p) => p.locale)).toEqual([...LOCALES]);
    expect(new Set(pages.map((p) => `${p.locale}/${p.slug}`)).size).toBe(pages.length);
    expect(cardFor(pages, 'ko', '/no-such-page/').slug).toBe('site');
  });

  it('gives each page alone the card the list gives it (a timetable state renders one page), the home card named by its content', () => {
    for (const inputs of [STALE, FRESH]) {
      const pages = cardPages(inputs);
      for (const p of pages) if (p.slug !== 'site') expect(cardPage(inputs, p.locale, p.path)).toEqual(p);
      expect(cardPage(inputs, 'es', '/no-such-page/')).toEqual(cardFor(pages, 'es', '/no-such-page/'));
    }
    const home = (inputs: CardInputs, locale: Locale): string => cardPage(inputs, locale, '/').slug;
    expect(home(STALE, 'en')).toMatch(/^home-[0-9a-f]{16}$/);
    expect(home(STALE, 'en')).toBe(homeCardSlug(homeCard(t('en'), STALE)));
    // Another card (vouched for, other grants), another name; the same card, the same name.
    expect(home(FRESH, 'en')).not.toBe(home(STALE, 'en'));
    expect(home(STALE, 'ja')).not.toBe(home(STALE, 'en'));
    expect(home(inputsAt(HISTORY_NOW), 'en')).toBe(home(STALE, 'en'));
  });

  it('the home card shows no chance (the signals move it at run time, a scraper keeps a card for days), only whether it is vouched for', () => {
    expect(FRESH.payloads.forecast.available).toBe(true);
    expect(STALE.payloads.forecast.available).toBe(false);
    for (const locale of LOCALES) {
      const tr = t(locale);
      for (const inputs of [FRESH, STALE]) {
        const card = homeCard(tr, inputs);
        const drawn = strings(cardTree(card, []));
        expect(drawn.join(' '), locale).not.toContain(tr.f.percent(inputs.payloads.forecast.p24));
        expect(cardAlt(card, tr), locale).not.toContain(tr.f.percent(inputs.payloads.forecast.p24));
      }
      expect(homeCard(tr, FRESH).caveat).toBeNull();
      expect(homeCard(tr, STALE).caveat).toBe(tr('words.unvouched.title'));
      expect(strings(cardTree(homeCard(tr, STALE), [])).some((s) => s.includes(tr('words.unvouched.title')))).toBe(true);
    }
  });

  it('names the last reset by its date in the locale’s words, and the banked resets active', () => {
    expect(homeCard(t('en'), FRESH).lines).toEqual(['The last recorded reset: 10 October 2026', 'Banked resets you can redeem: 3']);
    expect(homeCard(t('ja'), STALE).lines[0]).toBe('直近に記録されたリセット：2026年10月10日');
    expect(homeCard(t('es'), STALE).lines[1]).toBe(`${t('es')('home.banked.heading')}: ${t('es')('home.banked.none')}`);
  });

  it('every other card shows its page’s title and description', () => {
    const banked = cardFor(cardPages(STALE), 'zh', '/banked/').card;
    expect(banked.title).toBe(t('zh')('banked.title'));
    expect(banked.lines).toEqual([t('zh')('banked.description')]);
    expect(banked.caveat).toBeNull();
  });
});

describe('the tree', () => {
  it('cuts a very long title at a grapheme boundary with an ellipsis before the layout sees it', () => {
    const card: SocialCard = { ...homeCard(t('en'), STALE), title: `${'👩🏽‍💻'.repeat(200)}${'x'.repeat(1_200)}` };
    const [title] = strings(cardTree(card, []));
    expect([...title!].length).toBeLessThanOrEqual(TEXT_LIMITS.title);
    expect(title!.endsWith('…')).toBe(true);
    // Whole emoji sequences only: every cluster but the ellipsis is the seven-code-point sequence.
    const clusters = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(title!)].map((s) => s.segment);
    expect(clusters.slice(0, -1).every((c) => c === '👩🏽‍💻')).toBe(true);
  });
});

describe('the fonts', () => {
  it('reads unicode-range lists', () => {
    expect(parseUnicodeRange('U+0000-00FF,U+0131, U+2000-206F')).toEqual([
      [0, 255],
      [305, 305],
      [0x2000, 0x206f],
    ]);
  });
  it('loads Latin only for Latin words, and the locale’s own CJK family for the rest', () => {
    expect(slicesFor('en', 'Resetcast 22%').map((s) => `${s.family.id} ${s.key}`)).toEqual(['noto-sans latin']);
    const ja = slicesFor('ja', 'Codex 利用上限リセット予測');
    expect(ja[0]).toMatchObject({ key: 'latin' });
    expect(new Set(ja.slice(1).map((s) => s.family.id))).toEqual(new Set(['noto-sans-jp']));
    expect(
      new Set(
        slicesFor('ko', '리셋')
          .slice(1)
          .map((s) => s.family.id),
      ),
    ).toEqual(new Set(['noto-sans-kr']));
  });
  it('gives satori both weights of each slice, as WOFF (satori cannot read WOFF2)', () => {
    const { fonts, family } = cardFonts('zh', '重置预测');
    expect(fonts).toHaveLength(family.length * 2);
    for (const f of fonts) expect(f.data.subarray(0, 4).toString('latin1')).toBe('wOFF');
  });
});

describe('the meta tags', () => {
  it('name the page’s card by an absolute URL with its size, alt text, locale and X’s large card', () => {
    const tr = t('ja');
    const pages = cardPages(STALE);
    const tags = socialMeta(
      { tr, title: 'T', description: 'D', path: '/', url: `${SITE.url}/ja/`, translated: true, base: SITE.url },
      pages,
    );
    const get = (key: string): string[] => tags.filter((m) => m.key === key).map((m) => m.content);
    expect(get('og:image')).toEqual([`${SITE.url}/og/ja/${cardFor(pages, 'ja', '/').slug}.png`]);
    expect(get('og:image')[0]).toMatch(/\/og\/ja\/home-[0-9a-f]{16}\.png$/);
    expect(get('og:image:width')).toEqual(['1200']);
    expect(get('og:image:height')).toEqual(['630']);
    expect(get('og:image:alt')).toEqual([cardAlt(cardFor(pages, 'ja', '/').card, tr)]);
    expect(get('og:image:alt')[0]).toContain('2026年10月10日');
    expect(get('og:locale')).toEqual(['ja_JP']);
    expect(get('og:locale:alternate')).toHaveLength(4);
    expect(get('og:url')).toEqual([`${SITE.url}/ja/`]);
    expect(tags.find((m) => m.key === 'twitter:card')).toEqual({ attr: 'name', key: 'twitter:card', content: 'summary_large_image' });
    expect(cardUrl({ locale: 'en', slug: 'home' }, 'https://example.org/base')).toBe('https://example.org/base/og/en/home.png');
  });
  it('a page with no URL of its own (the 404 page) gets no og:url and no alternates', () => {
    const tags = socialMeta(
      { tr: t('en'), title: 'T', description: 'D', path: '/404/', url: null, translated: false, base: SITE.url },
      cardPages(STALE),
    );
    expect(tags.map((m) => m.key)).not.toContain('og:url');
    expect(tags.map((m) => m.key)).not.toContain('og:locale:alternate');
    expect(tags.find((m) => m.key === 'og:image')?.content).toBe(`${SITE.url}/og/en/404.png`);
  });
});

describe('netlify.toml', () => {
  it('serves the cards as image/png with a 5-minute cache', async () => {
    const { errors, merged } = await netlifyHeadersFor('/og/ja/home-0123456789abcdef.png');
    expect(errors).toEqual([]);
    expect(merged).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=300',
      'x-content-type-options': 'nosniff',
    });
  });
});

/** RGB of a pixel. */
const rgb = (png: PNG, x: number, y: number): string => {
  const i = (png.width * y + x) * 4;
  return `#${[0, 1, 2].map((k) => png.data[i + k]!.toString(16).padStart(2, '0')).join('')}`;
};

/** Pixels of the card outside the inner box that are not the background (the top band is drawn on purpose). */
function inkInMargins(png: PNG): string[] {
  const found: string[] = [];
  for (let y = 0; y < png.height; y++)
    for (let x = 0; x < png.width; x++) {
      const inBand = y < 12;
      const inMargin = x < CARD_MARGIN - 1 || x >= CARD_WIDTH - CARD_MARGIN + 1 || y >= CARD_HEIGHT - CARD_MARGIN + 1;
      if (!inBand && inMargin && rgb(png, x, y) !== CARD_COLORS.background) found.push(`${x},${y}`);
    }
  return found;
}

/** Pixels inside the inner box that are not the background: the card drew something. */
function inkInside(png: PNG): number {
  let n = 0;
  for (let y = 80; y < CARD_HEIGHT - CARD_MARGIN; y += 2)
    for (let x = CARD_MARGIN; x < CARD_WIDTH - CARD_MARGIN; x += 2) if (rgb(png, x, y) !== CARD_COLORS.background) n++;
  return n;
}

const LONG_TITLE = (locale: Locale): string =>
  (locale === 'en' || locale === 'es' ? 'Overflowing title words ' : locale === 'ko' ? '아주 긴 제목 ' : '非常に長い題名重置预测')
    .repeat(200)
    .slice(0, 2_000);

describe('the rendered card', () => {
  it.each(LOCALES)(
    '%s: a 2,000-character title, a 2,000-character line, the not-vouched-for line and ten active grants stay inside the margins of a 1200×630 PNG',
    async (locale) => {
      const tr = t(locale);
      const ten = {
        ...FRESH,
        payloads: {
          ...FRESH.payloads,
          banked: {
            ...FRESH.payloads.banked,
            active: Array.from({ length: 10 }, (_, i) => ({ ...FRESH.payloads.banked.active[0]!, id: `g${i}` })),
          },
        },
      };
      const home = homeCard(tr, ten);
      expect(home.lines[1]).toContain(tr.f.number(10, 0));
      // The fullest card there is: a long title, the not-vouched-for line and three lines.
      const card: SocialCard = {
        ...home,
        title: LONG_TITLE(locale),
        caveat: tr('words.unvouched.title'),
        lines: [LONG_TITLE(locale), ...home.lines],
      };
      // The layout: every node satori placed lies within the inner box.
      const boxes: { left: number; top: number; width: number; height: number }[] = [];
      await cardSvg(card, (n) => boxes.push(n));
      const inner = boxes.filter((b) => b.top >= 12);
      expect(inner.length).toBeGreaterThan(3);
      for (const b of inner) {
        expect(b.left + b.width, JSON.stringify(b)).toBeLessThanOrEqual(CARD_WIDTH - CARD_MARGIN + 0.5);
        expect(b.top + b.height, JSON.stringify(b)).toBeLessThanOrEqual(CARD_HEIGHT - CARD_MARGIN + 0.5);
      }
      // The pixels: the margins stay background, and something was drawn inside.
      const png = PNG.sync.read(Buffer.from(await renderCard(card)));
      expect([png.width, png.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
      expect(inkInMargins(png).slice(0, 5)).toEqual([]);
      expect(inkInside(png)).toBeGreaterThan(1_000);
    },
    60_000,
  );

  it('the same card gives the same bytes, and a different line different pixels', async () => {
    const card = homeCard(t('en'), FRESH);
    const [a, b] = await Promise.all([renderCard(card), renderCard(card)]);
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
    const other = await renderCard({ ...card, lines: [card.lines[0]!, 'Banked resets you can redeem: 4'] });
    expect(Buffer.compare(Buffer.from(a), Buffer.from(other))).not.toBe(0);
  }, 60_000);
});
