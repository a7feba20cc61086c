import { loadBuild } from '../data.ts';
import { createAtomFeed } from '../lib/feeds/atom.ts';
import { SITE } from '../lib/site.ts';

export const GET = (): Response =>
  new Response(createAtomFeed(loadBuild().data.events, { base: SITE.url }), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
