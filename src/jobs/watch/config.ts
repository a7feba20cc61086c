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

/** The valid accounts of the variable, and one problem (a line, worded for the log) per entry left out. */
export interface WatchAccounts {
  accounts: PolledAccount[];
  problems: string[];
}

/** The longest part of a bad entry a problem shows: the variable is ours, but a line stays a line. */
const SHOWN_CHARS = 60;

/**
 * A bad entry as a problem shows it: quoted, cut to SHOWN_CHARS, and every character outside printable
 * ASCII written as its escape (`\u0456`), so a look-alike letter (a Cyrillic і in "thsottiaux") is seen
 * for what it is and no control character reaches the log.
 */
function shownEntry(entry: string): string {
  const cut = [...entry.trim()].slice(0, SHOWN_CHARS).join('');
  return JSON.stringify(cut).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The polled accounts from the variable (unset or blank: the default). Only accounts the pull reads can
 * be watched: the pull is what records a post, and it reads SOURCES.x.accounts. A bad entry is left out
 * with one problem naming it, and the others are kept: one typo stops only the account it concerns.
 */
export function parseWatchAccounts(raw: string | undefined): WatchAccounts {
  const text = raw?.trim() ? raw : DEFAULT_WATCH_ACCOUNTS;
  const out: WatchAccounts = { accounts: [], problems: [] };
  for (const entry of text.split(',')) {
    const parsed = parseEntry(entry, out.accounts);
    if (typeof parsed === 'string') out.problems.push(`RESETCAST_WATCH_ACCOUNTS: ${parsed}`);
    else out.accounts.push(parsed);
  }
  return out;
}

/** One entry as an account, or what is wrong with it (`kept`: the entries before it, for a duplicate). */
function parseEntry(entry: string, kept: readonly PolledAccount[]): PolledAccount | string {
  const known = SOURCES.x.accounts as readonly string[];
  const m = /^\s*([A-Za-z0-9_]{1,15})\s*:\s*(\d{1,4})\s*$/.exec(entry);
  if (!m) return `${shownEntry(entry)} is not <account>:<minutes>`;
  const name = known.find((k) => k.toLowerCase() === m[1]!.toLowerCase());
  if (!name) return `${m[1]} is not an account the pull reads (${known.join(', ')})`;
  const minutes = Number(m[2]);
  if (minutes < MINUTES.min || minutes > MINUTES.max) return `${name}:${minutes}: minutes must be ${MINUTES.min}–${MINUTES.max}`;
  if (kept.some((a) => a.name === name)) return `${name} is listed twice`;
  return { name, minutes };
}

/**
 * The accounts due at the run at `now`, from the clock alone (nothing is stored, so nothing is written on a
 * quiet run and nothing stored can hold an account back): the schedule's runs are numbered from the epoch,
 * and an account asked every `askedEvery` minutes (its interval rounded up to whole runs) is due at every
 * run whose number is a multiple of its runs between asks: `thsottiaux:5` every run, `OpenAI:10` every
 * other run, `OpenAI:1440` at the run of 00:00 UTC. Half a minute of slack, because the platform's schedule
 * is not to the second: the run of 12:05 is the run of 12:05 whether it starts at 12:04:58 or 12:05:03. A
 * run that does not happen (the platform skipped it) leaves its accounts to their next due run, which reads
 * every post since the cursor: later, never lost.
 */
export function dueAccounts(accounts: readonly PolledAccount[], now: Date, scheduleMinutes = WATCH_SCHEDULE_MINUTES): PolledAccount[] {
  const run = Math.floor((now.getTime() + MINUTE_MS / 2) / (scheduleMinutes * MINUTE_MS));
  return accounts.filter((a) => run % (askedEvery(a, scheduleMinutes) / scheduleMinutes) === 0);
}

/**
 * The watcher's schedule, in minutes: every 5, under `[functions.watch]` in netlify.toml (a test holds
 * the two together). An account is asked at most once a run (dueAccounts).
 */
export const WATCH_SCHEDULE_MINUTES = 5;

/** Minutes between two asks of an account: its interval, rounded up to whole runs of the schedule. */
export const askedEvery = (a: PolledAccount, scheduleMinutes = WATCH_SCHEDULE_MINUTES): number =>
  Math.max(1, Math.ceil((a.minutes - 0.5) / scheduleMinutes)) * scheduleMinutes;

/** X timeline requests a 30-day month at these intervals (one request per due account and run, when nothing new is found). */
export function requestsPerMonth(accounts: readonly PolledAccount[], scheduleMinutes = WATCH_SCHEDULE_MINUTES): number {
  return accounts.reduce((n, a) => n + Math.floor((30 * 1440) / askedEvery(a, scheduleMinutes)), 0);
}
