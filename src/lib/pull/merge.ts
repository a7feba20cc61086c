/** Merging what the sources said into the data files: only ever adds, keeps order, drops nothing. */
import type { Candidate, StoredEvent } from '../schema.ts';
import { postIdToDate } from '../postid.ts';
import { toIsoDate, toTimestamp } from '../time.ts';
import { compareEvents } from '../timeline.ts';
import { classifyPost } from './classify.ts';
import type { Post } from './x.ts';

const SUMMARY_CHARS = 240;

/** The post text as a one-line summary (auto-recorded events say so in uncertain_fields). */
function summaryOf(text: string): string {
  const line = text.replace(/https?:\/\/\S+/g, '').replace(/\s+/g, ' ').trim();
  return line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS - 1)}…` : line || '(post without text)';
}

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
    if (c.confident && c.kind !== 'promise') {
      events.push({
        id: post.id, date: toIsoDate(when), ts, scope: c.scope, kind: c.kind, source: post.username, url,
        summary: summaryOf(post.text), partial: false, global: c.scope === 'all', origin: 'official_post', certainty: 'medium',
        uncertain_fields: ['partial', 'summary (post text, recorded automatically)', ...(c.scope === 'unspecified' ? [] : ['scope (read from the post text)'])],
      });
    } else {
      candidates.push({ id: post.id, platform: 'x', ts, source: post.username, url, text: post.text, suggested_kind: c.kind, suggested_scope: c.scope, suggested_window: null, reason: c.reason });
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

/**
 * Appends one JSON line to an append-only log (the as-issued forecasts): nothing already written is
 * ever changed or dropped. A line whose key equals the last line's is not appended again, so
 * re-running a pull at the same instant changes nothing.
 */
export function appendOnce(text: string, line: Record<string, unknown>, key: string): string {
  const last = text.trimEnd().split('\n').at(-1) ?? '';
  try {
    if (last && (JSON.parse(last) as Record<string, unknown>)[key] === line[key]) return text;
  } catch {
    // a torn last line stays as it is (the reader skips it with a warning); the new line goes below it
  }
  const body = text === '' || text.endsWith('\n') ? text : `${text}\n`;
  return `${body}${JSON.stringify(line)}\n`;
}

/**
 * Appends one JSON line to a log, bounded: lines older than `maxAgeDays` before `now` and lines beyond
 * `maxLines` (oldest first) are dropped. A line with the same key as the last one replaces it, so
 * re-running a pull at the same instant changes nothing.
 */
export function appendBounded(text: string, line: Record<string, unknown>, key: string, now: Date, maxAgeDays: number, maxLines: number): string {
  const cutoff = toTimestamp(new Date(now.getTime() - maxAgeDays * 86_400_000));
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const keep = lines.filter((l) => {
    try {
      const at = (JSON.parse(l) as Record<string, unknown>)[key];
      return typeof at === 'string' && at >= cutoff && at !== line[key];
    } catch {
      return false; // a torn line from an interrupted write is dropped, not propagated
    }
  });
  const all = [...keep, JSON.stringify(line)].slice(-maxLines);
  return `${all.join('\n')}\n`;
}
