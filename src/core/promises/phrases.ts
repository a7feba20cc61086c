/**
 * The time words of a promise: WORDS is the one table of what Resetcast understands, and readPhrase /
 * findTimePhrase turn text into a Meaning. Turning a Meaning into a UTC window is window.ts's job;
 * docs/promise-windows.md is this table for humans.
 */

export type Zone = 'America/Los_Angeles' | 'America/New_York' | 'America/Chicago' | 'America/Denver' | 'UTC';

/** A run of local calendar days, counted from the post's local date and weekday (0 = Sunday). */
export interface Days {
  /** Days from the post's local date to the first day of the run (negative: the run began earlier). */
  ahead: (weekday: number) => number;
  length: number;
  /** Days to the next occurrence, when this one is over at the post. */
  repeat: number;
}

/** Part of a local day, in hours: [from, to). */
export interface DayPart {
  from: number;
  to: number;
}

/** A delay counted in elapsed time from the post. */
export type Delay =
  | { kind: 'span'; hours: number } // "in a few hours": from the post until `hours` later
  | { kind: 'after'; lo: number; hi: number }; // "in 2-3 hours": due between lo and hi hours after the post

export interface Meaning {
  /** "by", "until", "within", "EOD": the window starts at the post rather than at the named time. */
  deadline?: true;
  /** "EOD": the end of the named day (today when none is named). */
  eod?: true;
  zone?: Zone;
  days?: Days;
  part?: DayPart;
  /** Minutes after local midnight; 1440 is the midnight that ends the day. */
  clock?: number;
  delay?: Delay;
}

const mondayIndex = (weekday: number): number => (weekday + 6) % 7; // weeks run Monday to Sunday
const daily = (ahead: number): Days => ({ ahead: () => ahead, length: 1, repeat: 1 });
const onWeekday = (target: number): Days => ({ ahead: (w) => (target - w + 7) % 7, length: 1, repeat: 7 });
const week = (offset: number): Days => ({ ahead: (w) => 7 * offset - mondayIndex(w), length: 7, repeat: 7 });
const weekend = (offset: number): Days => ({ ahead: (w) => 7 * offset + 5 - mondayIndex(w), length: 2, repeat: 7 });

export const DAYS = { today: daily(0), tomorrow: daily(1), thisWeek: week(0), nextWeek: week(1) };
export const PARTS = {
  wholeDay: { from: 0, to: 24 },
  morning: { from: 5, to: 12 },
  afternoon: { from: 12, to: 17 },
  evening: { from: 17, to: 24 },
} satisfies Record<string, DayPart>;

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  'twenty-four': 24,
  'half an': 0.5,
  'a couple of': 2,
  'a couple': 2,
  'couple of': 2,
};
const NUM = `\\d{1,3}(?:\\.\\d)?|${Object.keys(NUMBERS)
  .sort((a, b) => b.length - a.length)
  .join('|')}`;
const number = (s: string | undefined): number => (s === undefined ? NaN : (NUMBERS[s.toLowerCase()] ?? Number(s)));
const UNIT_HOURS = (unit: string): number => (/^m/i.test(unit) ? 1 / 60 : 1);

/** "10am", "10:30 a.m.", "12pm" as minutes after midnight; null (not a clock time) for "13pm" or "0am". */
function clock12(m: RegExpExecArray): Meaning | null {
  const hour = Number(m[1]);
  if (hour < 1 || hour > 12) return null;
  return { clock: ((hour % 12) + (/p/i.test(m[3] ?? '') ? 12 : 0)) * 60 + Number(m[2] ?? 0) };
}
/** Groups: 1 the preposition, 2 the number, 3 the end of a range ("2-3 hours"), 4 the unit, 5 "an hour or two". */
function delayOf(m: RegExpExecArray): Meaning | null {
  const unit = UNIT_HOURS(m[4] ?? 'h');
  const lo = number(m[2]) * unit;
  const hi = number(m[3] ?? m[5] ?? m[2]) * unit;
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return null;
  const delay: Delay = { kind: 'after', lo: Math.min(lo, hi), hi: Math.max(lo, hi) };
  return /^in$/i.test(m[1] ?? '') ? { delay } : { delay, deadline: true };
}

/**
 * Every time word, as a regular expression (case-insensitive, matched at the start of a word and ending
 * at the end of one) and what it means. Where several match at one place the longest wins.
 */
export const WORDS: readonly { words: string; means: Meaning | ((m: RegExpExecArray) => Meaning | null) }[] = [
  // Deadlines: the window starts at the post.
  { words: 'by|before|until|till|no later than|not later than', means: { deadline: true } },
  {
    words: '(?:the )?(?:eod|eob|cob|end of (?:the )?(?:business )?day|close of business|end of business|end of play)',
    means: { eod: true, deadline: true },
  },
  { words: '(?:the )?end of today', means: { eod: true, deadline: true, days: DAYS.today } },
  { words: '(?:the )?end of (?:the |this )week|eow', means: { deadline: true, days: DAYS.thisWeek } },
  { words: '(?:the )?end of next week', means: { deadline: true, days: DAYS.nextWeek } },
  // Days and parts of days.
  { words: '(?:later |sometime |later on )?today', means: { days: DAYS.today } },
  { words: '(?:later )?tonight|(?:later )?this evening', means: { days: DAYS.today, part: PARTS.evening } },
  { words: 'this morning', means: { days: DAYS.today, part: PARTS.morning } },
  { words: '(?:later )?this afternoon', means: { days: DAYS.today, part: PARTS.afternoon } },
  { words: '(?:sometime |early |late )?(?:tomorrow|tmrw|tmr)', means: { days: DAYS.tomorrow } },
  { words: '(?:in the )?morning', means: { part: PARTS.morning } },
  { words: '(?:in the )?afternoon', means: { part: PARTS.afternoon } },
  { words: '(?:in the )?(?:evening|night)', means: { part: PARTS.evening } },
  ...WEEKDAYS.map((day, weekday) => ({
    words: `(?:on )?(?:this |next |this coming |coming )?${day}`,
    means: { days: onWeekday(weekday) },
  })),
  { words: '(?:later |sometime |early )?this week', means: { days: DAYS.thisWeek } },
  { words: '(?:later |sometime |early |late )?next week', means: { days: DAYS.nextWeek } },
  { words: '(?:this |the |over the )?weekend', means: { days: weekend(0) } },
  { words: 'next weekend', means: { days: weekend(1) } },
  // Clock times: the next occurrence, on the named day if there is one.
  { words: '(?:at |@ ?|around |~ ?)?(\\d{1,2})(?::([0-5]\\d))? ?([ap])\\.? ?m\\.?', means: clock12 },
  {
    words: '(?:at |@ ?|around |~ ?)?([01]?\\d|2[0-3]):([0-5]\\d)( ?z)?',
    means: (m) => ({ clock: Number(m[1]) * 60 + Number(m[2]), ...(m[3] ? { zone: 'UTC' as const } : {}) }),
  },
  { words: '(?:at |around )?(?:12 )?(?:noon|midday)', means: { clock: 12 * 60 } },
  { words: '(?:at |around )?(?:12 )?midnight', means: { clock: 24 * 60 } },
  // Zones. "PST" in July still means Pacific time as the clocks show it: the zone, never a fixed offset.
  { words: 'pt|pst|pdt|pacific(?: (?:standard |daylight )?time)?', means: { zone: 'America/Los_Angeles' } },
  { words: 'et|est|edt|eastern(?: (?:standard |daylight )?time)?', means: { zone: 'America/New_York' } },
  { words: 'ct|cst|cdt|central(?: (?:standard |daylight )?time)?', means: { zone: 'America/Chicago' } },
  { words: 'mt|mst|mdt|mountain(?: (?:standard |daylight )?time)?', means: { zone: 'America/Denver' } },
  { words: 'utc|gmt|zulu', means: { zone: 'UTC' } }, // "Z" only straight after a 24-hour time ("Gen Z" is no zone)
  // Delays, in elapsed time from the post.
  {
    words: 'shortly|momentarily|in a (?:bit|moment|sec|second|minute|few minutes|few mins)|any (?:minute|moment) now',
    means: { delay: { kind: 'span', hours: 3 } },
  },
  { words: '(?:very |real )?soon|soonish|asap|as soon as possible', means: { delay: { kind: 'span', hours: 24 } } },
  {
    words: '(?:in|within|over) (?:the next |the coming )?(?:a )?(?:few|several) hours|in the coming hours|within hours',
    means: { delay: { kind: 'span', hours: 6 } },
  },
  // A few days: as long as the default window for a promise that names no time.
  {
    words: '(?:in|within|over) (?:the next |the coming )?(?:a )?(?:few|couple of|several) days|in the coming days',
    means: { delay: { kind: 'span', hours: 72 } },
  },
  { words: 'within the hour|in the next hour', means: { delay: { kind: 'after', lo: 1, hi: 1 }, deadline: true } },
  {
    words:
      `(in|within|in the next|over the next|in under|in less than|under) (${NUM})(?: ?(?:-|–|to|or) ?(${NUM}))? ` +
      `?(hours?|hrs?|h|minutes?|mins?|m)(?: or (${NUM}))?`,
    means: delayOf,
  },
];

/** A word ends before a letter or digit, or an apostrophe that goes on into a letter ("today's"). */
const WORD_GOES_ON = `[\\p{L}\\p{N}]|['’]\\p{L}`;
const MATCHERS = WORDS.map(({ words, means }) => ({ re: new RegExp(`(?:${words})(?!${WORD_GOES_ON})`, 'iuy'), means }));
const isWordStart = (text: string, pos: number): boolean =>
  /\S/u.test(text[pos] ?? '') && !/[\p{L}\p{N}]$|\p{L}['’]$/u.test(text.slice(Math.max(0, pos - 2), pos));

interface Token {
  start: number;
  end: number;
  means: Meaning;
}

/** The longest time word starting at `pos`, or null. */
function tokenAt(text: string, pos: number): Token | null {
  let best: Token | null = null;
  for (const { re, means } of MATCHERS) {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (!m || (best && m[0].length <= best.end - best.start)) continue;
    const meaning = typeof means === 'function' ? means(m) : means;
    if (meaning) best = { start: pos, end: pos + m[0].length, means: meaning };
  }
  return best;
}

/** The runs of time words in `text`: tokens separated only by spaces or a comma. */
function runsIn(text: string): Token[][] {
  const runs: Token[][] = [];
  let run: Token[] = [];
  for (let pos = 0; pos < text.length; ) {
    const token = isWordStart(text, pos) ? tokenAt(text, pos) : null;
    if (!token) {
      pos++;
      continue;
    }
    const last = run.at(-1);
    if (last && !/^\s*,?\s*$/.test(text.slice(last.end, token.start))) {
      runs.push(run);
      run = [];
    }
    run.push(token);
    pos = token.end;
  }
  if (run.length) runs.push(run);
  return runs;
}

const FIELD_NAMES = { zone: 'time zones', days: 'days', part: 'times of day', clock: 'clock times', delay: 'delays' } as const;

/** What a run of tokens means together, or a one-line problem. */
function combine(tokens: readonly Token[], text: string): Meaning | string {
  const meaning: Meaning = {};
  const said: Partial<Record<keyof typeof FIELD_NAMES, string>> = {};
  for (const t of tokens) {
    const words = text.slice(t.start, t.end);
    for (const field of Object.keys(FIELD_NAMES) as (keyof typeof FIELD_NAMES)[]) {
      if (t.means[field] === undefined) continue;
      if (said[field] !== undefined) return `names two ${FIELD_NAMES[field]} (${JSON.stringify(said[field])}, ${JSON.stringify(words)})`;
      said[field] = words;
    }
    Object.assign(meaning, t.means);
  }
  const { delay, clock, days, part, eod } = meaning;
  const dayOrTime = said.days ?? said.clock ?? said.part;
  if (delay && dayOrTime !== undefined)
    return `mixes a delay (${JSON.stringify(said.delay)}) with a day or time (${JSON.stringify(dayOrTime)})`;
  if (days && days.length > 1 && (clock !== undefined || part))
    return `a time of day (${JSON.stringify(said.clock ?? said.part)}) needs a single day, not ${JSON.stringify(said.days)}`;
  if (part && !days && !eod && clock === undefined) return `names a time of day (${JSON.stringify(said.part)}) but no day`;
  if (!delay && clock === undefined && !days && !eod) return 'no time words recognised';
  return meaning;
}

/** The meaning of a whole phrase (every word a time word), or a one-line problem. */
export function readPhrase(phrase: string): Meaning | string {
  const runs = runsIn(phrase);
  if (runs.length === 0) return 'no time words recognised';
  const covered = runs.length === 1 && runs[0]![0]!.start === 0 && runs[0]!.at(-1)!.end === phrase.length;
  if (!covered) {
    let pos = 0;
    for (const t of runs.flat()) {
      if (/\S/.test(phrase.slice(pos, t.start).replace(/^\s*,/, ''))) break;
      pos = t.end;
    }
    const word = phrase
      .slice(pos)
      .replace(/^[\s,]+/, '')
      .split(/\s/)[0];
    return `${JSON.stringify(word)} is not a time word`;
  }
  return combine(runs[0]!, phrase);
}

/** The fields of FIELD_NAMES a token sets: a run may set each at most once (combine's first rule). */
const fieldsOf = (t: Token): (keyof typeof FIELD_NAMES)[] =>
  (Object.keys(FIELD_NAMES) as (keyof typeof FIELD_NAMES)[]).filter((f) => t.means[f] !== undefined);

/**
 * How many tokens of a sliding window set each field, and whether the window breaks one of combine's
 * rules that no further token can mend (two of a field, a delay with a day or time, a time of day on a
 * multi-day span). Adding and removing a token is O(1), so the longest readable stretch of a run is
 * found in one pass instead of re-reading every sub-run (which was cubic: 20 KB of time words took 10 s).
 */
class Window {
  private readonly count = { zone: 0, days: 0, part: 0, clock: 0, delay: 0, eod: 0, longDays: 0 };
  /** Counts `t` in (by 1) or out (by -1) of the window. */
  step(t: Token, by: 1 | -1): void {
    for (const f of fieldsOf(t)) this.count[f] += by;
    if (t.means.eod) this.count.eod += by;
    if (t.means.days && t.means.days.length > 1) this.count.longDays += by;
  }
  /** A rule broken for good: adding tokens never mends it, so the window can only shrink from the left. */
  get broken(): boolean {
    const c = this.count;
    if (c.zone > 1 || c.days > 1 || c.part > 1 || c.clock > 1 || c.delay > 1) return true;
    if (c.delay > 0 && c.days + c.clock + c.part > 0) return true;
    return c.longDays > 0 && c.clock + c.part > 0;
  }
  /** Not broken, and names a time: what combine accepts (its other two rules only ever get mended). */
  get readable(): boolean {
    const c = this.count;
    if (this.broken) return false;
    if (c.part > 0 && c.days + c.eod + c.clock === 0) return false;
    return c.delay + c.clock + c.days + c.eod > 0;
  }
}

/**
 * The time words of a whole post ("Resetting limits by EOD today 🙏" → "by EOD today"), or null: the
 * longest run of words that reads as one time (the most specific), the first of equally long ones.
 * For each first token the longest readable stretch is the one that ends just before the window breaks
 * (breaking is for good; the other rules once met stay met), and that end only moves right as the start
 * does: two pointers, linear in the number of tokens.
 */
export function findTimePhrase(text: string): string | null {
  let best: { start: number; end: number } | null = null;
  for (const run of runsIn(text)) {
    const window = new Window();
    let next = 0; // the window holds run[i..next)
    for (let i = 0; i < run.length; i++) {
      if (next < i) next = i;
      while (next < run.length) {
        window.step(run[next]!, 1);
        if (window.broken) {
          window.step(run[next]!, -1);
          break;
        }
        next++;
      }
      if (next > i && window.readable) {
        const start = run[i]!.start;
        const end = run[next - 1]!.end;
        if (!best || end - start > best.end - best.start) best = { start, end };
      }
      if (next > i) window.step(run[i]!, -1);
    }
  }
  return best ? text.slice(best.start, best.end).replace(/\s+/g, ' ') : null;
}
