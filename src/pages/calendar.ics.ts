/** /calendar.ics at the build's clock; the timetable publishes its later states (src/site/feeds.ts, docs/timetable.md). */
import { loadBuild } from '../site/data.ts';
import { calendarText } from '../site/feeds.ts';

export const GET = (): Response => new Response(calendarText(loadBuild()), { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
