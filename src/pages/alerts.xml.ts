/** /alerts.xml at the build's clock; the timetable publishes its later states (src/site/feeds.ts, docs/timetable.md). */
import { loadBuild } from '../site/data.ts';
import { alertsFeedText } from '../site/feeds.ts';

export const GET = (): Response =>
  new Response(alertsFeedText(loadBuild()), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
