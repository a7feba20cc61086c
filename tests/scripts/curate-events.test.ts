/** `npm run add-event` and `npm run correct`: banked grants, amendments logged as corrections, retractions. */
import { describe, expect, it } from 'vitest';
import { curateDir, expectRefused, idOf, npmScript, readJson, validateAtHistoryClock, xUrl } from '../support/curate-env.ts';

/** The text as a pattern that matches only itself. */
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const BANKED = xUrl('thsottiaux', '2026-11-18T09:15:02Z');
const RESET = xUrl('OpenAIDevs', '2026-11-19T21:40:10Z');

describe('npm run add-event', () => {
  it('records a banked reset with its grant: expiry = grant + expiry_days (30) unless --expires', async () => {
    const dir = curateDir();
    const before = readJson(dir, 'banked.json').grants.length;
    const r = await npmScript('add-event', dir, [
      BANKED,
      '--kind',
      'banked',
      '--scope',
      'plus+pro',
      '--summary',
      'One banked reset each.',
      '--no-partial',
    ]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain(`granted 2026-11-18-${idOf(BANKED)}: expires 2026-12-18T09:15:02Z`);
    const grants = readJson(dir, 'banked.json').grants;
    expect(grants).toHaveLength(before + 1);
    expect(grants.at(-1)).toEqual({
      id: `2026-11-18-${idOf(BANKED)}`,
      granted_at: '2026-11-18T09:15:02Z',
      expires_at: '2026-12-18T09:15:02Z',
      scope: 'plus+pro',
      summary: 'One banked reset each.',
      url: BANKED,
      event_id: idOf(BANKED),
      certainty: 'high',
      uncertain_fields: [],
    });
    const other = await npmScript('add-event', dir, [
      xUrl('OpenAI', '2026-11-19T10:00:00Z'),
      '--kind',
      'banked',
      '--scope',
      'all',
      '--summary',
      'Another.',
      '--expires',
      '2026-12-01T00:00:00Z',
    ]);
    expect(other.out).toMatch(/expires 2026-12-01T00:00:00Z$/m);
  });

  it('--update amends the event and its grant, logging every changed fact as a correction', async () => {
    const dir = curateDir();
    await npmScript('add-event', dir, [BANKED, '--kind', 'banked', '--scope', 'plus+pro', '--summary', 'v1']);
    const r = await npmScript('add-event', dir, [
      BANKED,
      '--kind',
      'banked',
      '--scope',
      'pro',
      '--summary',
      'v2',
      '--expires',
      '2026-12-31T00:00:00Z',
      '--update',
      '--reason',
      'the post was edited',
    ]);
    expect(r.code, r.out).toBe(0);
    const log = readJson(dir, 'corrections.json').corrections;
    expect(log).toEqual([
      {
        event_id: idOf(BANKED),
        at: '2026-11-20T12:00:00Z',
        what: 'scope',
        before: 'plus+pro',
        after: 'pro',
        reason: 'the post was edited',
      },
      { event_id: idOf(BANKED), at: '2026-11-20T12:00:00Z', what: 'summary', before: 'v1', after: 'v2', reason: 'the post was edited' },
      {
        event_id: idOf(BANKED),
        at: '2026-11-20T12:00:00Z',
        what: 'expires_at',
        before: '2026-12-18T09:15:02Z',
        after: '2026-12-31T00:00:00Z',
        reason: 'the post was edited',
      },
    ]);
    expect(readJson(dir, 'banked.json').grants.filter((g) => g.event_id === idOf(BANKED))).toEqual([
      expect.objectContaining({ scope: 'pro', summary: 'v2', expires_at: '2026-12-31T00:00:00Z' }),
    ]);
  });

  it("a reset recorded inside an open promise's window fulfils it", async () => {
    const dir = curateDir();
    const promise = xUrl('thsottiaux', '2026-11-19T18:00:00Z');
    expect(
      (await npmScript('add-promise', dir, [promise, '--summary', 'Reset coming.', '--window-end', '2026-11-20T06:00:00Z'])).code,
    ).toBe(0);
    const r = await npmScript('add-event', dir, [RESET, '--kind', 'reset', '--scope', 'all', '--summary', 'Reset.']);
    expect(r.out).toContain(`promise ${promise} fulfilled by ${idOf(RESET)}`);
    const recorded = readJson(dir, 'announcements.json').announcements.at(-1);
    expect(recorded).toMatchObject({ url: promise, fulfilled_by: idOf(RESET) });
  });

  it('a reset outside the window leaves the promise open', async () => {
    const dir = curateDir();
    const promise = xUrl('thsottiaux', '2026-11-19T18:00:00Z');
    await npmScript('add-promise', dir, [promise, '--summary', 'Reset coming.', '--window-end', '2026-11-19T20:00:00Z']);
    await npmScript('add-event', dir, [RESET, '--kind', 'reset', '--scope', 'all', '--summary', 'Reset.']);
    expect(readJson(dir, 'announcements.json').announcements.at(-1)).toMatchObject({ url: promise, fulfilled_by: null });
  });

  it('orders same-second events by numeric id, whatever the id lengths (999 before 1000)', async () => {
    const dir = curateDir();
    const post = (n: number): string => `https://github.com/openai/codex/issues/1#issuecomment-${n}`;
    for (const n of [1000, 999]) {
      const r = await npmScript('add-event', dir, [
        post(n),
        '--kind',
        'other',
        '--scope',
        'all',
        '--summary',
        `Comment ${n}.`,
        '--at',
        '2026-11-19T00:00:00Z',
        '--source',
        'tibo-openai',
      ]);
      expect(r.code, r.out).toBe(0);
    }
    const ids = readJson(dir, 'events.json')
      .events.filter((e: { ts: string }) => e.ts === '2026-11-19T00:00:00Z')
      .map((e: { id: string }) => e.id);
    expect(ids).toEqual(['999', '1000']);
    expect((await validateAtHistoryClock(dir)).code).toBe(0);
  });
});

describe('npm run correct', () => {
  it('changes a published fact and logs it; the timeline record moves with it', async () => {
    const dir = curateDir();
    await npmScript('add-event', dir, [RESET, '--kind', 'reset', '--scope', 'all', '--summary', 'Reset.']);
    const r = await npmScript('correct', dir, [
      idOf(RESET),
      '--ts',
      '2026-11-19T23:00:00Z',
      '--scope',
      'plus+pro',
      '--reason',
      'the reset landed later, for paid plans only',
    ]);
    expect(r.code, r.out).toBe(0);
    expect(r.out.trim().split('\n')).toEqual([
      `corrected ${idOf(RESET)}: ts "2026-11-19T21:40:10Z" → "2026-11-19T23:00:00Z"`,
      `corrected ${idOf(RESET)}: scope "all" → "plus+pro"`,
    ]);
    const event = readJson(dir, 'events.json').events.find((e: { id: string }) => e.id === idOf(RESET));
    expect(event).toMatchObject({ ts: '2026-11-19T23:00:00Z', date: '2026-11-19', scope: 'plus+pro' });
  });

  it('a grant follows a corrected fact of its event only where it held the same value (its own summary stays)', async () => {
    const dir = curateDir();
    // The DevDay grant (frozen history): same scope as its event, a summary of its own.
    const DEVDAY = '2105009715409846272';
    const grantBefore = readJson(dir, 'banked.json').grants.find((g) => g.event_id === DEVDAY);
    const r = await npmScript('correct', dir, [
      DEVDAY,
      '--scope',
      'plus+pro',
      '--summary',
      'A new summary of the event.',
      '--reason',
      'confirmed by the release notes',
    ]);
    expect(r.code, r.out).toBe(0);
    const grant = readJson(dir, 'banked.json').grants.find((g) => g.event_id === DEVDAY);
    expect(grant).toEqual({ ...grantBefore, scope: 'plus+pro' });
  });

  it('--url gives an event without an X post a new link; an X post keeps its own', async () => {
    const dir = curateDir();
    const gh = 'https://github.com/openai/codex/issues/14000#issuecomment-4099000002';
    await npmScript('add-event', dir, [
      gh,
      '--kind',
      'other',
      '--scope',
      'all',
      '--summary',
      'A staff comment.',
      '--at',
      '2026-11-19T00:00:00Z',
      '--source',
      'etraut-openai',
    ]);
    const moved = 'https://github.com/openai/codex/discussions/15000#discussioncomment-4099000002';
    const r = await npmScript('correct', dir, ['4099000002', '--url', moved, '--reason', 'the thread moved to a discussion']);
    expect(r.code, r.out).toBe(0);
    expect(readJson(dir, 'corrections.json').corrections.at(-1)).toMatchObject({ what: 'url', before: gh, after: moved });
    await npmScript('add-event', dir, [RESET, '--kind', 'reset', '--scope', 'all', '--summary', 'Reset.']);
    const x = await npmScript('correct', dir, [idOf(RESET), '--url', moved, '--reason', 'r']);
    expect(x.code).toBe(1);
    expect(x.out.trim()).toBe(`correct: --url: event ${idOf(RESET)} is an X post; its link is the post (${RESET})`);
  });

  it(
    '--retract of an event that fulfils a promise is refused, naming it and the relink; after the relink it ' +
      'withdraws the event and its grant, both kept in the log',
    async () => {
      const dir = curateDir();
      const promise = xUrl('thsottiaux', '2026-11-18T08:00:00Z');
      await npmScript('add-promise', dir, [promise, '--summary', 'Banked reset coming.', '--kind', 'banked']);
      await npmScript('add-event', dir, [BANKED, '--kind', 'banked', '--scope', 'plus+pro', '--summary', 'Banked.']);
      expect(readJson(dir, 'announcements.json').announcements.at(-1)!.fulfilled_by).toBe(idOf(BANKED));
      const event = readJson(dir, 'events.json').events.find((e: { id: string }) => e.id === idOf(BANKED));
      const grant = readJson(dir, 'banked.json').grants.find((g) => g.event_id === idOf(BANKED));
      // docs/data.md: a correction that would unlink a promise is refused; the link is changed on the record first.
      const refusal =
        `correct: event ${idOf(BANKED)} fulfils promise ${idOf(promise)} (${promise}); relink it first: npm run ` +
        `correct -- ${idOf(promise)} --fulfilled-by <event id|none> --reason "…"`;
      await expectRefused(
        'correct',
        dir,
        [idOf(BANKED), '--retract', '--reason', 'the grant never reached accounts'],
        new RegExp(`^${escapeRegExp(refusal)}$`),
      );
      const relink = await npmScript('correct', dir, [
        idOf(promise),
        '--fulfilled-by',
        'none',
        '--reason',
        'the grant never reached accounts',
      ]);
      expect(relink.code, relink.out).toBe(0);
      const r = await npmScript('correct', dir, [idOf(BANKED), '--retract', '--reason', 'the grant never reached accounts']);
      expect(r.code, r.out).toBe(0);
      expect(readJson(dir, 'events.json').events.map((e: { id: string }) => e.id)).not.toContain(idOf(BANKED));
      expect(readJson(dir, 'banked.json').grants.map((g) => g.event_id)).not.toContain(idOf(BANKED));
      expect(readJson(dir, 'announcements.json').announcements.at(-1)!.fulfilled_by).toBeNull();
      expect(readJson(dir, 'corrections.json').corrections.at(-1)).toEqual({
        event_id: idOf(BANKED),
        at: '2026-11-20T12:00:00Z',
        what: 'retraction',
        before: { event, grant },
        after: null,
        reason: 'the grant never reached accounts',
      });
      const again = await npmScript('add-event', dir, [BANKED, '--kind', 'banked', '--scope', 'plus+pro', '--summary', 'Banked.']);
      expect(again.out).toMatch(/was retracted/);
    },
  );
});
