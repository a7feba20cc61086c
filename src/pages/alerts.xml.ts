import { loadBuild } from '../data.ts';
import { createMainAlertsFeed } from '../lib/alerts/feeds.ts';
import { SITE } from '../lib/site.ts';

export const GET = (): Response =>
  new Response(createMainAlertsFeed(loadBuild().payloads.alerts.alerts, SITE.url), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
