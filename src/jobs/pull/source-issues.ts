/** The `issues` source's adapter: GitHub's search (src/jobs/pull/issues.ts) as signals.json `issues`. */
import { fetchAs, type Fetcher } from './fetcher.ts';
import { pullIssues } from './issues.ts';

export const issues: Fetcher = {
  fetch: ({ http, bases, now, tokens }) =>
    fetchAs(
      () => pullIssues(http, bases.github, now, tokens.github),
      (r) => `${r.recent_count} new usage-limit issue(s) in 24 h, baseline ${r.baseline_per_day}/day`,
      (r) => ({ snapshot: r }),
    ),
};
