/**
 * Classifies an official post: a reset that happened, a banked reset credit, a promise of a coming
 * reset, or nothing. Deliberately conservative: anything short of a plain statement goes to review,
 * and so does a post that matches only once its look-alike letters are read as Latin ones.
 */
import { foldLookAlikes } from '../../core/look-alikes.ts';
import { PLANS } from '../../core/schema/index.ts';

export type PostKind = 'reset' | 'banked' | 'promise';

export interface Classification {
  kind: PostKind;
  /** Confident matches are recorded; the rest go to data/candidates.json. */
  confident: boolean;
  scope: string;
  reason: string;
}

const LIMITS = /\b(rate[- ]?limits?|usage[- ]?limits?|limits)\b/;
const RESET = /\bresets?\b|\bresetting\b/;
/** One pattern matching any of `branches`: a long alternation written one branch per line. */
const anyOf = (...branches: readonly RegExp[]): RegExp => new RegExp(branches.map((b) => b.source).join('|'));
const FUTURE = anyOf(
  /\b(will|we'll|i'll|going to|gonna|plan(?:ning)? to|about to|shortly)\b[^.!?]{0,40}\breset/,
  /\breset[^.!?]{0,60}\b(tomorrow|soon|later today|tonight|next week|this week|in a few hours)\b/,
);
const DONE = anyOf(
  /\b(have|has|had|just|we've|i've)\b[^.!?]{0,40}\breset\b/,
  /\b(limits?|them)\b[^.!?]{0,20}\b(have been|has been|were|got|are now)\s+reset\b/,
  /\breset(ting)?\b[^.!?]{0,40}\b(for (all|every)\w*|right now|now|today)\b/,
  /^\s*reset\b/,
);
const BANKED = /\bbank(ed|s)?\b|\breset credits?\b/;

/** Plan names a post mentions, in PLANS order; "all users"/"everyone" is `all`; otherwise `unspecified`. */
export function scopeOf(text: string): string {
  const t = text.toLowerCase();
  const plans = PLANS.filter((p) => (p === 'go' ? /\bchatgpt go\b|\bgo plan\b/.test(t) : new RegExp(`\\b${p}\\b`).test(t)));
  if (plans.length > 0) return plans.join('+');
  if (/\bpaid (plans?|users?|subscribers?|tiers?)\b/.test(t)) return 'paid';
  if (/\b(all|every) (users?|plans?|accounts?)\b|\beveryone\b|\bfor all\b/.test(t)) return 'all';
  return 'unspecified';
}

/** At most this many look-alike letters named in a reason (the reason is capped; the post's text is kept whole). */
const LOOK_ALIKES_SHOWN = 5;

/**
 * A post's classification. A post that matches nothing as written is read again with its look-alike
 * letters folded to Latin ones (core/look-alikes.ts: "rеset" with a Cyrillic е); if that matches, it
 * goes to review, never straight to an event: letters chosen to look like others are not a plain statement.
 */
export function classifyPost(text: string): Classification | null {
  const plain = classifyText(text);
  if (plain) return plain;
  const folded = foldLookAlikes(text);
  const c = folded.replaced.length > 0 ? classifyText(folded.text) : null;
  if (!c) return null;
  const shown = folded.replaced.slice(0, LOOK_ALIKES_SHOWN).join(', ');
  const more = folded.replaced.length > LOOK_ALIKES_SHOWN ? ', …' : '';
  return { ...c, confident: false, reason: `${c.reason}; written with look-alike letters (${shown}${more})` };
}

/** The classification of a text as written: the keyword rules above. */
function classifyText(text: string): Classification | null {
  const t = text.toLowerCase().replace(/https?:\/\/\S+/g, ' ');
  if (!RESET.test(t) || !(LIMITS.test(t) || BANKED.test(t))) return null;
  const scope = scopeOf(t);
  const question = t.includes('?');
  if (FUTURE.test(t))
    return { kind: 'promise', confident: false, scope, reason: 'speaks of a reset to come (announcements are curated by hand)' };
  const done = DONE.test(t);
  if (BANKED.test(t))
    return {
      kind: 'banked',
      confident: done && !question,
      scope,
      reason: done ? 'says reset credits were banked' : 'mentions banked resets without saying they were granted',
    };
  if (done && !question && /\bcodex\b|\brate[- ]?limits?\b|\busage[- ]?limits?\b/.test(t))
    return { kind: 'reset', confident: true, scope, reason: 'says limits were reset' };
  return {
    kind: 'reset',
    confident: false,
    scope,
    reason: question ? 'asks a question about resets' : 'mentions resetting limits without a plain statement that it happened',
  };
}
