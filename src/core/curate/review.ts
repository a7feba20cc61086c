/**
 * `npm run review`: what the pullers could not record themselves (data/candidates.json). Each candidate
 * is accepted as an event, a banked grant or a promise, through the same commands a maintainer runs by
 * hand, or rejected; a rejected candidate is remembered so later pulls do not propose it again.
 */
import { summaryOf } from '../post-text.ts';
import type { Candidate } from '../schema/index.ts';
import { toTimestamp } from '../time.ts';
import { CurationError, defined, textFlag } from './errors.ts';
import { recordEvent, type EventArgs } from './events.ts';
import { timeInId } from './post-ref.ts';
import { recordPromise, type PromiseArgs } from './promises.ts';
import type { Curated, Outcome } from './state.ts';

export type Decision =
  | {
      action: 'accept';
      as: 'event';
      kind: string;
      scope?: string;
      summary?: string;
      partial?: boolean;
      global?: boolean;
      certainty?: string;
      origin?: string;
    }
  | {
      action: 'accept';
      as: 'grant';
      scope?: string;
      summary?: string;
      expires?: string;
      partial?: boolean;
      global?: boolean;
      certainty?: string;
      origin?: string;
    }
  | { action: 'accept'; as: 'promise'; summary?: string; windowStart?: string; windowEnd?: string; by?: string }
  | { action: 'reject'; reason: string };

/** The candidate with this id, or an error that says where it went. */
export function findCandidate(state: Curated, id: string): Candidate {
  const hits = state.candidates.candidates.filter((c) => c.id === id);
  if (hits.length === 1) return hits[0]!;
  if (hits.length > 1) throw new CurationError(`candidate id ${id} is ambiguous (${hits.map((c) => c.url).join(', ')})`);
  const rejected = state.candidates.rejected.find((r) => r.id === id);
  if (rejected) throw new CurationError(`candidate ${id} was already rejected on ${rejected.at} (${rejected.reason})`);
  const event = state.events.events.find((e) => e.id === id);
  if (event) throw new CurationError(`candidate ${id} was already accepted: event ${event.id} (${event.date}, ${event.kind})`);
  const promise = state.announcements.announcements.find((a) => a.id === id || a.url.endsWith(`-${id}`));
  if (promise) throw new CurationError(`candidate ${id} was already accepted: promise ${promise.url}`);
  throw new CurationError(`no candidate ${id} in data/candidates.json`);
}

const postOf = (c: Candidate): { url: string; at?: string; source?: string } =>
  timeInId(c.platform) ? { url: c.url } : { url: c.url, at: c.ts, source: c.source };

export function review(state: Curated, id: string, d: Decision, now: Date): Outcome {
  const c = findCandidate(state, id);
  const rest = { ...state.candidates, candidates: state.candidates.candidates.filter((x) => x !== c) };
  if (d.action === 'reject') {
    const reason = d.reason.trim() ? textFlag(d.reason, 'reason', 'reason') : '';
    if (!reason) throw new CurationError('--reason is required to reject a candidate');
    const rejected = [...rest.rejected, { id: c.id, platform: c.platform, url: c.url, at: toTimestamp(now), reason }];
    return { state: { ...state, candidates: { ...rest, rejected } }, lines: [`rejected ${c.id} (${c.url}): ${reason}`] };
  }
  let outcome: Outcome;
  if (d.as === 'promise') {
    // The reviewer's own window words win whole; otherwise the window the puller suggested.
    const own = d.windowStart !== undefined || d.windowEnd !== undefined || d.by !== undefined;
    const w = c.suggested_window;
    const args: PromiseArgs = {
      ...postOf(c),
      summary: d.summary ?? summaryOf(c.text),
      ...defined(
        own
          ? { windowStart: d.windowStart, windowEnd: d.windowEnd, by: d.by }
          : { windowStart: w?.start, windowEnd: w?.end, by: w?.by ?? undefined },
      ),
    };
    outcome = recordPromise(state, args, now);
  } else {
    const args: EventArgs = {
      ...postOf(c),
      kind: d.as === 'grant' ? 'banked' : d.kind,
      scope: d.scope ?? c.suggested_scope,
      summary: d.summary ?? summaryOf(c.text),
      ...defined({
        partial: d.partial,
        global: d.global,
        certainty: d.certainty,
        origin: d.origin,
        expires: d.as === 'grant' ? d.expires : undefined,
      }),
    };
    if (d.as === 'event' && args.kind === 'banked')
      throw new CurationError('--kind banked: accept it as a grant (--accept grant), which records the banked event and its grant');
    outcome = recordEvent(state, args, now);
  }
  return { state: { ...outcome.state, candidates: rest }, lines: [`accepted ${c.id} as ${d.as}`, ...outcome.lines] };
}
