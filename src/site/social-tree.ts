/**
 * A social card (social-card.ts) as the element tree satori lays out: plain objects, no JSX. Text that
 * could be long is cut twice: to a cap of code points at a grapheme boundary with an ellipsis
 * (core/sanitize.ts), so a 2,000-character title never reaches the layout whole, then clamped to its lines
 * by satori (lineClamp, overflow hidden), so whatever the script's widths, nothing leaves its box. Pure.
 */
import { fitWithEllipsis } from '../core/sanitize.ts';
import { CARD_HEIGHT, CARD_WIDTH, type SocialCard } from './social-card.ts';

/** The page's light palette (src/styles/global.css): the card reads like the site. */
export const CARD_COLORS = {
  background: '#ffffff',
  text: '#1a1a1a',
  muted: '#4f5661',
  accent: '#0b57d0',
  band: '#0b57d0',
  warnBg: '#fff4e5',
  warnText: '#6b3a00',
} as const;
/** The empty border around everything drawn but the top band: the overflow test checks it stays background. */
export const CARD_MARGIN = 64;
export const BAND_HEIGHT = 12;
/** Space between the band and the title. */
const CARD_TOP = 48;

/** Code-point caps before the layout clamps: a little more than the clamped lines can show in Latin. */
export const TEXT_LIMITS = { title: 140, line: 220, caveat: 120 } as const;

/** One node of satori's input (the shape React elements have). */
export interface CardNode {
  type: 'div' | 'span';
  props: { style: Record<string, string | number>; children: string | CardNode | CardNode[] };
}

const div = (style: CardNode['props']['style'], children: CardNode['props']['children']): CardNode => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

/** A block of text clamped to `lines` lines; its box never grows past them. */
function text(value: string, cap: number, lines: number, style: CardNode['props']['style']): CardNode {
  return {
    type: 'div',
    props: {
      style: { display: 'block', lineClamp: lines, overflow: 'hidden', maxWidth: '100%', ...style },
      children: fitWithEllipsis(value, cap),
    },
  };
}

/** The card's tree; `fontFamily` lists the font names social-fonts.ts loaded for its words, in order. */
export function cardTree(card: SocialCard, fontFamily: readonly string[]): CardNode {
  const home = card.caveat !== null;
  const middle: CardNode[] = [text(card.title, TEXT_LIMITS.title, 2, { fontSize: home ? 52 : 64, fontWeight: 700, lineHeight: 1.2 })];
  if (card.caveat) {
    middle.push(
      text(card.caveat, TEXT_LIMITS.caveat, 2, {
        fontSize: 32,
        lineHeight: 1.25,
        fontWeight: 700,
        marginTop: 16,
        padding: '8px 20px',
        backgroundColor: CARD_COLORS.warnBg,
        color: CARD_COLORS.warnText,
      }),
    );
  }
  const lineCount = card.lines.length > 1 ? 1 : 3;
  const lines = card.lines.map((l) =>
    text(l, TEXT_LIMITS.line, lineCount, { fontSize: home ? 32 : 36, lineHeight: 1.3, marginTop: 16, color: CARD_COLORS.muted }),
  );
  // Sizes are set on the inner box rather than as padding of the outer: every edge is exact whatever
  // box model the layout engine uses.
  return div(
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      flexDirection: 'column',
      backgroundColor: CARD_COLORS.background,
      color: CARD_COLORS.text,
      fontFamily: fontFamily.join(', '),
      // Korean is written with spaces between words and breaks there (keep-all), not between any two
      // syllables; a word longer than a line still wraps (anywhere) rather than being cut by the clip.
      wordBreak: card.locale === 'ko' ? 'keep-all' : 'normal',
      overflowWrap: 'anywhere',
    },
    [
      div({ width: CARD_WIDTH, height: BAND_HEIGHT, backgroundColor: CARD_COLORS.band, flexShrink: 0 }, []),
      div(
        {
          width: CARD_WIDTH - 2 * CARD_MARGIN,
          height: CARD_HEIGHT - BAND_HEIGHT - CARD_TOP - CARD_MARGIN,
          marginLeft: CARD_MARGIN,
          marginTop: CARD_TOP,
          flexDirection: 'column',
          justifyContent: 'space-between',
          overflow: 'hidden',
        },
        [
          div({ flexDirection: 'column', overflow: 'hidden', flexShrink: 1 }, [...middle, ...lines]),
          {
            type: 'div',
            props: {
              style: { display: 'block', fontSize: 36, fontWeight: 700, color: CARD_COLORS.accent, flexShrink: 0, marginTop: 16 },
              children: card.brand,
            },
          },
        ],
      ),
    ],
  );
}
