import { loadBuild } from '../site/data.ts';
import { createCalendar } from '../core/feeds/calendar.ts';

export const GET = (): Response => {
  const { data, now, payloads, base } = loadBuild();
  const advice = new Map(payloads.banked.active.map((g) => [g.id, g.advice_text]));
  return new Response(createCalendar(data.events, data.banked, { base, now, advice }), {
    headers: { 'Content-Type': 'text/calendar; charset=utf-8' },
  });
};
