import { loadBuild } from '../site/data.ts';
import { createMainAlertsFeed } from '../core/alerts/feeds.ts';

export const GET = (): Response =>
  new Response(createMainAlertsFeed(loadBuild().payloads.alerts.alerts, loadBuild().base), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' },
  });
