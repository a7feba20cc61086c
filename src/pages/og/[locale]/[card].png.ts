/**
 * `/og/<locale>/<page>.png`: every page's social card, drawn at build time (src/site/social-render.ts): the
 * cards of the build's own pages, and the home card of every state of the home page (docs/timetable.md), each
 * distinct card once, under its content's name (`home-<hash>`).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { buildAt, loadBuild } from '../../../site/data.ts';
import { LOCALES } from '../../../site/i18n/index.ts';
import { PAGES } from '../../../site/pages.ts';
import { cardPage, cardPages, type CardPage, type SocialCard } from '../../../site/social-card.ts';
import { drawCards } from '../../../site/social-render.ts';
import { buildTimetable } from '../../../site/timetable.ts';
import { localePath } from '../../../site/timetable-paths.ts';

/** Every card to publish: the build's, then each home state's that differs, one per file name; worked out once per timetable. */
let made: { timetable: object; cards: CardPage[] } | undefined;
function allCards(): CardPage[] {
  const timetable = buildTimetable();
  if (made?.timetable === timetable) return made.cards;
  // A home state starts at the same instants in every locale (what the page shows is said the same way in each).
  const starts = (timetable.paths[localePath('en', PAGES.home.path)] ?? []).slice(1).map((s) => s.start);
  const homeStates = starts.flatMap((start) => LOCALES.map((locale) => cardPage(buildAt(start), locale, PAGES.home.path)));
  const byFile = new Map<string, CardPage>();
  for (const c of [...cardPages(loadBuild()), ...homeStates]) byFile.set(`${c.locale}/${c.slug}`, c);
  made = { timetable, cards: [...byFile.values()] };
  return made.cards;
}

export const getStaticPaths = (() =>
  allCards().map((p) => ({ params: { locale: p.locale, card: p.slug }, props: { card: p.card } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ card: SocialCard }> = async ({ props }) => {
  const all = allCards().map((p) => p.card);
  const png = await drawCards(all, props.card);
  return new Response(png, { headers: { 'Content-Type': 'image/png' } });
};
