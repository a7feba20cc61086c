/**
 * The designs `npm run bench:cost` prices (docs/cost.md), one registry: each turns the same record (the
 * replay of data/) and the same measurements into a month's usage per meter. A later design (the
 * timetable, a watcher that opens no connection on a quiet minute) is one more entry; the design before
 * X's webhook stays, for comparison.
 */
import { WATCH_SCHEDULE_MINUTES } from '../../../src/jobs/watch/config.ts';
import { built, type Pull } from '../rebuild-replay.ts';
import { awakeHours, everyPeriod, MONTH_MS, perMonth, type Usage } from './price.ts';
import { DB_SLEEP_AFTER_MS, FUNCTION_MEMORY_MB } from './rates.ts';

const DAY_MS = 86_400_000;
/**
 * The watcher's schedule (netlify.toml, `[functions.watch]`): every 5 minutes since X's webhook announces
 * posts within seconds (issue 38) and the poller is its safety net; every minute before.
 */
export const WATCH_PERIOD_MS = WATCH_SCHEDULE_MINUTES * 60_000;
/** The schedule before X's webhook (the design "watcher every minute, no webhook"). */
const MINUTE_PERIOD_MS = 60_000;

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
    /** One run with no new post, the database opened as the function opens it. */
    quietMs: number;
    /** One run announcing a new post (claim, send, settle, cursor, dispatch). */
    alertMs: number;
    /** One run with no new post and no database (what a quiet minute costs when it opens no connection). */
    quietNoDbMs: number;
    /** Statements per quiet run, averaged over the accounts' cycle, and per run with an alert. */
    quietStatements: number;
    alertStatements: number;
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
  pulls: Pull[];
  /** Instants (ms) of the posts the watcher would have announced: the recorded events. */
  posts: number[];
  /** Instants (ms) every alert of the record is due (its `at`). */
  alerts: number[];
}

export interface Design {
  name: string;
  /** measured: the code of this commit; projected: a model of a design not built yet, from the same record. */
  status: 'measured' | 'projected';
  about: string;
  usage(record: RecordSpan, m: Measurements): Usage;
}

/** A month of the watcher: every `periodMs`, quiet except the runs with a new post. */
function watcherUse(
  record: RecordSpan,
  m: Measurements,
  quietMs: number,
  how: string,
  periodMs = WATCH_PERIOD_MS,
): Usage['functions'][number] {
  const invocations = MONTH_MS / periodMs;
  const alertRuns = perMonth(record.posts.length, record.days);
  const durationMs = ((invocations - alertRuns) * quietMs + alertRuns * m.watcher.alertMs) / invocations;
  return {
    name: 'watch (scheduled)',
    invocations,
    durationMs,
    memoryMb: FUNCTION_MEMORY_MB,
    fixed: true,
    basis:
      `every ${periodMs / 60_000} min; ${m.source}: quiet run ${quietMs.toFixed(0)} ms (${how}), run with an alert ` +
      `${m.watcher.alertMs.toFixed(0)} ms; ${alertRuns.toFixed(1)} runs with a new post a month (the record's posts)`,
  };
}

/**
 * A month of X's webhook: each delivery runs the watcher's announce steps without asking X (its duration
 * taken as a watcher run with an alert, measured), each CRC one HMAC (stated).
 */
function webhookUse(m: Measurements): Usage['functions'][number] {
  const deliveries = WEBHOOK.postsPerDay * 30;
  const invocations = deliveries + WEBHOOK.crcPerMonth;
  return {
    name: 'x-webhook',
    invocations,
    durationMs: (deliveries * m.watcher.alertMs + WEBHOOK.crcPerMonth * WEBHOOK.crcMs) / invocations,
    memoryMb: FUNCTION_MEMORY_MB,
    fixed: true,
    basis:
      `${deliveries} deliveries (stated: ${WEBHOOK.postsPerDay} posts a day by the watched accounts; ${m.source} as a watcher run ` +
      `with an alert, ${m.watcher.alertMs.toFixed(0)} ms) + ${WEBHOOK.crcPerMonth} hourly CRCs (stated ${WEBHOOK.crcMs} ms)`,
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

/**
 * The database's month from the statements the watcher's runs were counted to make: a quiet run that
 * makes any wakes it every minute, so it never sleeps; one that makes none leaves it to the alerts and
 * the deploys (the deployed-alerts step), each keeping it awake 5 minutes.
 */
function databaseAwake(
  record: RecordSpan,
  deploys: readonly Pull[],
  quietStatements: number,
  counted: string,
  periodMs = WATCH_PERIOD_MS,
): Usage['database'] {
  if (quietStatements > 0)
    return {
      awakeHours: awakeHours(everyPeriod(0, MONTH_MS, periodMs), DB_SLEEP_AFTER_MS, 0, MONTH_MS),
      basis: `the watcher queries it every ${periodMs / 60_000} min (${counted}): never ${DB_SLEEP_AFTER_MS / 60_000} min idle`,
    };
  const awake = awakeHours([...record.alerts, ...deploys.map((p) => p.t)], DB_SLEEP_AFTER_MS, record.from, record.to);
  return {
    awakeHours: perMonth(awake, record.days),
    basis:
      `woken at each of the record's ${record.alerts.length} alerts and ${deploys.length} deploys (${counted}), asleep ` +
      `${DB_SLEEP_AFTER_MS / 60_000} min after: ${awake.toFixed(1)} h in ${record.days.toFixed(1)} days`,
  };
}

/**
 * The deploys the pull's rule as it ships makes (the replay is replayTimetablePulls with
 * STATIC_OUTPUTS_FOLLOW_CLOCK, false: facts, a signal moving the forecast, the timetable running out; the pages,
 * feeds and calendar are timetable states, so the clock alone never deploys).
 */
const pullRuleDeploys = (record: RecordSpan): Pull[] => record.pulls.filter(built);

/** The deploys of a design as the replay counts them. */
const deploysOf = (record: RecordSpan, deploys: readonly Pull[]): Usage['deploys'] => ({
  count: perMonth(deploys.length, record.days),
  basis:
    `replay of the last ${record.days.toFixed(1)} days of data/ under the rule as it ships: ${deploys.length} builds ` +
    `(${(deploys.length / record.days).toFixed(2)} a day)`,
});

/**
 * The design of this commit: a deploy whenever the pull's rule as it ships says so, X's webhook announcing
 * each post, the poller (the watcher) every 5 minutes on the database as its safety net.
 */
const TODAY: Design = {
  name: 'as it ships',
  status: 'measured',
  about:
    "this commit: deploys by the pull's rule as it ships (facts, signals, the timetable's horizon: pages, feeds and calendar are " +
    "timetable states too), the timetable function answering them, X's webhook for each post, the watcher on the database every 5 minutes",
  usage(record, m) {
    const deployed = pullRuleDeploys(record);
    return {
      deploys: deploysOf(record, deployed),
      functions: [watcherUse(record, m, m.watcher.quietMs, 'database opened'), webhookUse(m), mcpUse(m), timetableUse(m)],
      database: databaseAwake(
        record,
        deployed,
        m.watcher.quietStatements,
        `${m.source}: ${m.watcher.quietStatements.toFixed(1)} statements a quiet run, ${m.watcher.alertStatements} with an alert`,
      ),
      ...webUse(m),
    };
  },
};

/** The design before X's webhook (issue 38), for comparison: the watcher every minute on the database, no webhook. */
const MINUTE_WATCHER: Design = {
  name: 'watcher every minute, no webhook',
  status: 'measured',
  about: "before issue 38: deploys by the pull's rule, the watcher on the database every minute, no webhook",
  usage(record, m) {
    const deployed = pullRuleDeploys(record);
    return {
      deploys: deploysOf(record, deployed),
      functions: [watcherUse(record, m, m.watcher.quietMs, 'database opened', MINUTE_PERIOD_MS), mcpUse(m)],
      database: databaseAwake(
        record,
        deployed,
        m.watcher.quietStatements,
        `${m.source}: ${m.watcher.quietStatements.toFixed(1)} statements a quiet run, ${m.watcher.alertStatements} with an alert`,
        MINUTE_PERIOD_MS,
      ),
      ...webUse(m),
    };
  },
};

/** A build is owed this long after the last one even without a fact (issue 37: a timetable of at least 7 days). */
export const HORIZON_MS = 7 * DAY_MS;

/**
 * The pulls that deploy when only a fact or the horizon running out does. The deploy live when the span
 * starts is taken as made at its first pull (the span's horizon counts from there).
 */
export function factDeploys(pulls: readonly Pull[], horizonMs: number): Pull[] {
  const out: Pull[] = [];
  let last = pulls[0]?.t ?? 0;
  for (const p of pulls) {
    if (!p.fact && p.t - last < horizonMs) continue;
    out.push(p);
    last = p.t;
  }
  return out;
}

/**
 * Issue 37's design, projected: deploys for facts (and the horizon) only (as it ships now: the pages, feeds and
 * calendar are timetable states, STATIC_OUTPUTS_FOLLOW_CLOCK false), the database woken only to claim and settle.
 */
const FACTS_ONLY: Design = {
  name: 'facts only, database sleeps',
  status: 'projected',
  about:
    'projected, not built: a deploy only for a fact or the 7-day horizon (as it ships); a quiet minute ' +
    'opens no connection; the ledger ' +
    'touched only when an alert is due or a deploy brings new ones',
  usage(record, m) {
    const deploys = factDeploys(record.pulls, HORIZON_MS);
    return {
      deploys: {
        count: perMonth(deploys.length, record.days),
        basis: `the same replay, building only at a fact or ${HORIZON_MS / DAY_MS} days after the last build: ${deploys.length} builds`,
      },
      functions: [watcherUse(record, m, m.watcher.quietNoDbMs, 'no database'), webhookUse(m), mcpUse(m), timetableUse(m)],
      database: databaseAwake(record, deploys, 0, 'projected: no statement on a quiet minute'),
      ...webUse(m),
    };
  },
};

export const DESIGNS: readonly Design[] = [TODAY, MINUTE_WATCHER, FACTS_ONLY];
