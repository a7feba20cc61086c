/**
 * Which X accounts the watcher polls and how often (docs/alerts.md, "Cost"). The function itself runs
 * every 5 minutes (its schedule is fixed at deploy: `[functions.watch]` in netlify.toml), the safety net
 * of X's webhook; each account is asked only when its interval has passed since it was last asked (an
 * interval shorter than the schedule's is asked every run), so the X requests a month are set here, per
 * account, within the schedule. `RESETCAST_WATCH_ACCOUNTS="thsottiaux:5,OpenAI:10"`: account, then minutes.
 * The same list is what X's webhook accepts posts from and what `npm run x-webhook -- register` subscribes.
 */
import { SOURCES } from '../../core/sources.ts';
import { MINUTE_MS } from '../../core/time-units.ts';

export interface PolledAccount {
  /** The X account, as SOURCES.x.accounts spells it (the pull's own list). */
  name: string;
  /** Asked at most once per this many minutes. */
  minutes: number;
}

/**
 * The default: the three accounts every 5 minutes, each run of the schedule (X's webhook announces their
 * posts within seconds; the poller catches what it missed). 3 × 8,640 = 25,920 timeline requests a month.
 */
export const DEFAULT_WATCH_ACCOUNTS = 'thsottiaux:5,OpenAIDevs:5,OpenAI:5';
/** At most one poll a minute (the schedule), at least one a day. */
const MINUTES = { min: 1, max: 1440 } as const;

/**
 * The polled accounts from the variable (unset or blank: the default). Only accounts the pull reads can
 * be watched: the pull is what records a post, and it reads SOURCES.x.accounts. Throws one line naming
 * the bad entry.
 */
export function parseWatchAccounts(raw: string | undefined): PolledAccount[] {
  const text = raw?.trim() ? raw : DEFAULT_WATCH_ACCOUNTS;
  const known = SOURCES.x.accounts as readonly string[];
  const seen = new Set<string>();
  return text.split(',').map((entry) => {
    const m = /^\s*([A-Za-z0-9_]{1,15})\s*:\s*(\d{1,4})\s*$/.exec(entry);
    if (!m) throw new Error(`RESETCAST_WATCH_ACCOUNTS: ${JSON.stringify(entry.trim())} is not <account>:<minutes>`);
    const name = known.find((k) => k.toLowerCase() === m[1]!.toLowerCase());
    if (!name) throw new Error(`RESETCAST_WATCH_ACCOUNTS: ${m[1]} is not an account the pull reads (${known.join(', ')})`);
    const minutes = Number(m[2]);
    if (minutes < MINUTES.min || minutes > MINUTES.max)
      throw new Error(`RESETCAST_WATCH_ACCOUNTS: ${name}:${minutes}: minutes must be ${MINUTES.min}–${MINUTES.max}`);
    if (seen.has(name)) throw new Error(`RESETCAST_WATCH_ACCOUNTS: ${name} is listed twice`);
    seen.add(name);
    return { name, minutes };
  });
}

/**
 * The accounts due at `now`: never asked, or asked at least their interval ago. Half a minute of slack,
 * because the platform's schedule is not to the second: an account every 5 minutes asked at 12:00:04 is
 * due again at the 12:05 run even when that run starts at 12:04:58.
 */
export function dueAccounts(
  accounts: readonly PolledAccount[],
  lastPolled: Readonly<Record<string, string | undefined>>,
  now: Date,
): PolledAccount[] {
  return accounts.filter((a) => {
    const last = lastPolled[a.name];
    return last === undefined || now.getTime() - Date.parse(last) >= a.minutes * MINUTE_MS - MINUTE_MS / 2;
  });
}

/**
 * The watcher's schedule, in minutes: every 5, under `[functions.watch]` in netlify.toml (a test holds
 * the two together). An account is asked at the first run after its interval (less dueAccounts' half
 * minute of slack) has passed, so at most once a run.
 */
export const WATCH_SCHEDULE_MINUTES = 5;

/** Minutes between two asks of an account: its interval, rounded up to whole runs of the schedule. */
export const askedEvery = (a: PolledAccount, scheduleMinutes = WATCH_SCHEDULE_MINUTES): number =>
  Math.max(1, Math.ceil((a.minutes - 0.5) / scheduleMinutes)) * scheduleMinutes;

/** X timeline requests a 30-day month at these intervals (one request per due account and run, when nothing new is found). */
export function requestsPerMonth(accounts: readonly PolledAccount[], scheduleMinutes = WATCH_SCHEDULE_MINUTES): number {
  return accounts.reduce((n, a) => n + Math.floor((30 * 1440) / askedEvery(a, scheduleMinutes)), 0);
}
