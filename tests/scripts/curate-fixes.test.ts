/**
 * Issue 21: every fact fixable (kind change, re-record after a retraction, promise relink), plausible at
 * the door, nothing invented (origin from the account, global unknown unless said), and a hand check
 * of the sources that makes the record fresh again. Every refusal is one line, exit 1, data/ unchanged.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeForecast } from '../../src/core/forecast/index.ts';
import { readDataFiles } from '../../src/io/data-folder.ts';
import { parseDataset } from '../../src/core/dataset/index.ts';
import { postIdAt } from '../../src/core/postid.ts';
import {
  curateDir,
  expectRefused,
  idOf,
  NOW,
  npmScript,
  readJson,
  resetCandidate,
  snapshot,
  validateAtHistoryClock,
  writeCandidates,
  xUrl,
} from '../support/curate-env.ts';
import { joinedRegExp } from '../support/regexp.ts';

const ok = async (script: string, dir: string, args: string[]): Promise<string> => {
  const r = await npmScript(script, dir, args);
  expect(r.code, `${script} ${args.join(' ')}: ${r.out}`).toBe(0);
  return r.out;
};
/** The id of an X post at `iso` with `low` in its low 22 bits. */
const snowflake = (iso: string, low: bigint): string => postIdAt(new Date(iso), low);

// The refusals of the pure rules (origin, plans, the promise horizon, times, another repository) are
// tables in tests/unit/core/curate/; these are the ones that need the command: its flags and its exit.
describe('bad input: one line naming the field and the rule, exit 1, data/ byte-identical', () => {
  it.each<[string, string, string[], RegExp]>([
    [
      'a post id that decodes to 2010',
      'add-event',
      ['https://x.com/thsottiaux/status/123', '--kind', 'reset', '--scope', 'all', '--summary', 's'],
      joinedRegExp(
        /^add-event: post 123 decodes to 2010-11-04T01:42:54Z, before 2025-08-18T00:00:00Z \(30 days/,
        / before the first Codex usage-limit reset on record\): not a post about Codex limits$/,
      ),
    ],
    [
      'a page that is not a post, without --url',
      'add-event',
      ['https://example.com/codex-reset', '--kind', 'reset', '--scope', 'all', '--summary', 's'],
      /^add-event: not a post URL: https:\/\/example\.com\/codex-reset/,
    ],
    [
      '--url without --origin observed',
      'add-event',
      [
        '--url',
        'https://example.com/codex-reset',
        '--kind',
        'reset',
        '--scope',
        'all',
        '--summary',
        's',
        '--at',
        '2026-11-19T00:00:00Z',
        '--source',
        'tracker',
      ],
      /^add-event: --origin: a page that is not a post is recorded only with --origin observed$/,
    ],
    ['a hand check without a note', 'checked', [], /^checked: --note: required/],
    [
      'a summary that is only control characters',
      'add-event',
      [xUrl('OpenAI', '2026-11-19T01:00:00Z'), '--kind', 'reset', '--scope', 'all', '--summary', '\u0007\u0001 '],
      /^add-event: --summary must not be empty$/,
    ],
  ])('%s', (_name, script, args, message) => expectRefused(script, curateDir(), args, message));
});

describe('plausible and canonical', () => {
  it('rewrites pro+plus to plus+pro; a GitHub issue gets the snowflake of --at with its number, not "1"', async () => {
    const dir = curateDir();
    const post = xUrl('OpenAIDevs', '2026-11-19T01:00:00Z');
    await ok('add-event', dir, [post, '--kind', 'reset', '--scope', 'pro+plus', '--summary', 'Reset for Pro and Plus.']);
    expect(readJson(dir, 'events.json').events.find((e) => e.id === idOf(post))!.scope).toBe('plus+pro');
    await ok('add-event', dir, [
      'https://github.com/openai/codex/issues/1',
      '--kind',
      'other',
      '--scope',
      'unspecified',
      '--summary',
      'An issue.',
      '--at',
      '2026-11-19T00:00:00Z',
      '--source',
      'etraut-openai',
    ]);
    const ids = readJson(dir, 'events.json').events.map((e: { id: string }) => e.id);
    expect(ids).not.toContain('1');
    expect(ids).toContain(snowflake('2026-11-19T00:00:00Z', 1n));
    expect((await validateAtHistoryClock(dir)).code).toBe(0);
  });

  it('the CI check still records a reset by @thsottiaux an hour ago as an official post', async () => {
    const dir = curateDir();
    const post = xUrl('thsottiaux', '2026-11-20T11:00:00Z');
    await ok('add-event', dir, [post, '--kind', 'reset', '--scope', 'all', '--summary', 'CI check: a reset recorded an hour ago']);
    expect(readJson(dir, 'events.json').events.at(-1)).toMatchObject({
      id: idOf(post),
      origin: 'official_post',
      certainty: 'high',
      global: true,
      uncertain_fields: ['partial'],
    });
  });
});

describe('nothing invented', () => {
  it('another account needs --origin and is at most medium; --update cannot move origin; global unknown is recorded as unknown', async () => {
    const dir = curateDir();
    const post = xUrl('randomuser42', '2026-11-19T01:00:00Z');
    await ok('add-event', dir, [
      post,
      '--kind',
      'banked',
      '--scope',
      'paid',
      '--summary',
      'A banked reset added to every paid account, says a user.',
      '--origin',
      'community',
    ]);
    expect(readJson(dir, 'events.json').events.find((e: { id: string }) => e.id === idOf(post))).toMatchObject({
      source: 'randomuser42',
      origin: 'community',
      certainty: 'medium',
      global: false,
      uncertain_fields: ['partial', 'global'],
    });
    const before = snapshot(dir);
    const r = await npmScript('add-event', dir, [
      post,
      '--kind',
      'banked',
      '--scope',
      'paid',
      '--summary',
      'Same.',
      '--origin',
      'observed',
      '--update',
    ]);
    expect(r.code).toBe(1);
    expect(r.out.trim()).toBe(
      `add-event: --origin observed: event ${idOf(post)} is recorded as community; change it with npm run correct ` +
        `-- ${idOf(post)} --origin observed --reason "…"`,
    );
    expect(snapshot(dir)).toEqual(before);
    // Said later: the correction logs the unknown it replaces.
    await ok('correct', dir, [idOf(post), '--global', '--reason', 'OpenAI confirmed every paid account got it']);
    expect(readJson(dir, 'events.json').events.find((e: { id: string }) => e.id === idOf(post))).toMatchObject({
      global: true,
      uncertain_fields: ['partial'],
    });
    expect(readJson(dir, 'corrections.json').corrections.at(-1)).toMatchObject({ what: 'global', before: 'unknown', after: true });
    await ok('correct', dir, [idOf(post), '--origin', 'observed', '--reason', 'users reported it; no official post']);
    expect(readJson(dir, 'corrections.json').corrections.at(-1)).toMatchObject({ what: 'origin', before: 'community', after: 'observed' });
    expect((await validateAtHistoryClock(dir)).code).toBe(0);
  });
});

describe('review follows the same rule', () => {
  it('a candidate by a login not listed as staff is accepted only with --origin', async () => {
    const dir = curateDir();
    const url = 'https://github.com/openai/codex/issues/14000#issuecomment-4099000003';
    writeCandidates(dir, [
      resetCandidate({
        id: '4099000003',
        platform: 'github',
        ts: '2026-11-19T10:00:00Z',
        source: 'new-openai-member',
        url,
        text: 'We reset usage limits for everyone.',
      }),
    ]);
    await expectRefused(
      'review',
      dir,
      ['4099000003', '--accept', 'event', '--kind', 'reset'],
      /^review: --origin is required for new-openai-member: not an official account/,
    );
    await ok('review', dir, ['4099000003', '--accept', 'event', '--kind', 'reset', '--origin', 'observed']);
    expect(readJson(dir, 'events.json').events.find((e: { id: string }) => e.id === '4099000003')).toMatchObject({
      origin: 'observed',
      certainty: 'medium',
      source: 'new-openai-member',
    });
  });
});

describe('every fact fixable, every fix on the record', () => {
  it('a reset corrected to banked gets its grant in the same write; back to reset removes it', async () => {
    const dir = curateDir();
    const post = xUrl('thsottiaux', '2026-11-18T09:15:02Z');
    await ok('add-event', dir, [post, '--kind', 'reset', '--scope', 'plus+pro', '--summary', 'One banked reset each.']);
    const out = await ok('correct', dir, [idOf(post), '--kind', 'banked', '--reason', 'it was a banked reset, not an immediate one']);
    expect(out).toContain(`granted 2026-11-18-${idOf(post)}: expires 2026-12-18T09:15:02Z`);
    expect(readJson(dir, 'banked.json').grants.find((g) => g.event_id === idOf(post))).toMatchObject({
      granted_at: '2026-11-18T09:15:02Z',
      scope: 'plus+pro',
    });
    expect(readJson(dir, 'corrections.json').corrections.at(-1)).toMatchObject({
      event_id: idOf(post),
      what: 'kind',
      before: 'reset',
      after: 'banked',
    });
    expect((await validateAtHistoryClock(dir)).code).toBe(0);
    const back = await ok('correct', dir, [idOf(post), '--kind', 'reset', '--reason', 'it was immediate after all']);
    expect(back).toContain(`removed grant 2026-11-18-${idOf(post)}`);
    expect(readJson(dir, 'banked.json').grants.map((g) => g.event_id)).not.toContain(idOf(post));
    expect((await validateAtHistoryClock(dir)).code).toBe(0);
  });

  it('a kind change is refused while a promise it fulfils would lose its link, naming the promise', async () => {
    const dir = curateDir();
    const promise = xUrl('thsottiaux', '2026-11-18T08:00:00Z');
    const post = xUrl('thsottiaux', '2026-11-18T09:15:02Z');
    await ok('add-promise', dir, [promise, '--summary', 'Limits reset today.']);
    await ok('add-event', dir, [post, '--kind', 'reset', '--scope', 'all', '--summary', 'Reset.']);
    const before = snapshot(dir);
    const r = await npmScript('correct', dir, [idOf(post), '--kind', 'banked', '--reason', 'r']);
    expect(r.code).toBe(1);
    expect(r.out.trim()).toBe(
      `correct: event ${idOf(post)} as corrected would no longer fulfil promise ${idOf(promise)} (${promise}); ` +
        `relink it first: npm run correct -- ${idOf(promise)} --fulfilled-by <event id|none> --reason "…"`,
    );
    expect(snapshot(dir)).toEqual(before);
    await ok('correct', dir, [idOf(promise), '--fulfilled-by', 'none', '--reason', 'the reset that came was a banked one']);
    await ok('correct', dir, [idOf(post), '--kind', 'banked', '--reason', 'a banked reset']);
    expect(readJson(dir, 'corrections.json').corrections.slice(-2)).toMatchObject([
      { event_id: idOf(promise), what: 'fulfilled_by', before: idOf(post), after: null },
      { event_id: idOf(post), what: 'kind', before: 'reset', after: 'banked' },
    ]);
    expect((await validateAtHistoryClock(dir)).code).toBe(0);
  });

  it('a retracted post is recorded again with --supersedes <its retraction>; the log keeps both', async () => {
    const dir = curateDir();
    const post = xUrl('OpenAI', '2026-11-19T10:00:00Z');
    await ok('add-event', dir, [post, '--kind', 'reset', '--scope', 'all', '--summary', 'Reset.']);
    const retract = await ok('correct', dir, [idOf(post), '--retract', '--reason', 'looked like another product']);
    const key = `${idOf(post)}:2026-11-20T12:00:00Z:retraction`;
    expect(retract).toContain(`correction ${key}`);
    const before = snapshot(dir);
    const plain = await npmScript('add-event', dir, [post, '--kind', 'banked', '--scope', 'all', '--summary', 'Banked.']);
    expect(plain.code).toBe(1);
    expect(plain.out.trim()).toBe(
      `add-event: event ${idOf(post)} was retracted (correction ${key} in data/corrections.json); to record it again pass --supersedes ${key} --reason "…"`,
    );
    expect(snapshot(dir)).toEqual(before);
    await ok('add-event', dir, [
      post,
      '--kind',
      'banked',
      '--scope',
      'all',
      '--summary',
      'Banked.',
      '--supersedes',
      key,
      '--reason',
      'it was about Codex: a banked reset',
    ]);
    expect(readJson(dir, 'events.json').events.find((e: { id: string }) => e.id === idOf(post))).toMatchObject({ kind: 'banked' });
    expect(
      readJson(dir, 'corrections.json')
        .corrections.slice(-2)
        .map((c: { what: string }) => c.what),
    ).toEqual(['retraction', 'rerecorded']);
    expect(readJson(dir, 'corrections.json').corrections.at(-1)).toMatchObject({ supersedes: key, before: null, after: null });
    expect((await validateAtHistoryClock(dir)).code).toBe(0);
  });

  it('promise fulfilment matches kind and scope: the Business and Enterprise promise waits for its reset, not the banked grant 6 minutes before', async () => {
    const dir = curateDir();
    const promise = xUrl('thsottiaux', '2026-11-19T15:00:00Z');
    const banked = xUrl('thsottiaux', '2026-11-19T17:54:00Z');
    const reset = xUrl('OpenAIDevs', '2026-11-19T18:00:00Z');
    await ok('add-promise', dir, [
      promise,
      '--summary',
      'Business and Enterprise limits will be reset later today.',
      '--scope',
      'enterprise+business',
      '--window-end',
      '2026-11-20T08:00:00Z',
    ]);
    expect(readJson(dir, 'announcements.json').announcements.at(-1)).toMatchObject({ scope: 'business+enterprise' });
    await ok('add-event', dir, [banked, '--kind', 'banked', '--scope', 'paid', '--summary', 'A banked reset for paid plans.']);
    expect(readJson(dir, 'announcements.json').announcements.at(-1)!.fulfilled_by).toBeNull();
    const out = await ok('add-event', dir, [
      reset,
      '--kind',
      'reset',
      '--scope',
      'business+enterprise',
      '--summary',
      'Business and Enterprise reset.',
    ]);
    expect(out).toContain(`promise ${promise} fulfilled by ${idOf(reset)}`);
    // Relinking by hand follows the same rule.
    const r = await npmScript('correct', dir, [idOf(promise), '--fulfilled-by', idOf(banked), '--reason', 'r']);
    expect(r.code).toBe(1);
    expect(r.out.trim()).toBe(
      `correct: --fulfilled-by ${idOf(banked)}: a banked for paid at 2026-11-19T17:54:00Z does not fulfil this promise (kind, scope or window; docs/data.md)`,
    );
    expect((await validateAtHistoryClock(dir)).code).toBe(0);
  });
});

describe('npm run checked', () => {
  it('a reset recorded an hour ago plus a hand check: the forecast is available again, the check logged', async () => {
    const dir = curateDir();
    await ok('add-event', dir, [
      xUrl('thsottiaux', '2026-11-20T11:00:00Z'),
      '--kind',
      'reset',
      '--scope',
      'all',
      '--summary',
      'Limits reset.',
    ]);
    // The fixture was last checked 2026-10-11: 40 days before the commands' clock, so not vouched for.
    expect(computeForecast(parseDataset(readDataFiles(dir), NOW), NOW, 's').available).toBe(false);
    const out = await ok('checked', dir, ['--note', 'Read the official accounts and openai/codex by hand.', '--by', 'Maintainer']);
    expect(out.trim()).toBe('checked up to 2026-11-20T12:00:00Z by Maintainer: the record is fresh from 2026-11-20T12:00:00Z');
    expect(readJson(dir, 'events.json').checked_at).toBe('2026-11-20T12:00:00Z');
    expect(readJson(dir, 'checks.json')).toEqual({
      checks: [
        {
          at: '2026-11-20T12:00:00Z',
          recorded_at: '2026-11-20T12:00:00Z',
          by: 'Maintainer',
          note: 'Read the official accounts and openai/codex by hand.',
        },
      ],
    });
    const forecast = computeForecast(parseDataset(readDataFiles(dir), NOW), NOW, 's');
    expect(forecast.available).toBe(true);
    expect(forecast.freshness.events_checked_at).toBe('2026-11-20T12:00:00Z');
    expect((await validateAtHistoryClock(dir)).code).toBe(0);
  });

  it('an older check is logged but never moves the freshness back; the note kept', async () => {
    const dir = curateDir();
    writeFileSync(join(dir, 'checks.json'), '{"checks":[]}\n');
    const out = await ok('checked', dir, ['--note', 'Late entry.', '--at', '2026-10-01T00:00:00Z']);
    expect(out.trim()).toBe('logged a check up to 2026-10-01T00:00:00Z; the record was already checked up to 2026-10-11T00:00:00Z');
    expect(readJson(dir, 'events.json').checked_at).toBe('2026-10-11T00:00:00Z');
    expect(readJson(dir, 'checks.json').checks[0]).toMatchObject({ at: '2026-10-01T00:00:00Z', note: 'Late entry.' });
  });
});
