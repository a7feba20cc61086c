/** Serves the reference status-line client (scripts/statusline.sh) so users can `curl -o` it from the site. */
import script from '../../scripts/statusline.sh?raw';

export const GET = (): Response => new Response(script, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
