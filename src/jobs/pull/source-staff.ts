/** The `staff` source's adapter: staff comments and issues on GitHub (src/jobs/pull/github.ts), every one for review. */
import { pullStaffPosts } from './github.ts';
import { fetchAs, type Fetcher } from './fetcher.ts';
import { toCandidates } from './staff-candidates.ts';

export const staff: Fetcher = {
  fetch: ({ http, bases, now, tokens, pullState, known }) =>
    fetchAs(
      async () => {
        const pulled = await pullStaffPosts(http, bases.github, pullState.github ?? { since: null }, now, tokens.github);
        return { found: { events: [], candidates: toCandidates(pulled.posts, known, now) }, state: { github: pulled.state } };
      },
      (r) => `${r.found.candidates.length} staff post(s) for review`,
      (r) => ({ posts: r }),
    ),
};
