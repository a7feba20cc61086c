/**
 * The methodology page's slots (src/views/Methodology.astro): today's inputs in words (the signals' S among
 * them) with the odds they give, and the signal sources' checks. Pure.
 */
import { MODEL_NAMES } from '../../core/forecast/evaluate.ts';
import { richHtml } from '../i18n/template.ts';
import { sourceName } from '../i18n/words.ts';
import { noCheckYet, sourceHealth } from '../source-health.ts';
import type { SlotContext } from './context.ts';
import { el, escapeHtml, time } from './html.ts';

/** This estimate's inputs, said in words (the numbers are in forecast.json): a chance as a whole percent. */
export function methodToday({ tr, f, build }: SlotContext): string {
  const fc = build.payloads.forecast;
  const inputs = fc.inputs;
  const chance = (p: number): string => f.percent(Math.round(p * 100));
  const today = [
    tr('method.today.gaps', { gap: f.span(inputs.avg_gap_hours), since: f.age(inputs.hours_since_last) }),
    tr('method.today.base', { chance: chance(inputs.B) }),
    inputs.rhythm_model === MODEL_NAMES.rhythm && inputs.C !== null
      ? tr('method.today.rhythm', { chance: chance(inputs.C) })
      : tr('method.today.noRhythm'),
    inputs.S > 0 ? tr('method.today.signal', { chance: chance(inputs.S) }) : tr('method.today.noSignal'),
    tr('method.today.result', { p24: f.percent(fc.p24), p48: f.percent(fc.p48) }),
  ];
  return el('p', { 'data-testid': 'today' }, escapeHtml(tr.sentences(today)));
}

/**
 * One entry per signal source: whether its last check worked and, in one short translated phrase, its
 * health ("could not be reached since …", "needs an API key"). The phrase comes from the check's structure
 * (src/site/source-health.ts); the raw error is for machines and stays in signals.json.
 */
export function methodChecks({ tr, build }: SlotContext): string {
  const { signals } = build.payloads;
  const P = tr.punct;
  const items = signals.sources.map((s) => {
    const name = sourceName(tr, s.name);
    const health = sourceHealth(s);
    const status =
      health.kind === 'ok'
        ? el('span', { class: 'ok' }, escapeHtml(`✓ ${tr('words.check.ok')}`))
        : health.kind === 'needsKey' || health.kind === 'skipped'
          ? el('span', { class: 'muted' }, escapeHtml(`– ${tr('words.check.skipped')}`))
          : el('span', { class: 'bad' }, escapeHtml(`✗ ${tr('words.check.failed')}`));
    const said =
      health.kind === 'needsKey' || health.kind === 'neverReached'
        ? escapeHtml(tr(`words.health.${health.kind}`))
        : health.kind === 'failingSince'
          ? richHtml(tr.raw('words.health.failingSince'), { when: time(health.since, tr.f.dateTime(health.since)) })
          : richHtml(tr.raw(`words.health.${health.kind}`), {
              when: time(health.checked_at, tr.ago(health.checked_at, build.now), { title: tr.f.dateTime(health.checked_at) }),
            });
    const via = s.via
      ? escapeHtml(P.list) + richHtml(tr.raw('words.check.via'), { via: el('span', { lang: 'en' }, escapeHtml(s.via)) })
      : '';
    return el(
      'li',
      { class: 'card', 'data-health': health.kind },
      `${el('b', { lang: name.known ? undefined : 'en' }, escapeHtml(name.text))} ${status} ${el('span', { class: 'muted' }, said + via)}`,
    );
  });
  const none = noCheckYet(signals) ? el('p', { 'data-testid': 'no-check-yet' }, escapeHtml(tr('words.health.noneYet'))) : '';
  return none + el('ul', { class: 'checks' }, items.join(''));
}
