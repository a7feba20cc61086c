/** Hand-made alerts for the broadcast tests: numbered resets at a time before the pulls' clock. */
import type { Alert } from '../../src/core/schema/index.ts';
import { NOW } from './pull-env.ts';

export const HOUR = 3_600_000;
export const ts = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
/** A reset alert `hoursAgo` before NOW, with an id from its number. */
export function reset(n: number, hoursAgo: number): Alert {
  const id = `2123700000000000${String(n).padStart(3, '0')}`;
  return {
    id: `tag:resetcast.netlify.app,2026:alert:reset:${id}`,
    kind: 'reset',
    at: ts(NOW.getTime() - hoursAgo * HOUR),
    title: `Codex limits reset #${n}`,
    summary: 'Limits reset.',
    url: null,
    page: `https://resetcast.netlify.app/timeline/2026/#e-${id}`,
    event_id: id,
    window: null,
    expires_at: null,
    forecast: null,
  };
}
