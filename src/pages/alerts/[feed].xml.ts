import type { GetStaticPaths } from 'astro';
import { loadBuild } from '../../site/data.ts';
import { thresholdFeedText } from '../../site/feeds.ts';
import { THRESHOLD_FEEDS } from '../../core/alerts/thresholds.ts';

/** One pre-rendered feed per (horizon, threshold): /alerts/p24-25.xml … /alerts/p48-75.xml, at the build's clock (src/site/feeds.ts). */
export const getStaticPaths = (() => THRESHOLD_FEEDS.map((f) => ({ params: { feed: f.slug } }))) satisfies GetStaticPaths;

export const GET = ({ params }: { params: { feed: string } }): Response => {
  const feed = THRESHOLD_FEEDS.find((f) => f.slug === params.feed);
  if (!feed) throw new Error(`no alert feed ${params.feed}`);
  return new Response(thresholdFeedText(loadBuild(), feed), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
};
