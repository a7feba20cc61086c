/**
 * The page slots (docs/timetable.md): every part of a page that the signals (data/signals.json, a
 * snapshot the timetable function may hold newer than the build's) can change, each rendered by plain
 * TypeScript from the locale and the Build of an instant. One registry, name → renderer. A view writes a
 * slot as `<Fragment set:html={slot(...)} />`: its HTML in a page, its marker in a template
 * (src/core/page-template.ts), so the build and the function fill a template with the same bytes a fresh
 * build renders. Pure.
 */
import { fillTemplate, slotMarker, type PageTemplate, type SlotRef } from '../../core/page-template.ts';
import type { Build } from '../data.ts';
import { asLocale, type Locale } from '../i18n/index.ts';
import { slotContext, type SlotContext } from './context.ts';
import { grantAdvice } from './grants.ts';
import { homeConfidence, homeFresh, homeOdds, homeOutlook } from './home.ts';
import { methodChecks, methodToday } from './methodology.ts';

export const SLOTS = {
  'home-odds': homeOdds,
  'home-confidence': homeConfidence,
  'home-fresh': homeFresh,
  'home-outlook': homeOutlook,
  /** One active grant's estimate and advice; its argument is the grant's id. */
  'grant-advice': grantAdvice,
  'method-today': methodToday,
  'method-checks': methodChecks,
} as const satisfies Record<string, (c: SlotContext, arg?: string) => string>;

export type SlotName = keyof typeof SLOTS;

/** A slot's HTML in `locale` at the instant of `build`. */
export function renderSlot(ref: SlotRef, locale: Locale, build: Build): string {
  if (!Object.hasOwn(SLOTS, ref.name)) throw new Error(`no page slot named ${JSON.stringify(ref.name)}`);
  return SLOTS[ref.name as SlotName](slotContext(locale, build), ref.arg);
}

/**
 * What a view writes for a slot: its HTML, or its marker when the page is rendered as a template (a
 * timetable state the function fills).
 */
export function slot(name: SlotName, locale: Locale, build: Build, template: boolean, arg?: string): string {
  const ref = arg === undefined ? { name } : { name, arg };
  return template ? slotMarker(ref) : renderSlot(ref, locale, build);
}

/** The page a template makes at the instant of `build`: what the build publishes as a state's page, and the function serves. */
export function fillPage(template: PageTemplate, build: Build): string {
  const locale = asLocale(template.locale);
  return fillTemplate(template, (ref) => renderSlot(ref, locale, build));
}
