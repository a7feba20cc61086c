/**
 * Numbers, dates and ages for people, in a locale, always in UTC. Everything goes through Intl with an
 * explicit locale and `timeZone: 'UTC'`, never the machine's: the output depends only on the ICU data of
 * the Node that builds (the project pins Node 24), so a build stays byte-identical for a given Node.
 * Pure: the build clock is an argument.
 */
import { LOCALE_INFO, type Locale } from './locales.ts';
import { parseTimestamp } from '../../core/time.ts';
import { MINUTE_MS, HOUR_MS, DAY_MS } from '../../core/time-units.ts';

/** Intl.DurationFormat is in Node 24's V8 but not yet in TypeScript's lib. */
interface DurationFormatter {
  format(duration: { days?: number; hours?: number; minutes?: number }): string;
}
const DurationFormat = (
  Intl as unknown as {
    DurationFormat: new (
      locale: string,
      options: { style: 'long' | 'short' | 'narrow'; minutesDisplay?: 'always' | 'auto' },
    ) => DurationFormatter;
  }
).DurationFormat;

export interface Formatter {
  /** "22 Nov 2026, 23:14 UTC" / "2026年11月22日 UTC 23:14". */
  dateTime(ts: string): string;
  /** "22 November 2026" from a date or a timestamp (its UTC day). */
  date(dateOrTs: string): string;
  /** "3 hours ago", "in 2 days": minutes below an hour, hours below two days, then days; rounded toward zero. */
  ago(ts: string, now: Date, justNow: string): string;
  /**
   * "1 day, 5 hours", "6 days": time left until an instant, as coarse as `ago` (minutes under an hour, days
   * and hours under two days, then whole days: the instant itself is always shown beside it), so a page
   * that shows it changes no more often than one that says "in 6 days" (docs/timetable.md).
   */
  timeLeft(ts: string, now: Date): string;
  /** "43 days, 21 hours": a span given in hours, for people (minutes when under an hour; rounded toward zero). */
  span(hours: number): string;
  /** "1 day, 5 hours", "43 days": a span the clock makes longer (time since the last reset), as coarse as `ago` and `timeLeft`. */
  age(hours: number): string;
  /** An integer percent: "15%", "15 %". */
  percent(whole: number): string;
  /** A share with one decimal and its sign: "+12.3%", "−4.0 %". */
  signedPercent(share: number): string;
  /** A number with at most `digits` decimals: "1,234.5", "1234,5". */
  number(x: number, digits?: number): string;
  /** A number with exactly `digits` decimals ("0.200", never "0.2"): one precision for a whole column. */
  fixed(x: number, digits: number): string;
  /** "143.5 hr", "143,5 h", "143.5小时". */
  hours(x: number, digits?: number): string;
  /** "6 days", "6 días", "6天". */
  days(x: number, digits?: number): string;
  /** "a, b and c". */
  list(items: readonly string[]): string;
  /** The plural category of a count (for catalogue plural forms). */
  plural(count: number): Intl.LDMLPluralRule;
}

const made = new Map<Locale, Formatter>();

/** One formatter per locale per process: Intl objects are costly to build and these are immutable. */
export function formatter(locale: Locale): Formatter {
  const hit = made.get(locale);
  if (hit) return hit;
  const f = createFormatter(LOCALE_INFO[locale].intl);
  made.set(locale, f);
  return f;
}

function createFormatter(intl: string): Formatter {
  const dateTime = new Intl.DateTimeFormat(intl, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  const date = new Intl.DateTimeFormat(intl, { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
  const relative = new Intl.RelativeTimeFormat(intl, { numeric: 'always', style: 'long' });
  const duration = new DurationFormat(intl, { style: 'long' });
  // Under an hour the minutes are shown even when zero ("0 minutes", not an empty string).
  const minutes = new DurationFormat(intl, { style: 'long', minutesDisplay: 'always' });
  /** Days and hours of a span (negative counts as none), rounded toward zero. */
  const spanOf = (ms: number): string => {
    ms = Math.max(0, ms);
    if (ms < HOUR_MS) return minutes.format({ minutes: Math.floor(ms / MINUTE_MS) });
    const days = Math.floor(ms / DAY_MS);
    const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
    return duration.format(days === 0 ? { hours } : hours === 0 ? { days } : { days, hours });
  };
  /** A span that moves with the clock: whole days from two days on (rounded toward zero), as `ago` counts them. */
  const coarseSpanOf = (ms: number): string => (ms < 2 * DAY_MS ? spanOf(ms) : duration.format({ days: Math.floor(ms / DAY_MS) }));
  const percent = new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 0 });
  const signed = new Intl.NumberFormat(intl, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const numbers = new Map<number, Intl.NumberFormat>();
  const units = new Map<string, Intl.NumberFormat>();
  const fixedFormats = new Map<number, Intl.NumberFormat>();
  const fixedFormat = (digits: number): Intl.NumberFormat => {
    let f = fixedFormats.get(digits);
    if (!f) {
      f = new Intl.NumberFormat(intl, { minimumFractionDigits: digits, maximumFractionDigits: digits });
      fixedFormats.set(digits, f);
    }
    return f;
  };
  const num = (digits: number): Intl.NumberFormat => {
    let f = numbers.get(digits);
    if (!f) {
      f = new Intl.NumberFormat(intl, { maximumFractionDigits: digits });
      numbers.set(digits, f);
    }
    return f;
  };
  const unit = (u: 'hour' | 'day', digits: number): Intl.NumberFormat => {
    const key = `${u}/${digits}`;
    let f = units.get(key);
    if (!f) {
      f = new Intl.NumberFormat(intl, {
        style: 'unit',
        unit: u,
        unitDisplay: u === 'hour' ? 'short' : 'long',
        maximumFractionDigits: digits,
      });
      units.set(key, f);
    }
    return f;
  };
  const list = new Intl.ListFormat(intl, { type: 'conjunction', style: 'long' });
  const plural = new Intl.PluralRules(intl);
  const days = new Map<string, string>();
  return {
    dateTime: (ts) => dateTime.format(parseTimestamp(ts)),
    date(dateOrTs) {
      // Memoised: a timeline page names the same day for every event of that day.
      const known = days.get(dateOrTs);
      if (known !== undefined) return known;
      const d = new Date(dateOrTs.length === 10 ? `${dateOrTs}T00:00:00Z` : dateOrTs);
      if (Number.isNaN(d.getTime())) throw new RangeError(`not a date: ${JSON.stringify(dateOrTs)}`);
      const text = date.format(d);
      days.set(dateOrTs, text);
      return text;
    },
    ago(ts, now, justNow) {
      const diff = now.getTime() - parseTimestamp(ts).getTime();
      const abs = Math.abs(diff);
      if (abs < MINUTE_MS) return justNow;
      // Rounded toward zero, so "1 hour ago" never really means 59 minutes.
      const [n, u]: [number, Intl.RelativeTimeFormatUnit] =
        abs < HOUR_MS
          ? [Math.floor(abs / MINUTE_MS), 'minute']
          : abs < 2 * DAY_MS
            ? [Math.floor(abs / HOUR_MS), 'hour']
            : [Math.floor(abs / DAY_MS), 'day'];
      return relative.format(diff > 0 ? -n : n, u);
    },
    timeLeft: (ts, now) => coarseSpanOf(parseTimestamp(ts).getTime() - now.getTime()),
    span: (hours) => spanOf(hours * HOUR_MS),
    age: (hours) => coarseSpanOf(hours * HOUR_MS),
    percent: (whole) => percent.format(whole / 100),
    signedPercent: (share) => signed.format(share),
    number: (x, digits = 3) => num(digits).format(x),
    fixed: (x, digits) => fixedFormat(digits).format(x),
    hours: (x, digits = 1) => unit('hour', digits).format(x),
    days: (x, digits = 1) => unit('day', digits).format(x),
    list: (items) => list.format(items),
    plural: (count) => plural.select(count),
  };
}
