import { loadBuild } from '../data.ts';
import { createCalendar } from '../lib/feeds/calendar.ts';
import { SITE } from '../lib/site.ts';

export const GET = (): Response => {
  const { data, now } = loadBuild();
  return new Response(createCalendar(data.events, data.banked, { base: SITE.url, now }), { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
};
