/**
 * What each page that moves with the clock shows that the clock can change, as one string per view: the
 * timetable (docs/timetable.md) renders a page anew only where its key changes, so a page state lasts as
 * long as what it shows holds ("3 hours ago" for an hour, a whole percent until it moves), not as long as
 * the payloads behind it (forecast.json's `hours_since_last` moves every few seconds).
 *
 * Each key lists every clock-moved thing its view (src/views/, with the components it renders and the
 * social card Base.astro names) shows, said as the view says it in English: a relative time through the same
 * formatter (its granularity is the same in every locale), a percent as the whole number shown, a payload
 * through the payload's own clock key (src/site/api/payloads.ts). Equal keys at two instants: the same page,
 * byte for byte, in every locale. A view that starts showing another clock-moved figure adds it here; the
 * proof's build (tests/build/timetable.test.ts) renders every page at instants inside its states and finds
 * a page its key does not hold.
 *
 * Each key is in two: what the view's slots show (src/site/slots/: every part the signals can change) and
 * what the rest of the page shows, its template's key. A template state lasts as long as the second holds,
 * whatever the signals say, and the function fills its slots at the instant asked. Pure.
 */
import { promiseStatus } from '../core/promises/index.ts';
import type { ActiveBankedReset } from '../core/schema/index.ts';
import type { Build } from './data.ts';
import type { PayloadName } from './api/payloads.ts';
import { unvouched } from './freshness.ts';
import { lastReset, openPromises } from './home.ts';
import { t } from './i18n/index.ts';
import { reasonText } from './i18n/words.ts';
import { sourceHealth } from './source-health.ts';

/** The views whose pages move with the clock. */
export type ClockView = 'home' | 'banked' | 'methodology' | 'timeline' | 'timeline-year';

/** What a key reads at one instant: the site there, and each clock payload's own key. */
export interface KeyInputs {
  build: Build;
  payloadKey: (name: PayloadName) => string;
  /** The keys already worked out at this instant, by view (each locale's page of a view has the same keys). */
  made: Map<ClockView, { page: string; template: string }>;
}

const en = t('en');
const ago = (ts: string, now: Date): string => en.ago(ts, now);

/** A share as the whole percent a page shows. */
const percent = (p: number | null): number | null => (p === null ? null : Math.round(p * 100));

/** The freshness line of every page that lists facts (components/Unvouched.astro): its kind and relative time. */
function unvouchedShown({ build: b }: KeyInputs): unknown {
  const note = unvouched(b.payloads.forecast, b.confidenceReasons);
  return note?.kind === 'stale' ? [note, ago(note.checkedAt, b.now)] : note;
}

/** One active grant as components/GrantItem.astro shows it, but for its estimate (a slot): its time left. */
function grantShown(g: ActiveBankedReset, now: Date): unknown {
  return [g.id, ago(g.expires_at, now), en.f.timeLeft(g.expires_at, now)];
}

/** One active grant's estimate and advice, its slot (src/site/slots/grants.ts): a whole percent, over 99 %, under 1 %. */
function grantEstimate(g: ActiveBankedReset): unknown {
  const p = g.p_free_reset_before_expiry;
  return [g.id, percent(p), p < 1, p > 0, g.advice];
}

/** forecast.json as the pages' slots show it: whole percents, words, the inputs' figures as rounded on the pages, its stamps of facts. */
function forecastShown({ build: b }: KeyInputs): unknown {
  const f = b.payloads.forecast;
  const i = f.inputs;
  return [
    f.p24,
    f.p48,
    f.confidence,
    f.available,
    f.reset_today,
    f.freshness,
    i.official_signal,
    i.rhythm_model,
    percent(i.B),
    percent(i.C),
    percent(i.S),
    i.S > 0,
    en.f.days(i.avg_gap_hours / 24),
    b.confidenceReasons.map((r) => reasonText(en, r)),
  ];
}

/** A view's key in two: what its template shows (the page outside its slots), and what its slots show. */
interface Shown {
  template: unknown;
  slots: unknown;
}

function homeKey(k: KeyInputs): Shown {
  const { payloads: p, now, data } = k.build;
  const last = lastReset(data.events, now);
  return {
    template: [
      p.forecast.available,
      p.forecast.disclaimer,
      openPromises(data.announcements, now).map((a) => a.id),
      last ? [last.id, ago(last.ts, now)] : null,
      p.banked.active.map((g) => grantShown(g, now)),
      k.payloadKey('track-record'),
      unvouchedShown(k),
    ],
    slots: [
      forecastShown(k),
      ago(p.forecast.freshness.events_checked_at, now),
      ago(p.forecast.freshness.signals_fetched_at, now),
      p.outlook.points.filter((x) => x.hours % 24 === 0).map((x) => [x.hours, x.percent]),
      p.banked.active.map(grantEstimate),
    ],
  };
}

function bankedKey(k: KeyInputs): Shown {
  const { payloads: p, now, data } = k.build;
  const active = new Set(p.banked.active.map((g) => g.id));
  const past = data.banked.grants.filter((g) => !active.has(g.id) && Date.parse(g.granted_at) <= now.getTime());
  return {
    template: [p.forecast.available, p.banked.active.map((g) => grantShown(g, now)), past.map((g) => g.id), unvouchedShown(k)],
    slots: p.banked.active.map(grantEstimate),
  };
}

function methodologyKey(k: KeyInputs): Shown {
  const { payloads: p, now } = k.build;
  return {
    template: [p.forecast.formula_version, k.payloadKey('backtest'), k.payloadKey('track-record'), unvouchedShown(k)],
    slots: [
      forecastShown(k),
      en.f.span(p.forecast.inputs.avg_gap_hours),
      en.f.age(p.forecast.inputs.hours_since_last),
      p.signals.sources.map((s) => {
        const health = sourceHealth(s);
        return 'checked_at' in health ? [health, ago(health.checked_at, now)] : health;
      }),
    ],
  };
}

/** The timeline's pages show the freshness line and, on a year's page, each promise's status (open, lapsed, fulfilled); no slots. */
function timelineKey(k: KeyInputs): Shown {
  return { template: unvouchedShown(k), slots: null };
}

function timelineYearKey(k: KeyInputs): Shown {
  const { data, now } = k.build;
  return { template: [unvouchedShown(k), data.announcements.map((a) => promiseStatus(a, now))], slots: null };
}

const KEYS: Readonly<Record<ClockView, (k: KeyInputs) => Shown>> = {
  home: homeKey,
  banked: bankedKey,
  methodology: methodologyKey,
  timeline: timelineKey,
  'timeline-year': timelineYearKey,
};

/** What `view` shows at the instant of `k`, worked out once per instant (each locale's page of a view shows the same). */
function shownAt(view: ClockView, k: KeyInputs): { page: string; template: string } {
  let keys = k.made.get(view);
  if (keys === undefined) {
    const shown = KEYS[view](k);
    keys = { page: JSON.stringify([shown.template, shown.slots]), template: JSON.stringify(shown.template) };
    k.made.set(view, keys);
  }
  return keys;
}

/** The key of `view` at the instant of `k`: equal at two instants, the same page of that view in every locale. */
export const pageKey = (view: ClockView, k: KeyInputs): string => shownAt(view, k).page;

/**
 * The key of `view`'s template at the instant of `k` (the page outside its slots, src/site/slots/): equal at
 * two instants, the same template in every locale, whatever the signals say.
 */
export const templateKey = (view: ClockView, k: KeyInputs): string => shownAt(view, k).template;

export const CLOCK_VIEWS = Object.keys(KEYS) as ClockView[];
