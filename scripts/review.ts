/**
 * `npm run review`: walks data/candidates.json and asks, for each, accept as event, grant or promise,
 * reject, or skip. Non-interactive forms for scripts:
 *   npm run review -- --list
 *   npm run review -- <id> --accept event --kind reset|boost|other [--scope …] [--summary …] [--partial …]
 *   npm run review -- <id> --accept grant [--scope …] [--summary …] [--expires <ts>]
 *   npm run review -- <id> --accept promise [--summary …] [--window-start <ts>] [--window-end <ts>] [--by "…"]
 *   npm run review -- <id> --reject --reason "…"
 * Every decision goes through the same validation as add-event / add-promise and is written atomically.
 * Its flags: REVIEW in scripts/lib/commands/curation.ts; a flag of another --accept form is refused.
 */
import { defined } from '../src/core/curate/errors.ts';
import { review, type Decision } from '../src/core/curate/review.ts';
import { describeCandidate, walkCandidates } from './lib/review-walk.ts';
import { runCuration } from './lib/curation.ts';
import { ACCEPT_FORMS, REVIEW } from './lib/commands/curation.ts';
import { parseCommand, refuse } from './lib/flags.ts';

const { values, positionals } = parseCommand(REVIEW);
const [id] = positionals;
const { list, accept, reject, reason, ...forAccept } = values;

/** The decision the flags describe, or a refusal naming the flag that does not fit it. */
function decisionOf(): Decision {
  if (reject) return { action: 'reject', reason: reason ?? '' };
  if (accept === undefined) refuse(REVIEW, `<candidate id> ${id}: give --accept event|grant|promise or --reject --reason "…"`);
  if (!Object.hasOwn(ACCEPT_FORMS, accept)) refuse(REVIEW, `--accept ${JSON.stringify(accept)}: expected event, grant or promise`);
  const form = accept as keyof typeof ACCEPT_FORMS;
  const allowed: readonly string[] = ACCEPT_FORMS[form];
  const stray = Object.keys(forAccept).find((k) => !allowed.includes(k));
  if (stray) refuse(REVIEW, `--${stray}: does not apply to --accept ${form} (it takes ${allowed.map((f) => `--${f}`).join(', ')})`);
  const { kind, scope, summary, certainty, origin, partial, global, expires, by } = forAccept;
  const common = defined({ scope, summary, certainty, origin, partial, global });
  switch (form) {
    case 'event':
      if (kind === undefined) refuse(REVIEW, '--kind: required with --accept event (reset|boost|other)');
      return { action: 'accept', as: 'event', kind, ...common };
    case 'grant':
      return { action: 'accept', as: 'grant', ...common, ...defined({ expires }) };
    case 'promise':
      return {
        action: 'accept',
        as: 'promise',
        ...defined({ summary, windowStart: forAccept['window-start'], windowEnd: forAccept['window-end'], by }),
      };
  }
}

if (list) {
  if (id !== undefined) refuse(REVIEW, `${JSON.stringify(id)}: --list shows every candidate and takes no id`);
  runCuration('review', (state) => ({
    state,
    lines: state.candidates.candidates.length ? state.candidates.candidates.map(describeCandidate) : ['no candidates to review'],
  }));
} else if (id === undefined) {
  const given = Object.keys(values)[0];
  if (given !== undefined) refuse(REVIEW, `--${given}: needs a <candidate id> (usage: ${REVIEW.usage})`);
  await walkCandidates();
} else {
  const decision = decisionOf();
  runCuration('review', (state, now) => review(state, id, decision, now));
}
