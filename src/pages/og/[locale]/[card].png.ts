/** `/og/<locale>/<page>.png`: every page's social card, drawn at build time (src/site/social-render.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadBuild } from '../../../site/data.ts';
import { cardPages, type SocialCard } from '../../../site/social-card.ts';
import { drawCards } from '../../../site/social-render.ts';

export const getStaticPaths = (() =>
  cardPages(loadBuild()).map((p) => ({ params: { locale: p.locale, card: p.slug }, props: { card: p.card } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ card: SocialCard }> = async ({ props }) => {
  const all = cardPages(loadBuild()).map((p) => p.card);
  const png = await drawCards(all, props.card);
  return new Response(png, { headers: { 'Content-Type': 'image/png' } });
};
