/**
 * `npm run review`: walks data/candidates.json and asks, for each, accept as event, grant or promise,
 * reject, or skip. Non-interactive forms for scripts:
 *   npm run review -- --list
 *   npm run review -- <id> --accept event --kind reset|boost|other [--scope …] [--summary …] [--partial …]
 *   npm run review -- <id> --accept grant [--scope …] [--summary …] [--expires <ts>]
 *   npm run review -- <id> --accept promise [--summary …] [--window-start <ts>] [--window-end <ts>] [--by "…"]
 *   npm run review -- <id> --reject --reason "…"
 * Every decision goes through the same validation as add-event / add-promise and is written atomically.
 */
import { parseArgs } from 'node:util';
import { CurationError, defined } from '../src/core/curate/errors.ts';
import { review, type Decision } from '../src/core/curate/review.ts';
import { describeCandidate, walkCandidates } from './lib/review-walk.ts';
import { runCuration } from './lib/curation.ts';
import { answerHelp, type Help } from './lib/help.ts';

const HELP: Help = {
  usage: 'npm run review [-- --list | -- <id> --accept event|grant|promise [flags] | -- <id> --reject --reason "…"]',
  about: 'Walks data/candidates.json (no arguments: asks for each), or decides one candidate: accepted through add-event/add-promise, or rejected and remembered.',
  flags: [
    ['--list', 'show every candidate with its suggestion'],
    ['--accept event|grant|promise', 'record the candidate as an event, a banked grant or a promise'],
    ['--reject --reason "…"', 'turn it down (later pulls do not propose it again)'],
    ['--kind reset|boost|other', '--accept event: what happened'],
    ['--scope, --summary, --certainty, --origin', 'as for add-event (--origin for an account not listed as official)'],
    ['--partial/--no-partial, --global/--no-global', 'as for add-event'],
    ['--expires <ts>', '--accept grant: the grant\'s expiry'],
    ['--window-start, --window-end, --by', '--accept promise: its window (default: the suggested one)'],
  ],
  example: 'npm run review -- 2122981897008055506 --accept event --kind reset --scope all',
};
answerHelp(HELP);
const USAGE = `usage: ${HELP.usage}`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  allowNegative: true,
  options: {
    list: { type: 'boolean' }, accept: { type: 'string' }, reject: { type: 'boolean' }, reason: { type: 'string' },
    kind: { type: 'string' }, scope: { type: 'string' }, summary: { type: 'string' }, certainty: { type: 'string' },
    partial: { type: 'boolean' }, global: { type: 'boolean' }, expires: { type: 'string' }, origin: { type: 'string' },
    'window-start': { type: 'string' }, 'window-end': { type: 'string' }, by: { type: 'string' },
  },
  strict: false,
});

function decisionOf(): Decision {
  const v = values as Record<string, string | boolean | undefined>;
  const str = (k: string): string | undefined => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  const bool = (k: string): boolean | undefined => (typeof v[k] === 'boolean' ? (v[k] as boolean) : undefined);
  if (v['reject']) return { action: 'reject', reason: str('reason') ?? '' };
  const common = defined({ scope: str('scope'), summary: str('summary'), certainty: str('certainty'), origin: str('origin'), partial: bool('partial'), global: bool('global') });
  switch (v['accept']) {
    case 'event': {
      const kind = str('kind');
      if (!kind) throw new CurationError('--accept event needs --kind reset|boost|other');
      return { action: 'accept', as: 'event', kind, ...common };
    }
    case 'grant':
      return { action: 'accept', as: 'grant', ...common, ...defined({ expires: str('expires') }) };
    case 'promise':
      return { action: 'accept', as: 'promise', ...defined({ summary: str('summary'), windowStart: str('window-start'), windowEnd: str('window-end'), by: str('by') }) };
    default:
      throw new CurationError(v['accept'] === undefined ? USAGE : `--accept ${JSON.stringify(v['accept'])}: expected event, grant or promise`);
  }
}

const [id, ...extra] = positionals;
if (values.list) {
  runCuration('review', (state) => ({ state, lines: state.candidates.candidates.length ? state.candidates.candidates.map(describeCandidate) : ['no candidates to review'] }));
} else if (id === undefined && extra.length === 0) {
  await walkCandidates();
} else {
  runCuration('review', (state, now) => {
    if (!id || extra.length > 0) throw new CurationError(USAGE);
    const unknown = Object.keys(values).find((k) => !['list', 'accept', 'reject', 'reason', 'kind', 'scope', 'summary', 'certainty', 'origin', 'partial', 'global', 'expires', 'window-start', 'window-end', 'by'].includes(k));
    if (unknown) throw new CurationError(`Unknown option '--${unknown}'. ${USAGE}`);
    return review(state, id, decisionOf(), now);
  });
}
