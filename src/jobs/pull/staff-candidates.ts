/**
 * Staff posts from GitHub as candidates for review. Pure. Unlike X posts, none is ever recorded as an
 * event by the pull: a GitHub thread mixes staff statements with quoted user reports, so a maintainer
 * confirms each one (`npm run review`).
 */
import type { Candidate } from '../../core/schema/index.ts';
import { cleanText, TEXT_CAPS } from '../../core/sanitize.ts';
import { SOURCES, sourceUrl } from '../../core/sources.ts';
import { classifyPost } from '../intake/classify.ts';
import type { StaffPost } from './github.ts';
import { suggestWindow } from '../intake/suggest-window.ts';

/**
 * The author's own words: without quoted lines (`> …`, usually the user being answered), fenced code
 * and HTML comments (issue-template hints), with blank runs collapsed.
 */
export function ownWords(markdown: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of markdown
    .replace(/\r\n?/g, '\n')
    .replace(/<!--[\s\S]*?-->/g, '')
    .split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker) fence = marker;
    else if (fence !== null && marker?.startsWith(fence)) fence = null;
    else if (fence === null && !/^\s*>/.test(line)) kept.push(line.trimEnd());
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A candidate's text, sanitised: the first `SOURCES.staff.textChars` characters (the link has the rest). */
function cut(text: string): string {
  return cleanText(text, Math.min(SOURCES.staff.textChars, TEXT_CAPS.postText), { multiline: true });
}

/**
 * Every post the classifier recognises becomes a candidate (platform `github`), with the classifier's
 * kind, scope and reason and, for a promise, the window its words suggest. Posts whose id is in `known`
 * (already a candidate, rejected or recorded), posts dated after `now` and posts whose link is not on
 * the source's host (src/core/sources.ts, its `hosts`) are skipped.
 */
export function toCandidates(posts: readonly StaffPost[], known: ReadonlySet<string>, now: Date): Candidate[] {
  const candidates: Candidate[] = [];
  for (const post of posts) {
    if (known.has(post.id)) continue;
    const postedAt = new Date(post.created_at);
    if (postedAt > now) continue; // a post from the future is corrupt input, not news
    const url = sourceUrl('staff', post.url);
    if (url === null) continue; // a link off github.com is not the staff source's: nothing to review
    const text = ownWords(post.text);
    const c = classifyPost(text);
    if (!c) continue;
    candidates.push({
      id: post.id,
      platform: SOURCES.staff.post.platform,
      ts: post.created_at,
      source: cleanText(post.login, 'name'),
      url,
      text: cut(text),
      suggested_kind: c.kind,
      suggested_scope: c.scope,
      suggested_window: c.kind === 'promise' ? suggestWindow(text, postedAt) : null,
      reason: c.reason,
    });
  }
  return candidates;
}
