/**
 * The page slots (src/site/slots/): HTML escaped as Astro escapes it, a translated sentence with markup as
 * components/Rich.astro renders it, each slot of the registry in every locale from a Build, and `fillPage`,
 * which the build and the timetable function fill a template with. The frozen history's week (a grant
 * active, a promise open) at its own clock, with its signals and with another snapshot (an incident open,
 * a stale issues check, names that need escaping).
 */
import { join } from 'node:path';
import { build as bundle } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { cutTemplate } from '../../../src/core/page-template.ts';
import { SITE } from '../../../src/core/site.ts';
import { payloadsAt, sharedWork } from '../../../src/site/api/payloads.ts';
import { buildOf, type Build } from '../../../src/site/data.ts';
import { LOCALES, t } from '../../../src/site/i18n/index.ts';
import { escapeHtml, richHtml } from '../../../src/site/i18n/template.ts';
import { el, time } from '../../../src/site/slots/html.ts';
import { fillPage, renderSlot, slot, SLOTS, type SlotName } from '../../../src/site/slots/index.ts';
import { clockWeekData } from '../../support/clock-week.ts';
import { HISTORY_NOW } from '../../support/history.ts';
import { snapshotText } from '../../support/signals-snapshot.ts';
import type { Dataset } from '../../../src/core/dataset/index.ts';

const GRANT = '2026-10-25-clock-test';
const buildAt = (data: Dataset, now: Date): Build =>
  buildOf(data, SITE.url, now, payloadsAt(data, now, SITE.url, HISTORY_NOW, sharedWork(data)));
const history = buildAt(clockWeekData(), HISTORY_NOW);
const snapshot = buildAt(clockWeekData({ signals: snapshotText() }), HISTORY_NOW);

describe('HTML as Astro writes it', () => {
  it.each([
    ['a & b', 'a &amp; b'],
    ['<script>', '&lt;script&gt;'],
    ['"quoted" \'single\'', '&quot;quoted&quot; &#39;single&#39;'],
    ['&amp;', '&amp;amp;'],
    ['日本語 – ✓ 6 %', '日本語 – ✓ 6 %'],
  ])('escapes %j as %j', (text, html) => {
    expect(escapeHtml(text)).toBe(html);
    expect(el('span', { title: text }, escapeHtml(text))).toBe(`<span title="${html}">${html}</span>`);
  });

  it('leaves out an attribute whose value is undefined, and writes one without a value bare', () => {
    expect(el('span', { class: undefined, 'data-testid': 'p24' }, '6%')).toBe('<span data-testid="p24">6%</span>');
    expect(time('2026-11-23T00:00:00Z', 'now', { 'data-built': true })).toBe('<time datetime="2026-11-23T00:00:00Z" data-built>now</time>');
  });

  it('fills a sentence as Rich.astro does: text and values escaped, markup as it is, a missing placeholder an error', () => {
    expect(richHtml('a <b> {link} & {n}', { link: '<a href="/x">x</a>' }, { n: '<1>' })).toBe(
      'a &lt;b&gt; <a href="/x">x</a> &amp; &lt;1&gt;',
    );
    expect(richHtml('{x}', { x: '<b>m</b>' }, { x: 'v' })).toBe('v');
    expect(() => richHtml('{missing}', {})).toThrow(/needs a value or a slot for \{missing\}/);
  });
});

describe('the slots', () => {
  it('render every slot in every locale, with and without signals, and never let a source’s text through unescaped', () => {
    for (const build of [history, snapshot])
      for (const locale of LOCALES)
        for (const name of Object.keys(SLOTS) as SlotName[]) {
          const html = renderSlot({ name, arg: GRANT }, locale, build);
          expect(html.length, `${name} in ${locale}`).toBeGreaterThan(0);
          expect(html, `${name} in ${locale}`).not.toMatch(/<new>|summary<|undefined|NaN/);
        }
    const checks = renderSlot({ name: 'method-checks' }, 'en', snapshot);
    expect(checks).toContain('<b lang="en">a &lt;new&gt; source</b>');
    expect(checks).toContain('<span lang="en">summary&lt;&amp;&gt;&quot;json&quot;</span>');
  });

  it('show what the signals move: an open incident raises the odds, a fresh check leaves the reasons, a stale one stays', () => {
    const p24 = (b: Build): number => Number(/data-testid="p24">(\d+)%</.exec(renderSlot({ name: 'home-odds' }, 'en', b))![1]);
    expect(p24(history)).toBe(history.payloads.forecast.p24);
    expect(p24(snapshot)).toBe(snapshot.payloads.forecast.p24);
    expect(p24(snapshot)).toBeGreaterThan(p24(history));
    expect(renderSlot({ name: 'method-today' }, 'en', snapshot)).toContain(
      `count for ${Math.round(snapshot.payloads.forecast.inputs.S * 100)}% on their own`,
    );
    // The status check an hour old now counts; the issues check seven hours old still does not.
    const reasons = (b: Build): string => renderSlot({ name: 'home-confidence' }, 'en', b);
    expect(reasons(history)).toContain('<li>Status signal unavailable');
    expect(reasons(snapshot)).not.toContain('Status signal unavailable');
    expect(reasons(snapshot)).toContain('<li>Issues signal unavailable');
    expect(renderSlot({ name: 'home-fresh' }, 'en', history)).toContain('no status or issues signal has been read yet');
    expect(renderSlot({ name: 'home-fresh' }, 'en', snapshot)).toContain(
      'Signals checked <time datetime="2026-11-22T23:00:00Z">1 hour ago</time>',
    );
    const advice = (b: Build): string => renderSlot({ name: 'grant-advice', arg: GRANT }, 'en', b);
    expect(advice(history)).toMatch(/^<p class="advice" data-testid="advice"><strong>[^<]+<\/strong>/);
    for (const b of [history, snapshot]) {
      const g = b.payloads.banked.active.find((x) => x.id === GRANT)!;
      expect(advice(b)).toContain(`${Math.round(g.p_free_reset_before_expiry * 100)}%`);
    }
  });

  it('give a grant that is not active at the instant no estimate', () => {
    expect(renderSlot({ name: 'grant-advice', arg: 'no-such-grant' }, 'en', history)).toBe('');
    expect(renderSlot({ name: 'grant-advice' }, 'en', history)).toBe('');
  });
});

describe('fillPage', () => {
  /** A page as a view writes it: slots between markup, in template mode or not. */
  const page = (build: Build, template: boolean): string =>
    `<main><h1>Ω &amp; x</h1>${slot('home-odds', 'ko', build, template)}<ul>${slot('grant-advice', 'ko', build, template, GRANT)}</ul>` +
    `<footer>${slot('method-checks', 'ko', build, template)}</footer></main>`;

  it('fills a template with the slots of any Build: the page that Build renders, the template made from another', () => {
    const template = JSON.parse(JSON.stringify(cutTemplate(page(history, true), 'ko')));
    expect(template.slots).toEqual(['home-odds', `grant-advice:${GRANT}`, 'method-checks']);
    expect(fillPage(template, history)).toBe(page(history, false));
    expect(fillPage(template, snapshot)).toBe(page(snapshot, false));
    expect(page(snapshot, false)).not.toBe(page(history, false));
  });

  it('refuses a template naming a slot the registry does not have, or a locale the site does not speak', () => {
    expect(() => fillPage({ locale: 'en', parts: ['a', 'b'], slots: ['no-such-slot'] }, history)).toThrow(
      /no page slot named "no-such-slot"/,
    );
    expect(() => fillPage({ locale: 'xx', parts: ['a'], slots: [] }, history)).toThrow(/unknown locale "xx"/);
  });

  it('bundles for a function as it is: no Astro module (astro:i18n) among what the slots import', async () => {
    const out = await bundle({
      entryPoints: [join(import.meta.dirname, '../../../src/site/slots/index.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(out.errors).toEqual([]);
    expect(out.outputFiles[0]!.text).not.toMatch(/from ["']astro[:/]/);
  });

  it('uses the translator the views use', () => {
    expect(renderSlot({ name: 'home-odds' }, 'ja', history)).toContain(escapeHtml(t('ja')('home.odds.hours24')));
  });
});
