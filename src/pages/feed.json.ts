import { loadBuild } from '../site/data.ts';
import { createJsonFeed } from '../core/feeds/atom.ts';

/** /feed.json: /feed.xml's entries as JSON Feed 1.1 (docs/feeds.md). */
export const GET = (): Response => {
  const { data, base } = loadBuild();
  return new Response(createJsonFeed(data.events, { base, corrections: data.corrections, promises: data.announcements }), {
    headers: { 'Content-Type': 'application/feed+json; charset=utf-8' },
  });
};
