/**
 * The window a promise's own words suggest, for a candidate's `suggested_window`: the time words found
 * in the text ("by end of day", "tomorrow at 10am PT") by the rule of src/core/promises/window.ts, or the
 * default window when the post names no time. A maintainer confirms or changes it in `npm run review`.
 */
import { defaultWindow, findTimePhrase, windowFromPhrase, type PromiseWindow } from '../../core/promises/window.ts';
import { cleanText } from '../../core/sanitize.ts';

/** The text is cut to a stored post's cap first: a 64 KB GitHub comment is read as the 4,000 characters a reviewer sees. */
export function suggestWindow(text: string, postedAt: Date): PromiseWindow {
  const phrase = findTimePhrase(cleanText(text, 'postText', { multiline: true }));
  return phrase === null ? defaultWindow(postedAt) : windowFromPhrase(phrase, postedAt);
}
