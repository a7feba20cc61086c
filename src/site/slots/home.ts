/**
 * The home page's slots (src/views/Home.astro): every part of it the signals can change. The odds and the
 * verdict line under them (the confidence, whether the odds are vouched for), the odds in context with the
 * confidence's reasons, the freshness line (when the signals were checked), and the 7-day outlook chart.
 * Pure: each is HTML from the Build of its instant.
 */
import { createOutlookChart } from '../charts/outlook.ts';
import { comparedWithUsual, openPromises } from '../home.ts';
import { reasonText } from '../i18n/words.ts';
import { noCheckYet } from '../source-health.ts';
import { richHtml } from '../i18n/template.ts';
import type { SlotContext } from './context.ts';
import { el, escapeHtml, time } from './html.ts';

/** The 24 h and 48 h chances, then their confidence and whether they are vouched for. */
export function homeOdds({ tr, f, build }: SlotContext): string {
  const { forecast } = build.payloads;
  const odds = (span: 'home.odds.hours24' | 'home.odds.hours48', testid: string, p: number): string =>
    el(
      'p',
      { class: 'card' },
      `${richHtml(tr.raw('home.odds.within'), { span: el('b', {}, escapeHtml(tr(span))) })} ` +
        el('span', { class: 'figure', 'data-testid': testid }, escapeHtml(f.percent(p))),
    );
  const level = el('a', { href: '#conf-h' }, escapeHtml(tr(`words.confidence.${forecast.confidence}`)));
  const checked = forecast.freshness.events_checked_at;
  const vouched = forecast.available
    ? richHtml(tr.raw('home.answer.vouched'), { ago: time(checked, tr.ago(checked, build.now)) })
    : escapeHtml(tr('home.answer.notVouched'));
  return (
    el(
      'div',
      { class: 'odds', 'data-testid': 'odds' },
      odds('home.odds.hours24', 'p24', forecast.p24) + odds('home.odds.hours48', 'p48', forecast.p48),
    ) +
    el(
      'p',
      { class: 'verdict' },
      el('span', { 'data-testid': 'confidence' }, richHtml(tr.raw('home.answer.confidence'), { level })) +
        escapeHtml(tr.punct.sentence) +
        el('span', { 'data-testid': 'vouched', class: forecast.available ? undefined : 'warn' }, vouched),
    )
  );
}

/** The 24 h chance against the usual one (and a promise, when one is open), the confidence and its reasons. */
export function homeConfidence({ tr, f, build }: SlotContext): string {
  const { forecast } = build.payloads;
  const { inputs } = forecast;
  const usual = Math.round(inputs.B * 100);
  const promised = openPromises(build.data.announcements, build.now).length > 0 || inputs.official_signal === 1;
  const context = tr.sentences([
    tr(`home.context.${comparedWithUsual(forecast.p24, usual)}`, { usual: f.percent(usual), gap: f.days(inputs.avg_gap_hours / 24) }),
    ...(promised ? [tr('home.context.promise')] : []),
  ]);
  const reasons = build.confidenceReasons.map((r) => el('li', {}, escapeHtml(reasonText(tr, r)))).join('');
  return (
    el('p', { 'data-testid': 'context' }, escapeHtml(context)) +
    el('p', {}, escapeHtml(tr('home.confidence.why', { level: tr(`words.confidence.${forecast.confidence}`) }))) +
    el('ul', {}, reasons)
  );
}

/** Whether a reset is recorded today, and when the signals and the record were checked, and the page built. */
export function homeFresh({ tr, f, build }: SlotContext): string {
  const { forecast, signals } = build.payloads;
  const { freshness } = forecast;
  const checked = richHtml(tr.raw(noCheckYet(signals) ? 'words.health.freshNone' : 'home.fresh.checked'), {
    signals: time(freshness.signals_fetched_at, tr.ago(freshness.signals_fetched_at, build.now)),
    events: time(freshness.events_checked_at, tr.ago(freshness.events_checked_at, build.now)),
    built: time(freshness.built_at, f.dateTime(freshness.built_at), { 'data-built': true }),
  });
  return el(
    'p',
    {},
    escapeHtml(tr(forecast.reset_today ? 'home.fresh.today' : 'home.fresh.notToday')) + escapeHtml(tr.punct.sentence) + checked,
  );
}

/**
 * The 7-day outlook chart, from the outlook's daily points, the ones its description reads out: it changes
 * only when one of those whole percents does.
 */
export function homeOutlook({ tr, f, build }: SlotContext): string {
  const { outlook } = build.payloads;
  const day = (h: number): number => outlook.points.find((p) => p.hours === h)?.percent ?? 0;
  const daily = outlook.points.filter((p) => p.hours % 24 === 0);
  return createOutlookChart(daily, {
    id: 'outlook',
    title: tr('home.outlook.chartTitle'),
    description: tr('home.outlook.chartDesc', {
      points: f.list(
        [1, 2, 3, 4, 5, 6, 7].map((d) => tr('home.outlook.point', { days: tr.plural('time.days', d), chance: f.percent(day(d * 24)) })),
      ),
    }),
    dayTick: (d) => tr('home.outlook.dayTick', { n: d }),
    percentTick: (p) => f.percent(p),
    markTitle: (hours, percent) => tr('home.outlook.markTitle', { hours: f.hours(hours, 0), chance: f.percent(percent) }),
  });
}
