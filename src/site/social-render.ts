/**
 * Draws a social card at build time: satori lays the tree out (social-tree.ts) and turns its text into
 * paths with the fonts the card needs (social-fonts.ts), resvg rasterises the SVG to a 1200×630 PNG. No
 * browser. Deterministic: no system font is read, no clock, no randomness, so the same card gives the
 * same bytes. Within a build each distinct card is drawn once (keyed by a hash of its content), and every
 * card is started as soon as the first is asked for, so resvg's work runs on its thread pool while satori
 * lays out the next.
 */
import satori from 'satori';
import { renderAsync } from '@resvg/resvg-js';
import { CARD_HEIGHT, CARD_WIDTH, cardKey, type SocialCard } from './social-card.ts';
import { cardFonts } from './social-fonts.ts';
import { cardTree, CARD_COLORS, type CardNode } from './social-tree.ts';

/** Every string the card draws: what its fonts must cover. */
function cardText(card: SocialCard): string {
  return [card.brand, card.title, card.caveat, ...card.lines, '…'].filter((s) => s !== undefined && s !== null).join('\n');
}

/** The card as SVG, and the layout satori computed for each node that has text (for the overflow tests). */
export async function cardSvg(
  card: SocialCard,
  onNode?: (node: { left: number; top: number; width: number; height: number; textContent?: string }) => void,
): Promise<string> {
  const { fonts, family } = cardFonts(card.locale, cardText(card));
  const tree: CardNode = cardTree(card, family);
  return satori(tree as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts,
    ...(onNode ? { onNodeDetected: onNode } : {}),
  });
}

/** An SVG of the card's size as PNG bytes, off the main thread (resvg's pool). */
async function rasterise(svg: string): Promise<Uint8Array<ArrayBuffer>> {
  const image = await renderAsync(svg, {
    fitTo: { mode: 'original' },
    background: CARD_COLORS.background,
    font: { loadSystemFonts: false },
    logLevel: 'off',
  });
  // A copy on its own ArrayBuffer: what a Response body takes.
  return new Uint8Array(image.asPng());
}

/** The card as a PNG of exactly CARD_WIDTH × CARD_HEIGHT. */
export async function renderCard(card: SocialCard): Promise<Uint8Array<ArrayBuffer>> {
  return rasterise(await cardSvg(card));
}

/**
 * The build's drawings, on globalThis because Astro may evaluate this module more than once in one build
 * (src/site/data.ts says why). Keys are content hashes, so a stale entry can never answer for new content.
 */
const DRAWN = Symbol.for('resetcast.social-cards');
type Drawn = Map<string, Promise<Uint8Array<ArrayBuffer>>>;

/** Starts drawing every card not yet started, and returns the PNG of `card`. */
export function drawCards(all: readonly SocialCard[], card: SocialCard): Promise<Uint8Array<ArrayBuffer>> {
  const store = globalThis as { [DRAWN]?: Drawn };
  const drawn: Drawn = store[DRAWN] ?? new Map();
  store[DRAWN] = drawn;
  // One at a time through satori (single-threaded JavaScript); each rasterisation overlaps the next layout.
  let layouts: Promise<unknown> = Promise.resolve();
  for (const c of all) {
    const key = cardKey(c);
    if (drawn.has(key)) continue;
    const svg = layouts.then(() => cardSvg(c));
    layouts = svg.catch(() => undefined);
    const png = svg.then(rasterise);
    // A card that fails is reported by the page that asks for it; until then its rejection is held here.
    png.catch(() => undefined);
    drawn.set(key, png);
  }
  const key = cardKey(card);
  let png = drawn.get(key);
  if (!png) {
    png = renderCard(card);
    drawn.set(key, png);
  }
  return png;
}
