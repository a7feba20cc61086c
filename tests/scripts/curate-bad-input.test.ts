/**
 * Every curation command refuses bad input with one line naming the flag or field, exit 1, and data/
 * byte-identical (every file compared). The cases are the issue's list plus the duplicates.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { joinedRegExp } from '../support/regexp.ts';
import {
  curateDir,
  expectRefused,
  idOf,
  npmScript,
  readJson,
  resetCandidate,
  snapshot,
  validateAtHistoryClock,
  writeCandidates,
  xUrl,
} from '../support/curate-env.ts';

const BANKED = xUrl('thsottiaux', '2026-11-18T09:15:02Z');
const PROMISE = xUrl('thsottiaux', '2026-11-19T20:00:00Z');
const FUTURE = xUrl('OpenAI', '2026-11-21T00:00:00Z'); // the commands' clock is 2026-11-20T12:00:00Z
const ACCEPTED = xUrl('thsottiaux', '2026-11-19T10:00:00Z');

/** A history copy with one banked event and one promise recorded, and one candidate already accepted. */
async function seeded(): Promise<string> {
  const dir = curateDir();
  writeCandidates(dir, [
    resetCandidate({
      id: idOf(ACCEPTED),
      platform: 'x',
      ts: '2026-11-19T10:00:00Z',
      source: 'thsottiaux',
      url: ACCEPTED,
      text: 'Limits reset.',
    }),
  ]);
  for (const [script, args] of [
    ['add-event', [BANKED, '--kind', 'banked', '--scope', 'plus+pro', '--summary', 'Banked.']],
    ['add-promise', [PROMISE, '--summary', 'Soon.']],
    ['review', [idOf(ACCEPTED), '--accept', 'event', '--kind', 'reset']],
  ] as const) {
    const r = await npmScript(script, dir, [...args]);
    expect(r.code, r.out).toBe(0);
  }
  return dir;
}

let template: string;
beforeAll(async () => {
  template = await seeded();
}, 60_000);
const copyOfSeeded = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'resetcast-bad-'));
  cpSync(template, dir, { recursive: true });
  return dir;
};

describe('bad input: one line, exit 1, data/ unchanged', () => {
  it.each<[string, string, string[], RegExp]>([
    [
      'an unknown kind',
      'add-event',
      [xUrl('OpenAI', '2026-11-19T01:00:00Z'), '--kind', 'refund', '--scope', 'all', '--summary', 's'],
      /^add-event: --kind "refund": Invalid option: expected one of "reset"\|"banked"\|"boost"\|"other"$/,
    ],
    [
      'a promise window that ends before it starts',
      'add-promise',
      [
        xUrl('OpenAI', '2026-11-19T01:00:00Z'),
        '--summary',
        's',
        '--window-start',
        '2026-11-19T10:00:00Z',
        '--window-end',
        '2026-11-19T09:00:00Z',
      ],
      /^add-promise: --window-end 2026-11-19T09:00:00Z: .*--window-start 2026-11-19T10:00:00Z/,
    ],
    [
      '--expires before the grant',
      'add-event',
      [xUrl('OpenAI', '2026-11-19T01:00:00Z'), '--kind', 'banked', '--scope', 'all', '--summary', 's', '--expires', '2026-11-19T00:00:00Z'],
      /^add-event: --expires 2026-11-19T00:00:00Z: not after the grant \(2026-11-19T01:00:00Z\)$/,
    ],
    [
      'a correction of an unknown id',
      'correct',
      ['123456789', '--scope', 'pro', '--reason', 'r'],
      /^correct: no event 123456789 is recorded$/,
    ],
    [
      'a correction without a reason',
      'correct',
      [idOf(BANKED), '--scope', 'pro'],
      /^correct: --reason is required: say why the record changes$/,
    ],
    [
      'a candidate already accepted',
      'review',
      [idOf(ACCEPTED), '--accept', 'event', '--kind', 'reset'],
      /^review: candidate \d+ was already accepted: event \d+ \(2026-11-19, reset\)$/,
    ],
    [
      'an event URL whose id decodes to the future',
      'add-event',
      [FUTURE, '--kind', 'reset', '--scope', 'all', '--summary', 's'],
      /^add-event: post \d+ decodes to 2026-11-21T00:00:00Z, which is in the future \(now 2026-11-20T12:00:00Z\)$/,
    ],
    [
      'a promise URL whose id decodes to the future',
      'add-promise',
      [FUTURE, '--summary', 's'],
      /^add-promise: post \d+ decodes to 2026-11-21T00:00:00Z, which is in the future/,
    ],
    [
      'a duplicate event',
      'add-event',
      [BANKED, '--kind', 'banked', '--scope', 'plus+pro', '--summary', 'Banked.'],
      /^add-event: event \d+ is already recorded \(2026-11-18, banked\); pass --update to amend it$/,
    ],
    [
      'a duplicate promise',
      'add-promise',
      [PROMISE, '--summary', 'Again.'],
      /^add-promise: promise https:\/\/x\.com\/thsottiaux\/status\/\d+ is already recorded \(posted 2026-11-19T20:00:00Z\)$/,
    ],
    [
      '--expires on a reset',
      'add-event',
      [xUrl('OpenAI', '2026-11-19T01:00:00Z'), '--kind', 'reset', '--scope', 'all', '--summary', 's', '--expires', '2026-12-01T00:00:00Z'],
      /^add-event: --expires applies to banked resets only, not --kind reset$/,
    ],
    ['an unknown candidate', 'review', ['42', '--reject', '--reason', 'r'], /^review: no candidate 42 in data\/candidates\.json$/],
    ['an unknown flag', 'correct', [idOf(BANKED), '--colour', 'red', '--reason', 'r'], /^correct: --colour: unknown flag/],
  ])('%s', (_name, script, args, message) => expectRefused(script, copyOfSeeded(), args, message));
});

/** Text rules for a maintainer's flags (docs/data.md, "Text fields"): cleaned like upstream text, but refused rather than cut. */
describe('curated text: over its cap or empty once cleaned, refused naming the flag; data/ unchanged', () => {
  const NEW = xUrl('OpenAI', '2026-11-19T01:00:00Z');
  it.each<[string, string, string[], RegExp]>([
    [
      'a 20,000-character summary',
      'add-event',
      [NEW, '--kind', 'reset', '--scope', 'all', '--summary', 'x'.repeat(20_000)],
      /^add-event: --summary is 20000 characters long, more than the 1000 allowed; shorten it$/,
    ],
    [
      'a summary of BEL, BS and a colour sequence',
      'add-event',
      [NEW, '--kind', 'reset', '--scope', 'all', '--summary', '\u0007\b\u001b[31m'],
      /^add-event: --summary must not be empty$/,
    ],
    [
      'a summary of bidi controls and zero-width spaces',
      'add-promise',
      [NEW, '--summary', '\u202E\u2066\u200B\u2069'],
      /^add-promise: --summary must not be empty$/,
    ],
    [
      "a promise's time words over their cap",
      'add-promise',
      [NEW, '--summary', 's', '--by', 'by EOD '.repeat(40)],
      /^add-promise: --by is 279 characters long, more than the 200 allowed; shorten it$/,
    ],
    ['a note of a screen clear only', 'checked', ['--note', '\u001b[2J'], /^checked: --note must not be empty$/],
    [
      'a 501-character note',
      'checked',
      ['--note', 'n'.repeat(501)],
      /^checked: --note is 501 characters long, more than the 500 allowed; shorten it$/,
    ],
    [
      'a checker name over its cap',
      'checked',
      ['--note', 'ok', '--by', 'b'.repeat(201)],
      /^checked: --by is 201 characters long, more than the 200 allowed; shorten it$/,
    ],
    [
      'a reason over its cap',
      'correct',
      [idOf(BANKED), '--scope', 'pro', '--reason', 'r'.repeat(1_001)],
      /^correct: --reason is 1001 characters long, more than the 1000 allowed; shorten it$/,
    ],
  ])('%s', (_name, script, args, message) => expectRefused(script, copyOfSeeded(), args, message));

  it('a summary holding the X token of the environment: refused naming the variable, the file and the field', async () => {
    const dir = copyOfSeeded();
    const before = snapshot(dir);
    const r = await npmScript('add-event', dir, [NEW, '--kind', 'reset', '--scope', 'all', '--summary', 'Reset. xBearerSecretAAAA1111'], {
      X_BEARER_TOKEN: 'xBearerSecretAAAA1111',
    });
    expect(r.code).toBe(1);
    expect(r.out.trim()).toMatch(
      /^add-event: data\/events\.json: events\[\d+\]\.summary holds a credential of X_BEARER_TOKEN \(the token\); nothing written$/,
    );
    expect(snapshot(dir)).toEqual(before);
  });
  it('a NETLIFY_DB_URL whose password is a word our own data uses: refused, naming the variable and the fix, not "remove it"', async () => {
    const dir = copyOfSeeded();
    const before = snapshot(dir);
    // "resetcast" is in every record's link to our pages (https://resetcast.netlify.app/timeline/…).
    const r = await npmScript('add-event', dir, [NEW, '--kind', 'reset', '--scope', 'all', '--summary', 'Reset for everyone.'], {
      NETLIFY_DB_URL: 'postgres://maintainer:resetcast@db.example.invalid:5432/alerts',
    });
    expect(r.code).toBe(1);
    expect(r.out.trim()).toMatch(
      joinedRegExp(
        /^add-event: data\/[a-z]+\.json: \S+ holds a credential of NETLIFY_DB_URL \(the password in the URL\); nothing written: /,
        /a password that is a word \(here one Resetcast's own data uses\) cannot be kept out of its files and pages: /,
        /give the database a random password of at least 20 characters and set NETLIFY_DB_URL to the new URL$/,
      ),
    );
    expect(snapshot(dir)).toEqual(before);
  });

  it('a NETLIFY_DB_URL with a random password: the same command writes', async () => {
    const dir = copyOfSeeded();
    const r = await npmScript('add-event', dir, [NEW, '--kind', 'reset', '--scope', 'all', '--summary', 'Reset for everyone.'], {
      NETLIFY_DB_URL: 'postgres://maintainer:q7Vx2mKp9RtL4wZs8NbE@db.example.invalid:5432/alerts',
    });
    expect(r.code, r.out).toBe(0);
  });
});

describe('curated text: escapes, bidi controls and invisible characters removed whole, the rest kept', () => {
  it('a summary and a note are stored without them, and data/ stays valid', async () => {
    const dir = copyOfSeeded();
    const url = xUrl('OpenAI', '2026-11-19T01:00:00Z');
    const add = await npmScript('add-event', dir, [
      url,
      '--kind',
      'reset',
      '--scope',
      'all',
      '--summary',
      'Reset \u001b[31mfor\u001b[0m all\u202E txt.exe\u2066 \u200Bnow 👩\u200D💻',
    ]);
    expect(add.code, add.out).toBe(0);
    expect(readJson(dir, 'events.json').events.find((e) => e.url === url)!.summary).toBe('Reset for all txt.exe now 👩\u200D💻');
    const checked = await npmScript('checked', dir, ['--note', 'Looked\u001b[2J at \u001b]0;title\u0007X']);
    expect(checked.code, checked.out).toBe(0);
    expect(readJson(dir, 'checks.json').checks.at(-1)!.note).toBe('Looked at X');
    expect((await validateAtHistoryClock(dir)).code).toBe(0);
  });
});
