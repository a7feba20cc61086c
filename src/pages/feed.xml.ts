import { loadBuild } from '../site/data.ts';
import { createAtomFeed } from '../core/feeds/atom.ts';

export const GET = (): Response => {
  const { data, base } = loadBuild();
  return new Response(createAtomFeed(data.events, { base, corrections: data.corrections, promises: data.announcements }), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' },
  });
};
