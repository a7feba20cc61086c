import { loadBuild } from '../site/data.ts';
import { createMainAlertsFeed } from '../core/alerts/feeds.ts';
import { SITE } from '../core/site.ts';

export const GET = (): Response =>
  new Response(createMainAlertsFeed(loadBuild().payloads.alerts.alerts, SITE.url), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' },
  });
