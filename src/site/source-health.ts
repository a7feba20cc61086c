/**
 * A signal source's health for people, as structure: the pages say it in the locale's words
 * (`words.health.*`), never by rewording the check's English error, which stays in signals.json.
 * Derived only from the check's outcome, its skip reason and its timestamps. Pure.
 */
import type { SignalsFile, SourceCheck } from '../core/schema/index.ts';

export type SourceHealth =
  /** The last check answered. */
  | { kind: 'ok'; checked_at: string }
  /** Not asked: its API token is not configured. */
  | { kind: 'needsKey' }
  /** Not asked, for no recorded reason (a check written before skip reasons were stored). */
  | { kind: 'skipped'; checked_at: string }
  /** The last check failed; the last good one was at `since`. */
  | { kind: 'failingSince'; since: string }
  /** The last check failed and no check of it has ever succeeded. */
  | { kind: 'neverReached' }
  /** The last check failed; whether an earlier one succeeded was not recorded. */
  | { kind: 'failed'; checked_at: string };

export function sourceHealth(s: SourceCheck): SourceHealth {
  const outcome = s.outcome ?? (s.ok ? 'ok' : 'failed');
  if (outcome === 'ok') return { kind: 'ok', checked_at: s.checked_at };
  if (outcome === 'skipped') return s.skip_reason === 'no_token' ? { kind: 'needsKey' } : { kind: 'skipped', checked_at: s.checked_at };
  if (s.last_ok_at === undefined) return { kind: 'failed', checked_at: s.checked_at };
  return s.last_ok_at === null ? { kind: 'neverReached' } : { kind: 'failingSince', since: s.last_ok_at };
}

/**
 * True while no check of any source has ever succeeded: no source listed (the state before the first
 * scheduled pull), no successful status or issues check, and no source with a good check on record.
 */
export function noCheckYet(signals: SignalsFile): boolean {
  return (
    signals.status.checked_at === null &&
    signals.issues.checked_at === null &&
    signals.sources.every((s) => !s.ok && (s.last_ok_at === null || s.last_ok_at === undefined))
  );
}
