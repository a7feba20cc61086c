/** How one source fared in one pull: its value, or why it failed or was skipped, as a check and a ✅/❌/⏭️ line. */
import { oneLine } from '../core/secrets/redact.ts';
import { cleanText } from '../core/sanitize.ts';
import type { SourceCheck } from '../core/schema/index.ts';
import { toTimestamp } from '../core/time.ts';

export type Outcome<T> =
  | { outcome: 'ok'; value: T; detail: string }
  | { outcome: 'failed'; error: string }
  | { outcome: 'skipped'; error: string; reason?: SkipReason };
/** Why a source was not asked, as structure (the pages say it in words; `error` stays the log's English). */
export type SkipReason = NonNullable<SourceCheck['skip_reason']>;

/** Runs one source; whatever it throws becomes its failure, never the pull's. */
export async function settle<T>(run: () => Promise<T>, detail: (v: T) => string): Promise<Outcome<T>> {
  try {
    const value = await run();
    return { outcome: 'ok', value, detail: detail(value) };
  } catch (e) {
    return { outcome: 'failed', error: (e as Error).message };
  }
}

export const skipped = (why: string, reason?: SkipReason): Promise<Outcome<never>> =>
  Promise.resolve({ outcome: 'skipped', error: why, ...(reason ? { reason } : {}) });

/**
 * The source's entry in signals.json `sources[]`; `last_ok_at` carries over from the previous check.
 * The error (often an upstream reason phrase or body excerpt) and the note are sanitised and capped here,
 * the one place a check is made (src/core/sanitize.ts).
 */
export function check(
  name: string,
  o: Outcome<unknown>,
  now: Date,
  prev: SourceCheck | undefined,
  fallbackLastOk: string | null,
  via?: string,
  note?: string,
): SourceCheck {
  const at = toTimestamp(now);
  return {
    name,
    ok: o.outcome === 'ok',
    error: o.outcome === 'ok' ? null : cleanText(o.error, 'error') || '(no reason given)',
    checked_at: at,
    outcome: o.outcome,
    last_ok_at: o.outcome === 'ok' ? at : (prev?.last_ok_at ?? fallbackLastOk),
    ...(via ? { via } : {}),
    ...(note ? { note: cleanText(note, 'error') } : {}),
    ...(o.outcome === 'skipped' && o.reason ? { skip_reason: o.reason } : {}),
  };
}

export function line(name: string, o: Outcome<unknown>): string {
  // The detail and the error carry upstream text (component names, reason phrases): one line, always.
  if (o.outcome === 'ok') return `✅ ${name}: ${oneLine(o.detail)}`;
  return o.outcome === 'skipped' ? `⏭️ ${name}: skipped (${oneLine(o.error)})` : `❌ ${name}: ${oneLine(o.error)}`;
}
