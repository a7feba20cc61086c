/**
 * The window a promise's own words suggest, for a candidate's `suggested_window`. For now only the
 * default rule of src/lib/promise-window.ts; the phrase parser ("by end of day", "tomorrow"…) will
 * replace this body, and every puller that proposes promises already calls it.
 */
import { defaultWindow, type PromiseWindow } from '../promise-window.ts';

export function suggestWindow(text: string, postedAt: Date): PromiseWindow {
  void text; // read by the phrase parser that replaces this body
  return defaultWindow(postedAt);
}
