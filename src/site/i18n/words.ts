/**
 * The recorded vocabularies (kinds, scopes, certainty, origins, confidence reasons, corrections) in a
 * locale's words. The records themselves (summaries, reasons, notes) are English data and are shown as
 * recorded, marked `lang="en"` by the components.
 */
import type { Amendment, Correction, StoredEvent } from '../../core/schema/index.ts';
import type { ConfidenceReason } from '../../core/forecast/reasons.ts';
import type { Translator } from './index.ts';
import { isLinkMove, relinkKind } from '../../core/corrections/index.ts';
import { doubtKeys } from '../../core/feeds/words.ts';
import { SOURCES } from '../../core/sources.ts';
import { planNames, scopeGroup } from '../../core/facts/scope.ts';

/** "plus+pro" → "Plus + Pro" (plan names are product names: core's, in every locale); "all" → the locale's "All plans". */
export function scopeText(tr: Translator, scope: string): string {
  const group = scopeGroup(scope);
  return group === undefined ? planNames(scope) : tr(`words.scope.${group}`);
}

export function kindText(tr: Translator, kind: StoredEvent['kind']): string {
  return tr(`words.kind.${kind}`);
}

export function certaintyText(tr: Translator, certainty: 'high' | 'medium' | 'low'): string {
  return tr(`words.certainty.${certainty}`);
}

/** "official post by @thsottiaux", "report by users, via @someone". */
export function originText(tr: Translator, origin: StoredEvent['origin'], source: string): string {
  const who = source === 'unknown' ? tr('words.unnamedSource') : `@${source}`;
  return tr(`words.origin.${origin}`, { who });
}

/** A signal source's name for people (every source of the one SOURCES registry); a name it does not know keeps its id. */
export function sourceName(tr: Translator, name: string): { text: string; known: boolean } {
  return Object.hasOwn(SOURCES, name)
    ? { text: tr(`words.signalSource.${name as keyof typeof SOURCES}`), known: true }
    : { text: name, known: false };
}

/** A record's `uncertain_fields` in the locale: "time not known exactly", "plans not stated" (keys: core/feeds/words.ts). */
export function doubtTexts(tr: Translator, fields: readonly string[]): string[] {
  return doubtKeys(fields).map((k) => tr(`words.doubt.${k}`));
}

const FIELDS: Readonly<
  Record<
    Amendment['what'],
    'time' | 'scope' | 'kind' | 'partial' | 'global' | 'summary' | 'certainty' | 'expiry' | 'url' | 'origin' | 'source' | 'scopeNote'
  >
> = {
  ts: 'time',
  scope: 'scope',
  kind: 'kind',
  partial: 'partial',
  global: 'global',
  summary: 'summary',
  certainty: 'certainty',
  expires_at: 'expiry',
  url: 'url',
  origin: 'origin',
  source: 'source',
  scope_note: 'scopeNote',
};

/** "scope: Plus + Pro → Pro", in the locale (the values are formatted, free text stays as recorded). */
export function correctionText(tr: Translator, c: Correction): string {
  if (c.what === 'retraction') return tr('words.correction.retracted');
  if (isLinkMove(c)) return tr('words.correction.linkMoved');
  if (c.what === 'rerecorded') return tr('words.correction.rerecorded');
  if (c.what === 'fulfilled_by') return tr(`words.correction.relink.${relinkKind(c)}`);
  const value = (v: string | boolean): string => {
    if (typeof v === 'boolean') return tr(v ? 'words.yes' : 'words.no');
    if (v === 'unknown' && (c.what === 'partial' || c.what === 'global')) return tr('words.unknownValue');
    if (c.what === 'scope') return scopeText(tr, v);
    if (c.what === 'kind') return kindText(tr, v as StoredEvent['kind']);
    if (c.what === 'certainty') return certaintyText(tr, v as 'high' | 'medium' | 'low');
    if (c.what === 'ts' || c.what === 'expires_at') return tr.f.dateTime(v);
    return v;
  };
  return tr('words.correction.changed', {
    field: tr(`words.correction.field.${FIELDS[c.what]}`),
    before: value(c.before),
    after: value(c.after),
  });
}

/** A confidence reason in the locale (forecast.json's English is core's reasonSentence; these are the pages' words). */
export function reasonText(tr: Translator, r: ConfidenceReason): string {
  switch (r.kind) {
    case 'record':
      return r.since === null
        ? tr.plural('words.confidenceReason.record', r.resets)
        : tr.plural('words.confidenceReason.recordSince', r.resets, { since: tr.f.date(r.since) });
    case 'too-few':
      return tr('words.confidenceReason.tooFew', { min: r.min });
    case 'no-rhythm':
      return tr('words.confidenceReason.noRhythm', { min: r.min });
    case 'stale':
      return tr('words.confidenceReason.stale', { age: tr.f.days(r.days, 0), limit: tr.f.days(r.limitDays, 0) });
    case 'stale-unknown':
      return tr('words.confidenceReason.staleUnknown');
    case 'signal-missing':
      return tr(`words.confidenceReason.${r.signal}Missing`);
    case 'small-sample':
      return tr('words.confidenceReason.smallSample', { min: r.min });
  }
}
