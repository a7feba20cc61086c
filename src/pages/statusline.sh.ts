/**
 * Serves the reference status-line client (scripts/statusline.sh) so users can `curl -o` it from the site,
 * its default address the site's own (a fork's client reads the fork).
 */
import script from '../../scripts/statusline.sh?raw';
import { SITE } from '../core/site.ts';
import { loadBuild } from '../site/data.ts';

export const GET = (): Response =>
  new Response(script.replaceAll(SITE.url, loadBuild().base), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
