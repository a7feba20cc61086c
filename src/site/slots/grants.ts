/**
 * A banked grant's estimate (components/GrantItem.astro, on the home and banked pages): the chance of a
 * free reset before it expires and the advice, which the signals move. The slot of one active grant, by id;
 * nothing for a grant that is not active at the instant. Pure.
 */
import type { SlotContext } from './context.ts';
import { el, escapeHtml } from './html.ts';

/** "over 99 %" and "under 1 %" at the ends: an estimate never claims certainty (as banked.ts says it in English). */
function chance({ tr, f }: SlotContext, p: number): string {
  const percent = Math.round(p * 100);
  return percent >= 100 && p < 1
    ? tr('banked.over', { percent: f.percent(99) })
    : percent <= 0 && p > 0
      ? tr('banked.under', { percent: f.percent(1) })
      : f.percent(percent);
}

export function grantAdvice(c: SlotContext, id?: string): string {
  const g = c.build.payloads.banked.active.find((x) => x.id === id);
  if (!g) return '';
  const { tr, f } = c;
  const said = tr.sentences([
    tr('banked.chance', { chance: chance(c, g.p_free_reset_before_expiry) }),
    g.advice === 'hold' ? tr('banked.hold') : tr('banked.use', { expiry: f.dateTime(g.expires_at) }),
  ]);
  return el(
    'p',
    { class: 'advice', 'data-testid': 'advice' },
    el('strong', {}, escapeHtml(tr('banked.estimate'))) + escapeHtml(tr.punct.label + said),
  );
}
