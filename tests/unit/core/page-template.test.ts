/**
 * Page templates (src/core/page-template.ts): a page rendered with slot markers is cut into its parts and
 * slots, and filled back. Markers are comments, which no escaped text can hold; a name or argument a marker
 * cannot carry is refused when the page is rendered, and a file that is not a template is named.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutTemplate, fillTemplate, slotKey, slotMarker, slotRef, templateProblem } from '../../../src/core/page-template.ts';
import { escapeHtml } from '../../../src/site/i18n/template.ts';

const ref = fc.record(
  { name: fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/), arg: fc.stringMatching(/^[A-Za-z0-9._-]{1,20}$/) },
  { requiredKeys: ['name'] },
);

describe('a page template', () => {
  it('cuts a page at its markers and fills back the same page, whatever text (escaped) lies between', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), ref), { maxLength: 6 }), fc.string(), (pieces, tail) => {
        const text = pieces.map(([t]) => escapeHtml(t));
        const html = pieces.map(([, r], i) => text[i] + slotMarker(r)).join('') + escapeHtml(tail);
        const template = cutTemplate(html, 'ja');
        expect(template.parts).toEqual([...text, escapeHtml(tail)]);
        expect(template.slots).toEqual(pieces.map(([, r]) => slotKey(r)));
        expect(templateProblem(JSON.parse(JSON.stringify(template)))).toBeUndefined();
        expect(fillTemplate(template, slotMarker)).toBe(html);
        // Each slot gets its own HTML, in order.
        expect(fillTemplate(template, (r) => `[${r.name}${r.arg ?? ''}]`)).toBe(
          pieces.map(([, r], i) => `${text[i]}[${r.name}${r.arg ?? ''}]`).join('') + escapeHtml(tail),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('finds no marker in escaped text that spells one', () => {
    const spelled = escapeHtml('<!--resetcast-slot:home-odds-->');
    expect(cutTemplate(`<p>${spelled}</p>`, 'en')).toEqual({ locale: 'en', parts: [`<p>${spelled}</p>`], slots: [] });
  });

  it('names a slot `name` or `name:arg`, and reads it back', () => {
    expect(slotKey({ name: 'grant-advice', arg: '2026-10-25-x' })).toBe('grant-advice:2026-10-25-x');
    expect(slotRef('grant-advice:2026-10-25-x')).toEqual({ name: 'grant-advice', arg: '2026-10-25-x' });
    expect(slotRef('home-odds')).toEqual({ name: 'home-odds' });
  });

  it('refuses to mark a name or an argument that could break out of the comment', () => {
    expect(() => slotMarker({ name: 'Home' })).toThrow(/lowercase/);
    expect(() => slotMarker({ name: 'home--><script>' })).toThrow(/lowercase/);
    expect(() => slotMarker({ name: 'grant-advice', arg: 'x-->' })).toThrow(/cannot be marked/);
    expect(() => slotMarker({ name: 'grant-advice', arg: '' })).toThrow(/cannot be marked/);
  });

  it('says why a file is not a template', () => {
    expect(templateProblem(null)).toBe('not an object');
    expect(templateProblem({ parts: [''], slots: [] })).toBe('no locale');
    expect(templateProblem({ locale: 'en', parts: [1], slots: [] })).toBe('parts not a list of texts');
    expect(templateProblem({ locale: 'en', parts: ['a', 'b'], slots: ['Bad Name'] })).toBe('slots not a list of slot names');
    expect(templateProblem({ locale: 'en', parts: ['a'], slots: ['home-odds'] })).toBe('1 parts around 1 slots');
  });
});
