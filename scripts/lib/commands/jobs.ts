/** The flag tables of the scheduled jobs' commands and their helpers (docs/pull.md, docs/alerts.md). */
import { PULL_BUDGET, SOURCE_APIS, type SourceApi } from '../../../src/core/sources.ts';
import { X_WEBHOOK_PATH } from '../../../src/core/site.ts';
import { OUTLETS } from '../../../src/jobs/broadcast/outlets/index.ts';
import { DEFAULT_WATCH_ACCOUNTS } from '../../../src/jobs/watch/config.ts';
import type { CommandSpec, EnvSetting } from './spec.ts';
import { DATA_DIR, HTTP_TIMEOUT, SITE_URL, timestampFlag } from './shared.ts';

/** An API's base override, from the source registry (SOURCE_APIS): a new API is in the help without a word here. */
const apiSetting = (api: SourceApi): EnvSetting => {
  const { env, base, what } = SOURCE_APIS[api];
  return { name: env, value: '<url>', about: `${what} (default ${base}; a local stand-in in tests)` };
};
const apiSettings = Object.fromEntries(Object.keys(SOURCE_APIS).map((api) => [`${api}Api`, apiSetting(api as SourceApi)]));

export const PULL = {
  name: 'pull',
  usage: 'npm run pull',
  about:
    'Checks every source once and writes what it learned into data/, within a time budget (tokens come from the ' +
    'environment; alerts go out later with npm run broadcast: docs/pull.md).',
  flags: {},
  env: {
    sourceBudget: {
      name: 'RESETCAST_SOURCE_BUDGET_MS',
      value: '<ms>',
      about: `how long each source may take (default ${PULL_BUDGET.sourceMs})`,
    },
    pullBudget: {
      name: 'RESETCAST_PULL_BUDGET_MS',
      value: '<ms>',
      about: `hard limit of the whole pull, then exit 1 and nothing written (default ${PULL_BUDGET.pullMs})`,
    },
    xToken: { name: 'X_BEARER_TOKEN', value: '<token>', about: 'the X API: the official accounts (skipped when unset)' },
    githubToken: { name: 'GITHUB_TOKEN', value: '<token>', about: 'the GitHub API: the staff source, with a higher rate limit' },
    ...apiSettings,
    httpTimeout: HTTP_TIMEOUT,
    dataDir: DATA_DIR,
    siteUrl: SITE_URL,
  },
  example: 'X_BEARER_TOKEN=… npm run pull',
} as const satisfies CommandSpec;

/** The outlets' variables come from the outlet registry: a new outlet is in the help without a word here. */
const outletSettings = Object.fromEntries(OUTLETS.flatMap((o) => o.settings).map((s) => [s.name, s]));

export const BROADCAST = {
  name: 'broadcast',
  usage: 'npm run broadcast',
  about:
    'The manual sender: announces the alerts of the committed data/ to every outlet whose URL is set, each claimed in ' +
    "the alert ledger (the watcher's database) before it is sent, so nothing goes twice; writes nothing into data/ " +
    '(exit 0 all ok or skipped, 1 an outlet failed or the database could not be used, 2 data/ invalid: nothing ' +
    'sent).',
  flags: {},
  env: {
    ...outletSettings,
    httpTimeout: HTTP_TIMEOUT,
    dataDir: DATA_DIR,
    databaseUrl: {
      name: 'NETLIFY_DB_URL',
      value: '<postgres-url>',
      about:
        "the alert ledger: the site's Netlify Database (the watcher's), a secret; unset: the embedded database in .resetcast/db (docs/alerts.md)",
    },
    databaseDir: {
      name: 'RESETCAST_DB_DIR',
      value: '<dir>',
      about: "the embedded database's folder when NETLIFY_DB_URL is unset (default .resetcast/db)",
    },
    siteUrl: SITE_URL,
  },
  example: 'NTFY_TOPIC_URL=https://ntfy.sh/my-topic npm run broadcast',
} as const satisfies CommandSpec;

export const FACTS_CHANGED = {
  name: 'facts-changed',
  usage: 'npm run facts-changed -- --before <dir> [--site <url>] [--output <file>]',
  about:
    'Says whether the site needs a build: a fact file (events, promises, grants, corrections) differs from <dir>, or ' +
    "what a build of data/ now would publish (the forecast's available, p24, p48; the alert ids; the active banked " +
    'grants and their advice) differs from the deployed site.',
  flags: {
    before: { type: 'string', value: '<dir>', about: 'data/ as of the last commit, to compare the facts with', required: true },
    site: {
      type: 'string',
      value: '<url>',
      about:
        'the deployed site whose /api/v1/forecast.json, alerts.json and banked.json are compared ' +
        "(default the site's address, RESETCAST_SITE_URL's); unreadable means build",
    },
    output: {
      type: 'string',
      value: '<file>',
      about: 'append rebuild=true or rebuild=false to this file (the workflow passes $GITHUB_OUTPUT)',
    },
  },
  env: { httpTimeout: HTTP_TIMEOUT, dataDir: DATA_DIR, siteUrl: SITE_URL },
  example: 'git archive HEAD data | tar -x -C /tmp/before && npm run facts-changed -- --before /tmp/before/data',
} as const satisfies CommandSpec;

export const POST_ID = {
  name: 'post-id',
  usage: 'npm run post-id -- [--at <ts>] [--hours-ago <n>]',
  about: 'Prints the X post id of an instant (its time in the high bits, the low 22 bits zero): now, or --at, less --hours-ago.',
  flags: {
    at: timestampFlag('the instant, YYYY-MM-DDTHH:MM:SSZ (default now)'),
    'hours-ago': { type: 'string', value: '<n>', about: 'go back this many hours from it (default 0; may be fractional)' },
  },
  example: 'npm run --silent post-id -- --hours-ago 1',
} as const satisfies CommandSpec;

export const BACKTEST = {
  name: 'backtest',
  usage: 'npm run backtest [-- --json]',
  about:
    'The rolling-origin backtest of the forecast on data/ (or RESETCAST_DATA_DIR): a table with 90 % intervals, or every issued forecast as JSON.',
  flags: { json: { type: 'boolean', about: 'every issued forecast of the published model and its scores, as JSON' } },
  env: { dataDir: DATA_DIR },
  example: 'npm run backtest -- --json > backtest.json',
} as const satisfies CommandSpec;

export const API_DOC = {
  name: 'docs:api',
  usage: 'npm run docs:api',
  about: "Writes docs/api.md and the README's endpoint table from the endpoint and payload registries; a test fails while either is stale.",
  flags: {},
  example: 'npm run docs:api && git diff docs/api.md README.md',
} as const satisfies CommandSpec;

export const X_WEBHOOK = {
  name: 'x-webhook',
  usage: 'npm run x-webhook -- register|status|remove [--url <url>]',
  about:
    "Sets up X's webhook (docs/alerts.md, \"Setting up X's webhook\"): register makes X hold our webhook URL (X's CRC " +
    'answered by the deployed function) and one post.create subscription per watched account, idempotently; status ' +
    'shows what X holds; remove takes our subscriptions and the webhook away (exit 0 done, 1 a step failed).',
  flags: {
    url: { type: 'string', value: '<url>', about: `the webhook's address (default the site's address + ${X_WEBHOOK_PATH})` },
  },
  positionals: { names: ['register|status|remove'], required: 1 },
  env: {
    xToken: { name: 'X_BEARER_TOKEN', value: '<token>', about: "the X app's bearer token (app-only), a secret" },
    accounts: {
      name: 'RESETCAST_WATCH_ACCOUNTS',
      value: '<account:minutes,…>',
      about: `the watched accounts, as the watcher reads them (default ${DEFAULT_WATCH_ACCOUNTS}); one subscription each`,
    },
    xApi: apiSetting('x'),
    siteUrl: SITE_URL,
    httpTimeout: HTTP_TIMEOUT,
  },
  example: 'X_BEARER_TOKEN=… npm run x-webhook -- register',
} as const satisfies CommandSpec;
