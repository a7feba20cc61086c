import { loadBuild } from '../site/data.ts';
import { createAtomFeed } from '../core/feeds/atom.ts';
import { SITE } from '../core/site.ts';

export const GET = (): Response => {
  const { data } = loadBuild();
  return new Response(createAtomFeed(data.events, { base: SITE.url, corrections: data.corrections, promises: data.announcements }), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' },
  });
};
