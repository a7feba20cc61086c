/**
 * A page template (docs/timetable.md): a rendered page cut at its slots, the parts of it that the signals
 * can change. The build renders a page state with a marker in place of each slot and cuts it here; the
 * timetable function fills the slots from the Build of its instant (src/site/slots/, `fillPage`). Pure:
 * what a slot shows comes from the caller.
 *
 * A marker is an HTML comment. Every text a page shows is escaped (`<` becomes `&lt;`), so a comment can
 * only come from the page's own markup, never from a fact or a signal.
 */

/** One slot of a page: its name in the registry (src/site/slots/), and an argument (a grant's id) for a slot a page holds many of. */
export interface SlotRef {
  name: string;
  arg?: string;
}

/** A page cut at its slots: `parts[0]`, slot 0, `parts[1]`, …, `parts[n]`. */
export interface PageTemplate {
  locale: string;
  parts: string[];
  /** Each slot as `name` or `name:arg` (`slotKey`). */
  slots: string[];
}

/** A slot's name and argument: lowercase words with hyphens; an argument a grant's id. */
const NAME = /^[a-z][a-z0-9-]*$/;
const ARG = /^[A-Za-z0-9._-]+$/;
const MARKER = /<!--resetcast-slot:([a-z][a-z0-9-]*)(?::([A-Za-z0-9._-]+))?-->/g;

/** `name` or `name:arg`: how a template lists a slot. */
export const slotKey = (ref: SlotRef): string => (ref.arg === undefined ? ref.name : `${ref.name}:${ref.arg}`);

/** The slot a template lists as `key`. */
export function slotRef(key: string): SlotRef {
  const at = key.indexOf(':');
  return at < 0 ? { name: key } : { name: key.slice(0, at), arg: key.slice(at + 1) };
}

/** The marker a template is rendered with in place of a slot; throws on a name or argument a marker cannot carry. */
export function slotMarker(ref: SlotRef): string {
  if (!NAME.test(ref.name)) throw new Error(`slot name ${JSON.stringify(ref.name)}: lowercase words and hyphens only`);
  if (ref.arg !== undefined && !ARG.test(ref.arg))
    throw new Error(`slot ${ref.name}: argument ${JSON.stringify(ref.arg)} cannot be marked`);
  return `<!--resetcast-slot:${slotKey(ref)}-->`;
}

/** A page rendered with markers, cut at them. */
export function cutTemplate(html: string, locale: string): PageTemplate {
  const parts: string[] = [];
  const slots: string[] = [];
  let at = 0;
  for (const m of html.matchAll(MARKER)) {
    parts.push(html.slice(at, m.index));
    slots.push(slotKey(m[2] === undefined ? { name: m[1]! } : { name: m[1]!, arg: m[2] }));
    at = m.index + m[0].length;
  }
  parts.push(html.slice(at));
  return { locale, parts, slots };
}

/** Why `value` is not a page template (undefined when it is one): what a build checks of every template file it writes. */
export function templateProblem(value: unknown): string | undefined {
  const t = value as Partial<PageTemplate> | null;
  if (typeof t !== 'object' || t === null) return 'not an object';
  if (typeof t.locale !== 'string') return 'no locale';
  if (!Array.isArray(t.parts) || !t.parts.every((p) => typeof p === 'string')) return 'parts not a list of texts';
  if (!Array.isArray(t.slots) || !t.slots.every((s) => typeof s === 'string' && NAME.test(slotRef(s).name)))
    return 'slots not a list of slot names';
  if (t.parts.length !== t.slots.length + 1) return `${t.parts.length} parts around ${t.slots.length} slots`;
  return undefined;
}

/** The page a template makes with each slot's HTML from `render`. */
export function fillTemplate(template: PageTemplate, render: (ref: SlotRef) => string): string {
  let html = template.parts[0]!;
  template.slots.forEach((key, i) => {
    html += render(slotRef(key)) + template.parts[i + 1]!;
  });
  return html;
}
