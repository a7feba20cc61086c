/**
 * The designs `npm run bench:cost` prices (docs/cost.md), one registry: each turns the same record (the
 * replay of data/ under one signal stream, its claims, the pushes that deploy) and the same measurements
 * into a month's usage per meter. "previous" is the code on main; "run-time signals" a model of the design
 * where the functions read the pull's latest snapshot at run time, from the parameters of RUN_TIME_SIGNALS.
 */
import { HOLD_SECONDS, STEP_SECONDS } from '../../../src/core/timetable.ts';
import { PAYLOADS, SIGNAL_PAYLOAD_NAMES, TIMETABLE_PAYLOAD_NAMES } from '../../../src/site/api/payloads.ts';
import { WATCH_SCHEDULE_MINUTES } from '../../../src/jobs/watch/config.ts';
import { built, type Pull } from '../rebuild-replay.ts';
import type { Claim } from './claims.ts';
import { awakeHours, MONTH_MS, perMonth, type FunctionUse, type Usage } from './price.ts';
import { DB_SLEEP_AFTER_MS, FUNCTION_MEMORY_MB } from './rates.ts';

/**
 * The watcher's schedule (netlify.toml, `[functions.watch]`): every 5 minutes since X's webhook announces
 * posts within seconds (issue 38) and the poller is its safety net; every minute before.
 */
export const WATCH_PERIOD_MS = WATCH_SCHEDULE_MINUTES * 60_000;

/**
 * X's webhook (netlify/functions/x-webhook.ts): one delivery per post of a watched account (every post, not
 * only the recorded ones: stated, as docs/alerts.md counts them, about 10 a day in all) and X's CRC every
 * hour (docs.x.com, "Webhooks": hourly validation).
 */
export const WEBHOOK = { postsPerDay: 10, crcPerMonth: MONTH_MS / 3_600_000 } as const;

/**
 * What the in-process measurement leaves out: each request's time on the network, from Netlify's functions.
 * Netlify, X and the outlets publish no latency figure in the pages read (docs/cost.md, "Network time"), so
 * each is a stated, conservative value; a run's requests are one after another, so their times add.
 */
export const NETWORK_MS = {
  /** A Netlify Blobs read (the watcher's state; the run-time signals key), and a write. */
  blobsRead: 100,
  blobsWrite: 150,
  /** One X timeline (GET /2/users/:id/tweets): docs/alerts.md, "a few hundred ms". */
  xTimeline: 400,
  /** One read of the deployed site (alerts.json, or the pull's forecast, alerts and banked payloads). */
  siteRead: 100,
  /** The four outlets, sent in parallel: the slowest one's answer (docs/alerts.md: "a few hundred ms"). */
  outlets: 600,
  /** GitHub's workflow dispatch after a new post. */
  dispatch: 300,
  /** Waking the sleeping database: Netlify says "well under a second"; a whole second here. */
  dbWake: 1_000,
  /** A cold start of a small function: X's hourly CRC lands on a cold instance (one HMAC, then answered). */
  cold: 300,
} as const;

/**
 * The design being built ("run-time signals"), named in one place: the pull POSTs each snapshot to
 * `POST /signals` (one invocation a pull, one Blobs write); the timetable function and /mcp read that key
 * (one Blobs read an invocation); the timetable function's answers are cached by Netlify's CDN with
 * `durable` (one cached answer for every edge node) for at most `cacheSeconds`, never past the state's end;
 * a deploy happens for a fact or the timetable's horizon only.
 */
export const RUN_TIME_SIGNALS = {
  signalsPostsPerPull: 1,
  signalsPostMs: NETWORK_MS.blobsWrite + 5,
  blobsReadsPerInvocation: 1,
  cacheSeconds: 300,
} as const;

/**
 * The CDN as the code on main uses it: the timetable function's answer carries `Netlify-CDN-Cache-Control:
 * public, max-age=<the state's rest>` (src/core/timetable-answer.ts), no `durable`, so each edge node that
 * is asked keeps its own copy and asks the function itself. How many edge nodes serve the traffic is not
 * published in the pages read: stated.
 */
export const CDN = { edgeNodes: 100, stateSeconds: STEP_SECONDS } as const;

/**
 * The pages the stated traffic asks (stated): every page view is one of the 5 locales' home pages. The API
 * requests but /mcp go by API_MIX; the rest spread evenly over every other payload (otherPayloadRoutes).
 * Each route is one cached answer a window (per edge node without `durable`).
 */
export const ROUTES = { pages: 5 } as const;

/** The traffic every design is priced at (issue 37): a stated month, not a measured one. */
export const TRAFFIC = {
  pageViews: 100_000,
  apiRequests: 1_000_000,
  /** Of the API requests, the share that is POST /mcp (a function invocation each; never cached). */
  mcpShare: 0.1,
} as const;

/**
 * How the API requests other than /mcp spread over the payloads (a stated mix): the badge (shields.io
 * asks for it on every README view it has not cached) and the forecast (the status line, every 10 minutes
 * per user) take most; the rest spread evenly over every other payload of /api/v1/.
 */
export const API_MIX = { 'badge.json': 0.45, 'forecast.json': 0.35, others: 0.2 } as const;

/** What was measured (or, with --no-measure, stated) of the code as it runs today (in process, local stand-ins). */
export interface Measurements {
  /** 'measured' or 'stated': said beside every figure that comes from here. */
  source: 'measured' | 'stated';
  watcher: {
    /** One run with nothing new and nothing owed (its state read from Netlify Blobs). */
    quietMs: number;
    /** One run announcing a new post (claim, send, settle, cursor, dispatch). */
    alertMs: number;
    /** One run whose deployed alerts.json has an alert falling due (a reminder, a lapse): claimed and sent. */
    dueAlertMs: number;
    /** Statements per quiet run (averaged over the accounts' cycle), and the share of quiet runs that opened the database. */
    quietStatements: number;
    quietOpened: number;
    /** Statements of a run with a new post, and of one with an alert falling due. */
    alertStatements: number;
    dueAlertStatements: number;
    /** Requests to the state's store (Netlify Blobs) per quiet run, per run with a new post, per run with an alert falling due. */
    quietBlobRequests: number;
    alertBlobRequests: number;
    dueAlertBlobRequests: number;
  };
  mcp: { requestMs: number; responseBytes: number };
  /** One answer of the timetable function (a page's or a payload's state for the instant: docs/timetable.md), a state not read before. */
  timetable: { requestMs: number };
  site: {
    /** A page view: the page and every same-origin file it asks for, uncached. */
    pageViewRequests: number;
    pageViewBytes: number;
    /** Mean bytes of an API answer other than /mcp, by API_MIX. */
    apiBytes: number;
  };
}

/** The record a design is priced on: the last `days` of data/ under one signal stream. */
export interface RecordSpan {
  days: number;
  stepMs: number;
  from: number;
  to: number;
  /** The stream's name, for the printed basis. */
  stream: string;
  /** The pulls of the span under the design's rule (the replay of its own stream). */
  pulls: Pull[];
  /** Instants (ms) of the posts the watcher would have announced: the recorded events. */
  posts: number[];
  /** Every claim of the ledger in the span, at the instant it falls due (claims.ts). */
  claims: Claim[];
  /** Human pushes to main that deploy (git log), over their own span of days. */
  pushes: { count: number; days: number; basis: string };
}

export interface Design {
  name: string;
  /** measured: the code of this commit; projected: a model of a design not built yet. */
  status: 'measured' | 'projected';
  /** The design reads the signals at run time: the replay gives it the deployed functions answering with the pull's snapshot. */
  runTimeSignals: boolean;
  about: string;
  usage(record: RecordSpan, m: Measurements): Usage;
}

const fmt = (x: number, digits = 0): string => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const fn = (name: string, invocations: number, durationMs: number, fixed: boolean, basis: string): FunctionUse => ({
  name,
  invocations,
  durationMs,
  memoryMb: FUNCTION_MEMORY_MB,
  fixed,
  basis,
});

/**
 * The watcher's network time a run: 1 Blobs read, the 3 X timelines, 1 site read, one after another. The
 * timelines are asked at once (src/jobs/intake/x.ts, readPosts), so they cost the slowest; before, their sum.
 */
export const watchNetworkMs = (runTime: boolean): number =>
  NETWORK_MS.blobsRead + (runTime ? 1 : 3) * NETWORK_MS.xTimeline + NETWORK_MS.siteRead;
/** What a run that announces adds: the database woken, the outlets, the state written; a post also dispatches the pull. */
const CLAIM_NETWORK_MS = NETWORK_MS.dbWake + NETWORK_MS.outlets + NETWORK_MS.blobsWrite;

/** Claims a post's own run makes (its event, its grant): counted with the posts, not again as claims due. */
const POST_KINDS = new Set(['reset', 'event', 'grant']);

/** A month of the watcher every 5 minutes: quiet, with a new post, or with a claim falling due. */
function watcherUse(record: RecordSpan, m: Measurements, runTime: boolean): FunctionUse {
  const network = watchNetworkMs(runTime);
  const w = m.watcher;
  const runs = MONTH_MS / WATCH_PERIOD_MS;
  const posts = perMonth(record.posts.length, record.days);
  const dues = perMonth(record.claims.filter((c) => !POST_KINDS.has(c.kind)).length, record.days);
  const quiet = runs - posts - dues;
  const quietMs = w.quietMs + network;
  const postMs = w.alertMs + network + CLAIM_NETWORK_MS + NETWORK_MS.dispatch;
  const dueMs = w.dueAlertMs + network + CLAIM_NETWORK_MS;
  return fn(
    'watch (scheduled)',
    runs,
    (quiet * quietMs + posts * postMs + dues * dueMs) / runs,
    true,
    `every ${WATCH_PERIOD_MS / 60_000} min; a quiet run ${fmt(quietMs)} ms (${m.source} ${fmt(w.quietMs, 1)} ms in process + ` +
      `${network} ms on the network: Blobs ${NETWORK_MS.blobsRead}, the 3 X timelines ` +
      `${runTime ? `at once (${NETWORK_MS.xTimeline})` : `one after another (3 × ${NETWORK_MS.xTimeline})`}, the site ` +
      `${NETWORK_MS.siteRead}); ${fmt(posts, 1)} runs a month with a post (${fmt(postMs)} ms), ${fmt(dues, 1)} with a claim due (${fmt(dueMs)} ms)`,
  );
}

/** X's webhook: every delivery (a recorded post announces, the others are answered at once) and the hourly CRC, cold. */
function webhookUse(record: RecordSpan, m: Measurements): FunctionUse[] {
  const deliveries = WEBHOOK.postsPerDay * 30;
  const recorded = Math.min(deliveries, perMonth(record.posts.length, record.days));
  const announceMs = m.watcher.alertMs + NETWORK_MS.blobsRead + CLAIM_NETWORK_MS + NETWORK_MS.dispatch;
  return [
    fn(
      'x-webhook',
      deliveries,
      (recorded * announceMs + (deliveries - recorded) * NETWORK_MS.cold) / deliveries,
      true,
      `${deliveries} deliveries (stated: ${WEBHOOK.postsPerDay} posts a day); ${fmt(recorded, 1)} recorded posts announce ` +
        `(${fmt(announceMs)} ms: ${m.source} in process + Blobs, the database woken, outlets, dispatch), the others cold (${NETWORK_MS.cold} ms)`,
    ),
    fn('x-webhook CRC', WEBHOOK.crcPerMonth, NETWORK_MS.cold, true, `X's CRC every hour, on a cold instance (${NETWORK_MS.cold} ms)`),
  ];
}

/** The watcher's and the pull's own reads of the deployed site: timetable-function routes, an invocation each. */
function siteReads(record: RecordSpan): { watcher: number; pull: number } {
  return { watcher: MONTH_MS / WATCH_PERIOD_MS, pull: 3 * (MONTH_MS / record.stepMs) };
}

/**
 * Invocations of the timetable function at the stated traffic: each route's answer is kept a window
 * (`windowSeconds`, never past the state's end) by each of `caches` caches; requests spread evenly, so a
 * cache asks the function in a window when at least one request reaches it then: 1 − e^(−λ) for λ requests
 * a window and cache.
 */
export function cachedInvocations(requests: number, routes: number, caches: number, windowSeconds: number): number {
  const windows = MONTH_MS / 1000 / windowSeconds;
  const perRoute = requests / routes;
  const lambda = perRoute / (windows * caches);
  return routes * caches * windows * (1 - Math.exp(-lambda));
}

/**
 * How long the edge keeps an answer only the clock moves, under run-time signals (src/core/timetable.ts,
 * HOLD_SECONDS: to the state's end, a day at most). On the frozen history such a payload's states last a day
 * or more (promises, alerts, backtest: one in 7 days; track-record: three), so the day sets the window.
 */
export const CLOCK_ONLY_WINDOW_SECONDS = HOLD_SECONDS;

/**
 * The API payloads other than the badge and the forecast, by what answers them (PAYLOADS): a static file
 * (no function), the timetable function with an answer a snapshot may change, or one only the clock moves.
 */
export function otherPayloadRoutes(): { static: number; runTime: number; clockOnly: number } {
  const others = PAYLOADS.map((p) => p.name).filter((n) => n !== 'badge' && n !== 'forecast');
  const served = others.filter((n) => TIMETABLE_PAYLOAD_NAMES.includes(n));
  const runTime = served.filter((n) => SIGNAL_PAYLOAD_NAMES.includes(n)).length;
  return { static: others.length - served.length, runTime, clockOnly: served.length - runTime };
}

/**
 * The traffic's timetable invocations by route group, through `caches` caches a route. Under run-time signals
 * an answer a snapshot may change is kept RUN_TIME_SIGNALS.cacheSeconds, one only the clock moves
 * CLOCK_ONLY_WINDOW_SECONDS; before, every answer at most a state of the grid (CDN.stateSeconds).
 */
export function trafficInvocations(caches: number, runTime: boolean): { pages: number; api: number; requests: number } {
  const api = TRAFFIC.apiRequests * (1 - TRAFFIC.mcpShare);
  const moving = runTime ? RUN_TIME_SIGNALS.cacheSeconds : CDN.stateSeconds;
  const still = runTime ? CLOCK_ONLY_WINDOW_SECONDS : CDN.stateSeconds;
  const viaCache = (requests: number, routes: number, window: number): number =>
    routes === 0 ? 0 : cachedInvocations(requests, routes, caches, window);
  const routes = otherPayloadRoutes();
  const perOther = (api * API_MIX.others) / (routes.static + routes.runTime + routes.clockOnly);
  return {
    pages: viaCache(TRAFFIC.pageViews, ROUTES.pages, moving),
    api:
      viaCache(api * API_MIX['badge.json'], 1, moving) +
      viaCache(api * API_MIX['forecast.json'], 1, moving) +
      viaCache(perOther * routes.runTime, routes.runTime, moving) +
      viaCache(perOther * routes.clockOnly, routes.clockOnly, still),
    requests: TRAFFIC.pageViews + api * (1 - API_MIX.others) + perOther * (routes.runTime + routes.clockOnly),
  };
}

function timetableUse(record: RecordSpan, m: Measurements, runTime: boolean): FunctionUse[] {
  const caches = runTime ? 1 : CDN.edgeNodes;
  const t = trafficInvocations(caches, runTime);
  const reads = siteReads(record);
  const ms = m.timetable.requestMs + (runTime ? RUN_TIME_SIGNALS.blobsReadsPerInvocation * NETWORK_MS.blobsRead : 0);
  const how = runTime
    ? `durable: one cached answer a route for every edge node, ${RUN_TIME_SIGNALS.cacheSeconds} s at most where a snapshot may change it, ` +
      `${CLOCK_ONLY_WINDOW_SECONDS / 3_600} h where only the clock moves it`
    : `no durable: each of ${CDN.edgeNodes} edge nodes (stated) keeps its own answer a route, ${CDN.stateSeconds} s at most`;
  const perCall = runTime
    ? `${m.source} ${fmt(m.timetable.requestMs, 2)} ms + 1 Blobs read ${NETWORK_MS.blobsRead} ms`
    : `${m.source} ${fmt(ms, 2)} ms`;
  return [
    fn(
      'timetable (traffic)',
      t.pages + t.api,
      ms,
      false,
      `${fmt(t.requests)} requests to its routes (${ROUTES.pages} pages, badge, forecast, the other payloads the function serves); ${how}; ${perCall} each`,
    ),
    fn(
      'timetable (own reads)',
      reads.watcher + reads.pull,
      ms,
      true,
      `the watcher's alerts.json every run (${fmt(reads.watcher)}) and the pull's 3 payloads every pull (${fmt(reads.pull)}), each an invocation`,
    ),
  ];
}

const mcpUse = (m: Measurements, runTime: boolean): FunctionUse =>
  fn(
    'mcp',
    TRAFFIC.apiRequests * TRAFFIC.mcpShare,
    m.mcp.requestMs + (runTime ? RUN_TIME_SIGNALS.blobsReadsPerInvocation * NETWORK_MS.blobsRead : 0),
    false,
    `${TRAFFIC.mcpShare * 100} % of the API requests (POST: never cached); ${m.source} ${fmt(m.mcp.requestMs, 2)} ms a request, warm` +
      (runTime ? ` + 1 Blobs read ${NETWORK_MS.blobsRead} ms` : ''),
  );

const signalsUse = (record: RecordSpan): FunctionUse =>
  fn(
    'signals (POST)',
    (MONTH_MS / record.stepMs) * RUN_TIME_SIGNALS.signalsPostsPerPull,
    RUN_TIME_SIGNALS.signalsPostMs,
    true,
    `one POST a pull (every ${record.stepMs / 60_000} min), one Blobs write (${NETWORK_MS.blobsWrite} ms) each`,
  );

/** The deploys of a month: the pulls that asked for one under the design's rule, and the human pushes to main. */
function deploysUse(record: RecordSpan): Usage['deploys'] {
  const pulls = record.pulls.filter(built);
  const why = (key: 'fact' | 'numbers' | 'timeBound' | 'horizon'): number => pulls.filter((p) => p[key] === true).length;
  const pushes = perMonth(record.pushes.count, record.pushes.days);
  return {
    count: perMonth(pulls.length, record.days) + pushes,
    basis:
      `${record.stream}: the pull asked for ${pulls.length} in ${fmt(record.days, 1)} days (facts ${why('fact')}, figures ${why('numbers')}, ` +
      `alerts or grants ${why('timeBound')}, horizon ${why('horizon')}) + ${fmt(pushes, 1)} pushes a month (${record.pushes.basis})`,
  };
}

/**
 * The database's month: awake 5 minutes after each claim at the instant it falls due (claims.ts) and after
 * each deploy (the migration run at deploy), overlaps once; each push's deploy (instants not replayed) 5
 * minutes on its own. A quiet watcher run that opened it would keep it awake all month.
 */
function databaseUse(record: RecordSpan, m: Measurements): Usage['database'] {
  const w = m.watcher;
  if (w.quietStatements > 0 || w.quietOpened > 0)
    return {
      awakeHours: MONTH_MS / 3_600_000,
      basis: `${m.source}: a quiet run opens the database, every ${WATCH_PERIOD_MS / 60_000} min`,
    };
  const deploys = record.pulls.filter(built).map((p) => p.t);
  const awake = awakeHours([...record.claims.map((c) => c.at), ...deploys], DB_SLEEP_AFTER_MS, record.from, record.to);
  const pushHours = perMonth(record.pushes.count, record.pushes.days) * (DB_SLEEP_AFTER_MS / 3_600_000);
  return {
    awakeHours: perMonth(awake, record.days) + pushHours,
    basis:
      `${record.claims.length} claims at their instants and ${deploys.length} pull deploys' migrations in ${fmt(record.days, 1)} days ` +
      `(${fmt(awake, 1)} h), + ${fmt(pushHours, 1)} h for the pushes' deploys; asleep ${DB_SLEEP_AFTER_MS / 60_000} min after each`,
  };
}

/** Requests to Netlify Blobs: the watcher's state (as counted), and with run-time signals the key's reads and writes. */
function blobsUse(record: RecordSpan, m: Measurements, functions: readonly FunctionUse[], runTime: boolean): NonNullable<Usage['blobs']> {
  const w = m.watcher;
  const runs = MONTH_MS / WATCH_PERIOD_MS;
  const posts = perMonth(record.posts.length, record.days);
  const dues = perMonth(record.claims.filter((c) => !POST_KINDS.has(c.kind)).length, record.days);
  const watcher = (runs - posts - dues) * w.quietBlobRequests + posts * w.alertBlobRequests + dues * w.dueAlertBlobRequests;
  const reads = runTime
    ? functions.filter((f) => f.name.startsWith('timetable') || f.name === 'mcp').reduce((s, f) => s + f.invocations, 0)
    : 0;
  const writes = runTime ? MONTH_MS / record.stepMs : 0;
  return {
    requests: watcher + reads + writes,
    basis:
      `the watcher's state ${fmt(watcher)} (${m.source}, against the local server)` +
      (runTime ? `; the signals key: ${fmt(reads)} reads, ${fmt(writes)} writes` : ''),
  };
}

function webUse(record: RecordSpan, m: Measurements, runTime: boolean): Pick<Usage, 'webRequests' | 'ownRequests' | 'bandwidth'> {
  const apiOther = TRAFFIC.apiRequests * (1 - TRAFFIC.mcpShare);
  const mcp = TRAFFIC.apiRequests * TRAFFIC.mcpShare;
  const reads = siteReads(record);
  const posts = runTime ? MONTH_MS / record.stepMs : 0;
  const hook = WEBHOOK.postsPerDay * 30 + WEBHOOK.crcPerMonth;
  return {
    webRequests: {
      count: TRAFFIC.pageViews * m.site.pageViewRequests + TRAFFIC.apiRequests,
      basis:
        `${fmt(TRAFFIC.pageViews)} page views × ${m.site.pageViewRequests} requests (the page and its files, uncached) ` +
        `+ ${fmt(TRAFFIC.apiRequests)} API requests`,
    },
    ownRequests: {
      count: reads.watcher + reads.pull + posts + hook,
      basis: `the watcher's and the pull's site reads, X's deliveries and CRCs${runTime ? ", the pull's POST /signals" : ''}`,
    },
    bandwidth: {
      bytes: TRAFFIC.pageViews * m.site.pageViewBytes + apiOther * m.site.apiBytes + mcp * m.mcp.responseBytes,
      basis:
        `${m.source} gzip bytes of a build: page view ${(m.site.pageViewBytes / 1000).toFixed(1)} kB, API answer ` +
        `${(m.site.apiBytes / 1000).toFixed(2)} kB (mean by mix), /mcp answer ${(m.mcp.responseBytes / 1000).toFixed(2)} kB`,
    },
  };
}

/** One design's month, its deploy rule given by the replay it is handed. */
function monthOf(record: RecordSpan, m: Measurements, runTime: boolean): Usage {
  const functions = [
    watcherUse(record, m, runTime),
    ...webhookUse(record, m),
    mcpUse(m, runTime),
    ...timetableUse(record, m, runTime),
    ...(runTime ? [signalsUse(record)] : []),
  ];
  return {
    deploys: deploysUse(record),
    functions,
    database: databaseUse(record, m),
    blobs: blobsUse(record, m, functions, runTime),
    ...webUse(record, m, runTime),
  };
}

/** The code on main: every signal change that moves the published figures deploys, and a deploy's signals expire inside its timetable. */
const PREVIOUS: Design = {
  name: 'previous',
  status: 'measured',
  runTimeSignals: false,
  about:
    "the code on main: the pull asks for a deploy when a fact, a signal moving the figures, an alert or grant, or the timetable's " +
    "horizon says so (`npm run facts-changed`); a deploy's signals expire after 6 h inside its timetable; the timetable " +
    'function cached per edge node',
  usage: (record, m) => monthOf(record, m, false),
};

/** The design being built: the signals read at run time from Netlify Blobs; deploys for facts and the horizon only. */
const RUN_TIME: Design = {
  name: 'run-time signals',
  status: 'projected',
  runTimeSignals: true,
  about:
    'the pull POSTs each snapshot to /signals (one Blobs key); the timetable function and /mcp read it every invocation, so a ' +
    "signal never deploys; the timetable function's answers cached `durable` for 300 s at most",
  usage: (record, m) => monthOf(record, m, true),
};

export const DESIGNS: readonly Design[] = [PREVIOUS, RUN_TIME];
