/**
 * The fonts of the social cards, shipped with the project as npm packages (@fontsource/noto-sans,
 * -sc, -jp, -kr: Noto Sans under the SIL Open Font License 1.1, each package's LICENSE). Fontsource cuts
 * each family into slices by Unicode range (its `unicode.json`) as WOFF files, which satori reads (it
 * cannot read WOFF2). A card loads only the slices that hold the characters it shows: a Latin card two
 * small files, a Japanese card the Latin ones and the few CJK slices its words fall in, never the whole
 * 5 MB family. Each file is read once per build.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locale } from './i18n/index.ts';

/** A fontsource package: its id is the prefix of its file names. */
interface Family {
  pkg: string;
  id: string;
}
const LATIN: Family = { pkg: '@fontsource/noto-sans', id: 'noto-sans' };
const SC: Family = { pkg: '@fontsource/noto-sans-sc', id: 'noto-sans-sc' };
const JP: Family = { pkg: '@fontsource/noto-sans-jp', id: 'noto-sans-jp' };
const KR: Family = { pkg: '@fontsource/noto-sans-kr', id: 'noto-sans-kr' };

/**
 * Which families draw a locale's cards, in order: a character comes from the first family that has it.
 * Latin first (figures, Latin words, punctuation look the same on every card), then the locale's own
 * CJK family, whose forms differ between Chinese, Japanese and Korean for the same code point.
 */
export const CARD_FAMILIES: Readonly<Record<Locale, readonly Family[]>> = {
  en: [LATIN],
  es: [LATIN],
  zh: [LATIN, SC],
  ja: [LATIN, JP],
  ko: [LATIN, KR],
};
export const CARD_WEIGHTS = [400, 700] as const;
export type CardWeight = (typeof CARD_WEIGHTS)[number];

/** One font as satori takes it. */
export interface CardFont {
  name: string;
  data: Buffer;
  weight: CardWeight;
  style: 'normal';
}

type Range = readonly [number, number];
interface Slice {
  /** The slice's key in unicode.json: `latin`, `[87]`. */
  key: string;
  ranges: readonly Range[];
}

const require = createRequire(import.meta.url);

/** `U+0000-00FF,U+0131` → [[0, 255], [305, 305]]. */
export function parseUnicodeRange(text: string): Range[] {
  return text.split(',').map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to!, 16)] as const;
  });
}

const slicesOf = new Map<string, Slice[]>();
function slices(family: Family): Slice[] {
  let found = slicesOf.get(family.pkg);
  if (!found) {
    const map = JSON.parse(readFileSync(require.resolve(`${family.pkg}/unicode.json`), 'utf8')) as Record<string, string>;
    found = Object.entries(map).map(([key, range]) => ({ key, ranges: parseUnicodeRange(range) }));
    slicesOf.set(family.pkg, found);
  }
  return found;
}

const holds = (slice: Slice, cp: number): boolean => slice.ranges.some(([a, b]) => cp >= a && cp <= b);

/** The slices (family, key) that hold `text`'s characters, each character from the first family that has it. */
export function slicesFor(locale: Locale, text: string): { family: Family; key: string }[] {
  const chosen = new Map<string, { family: Family; key: string }>();
  for (const ch of new Set(text)) {
    const cp = ch.codePointAt(0)!;
    if (cp <= 0x20) continue;
    for (const family of CARD_FAMILIES[locale]) {
      const slice = slices(family).find((s) => holds(s, cp));
      if (slice) {
        chosen.set(`${family.id} ${slice.key}`, { family, key: slice.key });
        break;
      }
    }
  }
  // Latin's basic slice always: the brand and the figures are drawn from it.
  const latin = slices(LATIN).find((s) => s.key === 'latin');
  if (latin) chosen.set(`${LATIN.id} latin`, { family: LATIN, key: 'latin' });
  // In family order, then slice order: the order of the font list satori falls back through.
  const order = (x: { family: Family; key: string }): number =>
    CARD_FAMILIES[locale].indexOf(x.family) * 10_000 + slices(x.family).findIndex((s) => s.key === x.key);
  return [...chosen.values()].sort((a, b) => order(a) - order(b));
}

/** `noto-sans-sc-87`: a name CSS's font-family list reads without quoting. */
const fontName = (p: { family: Family; key: string }): string => `${p.family.id}-${p.key.replace(/[[\]]/g, '')}`;

const files = new Map<string, Buffer>();
function fontFile(family: Family, key: string, weight: CardWeight): Buffer {
  const name = `${family.id}-${key.replace(/[[\]]/g, '')}-${weight}-normal.woff`;
  let data = files.get(name);
  if (!data) {
    data = readFileSync(require.resolve(`${family.pkg}/files/${name}`));
    files.set(name, data);
  }
  return data;
}

/** The fonts a card in `locale` showing `text` needs, and their names in fallback order (for fontFamily). */
export function cardFonts(locale: Locale, text: string): { fonts: CardFont[]; family: string[] } {
  const picked = slicesFor(locale, text);
  const family = picked.map(fontName);
  const fonts = picked.flatMap((p) =>
    CARD_WEIGHTS.map((weight): CardFont => ({ name: fontName(p), data: fontFile(p.family, p.key, weight), weight, style: 'normal' })),
  );
  return { fonts, family };
}

/** Bytes of the font files read so far in this process (the build reports nothing; the bench and docs quote it). */
export function fontBytesRead(): number {
  let n = 0;
  for (const b of files.values()) n += b.byteLength;
  return n;
}
