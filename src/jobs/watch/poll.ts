/**
 * The watcher's polling step: X asked, only for the due accounts, from each cursor, else from the
 * site's newest post by the account, never before the floor (heal.ts FIRST_LOOK_MS). The deployed site
 * is read only when a step needs what it knows, and at most once a run.
 */
import { MINUTE_MS } from '../../core/time-units.ts';
import type { HttpDeps } from '../../net/http.ts';
import { lookUpUsers, readPostsHealing, type Post, type XState } from '../intake/x.ts';
import type { PolledAccount } from './config.ts';
import { FIRST_LOOK_MS, startCursor } from './heal.ts';
import type { WatchInput } from './input.ts';
import { readSite, type SiteKnowledge } from './site.ts';
import type { WatchState } from './state.ts';

/** What the deployed site knows, read on first need; null (said once in `lines`) when it cannot be read. */
export type SiteReader = () => Promise<SiteKnowledge | null>;

export function siteReader(http: HttpDeps, deploy: string, lines: string[]): SiteReader {
  let site: SiteKnowledge | null = null;
  let problem: string | null = null;
  return async () => {
    if (site || problem) return site;
    try {
      site = await readSite(http, deploy);
    } catch (e) {
      problem = (e as Error).message;
      lines.push(`❌ site: ${problem}; nothing is sent this run (the pull decides)`);
    }
    return site;
  };
}

/** What this run read from X: the new posts, the cursors they move to, and the cursors X refused (replaced by the start cursor). */
export interface Polled {
  posts: Post[];
  next: XState;
  refused: Map<string, string>;
}

/** The due accounts' new posts, or none (X failing reads nothing and moves no cursor), each said in one line. */
export async function pollDue(
  input: Pick<WatchInput, 'http' | 'now' | 'x'>,
  state: WatchState,
  due: readonly PolledAccount[],
  site: SiteReader,
  lines: string[],
): Promise<Polled> {
  const polled: Polled = { posts: [], next: {}, refused: new Map() };
  if (due.length === 0) return polled;
  try {
    ({ posts: polled.posts, state: polled.next } = await readDue(input, state, due, site, polled.refused, lines));
    lines.push(`✅ x: ${due.map((a) => a.name).join(', ')}: ${polled.posts.length} new post(s)`);
  } catch (e) {
    lines.push(`❌ x: ${(e as Error).message}; nothing read, the cursor stays`);
  }
  return polled;
}

/**
 * Asks X for the posts of the due accounts after their cursors: the stored one, else startCursor (the
 * site's newest post by the account, never before FIRST_LOOK_MS ago). A cursor X refuses is read again
 * from startCursor (readPostsHealing), recorded in `refused` and said in one line with X's reason. A
 * second refusal of the same account, or any other failure, throws.
 */
async function readDue(
  input: Pick<WatchInput, 'http' | 'now' | 'x'>,
  state: WatchState,
  due: readonly PolledAccount[],
  knowSite: SiteReader,
  refused: Map<string, string>,
  lines: string[],
): Promise<{ posts: Post[]; state: XState }> {
  const { http, now } = input;
  const headers = { Authorization: `Bearer ${input.x.token}` };
  const fallback = async (name: string): Promise<string> => startCursor((await knowSite())?.newest.get(name.toLowerCase()), now);
  const lookup = due.filter((a) => !state.accounts[a.name]);
  const ids =
    lookup.length > 0
      ? await lookUpUsers(
          http,
          input.x.base,
          headers,
          lookup.map((a) => a.name),
        )
      : new Map<string, string>();
  const from: XState = {};
  for (const a of due) {
    const s = state.accounts[a.name];
    from[a.name] = { user_id: s?.user_id ?? ids.get(a.name.toLowerCase())!, since_id: s?.since_id ?? (await fallback(a.name)) };
  }
  const read = await readPostsHealing(
    http,
    input.x.base,
    input.x.token,
    from,
    now,
    due.map((a) => a.name),
    fallback,
  );
  for (const r of read.refusals) {
    refused.set(r.account, r.sinceId);
    const floor = `at most ${FIRST_LOOK_MS / MINUTE_MS} min back`;
    lines.push(
      `⚠️ x: ${r.reason}; ${r.account} is read from ${r.restart} instead (the site's newest post, ${floor}), and that cursor replaces it`,
    );
  }
  return read;
}
