/** The `status` source's adapter: OpenAI's status page (src/jobs/pull/status.ts) as signals.json `status`. */
import { fetchAs, type Fetcher } from './fetcher.ts';
import { pullStatus } from './status.ts';

export const status: Fetcher = {
  fetch: ({ http, bases, now }) =>
    fetchAs(
      () => pullStatus(http, bases.status, now),
      (r) =>
        `${r.snapshot.components.map((c) => `${c.name} ${c.status}`).join(', ')}; ${r.snapshot.incidents.length} incident(s) (via ${r.via})`,
      (r) => ({ snapshot: r.snapshot, via: r.via, note: r.dropped.join('; ') }),
    ),
};
