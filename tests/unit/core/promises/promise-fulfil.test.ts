/** The fulfilment rule (docs/data.md): kind, scope coverage and window, with the case. */
import { describe, expect, it } from 'vitest';
import { fulfils, scopeCovers } from '../../../../src/core/promises/index.ts';

const window = { window_start: '2026-09-05T00:00:00Z', window_end: '2026-09-05T23:59:59Z' };

describe('scopeCovers', () => {
  it.each<[string, string, boolean]>([
    ['all', 'business+enterprise', true],
    ['paid', 'business+enterprise', true],
    ['paid', 'free', false],
    ['plus+pro', 'business+enterprise', false],
    ['business+enterprise', 'business+enterprise', true],
    ['plus+pro+business+enterprise+edu', 'business+enterprise', true],
    ['business', 'business+enterprise', false],
    ['unspecified', 'business+enterprise', false],
    ['unspecified', 'unspecified', true],
    ['pro', 'unspecified', true],
  ])('a reset for %s covers a promise for %s: %s', (scope, promised, covers) => {
    expect(scopeCovers(scope, promised)).toBe(covers);
  });
});

describe('fulfils', () => {
  const promise = { ...window, scope: 'business+enterprise' };
  it('the issue: a banked grant for paid plans 6 minutes before does not fulfil a Business and Enterprise reset promise; the reset does', () => {
    expect(fulfils({ kind: 'banked', scope: 'paid', ts: '2026-09-05T17:54:00Z' }, promise)).toBe(false);
    expect(fulfils({ kind: 'reset', scope: 'business+enterprise', ts: '2026-09-05T18:00:00Z' }, promise)).toBe(true);
  });
  it('a banked promise takes a banked reset only; no scope said: any scope; both ends of the window count', () => {
    expect(fulfils({ kind: 'banked', scope: 'paid', ts: '2026-09-05T00:00:00Z' }, { ...window, kind: 'banked' })).toBe(true);
    expect(fulfils({ kind: 'reset', scope: 'all', ts: '2026-09-05T00:00:00Z' }, { ...window, kind: 'banked' })).toBe(false);
    expect(fulfils({ kind: 'reset', scope: 'pro', ts: '2026-09-05T23:59:59Z' }, window)).toBe(true);
    expect(fulfils({ kind: 'reset', scope: 'all', ts: '2026-09-06T00:00:00Z' }, window)).toBe(false);
    expect(fulfils({ kind: 'boost', scope: 'all', ts: '2026-09-05T12:00:00Z' }, window)).toBe(false);
  });
});
