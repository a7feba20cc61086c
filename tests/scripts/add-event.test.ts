/** `npm run add-event` as a child process against a temp copy of data/. */
import { runNode } from '../support/run-node.ts';
import { describe, expect, it } from 'vitest';
import { loadDir, read, readJson, tempData } from '../support/pull-env.ts';
import { joinedRegExp } from '../support/regexp.ts';
import { CHECKED } from '../../scripts/lib/commands/curation.ts';

const EPOCH = String(Date.parse('2026-11-20T12:00:00Z') / 1000);
// 2026-11-18T09:15:02Z and 2026-11-18T21:40:10Z as X status ids ((id >> 22) + 1288834974657 ms).
const URL_A = 'https://x.com/thsottiaux/status/2122981897008055506';
const URL_B = 'https://twitter.com/OpenAIDevs/status/2123169415951287049?s=20';

function addEvent(dir: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return runNode(['scripts/add-event.ts', ...args], { PATH: process.env['PATH'] ?? '', RESETCAST_DATA_DIR: dir, SOURCE_DATE_EPOCH: EPOCH });
}

describe('npm run add-event', () => {
  it('adds an event with its time decoded from the post id, sorted, validated', async () => {
    const dir = tempData();
    const before = readJson(dir, 'events.json');
    const b = await addEvent(dir, [URL_B, '--kind', 'reset', '--scope', 'all', '--summary', 'Second reset.', '--no-partial']);
    const a = await addEvent(dir, [
      URL_A,
      '--kind',
      'banked',
      '--scope',
      'plus+pro',
      '--summary',
      'First, added later.',
      '--certainty',
      'medium',
    ]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.out).toMatch(/^added 2122981897008055506: 2026-11-18T09:15:02Z banked plus\+pro by thsottiaux$/m);
    const after = readJson(dir, 'events.json');
    expect(after.checked_at).toBe(before.checked_at); // curating is not checking the sources
    expect(after.events.slice(0, -2)).toEqual(before.events);
    expect(after.events.slice(-2)).toEqual([
      {
        id: '2122981897008055506',
        date: '2026-11-18',
        ts: '2026-11-18T09:15:02Z',
        scope: 'plus+pro',
        kind: 'banked',
        source: 'thsottiaux',
        url: URL_A,
        summary: 'First, added later.',
        partial: false,
        global: false,
        origin: 'official_post',
        certainty: 'medium',
        uncertain_fields: ['partial', 'global'],
      },
      {
        id: '2123169415951287049',
        date: '2026-11-18',
        ts: '2026-11-18T21:40:10Z',
        scope: 'all',
        kind: 'reset',
        source: 'OpenAIDevs',
        url: 'https://x.com/OpenAIDevs/status/2123169415951287049',
        summary: 'Second reset.',
        partial: false,
        global: true,
        origin: 'official_post',
        certainty: 'high',
        uncertain_fields: [],
      },
    ]);
    expect(() => loadDir(dir)).not.toThrow();
  });

  it('says in one line, last, what vouches for the record: `npm run checked`, with the flag it requires', async () => {
    const dir = tempData();
    const r = await addEvent(dir, [URL_A, '--kind', 'reset', '--scope', 'all', '--summary', 'A reset.']);
    expect(r.code, r.out).toBe(0);
    const last = r.out.trim().split('\n').at(-1)!;
    expect(last).toMatch(/^to vouch for the record, look at the sources, then: npm run checked -- --note "[^"]+"$/);
    // The command it names is the one that records a check, with its required flag (the same table as its --help).
    expect(last).toContain(`npm run ${CHECKED.name} -- --note `);
    expect(CHECKED.flags.note.required).toBe(true);
    // Recording the event did not vouch for the record: the last check is unchanged.
    expect(readJson(dir, 'events.json').checked_at).toBe(readJson(tempData(), 'events.json').checked_at);
  });

  it('--update replaces an event in place', async () => {
    const dir = tempData();
    await addEvent(dir, [URL_A, '--kind', 'reset', '--scope', 'all', '--summary', 'v1']);
    const r = await addEvent(dir, [URL_A, '--kind', 'reset', '--scope', 'pro', '--summary', 'v2', '--update']);
    expect(r.out).toMatch(/^updated 2122981897008055506/m);
    const hits = readJson(dir, 'events.json').events.filter((e: { id: string }) => e.id === '2122981897008055506');
    expect(hits).toEqual([expect.objectContaining({ scope: 'pro', summary: 'v2' })]);
  });

  it.each<[string, string[], RegExp]>([
    ['a duplicate', [URL_A, '--kind', 'reset', '--scope', 'all', '--summary', 'again'], /already recorded .*--update/],
    [
      'a future post',
      ['https://x.com/OpenAI/status/2991000000000000000', '--kind', 'reset', '--scope', 'all', '--summary', 's'],
      /decodes to 2033-06-09T15:49:04Z, which is in the future/,
    ],
    [
      'a URL that is not a post',
      ['https://example.com/news/1', '--kind', 'reset', '--scope', 'all', '--summary', 's'],
      joinedRegExp(
        /not a post URL: https:\/\/example\.com\/news\/1 \(expected https:\/\/x\.com\/<account>\/status\/<id>,/,
        / or an issue or comment URL of github\.com\/openai\/codex; any other page: --url <link> --origin/,
        / observed --at <ts> --source <who>\)/,
      ),
    ],
    [
      'a GitHub post without its time',
      ['https://github.com/openai/codex/issues/1', '--kind', 'reset', '--scope', 'all', '--summary', 's'],
      /--at is required for https:\/\/github\.com\/openai\/codex\/issues\/1/,
    ],
    ['an unknown kind', [URL_B, '--kind', 'resett', '--scope', 'all', '--summary', 's'], /--kind "resett"/],
    ['an unknown scope', [URL_B, '--kind', 'reset', '--scope', 'plus+gold', '--summary', 's'], /--scope "plus\+gold"/],
    ['an empty summary', [URL_B, '--kind', 'reset', '--scope', 'all', '--summary', '  '], /^add-event: --summary: empty value/],
    ['missing flags', [URL_B, '--kind', 'reset'], /^add-event: --scope: required/],
    ['an unknown flag', [URL_B, '--kind', 'reset', '--scope', 'all', '--summary', 's', '--force'], /^add-event: --force: unknown flag/],
  ])('refuses %s with a clear error and changes nothing', async (_name, args, error) => {
    const dir = tempData();
    await addEvent(dir, [URL_A, '--kind', 'reset', '--scope', 'all', '--summary', 'first']);
    const before = read(dir, 'events.json');
    const r = await addEvent(dir, args);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(error);
    expect(read(dir, 'events.json')).toBe(before);
  });
});
