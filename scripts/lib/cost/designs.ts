/**
 * The designs `npm run bench:cost` prices (docs/cost.md), one registry: each turns the same record (the
 * replay of data/) and the same measurements into a month's usage per meter. The design before the
 * database slept (issue 37 item 4) stays, priced from the figures measured on it, for comparison.
 */
import { WATCH_SCHEDULE_MINUTES } from '../../../src/jobs/watch/config.ts';
import { built, type Pull } from '../rebuild-replay.ts';
import { awakeHours, everyPeriod, MONTH_MS, perMonth, type Usage } from './price.ts';
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
export const WEBHOOK = { postsPerDay: 10, crcPerMonth: MONTH_MS / 3_600_000, crcMs: 5 } as const;

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

/** What was measured (or, with --no-measure, stated) of the code as it runs today. */
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

/** The record a design is priced on: the last `days` of the replay of data/. */
export interface RecordSpan {
  days: number;
  stepMs: number;
  from: number;
  to: number;
  /** The pull's build rule as it ships (replayTimetablePulls: the static pages follow the clock). */
  pulls: Pull[];
  /** The same pulls under the rule before the pages were timetable states (STATIC_OUTPUTS_FOLLOW_CLOCK true: the clock moving what a static page showed deployed). */
  pullsPagesStatic: Pull[];
  /** Instants (ms) of the posts the watcher would have announced: the recorded events. */
  posts: number[];
  /** Instants (ms) every alert of the record is due (its `at`). */
  alerts: number[];
}

export interface Design {
  name: string;
  /**
   * measured: the code of this commit; stated: the code before this commit, priced from the figures measured
   * on it (BEFORE_SLEEP); projected: a model of a design not built yet.
   */
  status: 'measured' | 'stated' | 'projected';
  about: string;
  usage(record: RecordSpan, m: Measurements): Usage;
}

/** The watcher's figures that priced a design: its quiet run, a run with a post, and what each is said to come from. */
interface WatcherFigures {
  quietMs: number;
  alertMs: number;
  source: string;
}

/** A month of the watcher: every `periodMs`, quiet except the runs with a new post. */
function watcherUse(record: RecordSpan, w: WatcherFigures, how: string, periodMs = WATCH_PERIOD_MS): Usage['functions'][number] {
  const invocations = MONTH_MS / periodMs;
  const alertRuns = perMonth(record.posts.length, record.days);
  const durationMs = ((invocations - alertRuns) * w.quietMs + alertRuns * w.alertMs) / invocations;
  return {
    name: 'watch (scheduled)',
    invocations,
    durationMs,
    memoryMb: FUNCTION_MEMORY_MB,
    fixed: true,
    basis:
      `every ${periodMs / 60_000} min; ${w.source}: quiet run ${w.quietMs.toFixed(0)} ms (${how}), run with an alert ` +
      `${w.alertMs.toFixed(0)} ms; ${alertRuns.toFixed(1)} runs with a new post a month (the record's posts)`,
  };
}

/**
 * A month of X's webhook: each delivery runs the watcher's announce steps without asking X (its duration
 * taken as a watcher run with an alert, measured), each CRC one HMAC (stated).
 */
function webhookUse(w: WatcherFigures): Usage['functions'][number] {
  const deliveries = WEBHOOK.postsPerDay * 30;
  const invocations = deliveries + WEBHOOK.crcPerMonth;
  return {
    name: 'x-webhook',
    invocations,
    durationMs: (deliveries * w.alertMs + WEBHOOK.crcPerMonth * WEBHOOK.crcMs) / invocations,
    memoryMb: FUNCTION_MEMORY_MB,
    fixed: true,
    basis:
      `${deliveries} deliveries (stated: ${WEBHOOK.postsPerDay} posts a day by the watched accounts; ${w.source} as a watcher run ` +
      `with an alert, ${w.alertMs.toFixed(0)} ms) + ${WEBHOOK.crcPerMonth} hourly CRCs (stated ${WEBHOOK.crcMs} ms)`,
  };
}

const mcpUse = (m: Measurements): Usage['functions'][number] => ({
  name: 'mcp',
  invocations: TRAFFIC.apiRequests * TRAFFIC.mcpShare,
  durationMs: m.mcp.requestMs,
  memoryMb: FUNCTION_MEMORY_MB,
  fixed: false,
  basis: `${TRAFFIC.mcpShare * 100} % of the API requests; ${m.source} per request (tools/call get_reset_forecast, warm)`,
});

/**
 * The timetable function (docs/timetable.md): it answers the pages and the clock payloads. Priced as if the
 * CDN cached nothing, every page view's page and every API request but /mcp an invocation: an upper bound, since
 * each answer may be kept at the edge for up to 5 minutes (at most 12 invocations an hour per URL and edge).
 */
const timetableUse = (m: Measurements): Usage['functions'][number] => ({
  name: 'timetable',
  invocations: TRAFFIC.pageViews + TRAFFIC.apiRequests * (1 - TRAFFIC.mcpShare),
  durationMs: m.timetable.requestMs,
  memoryMb: FUNCTION_MEMORY_MB,
  fixed: false,
  basis:
    `every page view and API request but /mcp, as if the CDN cached none (at most: each answer is kept up to 5 min at the edge); ` +
    `${m.source} per answer, a state not read before`,
});

function webUse(m: Measurements): Pick<Usage, 'webRequests' | 'bandwidth'> {
  const apiOther = TRAFFIC.apiRequests * (1 - TRAFFIC.mcpShare);
  const mcp = TRAFFIC.apiRequests * TRAFFIC.mcpShare;
  return {
    webRequests: {
      count: TRAFFIC.pageViews * m.site.pageViewRequests + TRAFFIC.apiRequests,
      basis:
        `${TRAFFIC.pageViews.toLocaleString('en-US')} page views × ${m.site.pageViewRequests} requests (the page and its files, uncached) ` +
        `+ ${TRAFFIC.apiRequests.toLocaleString('en-US')} API requests`,
    },
    bandwidth: {
      bytes: TRAFFIC.pageViews * m.site.pageViewBytes + apiOther * m.site.apiBytes + mcp * m.mcp.responseBytes,
      basis:
        `${m.source} gzip bytes of a build: page view ${(m.site.pageViewBytes / 1000).toFixed(1)} kB, API answer ` +
        `${(m.site.apiBytes / 1000).toFixed(2)} kB (mean by mix), /mcp answer ${(m.mcp.responseBytes / 1000).toFixed(2)} kB`,
    },
  };
}

/** A database queried by every run of a schedule: never idle for the sleep time, so awake all month. */
function alwaysAwake(counted: string, periodMs = WATCH_PERIOD_MS): Usage['database'] {
  return {
    awakeHours: awakeHours(everyPeriod(0, MONTH_MS, periodMs), DB_SLEEP_AFTER_MS, 0, MONTH_MS),
    basis: `the watcher queries it every ${periodMs / 60_000} min (${counted}): never ${DB_SLEEP_AFTER_MS / 60_000} min idle`,
  };
}

/**
 * The database's month as the code of this commit wakes it, from the statements each path was counted to
 * make: a quiet run that makes any (or opens it at all) queries it every run, so it never sleeps; one that
 * makes none leaves it to the paths that claim: each alert of the record, at its time (the webhook or the
 * poller announcing a post, the deployed-alerts step claiming a reminder, a lapse, a threshold crossing, a
 * correction when a deploy or the timetable's next state brings it), each keeping it awake 5 minutes. A
 * deploy that brings no alert still owed wakes nothing (the state keeps what every outlet has).
 */
function databaseAsCounted(record: RecordSpan, m: Measurements): Usage['database'] {
  const w = m.watcher;
  const counted =
    `${m.source}: ${w.quietStatements.toFixed(1)} statements a quiet run (the database opened in ${(w.quietOpened * 100).toFixed(0)} % ` +
    `of them), ${w.alertStatements} with a new post, ${w.dueAlertStatements} with an alert falling due`;
  if (w.quietStatements > 0 || w.quietOpened > 0) return alwaysAwake(counted);
  const awake = awakeHours(record.alerts, DB_SLEEP_AFTER_MS, record.from, record.to);
  return {
    awakeHours: perMonth(awake, record.days),
    basis:
      `woken at each of the record's ${record.alerts.length} alerts (${counted}), asleep ` +
      `${DB_SLEEP_AFTER_MS / 60_000} min after: ${awake.toFixed(1)} h in ${record.days.toFixed(1)} days`,
  };
}

/** A month of requests to the watcher's state in Netlify Blobs, from the requests each path was counted to make. */
function blobsUse(record: RecordSpan, m: Measurements): NonNullable<Usage['blobs']> {
  const w = m.watcher;
  const runs = MONTH_MS / WATCH_PERIOD_MS;
  const posts = perMonth(record.posts.length, record.days);
  const dues = perMonth(record.alerts.length, record.days);
  const deliveries = WEBHOOK.postsPerDay * 30;
  return {
    requests:
      (runs - posts - dues) * w.quietBlobRequests +
      posts * w.alertBlobRequests +
      dues * w.dueAlertBlobRequests +
      deliveries * w.alertBlobRequests,
    basis:
      `${m.source}: ${w.quietBlobRequests.toFixed(1)} a quiet run, ${w.alertBlobRequests} a run or delivery with a new post, ` +
      `${w.dueAlertBlobRequests} a run with an alert falling due; the watcher every ${WATCH_PERIOD_MS / 60_000} min and ${deliveries} deliveries`,
  };
}

/**
 * The figures measured on the code before this commit (b515f98, docs/cost.md of 2026-11-28: `npm run
 * bench:cost` against a local PostgreSQL 15): every watcher run opened the database and ran 6 to 12
 * statements (7.2 on the accounts' cycle), so it never slept.
 */
export const BEFORE_SLEEP = { quietMs: 19.5, alertMs: 50.9, quietStatements: 7.2, alertStatements: 19 } as const;

/**
 * The deploys the pull's rule as it ships makes (the replay is replayTimetablePulls with
 * STATIC_OUTPUTS_FOLLOW_CLOCK, false: facts, a signal moving the forecast, the timetable running out; the pages,
 * feeds and calendar are timetable states, so the clock alone never deploys).
 */
const pullRuleDeploys = (record: RecordSpan): Pull[] => record.pulls.filter(built);

/** The deploys of a design as the replay counts them. */
const deploysOf = (record: RecordSpan, deploys: readonly Pull[], rule: string): Usage['deploys'] => ({
  count: perMonth(deploys.length, record.days),
  basis:
    `replay of the last ${record.days.toFixed(1)} days of data/ under the rule ${rule}: ${deploys.length} builds ` +
    `(${(deploys.length / record.days).toFixed(2)} a day)`,
});

/** The code before issue 37's pages and sleep: static pages deployed whenever the clock moved what they show, the watcher on the database every 5 minutes. */
const BEFORE: Design = {
  name: 'before the database slept',
  status: 'stated',
  about:
    "the code before issue 37's pages and sleep (b515f98): static pages, so a deploy whenever the clock moved what they show " +
    "(STATIC_OUTPUTS_FOLLOW_CLOCK true), X's webhook for each post, the watcher's cursors and bookkeeping in the database, so " +
    'every run every 5 minutes opened it',
  usage(record, m) {
    const w = { ...BEFORE_SLEEP, source: 'stated (measured 2026-11-28 on b515f98)' };
    return {
      deploys: deploysOf(record, record.pullsPagesStatic.filter(built), 'with the pages static'),
      functions: [watcherUse(record, w, 'database opened'), webhookUse(w), mcpUse(m)],
      database: alwaysAwake(`${w.source}: ${w.quietStatements} statements a quiet run, ${w.alertStatements} with an alert`),
      ...webUse(m),
    };
  },
};

/** The code of this commit: the watcher's state in Netlify Blobs, the database opened only to claim or settle. */
const TODAY: Design = {
  name: 'as it ships',
  status: 'measured',
  about:
    "this commit: deploys by the pull's rule as it ships (facts, signals, the timetable's horizon: pages, feeds and calendar are " +
    "timetable states too), the timetable function answering them, X's webhook for each post, the watcher every 5 minutes with " +
    'its state in Netlify Blobs, the database opened only to claim or settle an alert',
  usage(record, m) {
    const w = { ...m.watcher, source: m.source };
    return {
      deploys: deploysOf(record, pullRuleDeploys(record), 'as it ships'),
      functions: [watcherUse(record, w, 'state in Blobs, no database'), webhookUse(w), mcpUse(m), timetableUse(m)],
      database: databaseAsCounted(record, m),
      blobs: blobsUse(record, m),
      ...webUse(m),
    };
  },
};

export const DESIGNS: readonly Design[] = [BEFORE, TODAY];
