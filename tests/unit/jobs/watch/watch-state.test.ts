/**
 * The watcher's state in the real local Netlify Blobs server (tests/support/blobs.ts): read back as
 * written; nothing stored is the empty state; a cursor only moves forward, compared as a number (100 after
 * 99; ids past 2^53), and the write that moves it says so, once, even for two runs at once; a dispatch
 * owed stays owed until done, and clearing it never clears one owed after, even when two runs owe at once
 * (no lost update: the later write is made on the earlier one); the later of two uncertain dispatches is
 * kept. Healing (src/jobs/watch/heal.ts) is the only way back: written over the value read and nothing
 * else, so the run's own cursor then replaces a bad one that forward-only would have kept. A stored text
 * that is not the watcher's state reads as the empty one, and the next write replaces it. The alerts kept
 * as finished grow by union across runs, hold for one set of outlets, and forget what is too old to send.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { postIdAt } from '../../../../src/core/postid.ts';
import type { Alert } from '../../../../src/core/schema/index.ts';
import { finishedIds, withFinished } from '../../../../src/jobs/watch/finished.ts';
import { healState } from '../../../../src/jobs/watch/heal.ts';
import { EMPTY_STATE, WATCH_BLOBS_STORE, WATCH_STATE_KEY, watchStore, type WatchState } from '../../../../src/jobs/watch/state.ts';
import { startBlobs, type LocalBlobs } from '../../../support/blobs.ts';

let open: LocalBlobs[] = [];
afterEach(async () => {
  await Promise.all(open.map((b) => b.close()));
  open = [];
});

const THS = '1450183340366770177';

async function blobs(): Promise<LocalBlobs> {
  const b = await startBlobs();
  open.push(b);
  return b;
}
/** A store on a fresh server, and a second one on the same server (another run, another instance). */
async function store() {
  const b = await blobs();
  return { b, s: watchStore(b.store(WATCH_BLOBS_STORE)), t: watchStore(b.store(WATCH_BLOBS_STORE)) };
}

describe('the watcher state in Netlify Blobs', () => {
  it('nothing stored is the empty state; what is written reads back', async () => {
    const { s } = await store();
    expect(await s.read()).toEqual({ state: EMPTY_STATE, generation: 0, finished: null });
    expect(await s.advance({ thsottiaux: { user_id: THS, since_id: '99' }, OpenAI: { user_id: '4398626122', since_id: null } })).toEqual(
      new Set(['thsottiaux']),
    );
    expect((await s.read()).state).toEqual({
      accounts: { OpenAI: { user_id: '4398626122', since_id: null }, thsottiaux: { user_id: THS, since_id: '99' } },
      dispatch_pending: false,
    });
  });

  it('a cursor moves only forward, by number (100 after 99, past 2^53); a run that moves nothing writes nothing', async () => {
    const { b, s } = await store();
    await s.advance({ thsottiaux: { user_id: THS, since_id: '99' } });
    expect(await s.advance({ thsottiaux: { user_id: THS, since_id: '100' } })).toEqual(new Set(['thsottiaux']));
    const puts = b.requests.filter((r) => r.method === 'PUT').length;
    expect(await s.advance({ thsottiaux: { user_id: THS, since_id: '98' } })).toEqual(new Set());
    expect(await s.advance({ thsottiaux: { user_id: THS, since_id: null } })).toEqual(new Set());
    expect(b.requests.filter((r) => r.method === 'PUT')).toHaveLength(puts);
    expect((await s.read()).state.accounts['thsottiaux']).toEqual({ user_id: THS, since_id: '100' });
    expect(await s.advance({ thsottiaux: { user_id: THS, since_id: '9007199254740993' } })).toEqual(new Set(['thsottiaux']));
    expect(await s.advance({ thsottiaux: { user_id: THS, since_id: '9007199254740992' } })).toEqual(new Set());
    expect((await s.read()).state.accounts['thsottiaux']!.since_id).toBe('9007199254740993');
  });

  it('two runs moving the same cursor at once: exactly one of them moved it', async () => {
    const { s, t } = await store();
    await s.advance({ thsottiaux: { user_id: THS, since_id: '400' } });
    const both = await Promise.all([
      t.advance({ thsottiaux: { user_id: THS, since_id: '500' } }),
      s.advance({ thsottiaux: { user_id: THS, since_id: '500' } }),
    ]);
    expect(both.filter((m) => m.has('thsottiaux'))).toHaveLength(1);
    expect((await s.read()).state.accounts['thsottiaux']!.since_id).toBe('500');
  });

  it('two runs writing different things at once: both land (the later write is made again on the earlier)', async () => {
    const { s, t } = await store();
    const [owed] = await Promise.all([t.owe(), s.advance({ OpenAI: { user_id: '4398626122', since_id: '700' } })]);
    expect(await s.read()).toEqual({
      state: { accounts: { OpenAI: { user_id: '4398626122', since_id: '700' } }, dispatch_pending: true },
      generation: owed.generation,
      finished: null,
    });
    const gens = await Promise.all([s.owe(), t.owe(), s.owe()]);
    expect(gens.map((g) => g.generation).sort()).toEqual([2, 3, 4]);
  });

  it('a dispatch owed stays owed until done; clearing an older one leaves a newer one owed', async () => {
    const { s } = await store();
    const first = await s.owe();
    expect((await s.read()).state.dispatch_pending).toBe(true);
    const second = await s.owe();
    await s.dispatched(first.generation);
    expect((await s.read()).state.dispatch_pending).toBe(true);
    await s.dispatched(second.generation);
    expect(await s.read()).toMatchObject({ state: { dispatch_pending: false }, generation: second.generation });
  });

  it('the later uncertain dispatch is kept, whichever run records it last; owing one reports it', async () => {
    const { s } = await store();
    const { generation } = await s.owe();
    await s.dispatched(generation, '2026-11-20T11:50:00Z');
    await s.dispatched(generation, '2026-11-20T11:40:00Z');
    await s.dispatched(generation);
    expect((await s.read()).state).toEqual({ accounts: {}, dispatch_pending: false, dispatch_uncertain_at: '2026-11-20T11:50:00Z' });
    expect((await s.owe()).uncertainAt).toBe('2026-11-20T11:50:00Z');
  });

  it("healing is written back over the value read only: then the run's own cursor replaces the bad one (forward-only alone would keep it)", async () => {
    const NOW = new Date('2026-11-20T12:00:00Z');
    const { s } = await store();
    const ahead = postIdAt(new Date(NOW.getTime() + 24 * 3_600_000), 1n);
    const recent = postIdAt(new Date(NOW.getTime() - 120_000), 7n);
    await s.advance({ thsottiaux: { user_id: THS, since_id: ahead } });
    const { generation } = await s.owe();
    await s.dispatched(generation, '2026-11-21T12:00:00Z');
    // Without healing, the run's cursor cannot move it back.
    expect(await s.advance({ thsottiaux: { user_id: THS, since_id: recent } })).toEqual(new Set());
    const before = (await s.read()).state;
    const healed = healState(before, NOW).state;
    expect(healed).toEqual({ accounts: { thsottiaux: { user_id: THS, since_id: null } }, dispatch_pending: false });
    await s.heal(before, healed);
    expect((await s.read()).state).toEqual(healed);
    expect(await s.advance({ thsottiaux: { user_id: THS, since_id: recent } })).toEqual(new Set(['thsottiaux']));
    expect((await s.read()).state.accounts['thsottiaux']).toEqual({ user_id: THS, since_id: recent });
  });

  it('healing leaves a value another run changed since it was read', async () => {
    const { s } = await store();
    const read: WatchState = { accounts: { thsottiaux: { user_id: THS, since_id: '700' } }, dispatch_pending: false };
    await s.advance({ thsottiaux: { user_id: THS, since_id: '800' } });
    await s.heal(read, { ...read, accounts: { thsottiaux: { user_id: THS, since_id: null } } });
    expect((await s.read()).state.accounts['thsottiaux']!.since_id).toBe('800');
  });

  it('forgetCursor drops the refused cursor, keeps a newer one another run wrote meanwhile, and leaves other accounts alone', async () => {
    const { s } = await store();
    await s.advance({
      thsottiaux: { user_id: THS, since_id: '2123251393622970514' },
      OpenAI: { user_id: '4398626122', since_id: '2123251393622970514' },
    });
    await s.forgetCursor('thsottiaux', '2122630825374646273');
    expect((await s.read()).state.accounts['thsottiaux']!.since_id).toBe('2123251393622970514');
    await s.forgetCursor('thsottiaux', '2123251393622970514');
    const after = (await s.read()).state.accounts;
    expect([after['thsottiaux']!.since_id, after['OpenAI']!.since_id]).toEqual([null, '2123251393622970514']);
  });

  it.each([
    ['not JSON', '{"version": 1, "state":', 'not JSON'],
    ['another shape', '{"version": 2, "cursors": {}}', "field 'version'"],
    [
      'a cursor that is not a post id',
      JSON.stringify({
        version: 1,
        state: { accounts: { thsottiaux: { user_id: THS, since_id: 'x' } }, dispatch_pending: false },
        generation: 0,
        finished: null,
        writer: 'w',
      }),
      "field 'state.accounts.thsottiaux.since_id'",
    ],
  ])('a stored text that is not the state (%s): read as the empty one, and the next write replaces it', async (_n, text, why) => {
    const { b, s } = await store();
    await b.poke(WATCH_BLOBS_STORE, WATCH_STATE_KEY, text);
    const read = await s.read();
    expect([read.state, read.unreadable]).toEqual([EMPTY_STATE, expect.stringContaining(why)]);
    await s.heal(read.state, read.state);
    expect(await s.read()).toEqual({ state: EMPTY_STATE, generation: 0, finished: null });
    expect(JSON.parse((await b.peek(WATCH_BLOBS_STORE, WATCH_STATE_KEY))!)).toMatchObject({ version: 1, state: EMPTY_STATE });
  });
});

describe('the alerts kept as finished', () => {
  const NOW = new Date('2026-11-20T12:00:00Z');
  const alert = (n: number, hoursAgo: number): Alert =>
    ({ id: `tag:x,2026:alert:reset:${n}`, at: new Date(NOW.getTime() - hoursAgo * 3_600_000).toISOString().replace('.000', '') }) as Alert;

  it('two runs at once: the union; another set of outlets: none of them; too old to send: forgotten', async () => {
    const { s, t } = await store();
    const outlets = ['discord', 'ntfy'];
    await Promise.all([
      s.finish((f) => withFinished(f, outlets, [alert(1, 1)], NOW)),
      t.finish((f) => withFinished(f, outlets, [alert(2, 2)], NOW)),
    ]);
    const read = await s.read();
    expect([...finishedIds(read.finished, outlets)].sort()).toEqual([alert(1, 1).id, alert(2, 2).id]);
    expect(finishedIds(read.finished, ['ntfy'])).toEqual(new Set());
    const later = new Date(NOW.getTime() + 23 * 3_600_000);
    await s.finish((f) => withFinished(f, outlets, [alert(3, 0)], later));
    expect([...finishedIds((await s.read()).finished, outlets)].sort()).toEqual([alert(1, 1).id, alert(3, 0).id]);
  });
});
