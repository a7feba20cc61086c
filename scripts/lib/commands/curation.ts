/** The flag tables of the curation commands (docs/data.md): each parses its command and prints its --help. */
import { PROMISE_HORIZON_DAYS } from '../../../src/core/curate/promises.ts';
import type { CommandSpec, FlagSpec } from './spec.ts';
import { accountFlag, certaintyFlag, scopeFlag, textFlag, timestampFlag, yesNoFlag } from './shared.ts';

const KINDS = 'reset|banked|boost|other';

export const ADD_EVENT = {
  name: 'add-event',
  usage:
    'npm run add-event -- (<post URL> | --url <link> --origin observed --at <ts> --source <who>) --kind <kind> --scope <scope> --summary "…" [flags]',
  about:
    'Records one event from an X status or a GitHub issue/comment of the staff source (a banked one with its grant), validated and written atomically.',
  flags: {
    kind: { type: 'string', value: KINDS, about: 'what happened', required: true },
    scope: { ...scopeFlag('all, paid, unspecified, or plans joined with "+" (rewritten to the canonical order)'), required: true },
    summary: { ...textFlag('one line in your own words'), required: true },
    partial: yesNoFlag('the post said the reset was partial (or not); otherwise unknown'),
    global: yesNoFlag('the post said it reached everyone in scope (or not); otherwise unknown (scope all: global)'),
    origin: { type: 'string', value: 'observed|community', about: 'required for an account not listed as official in src/core/sources.ts' },
    certainty: certaintyFlag('default high for an official post, medium otherwise (at most medium)'),
    url: {
      type: 'string',
      value: '<link>',
      about: 'a page that is not a post, instead of <post URL>: needs --origin observed, --at and --source',
    },
    at: timestampFlag("when a GitHub post or other page was posted (an X post's time comes from its id)"),
    source: accountFlag('who posted a GitHub post or other page'),
    expires: timestampFlag("banked only: the grant's expiry when the post gives one"),
    update: { type: 'boolean', about: 'amend an event already recorded (each change is logged as a correction)' },
    supersedes: {
      type: 'string',
      value: '<correction id>',
      about: 'record a retracted post again (the id is printed by correct --retract); needs --reason',
    },
    reason: { ...textFlag('why the event is amended or recorded again'), with: ['update', 'supersedes'] },
  },
  positionals: { names: ['<post URL>'], required: 0 },
  conflicts: [
    { flag: 'update', others: ['supersedes'], why: '--update amends a recorded event, --supersedes records a retracted one again' },
  ],
  example:
    'npm run add-event -- https://x.com/thsottiaux/status/1968163721034994139 --kind reset --scope all --summary "Limits reset for everyone."',
} as const satisfies CommandSpec;

export const ADD_PROMISE = {
  name: 'add-promise',
  usage:
    'npm run add-promise -- <post URL> --summary "…" [--window-start <ts>] [--window-end <ts>] [--by "<phrase>"] ' +
    '[--scope <scope>] [--kind reset|banked] [--at <ts> --source <account>]',
  about:
    'Records a promise of a coming reset with the UTC window it is expected in; a reset already recorded that fulfils it is linked at once.',
  flags: {
    summary: { ...textFlag('the promise in your own words'), required: true },
    'window-start': timestampFlag('start of the window (default: the post time)'),
    'window-end': timestampFlag(`end of the window, at most ${PROMISE_HORIZON_DAYS} days after the post`),
    by: { type: 'string', value: '"<phrase>"', about: 'the post\'s time words ("by EOD", "10am PT"), turned into the window' },
    scope: scopeFlag('the plans the post promised the reset for, when it named them'),
    kind: { type: 'string', value: 'reset|banked', about: 'banked when the post promised a banked reset (default reset)' },
    at: timestampFlag('GitHub posts: when it was posted'),
    source: accountFlag('GitHub posts: who posted it'),
  },
  positionals: { names: ['<post URL>'], required: 1 },
  example: 'npm run add-promise -- https://x.com/thsottiaux/status/2109045220411351517 --summary "Limits reset later today." --by "by EOD"',
} as const satisfies CommandSpec;

/** The fields `correct` can change, by flag (src/core/curate/corrections.ts). */
const CORRECTED_FIELDS = {
  ts: timestampFlag('when it happened'),
  scope: scopeFlag('the plans it reached'),
  kind: { type: 'string', value: KINDS, about: 'what happened; to or from banked makes or removes the grant' },
  partial: yesNoFlag('partial or not (now known)'),
  global: yesNoFlag('reached everyone in scope or not (now known)'),
  summary: textFlag('the one-line summary'),
  certainty: certaintyFlag('how sure the record is'),
  origin: { type: 'string', value: 'official_post|official_other|observed|community', about: 'where it comes from' },
  source: accountFlag('who posted it (not for X posts: the account is in the link)'),
  'scope-note': textFlag('a note on the scope'),
  url: { type: 'string', value: '<link>', about: 'a new link (not for X posts)' },
  expires: timestampFlag("the banked grant's expiry"),
} as const satisfies Record<string, FlagSpec>;
const FIELD_FLAGS = Object.keys(CORRECTED_FIELDS);

export const CORRECT = {
  name: 'correct',
  usage:
    'npm run correct -- <event id> --reason "…" (<field flags> | --retract)  |  npm run correct -- <promise id> --fulfilled-by <event id|none> --reason "…"',
  about: 'Changes any field of a recorded fact, or withdraws it, and logs the change in data/corrections.json.',
  flags: {
    reason: textFlag('why the record changes (required; refused without it)'),
    ...CORRECTED_FIELDS,
    retract: {
      type: 'boolean',
      about:
        'the event did not happen as recorded: withdraw it (prints the correction id for --supersedes; refused while it fulfils a promise)',
    },
    'fulfilled-by': { type: 'string', value: '<event id|none>', about: 'with a promise id: the event that fulfilled the promise, or none' },
  },
  positionals: { names: ['<event id|promise id>'], required: 1 },
  conflicts: [
    { flag: 'retract', others: [...FIELD_FLAGS, 'fulfilled-by'], why: '--retract withdraws the whole event' },
    { flag: 'fulfilled-by', others: FIELD_FLAGS, why: '--fulfilled-by relinks a promise, it changes no event field' },
  ],
  example: 'npm run correct -- 1968163721034994139 --kind banked --reason "The post granted a banked reset."',
} as const satisfies CommandSpec;

const ACCEPT = ['accept'] as const;
export const REVIEW = {
  name: 'review',
  usage: 'npm run review [-- --list | -- <id> --accept event|grant|promise [flags] | -- <id> --reject --reason "…"]',
  about:
    'Walks data/candidates.json (no arguments: asks for each), or decides one candidate: accepted through add-event/add-promise, or rejected and remembered.',
  flags: {
    list: { type: 'boolean', about: 'show every candidate with its suggestion' },
    accept: { type: 'string', value: 'event|grant|promise', about: 'record the candidate as an event, a banked grant or a promise' },
    reject: { type: 'boolean', about: 'turn it down (later pulls do not propose it again); needs --reason' },
    reason: { ...textFlag('why it is turned down'), with: ['reject'] },
    kind: { type: 'string', value: 'reset|boost|other', about: '--accept event: what happened', with: ACCEPT },
    scope: { ...scopeFlag('--accept event or grant: as for add-event'), with: ACCEPT },
    summary: { ...textFlag('as for add-event / add-promise'), with: ACCEPT },
    certainty: { ...certaintyFlag('--accept event or grant: as for add-event'), with: ACCEPT },
    origin: {
      type: 'string',
      value: 'observed|community',
      about: '--accept event or grant: for an account not listed as official',
      with: ACCEPT,
    },
    partial: { ...yesNoFlag('--accept event or grant: as for add-event'), with: ACCEPT },
    global: { ...yesNoFlag('--accept event or grant: as for add-event'), with: ACCEPT },
    expires: { ...timestampFlag("--accept grant: the grant's expiry"), with: ACCEPT },
    'window-start': { ...timestampFlag('--accept promise: its window (default: the suggested one)'), with: ACCEPT },
    'window-end': { ...timestampFlag('--accept promise: its window (default: the suggested one)'), with: ACCEPT },
    by: { type: 'string', value: '"<phrase>"', about: '--accept promise: its time words', with: ACCEPT },
  },
  positionals: { names: ['<candidate id>'], required: 0 },
  conflicts: [
    { flag: 'list', others: ['accept', 'reject'], why: '--list only shows the candidates' },
    { flag: 'accept', others: ['reject'], why: 'a candidate is accepted or rejected' },
  ],
  example: 'npm run review -- 2122981897008055506 --accept event --kind reset --scope all',
} as const satisfies CommandSpec;

/** Which --accept form each accept-only flag belongs to (the rest of --accept's flags are refused, not ignored). */
export const ACCEPT_FORMS = {
  event: ['kind', 'scope', 'summary', 'certainty', 'origin', 'partial', 'global'],
  grant: ['scope', 'summary', 'certainty', 'origin', 'partial', 'global', 'expires'],
  promise: ['summary', 'window-start', 'window-end', 'by'],
} as const satisfies Record<string, readonly (keyof typeof REVIEW.flags)[]>;

export const CHECKED = {
  name: 'checked',
  usage: 'npm run checked -- --note "…" [--at <ts>] [--by <name>]',
  about:
    'Records that you looked at the sources by hand up to now (or --at): the record counts as fresh from then, as after a successful pull.',
  flags: {
    note: { ...textFlag('what you looked at'), required: true },
    at: timestampFlag('the sources were looked at up to this time (default now; never in the future)'),
    by: { type: 'string', value: '<name>', about: 'who checked (default: git config user.name; left out when unknown)' },
  },
  example: 'npm run checked -- --note "Read @thsottiaux, @OpenAIDevs and openai/codex: nothing new since the last reset."',
} as const satisfies CommandSpec;

export const VALIDATE = {
  name: 'validate',
  usage: 'npm run validate',
  about:
    'Validates the whole of data/ against the clock (SOURCE_DATE_EPOCH or now): exit 0 with one summary line, or exit 1 ' +
    'with every problem by file, record and field.',
  flags: {},
  example: 'SOURCE_DATE_EPOCH=$(date +%s) npm run validate',
} as const satisfies CommandSpec;
