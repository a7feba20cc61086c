/** The `x` source's adapter: the listed accounts' timelines (src/jobs/intake/x.ts), classified into events and candidates. */
import { SOURCES } from '../../core/sources.ts';
import { skipped } from '../outcome.ts';
import { classifyPosts } from '../intake/posts.ts';
import { readPostsHealing } from '../intake/x.ts';
import { fetchAs, type Fetcher } from './fetcher.ts';

export const x: Fetcher = {
  fetch: ({ http, bases, now, tokens, pullState, known }) => {
    const token = tokens.x;
    if (!token) return skipped('X_BEARER_TOKEN not set', 'no_token');
    return fetchAs(
      async () => {
        // A cursor X refuses is replaced by a read of the account's newest page, so it cannot fail every pull.
        const pulled = await readPostsHealing(http, bases.x, token, pullState.x, now, SOURCES.x.accounts, async () => null);
        return {
          found: classifyPosts(pulled.posts, known, now),
          state: { x: pulled.state },
          deferred: pulled.deferred,
          refusals: pulled.refusals,
        };
      },
      (r) =>
        `${r.found.events.length} new event(s), ${r.found.candidates.length} for review` +
        (r.deferred > 0 ? `; ${r.deferred} post(s) dated after now left for a later pull` : '') +
        r.refusals.map((f) => `; ${f.reason}: ${f.account} read from its newest page instead`).join(''),
      (r) => ({ posts: { found: r.found, state: r.state } }),
    );
  },
};
