/** The flag tables of the local runtime and the measuring commands (docs/serve.md, docs/performance.md). */
import { OUTLETS } from '../../../src/jobs/broadcast/outlets/index.ts';
import { SERVE_ENV } from '../../../src/serve/settings.ts';
import type { CommandSpec } from './spec.ts';

/** Every outlet's label, as a list in words ("a, b and c"): from the outlet registry, not typed here. */
const labels = OUTLETS.map((o) => o.label);
const OUTLET_WORDS = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : (labels[0] ?? '');

export const START = {
  name: 'start',
  usage: 'npm start [-- --no-build]',
  about:
    'Builds from the committed data/ and serves the site, the JSON API and /mcp on http://127.0.0.1:8888 (PORT and HOST ' +
    'override; HOST=0.0.0.0 for every interface).',
  flags: { build: { type: 'boolean', negatable: true, about: 'build first (the default); --no-build serves the last build as it is' } },
  env: SERVE_ENV,
  example: 'PORT=8080 npm start',
} as const satisfies CommandSpec;

export const BENCH = {
  name: 'bench',
  usage: 'npm run bench [-- --sizes 0,1000,10000] [--runs 2] [--events N] [--step H] [--only build|mcp|phrases]',
  about: 'The performance figures, each a ratio against a baseline measured in the same run (docs/performance.md).',
  flags: {
    sizes: { type: 'string', value: '<n,n,…>', about: 'extra synthetic events per build (0 = the shipped history; default 0,1000,10000)' },
    runs: { type: 'string', value: '<n>', about: 'runs per size, median reported (default 2)' },
    events: { type: 'string', value: '<n>', about: 'shorthand for --sizes 0,N --runs 1' },
    step: { type: 'string', value: '<hours>', about: 'hours between synthetic events' },
    only: { type: 'string', value: 'build|mcp|phrases', about: 'one section only' },
  },
  conflicts: [{ flag: 'events', others: ['sizes'], why: '--events N is --sizes 0,N' }],
  env: {
    warmCount: { name: 'BENCH_WARM_COUNT', value: '<n>', about: '/mcp warm calls (default 5000)' },
    coldRuns: { name: 'BENCH_COLD_RUNS', value: '<n>', about: '/mcp cold starts (default 15)' },
  },
  example: 'npm run bench -- --only build --sizes 0,1000',
} as const satisfies CommandSpec;

export const BENCH_ALERTS = {
  name: 'bench:alerts',
  usage: 'npm run bench:alerts',
  about:
    `Times a post on X to the alert at ${OUTLET_WORDS}: the watcher in the local Netlify runtime (its ` +
    "work measured, the 5-minute schedule added), X's webhook there (a signed delivery → each outlet, and X's answer), " +
    'then the pull and broadcast (the fallback) against local ' +
    'servers, with the same work and no outlet as the baseline.',
  flags: {},
  env: {
    watchRuns: { name: 'BENCH_WATCH_RUNS', value: '<n>', about: 'watcher invocations measured, and webhook deliveries (default 11)' },
    alertRuns: { name: 'BENCH_ALERT_RUNS', value: '<n>', about: 'pull + broadcast runs, medians reported (default 15)' },
    dbUrl: {
      name: 'BENCH_DB_URL',
      value: '<postgres url>',
      about: "also time X's webhook in a warm instance (this process) against this PostgreSQL, migrated first",
    },
  },
  example: 'BENCH_ALERT_RUNS=5 npm run bench:alerts',
} as const satisfies CommandSpec;

export const BENCH_READS = {
  name: 'bench:reads',
  usage: 'npm run bench:reads',
  about: 'Peak memory of a pull reading a hostile answer through the capped reader against an unbounded read, each in a fresh process.',
  flags: {},
  env: {
    bytes: { name: 'READS_BYTES', value: '<n>', about: 'size of the hostile answer (default 60,000,000)' },
    runs: { name: 'READS_RUNS', value: '<n>', about: 'runs, median reported (default 3)' },
  },
  example: 'READS_BYTES=10000000 npm run bench:reads',
} as const satisfies CommandSpec;

export const BENCH_PHRASES = {
  name: 'bench:phrases',
  usage: 'npm run bench:phrases',
  about:
    'Times the promise-phrase finder on adversarial posts of 1, 16 and 64 KB; 64 KB / 16 KB near 4 means linear (also a section of npm run bench).',
  flags: {},
  example: 'npm run bench:phrases',
} as const satisfies CommandSpec;

export const BENCH_REBUILDS = {
  name: 'bench:rebuilds',
  usage: 'npm run bench:rebuilds -- [--step-minutes <n>] [--last-days <n>]',
  about:
    "Builds per day under the pull's build rule (a fact changed, or the forecast's numbers, the alerts or the active " +
    "banked grants differ from the last build's), replayed over the history in data/, against a build on every " +
    'pull.',
  flags: {
    'step-minutes': { type: 'string', value: '<n>', about: 'minutes between replayed pulls (default 30, the schedule)' },
    'last-days': { type: 'string', value: '<n>', about: 'also report the last n days of the record alone (default 90)' },
  },
  example: 'npm run bench:rebuilds -- --step-minutes 5',
} as const satisfies CommandSpec;

export const BENCH_SIGNALS = {
  name: 'bench:signals',
  usage: 'npm run bench:signals -- [--windows <n>]',
  about:
    'How a newer signals snapshot enters what is served, both ways measured on the history in data/: applied at run ' +
    'time by the function (what ships: timed per request), or pre-rendered per signal level by the build (states and bytes).',
  flags: { windows: { type: 'string', value: '<n>', about: '5-minute windows timed under a snapshot (default 40)' } },
  example: 'npm run bench:signals -- --windows 100',
} as const satisfies CommandSpec;

export const BENCH_COST = {
  name: 'bench:cost',
  usage: 'npm run bench:cost -- [--no-measure] [--dist <folder>] [--last-days <n>] [--step-minutes <n>]',
  about:
    'A month of Resetcast priced in Netlify credits per meter (deploys from the replay of data/ under signal streams, ' +
    'function compute at network time, database hours awake, web requests and bandwidth at a stated traffic), for ' +
    'each design of the registry side by side, and which plans it fits (docs/cost.md).',
  flags: {
    measure: {
      type: 'boolean',
      negatable: true,
      about: 'build and measure (the default); --no-measure prices the stated figures of docs/cost.md instead, and says so',
    },
    dist: { type: 'string', value: '<folder>', about: 'measure this build (e.g. dist/) instead of building data/ into a temp folder' },
    'last-days': { type: 'string', value: '<n>', about: 'days of the record replayed for deploys and alerts (default 90)' },
    'step-minutes': { type: 'string', value: '<n>', about: 'minutes between replayed pulls (default 30, the schedule)' },
    pushes: { type: 'string', value: '<n>', about: 'pushes to main that deploy in 90 days (default: counted from git log)' },
  },
  env: {
    dbUrl: {
      name: 'BENCH_DB_URL',
      value: '<postgres url>',
      about: "measure the watcher's runs against this PostgreSQL (default: the embedded engine in a temp folder)",
    },
  },
  example: 'npm run bench:cost -- --no-measure',
} as const satisfies CommandSpec;

export const SOAK = {
  name: 'soak',
  usage: 'npm run soak',
  about:
    'Loads the local runtime with real MCP clients, concurrent JSON GETs and hostile clients, and reports req/s, ' +
    'p50/p99, errors and peak memory (exit 1 when any request failed).',
  flags: {},
  env: {
    clients: { name: 'SOAK_CLIENTS', value: '<n>', about: 'MCP clients (default 50)' },
    calls: { name: 'SOAK_CALLS', value: '<n>', about: 'calls per client (default 1,000)' },
    gets: { name: 'SOAK_GETS', value: '<n>', about: 'concurrent GET loops (default 200)' },
    hostile: { name: 'SOAK_HOSTILE', value: '0', about: 'no hostile clients' },
    url: { name: 'SOAK_URL', value: '<url>', about: 'soak a server already running' },
    compare: { name: 'SOAK_COMPARE', value: 'netlify', about: 'first run the same load against netlify serve' },
  },
  example: 'SOAK_CLIENTS=10 SOAK_CALLS=100 npm run soak',
} as const satisfies CommandSpec;

export const LIGHTHOUSE = {
  name: 'lighthouse',
  usage: 'npm run lighthouse',
  about:
    'Serves the last build (npm run build) through the local runtime and audits every page of every locale with ' +
    'Lighthouse in Debian chromium, light and dark; exits 1 when any score is below 100.',
  flags: {},
  env: {
    pages: { name: 'LH_PAGES', value: '/,/zh/', about: 'only these pages' },
    runs: { name: 'LH_RUNS', value: '<n>', about: 'runs per page, median counts (default 3)' },
    workers: { name: 'LH_WORKERS', value: '<n>', about: 'audits at once (default one per core, at least 2)' },
    dark: { name: 'LH_DARK', value: '<categories>', about: 'audit the dark scheme in these categories only' },
    chrome: { name: 'CHROME_PATH', value: '<path>', about: 'chromium to use (default /usr/bin/chromium)' },
  },
  example: 'LH_RUNS=1 LH_DARK=accessibility npm run lighthouse',
} as const satisfies CommandSpec;
