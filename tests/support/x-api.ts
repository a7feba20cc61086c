/** A local stand-in for X's API v2 as the pull reads it: one account with a timeline, the others empty. */
import type { Reply } from './fixture-server.ts';

/** thsottiaux's real user id: the one account whose timeline the stand-in serves. */
export const THS = '1450183340366770177';

export type Post = { id: string; text: string };
/**
 * X: one user, whose timeline holds `posts()` (answered after since_id, as X does); `fail` replaces an
 * answer; `newestId: false` leaves out meta.newest_id, which X does not always send.
 */
export function xApi(posts: () => Post[], fail?: (n: number, url: URL) => Reply | undefined, newestId = true) {
  return (url: URL, n: number): Reply | undefined => {
    // Every account the pull reads (thsottiaux with its real id, the others made up): the pull looks up all three.
    if (url.pathname === '/2/users/by')
      return {
        body: JSON.stringify({
          data: (url.searchParams.get('usernames') ?? '')
            .split(',')
            .map((u, i) => ({ id: u === 'thsottiaux' ? THS : `10000000${i}`, name: u, username: u })),
        }),
      };
    if (url.pathname === `/2/users/${THS}/tweets`) {
      const f = fail?.(n, url);
      if (f) return f;
      const since = BigInt(url.searchParams.get('since_id') ?? '0');
      const data = posts()
        .filter((p) => BigInt(p.id) > since)
        .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
      return {
        body: JSON.stringify(
          data.length
            ? { data, meta: { result_count: data.length, ...(newestId ? { newest_id: data[0]!.id } : {}) } }
            : { meta: { result_count: 0 } },
        ),
      };
    }
    if (url.pathname.startsWith('/2/users/')) return { body: JSON.stringify({ meta: { result_count: 0 } }) };
    return undefined;
  };
}
