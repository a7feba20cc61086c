/** Merging what the sources said into the data files: only ever adds, keeps order, drops nothing. */
import type { Candidate, StoredEvent } from '../../core/schema/index.ts';
import { postIdToDate } from '../../core/postid.ts';
import { summaryOf } from '../../core/post-text.ts';
import { toIsoDate, toTimestamp } from '../../core/time.ts';
import { compareEvents } from '../../core/timeline.ts';
import { isOfficialXAccount } from '../../core/sources.ts';
import { classifyPost } from './classify.ts';
import { suggestWindow } from './suggest-window.ts';
import type { Post } from './x.ts';

export interface PostChanges {
  events: StoredEvent[];
  candidates: Candidate[];
}

/** Classifies new posts: confident resets and banked grants become events, the rest candidates. */
export function classifyPosts(posts: readonly Post[], known: ReadonlySet<string>, now: Date): PostChanges {
  const events: StoredEvent[] = [];
  const candidates: Candidate[] = [];
  for (const post of posts) {
    if (known.has(post.id)) continue;
    const when = postIdToDate(post.id);
    if (when > now) continue; // a post id from the future is corrupt input, not news
    const c = classifyPost(post.text);
    if (!c) continue;
    const ts = toTimestamp(when);
    const url = `https://x.com/${post.username}/status/${post.id}`;
    // Only an official account's post is an official fact; any other account's goes to review, where
    // the maintainer gives its origin (the same rule as add-event).
    if (c.confident && c.kind !== 'promise' && isOfficialXAccount(post.username)) {
      events.push({
        id: post.id, date: toIsoDate(when), ts, scope: c.scope, kind: c.kind, source: post.username, url,
        // A post that names all users says the reset is global; for any other scope it did not say: unknown, not false.
        summary: summaryOf(post.text), partial: false, global: c.scope === 'all', origin: 'official_post', certainty: 'medium',
        uncertain_fields: ['partial', ...(c.scope === 'all' ? [] : ['global']), 'summary (post text, recorded automatically)', ...(c.scope === 'unspecified' ? [] : ['scope (read from the post text)'])],
      });
    } else {
      const window = c.kind === 'promise' ? suggestWindow(post.text, when) : null;
      candidates.push({ id: post.id, platform: 'x', ts, source: post.username, url, text: post.text, suggested_kind: c.kind, suggested_scope: c.scope, suggested_window: window, reason: c.reason });
    }
  }
  return { events, candidates };
}

/** Adds records by id (existing ones win), sorted by ts then id. Never shrinks the list. */
export function mergeById<T extends { ts: string; id: string }>(existing: readonly T[], added: readonly T[]): T[] {
  const ids = new Set(existing.map((e) => e.id));
  const merged = [...existing, ...added.filter((a) => !ids.has(a.id) && ids.add(a.id))].sort(compareEvents);
  if (merged.length < existing.length) throw new Error('merge would shrink the list'); // guards the invariant itself
  return merged;
}
