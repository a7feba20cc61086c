/**
 * The watcher's state in a real database (the embedded engine, and PostgreSQL): read back as written;
 * nothing stored is the empty state; a cursor only moves forward, compared as a number (100 after 99;
 * ids past 2^53), and the write that moves it says so, once, even for two runs at once; the poll time
 * only moves later; a dispatch owed stays owed until done, and clearing it never clears one owed after;
 * the later of two uncertain dispatches is kept. Healing (src/jobs/watch/heal.ts) is the only way back:
 * written over the value read and nothing else, so the run's own cursor then replaces a bad one that
 * forward-only would have kept (moved here from the Blobs-era merge of two states, tests/unit/jobs/watch/heal.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postIdAt } from '../../../../src/core/postid.ts';
import { healState } from '../../../../src/jobs/watch/heal.ts';
import { EMPTY_STATE, watchStore, type WatchState } from '../../../../src/jobs/watch/state.ts';
import { startPostgres, type LocalPostgres } from '../../../support/postgres.ts';
import { testLedger, type TestLedger } from '../../../support/ledger.ts';

let pg: LocalPostgres;
const opened: TestLedger[] = [];
beforeAll(async () => {
  pg = await startPostgres();
}, 120_000);
afterAll(async () => {
  await Promise.all(opened.map((l) => l.close()));
  await pg?.stop();
});

const THS = '1450183340366770177';
const at = (m: number): string => `2026-11-20T12:0${m}:00Z`;

describe.each(['embedded', 'postgres'] as const)('the watcher state (%s)', (engine) => {
  let n = 0;
  let last: TestLedger;
  async function store() {
    last = await testLedger(engine === 'postgres' ? { url: await pg.freshDatabase(`${engine[0]}${++n}`) } : {});
    opened.push(last);
    return watchStore(last.db.sql);
  }
  /** A second connection to the last store's database (Postgres: its own session; the embedded engine has one). */
  async function secondSession() {
    if (engine === 'embedded') return watchStore(last.db.sql);
    const name = (await last.db.sql.query<{ d: string }>('SELECT current_database() AS d')).rows[0]!.d;
    const other = await testLedger({ url: pg.urlOf(name) });
    opened.push(other);
    return watchStore(other.db.sql);
  }

  it('nothing stored is the empty state; what is written reads back', async () => {
    const s = await store();
    expect(await s.read()).toEqual({ state: EMPTY_STATE, generation: 0 });
    expect(
      await s.advance({
        thsottiaux: { user_id: THS, since_id: '99', polled_at: at(0) },
        OpenAI: { user_id: '4398626122', since_id: null, polled_at: at(1) },
      }),
    ).toEqual(new Set(['thsottiaux']));
    expect((await s.read()).state).toEqual({
      accounts: {
        OpenAI: { user_id: '4398626122', since_id: null, polled_at: at(1) },
        thsottiaux: { user_id: THS, since_id: '99', polled_at: at(0) },
      },
      dispatch_pending: false,
    });
  });

  it('a cursor moves only forward, by number (100 after 99, past 2^53), and the poll time only later', async () => {
    const s = await store();
    await s.advance({ thsottiaux: { user_id: THS, since_id: '99', polled_at: at(2) } });
    expect(await s.advance({ thsottiaux: { user_id: THS, since_id: '100', polled_at: at(1) } })).toEqual(new Set(['thsottiaux']));
    expect(await s.advance({ thsottiaux: { user_id: THS, since_id: '98', polled_at: at(3) } })).toEqual(new Set());
    expect(await s.advance({ thsottiaux: { user_id: THS, since_id: null, polled_at: at(3) } })).toEqual(new Set());
    expect((await s.read()).state.accounts['thsottiaux']).toEqual({ user_id: THS, since_id: '100', polled_at: at(3) });
    expect(await s.advance({ thsottiaux: { user_id: THS, since_id: '9007199254740993', polled_at: at(4) } })).toEqual(
      new Set(['thsottiaux']),
    );
    expect(await s.advance({ thsottiaux: { user_id: THS, since_id: '9007199254740992', polled_at: at(4) } })).toEqual(new Set());
    expect((await s.read()).state.accounts['thsottiaux']!.since_id).toBe('9007199254740993');
  });

  it('two runs moving the same cursor at once: exactly one of them moved it', async () => {
    const s = await store();
    const t = await secondSession();
    const both = await Promise.all([
      t.advance({ thsottiaux: { user_id: THS, since_id: '500', polled_at: at(0) } }),
      s.advance({ thsottiaux: { user_id: THS, since_id: '500', polled_at: at(0) } }),
    ]);
    expect(both.filter((m) => m.has('thsottiaux'))).toHaveLength(1);
  });

  it('a dispatch owed stays owed until done; clearing an older one leaves a newer one owed', async () => {
    const s = await store();
    const first = await s.owe();
    expect((await s.read()).state.dispatch_pending).toBe(true);
    const second = await s.owe();
    await s.dispatched(first.generation);
    expect((await s.read()).state.dispatch_pending).toBe(true);
    await s.dispatched(second.generation);
    expect(await s.read()).toMatchObject({ state: { dispatch_pending: false }, generation: second.generation });
  });

  it('the later uncertain dispatch is kept, whichever run records it last; owing one reports it', async () => {
    const s = await store();
    const { generation } = await s.owe();
    await s.dispatched(generation, '2026-11-20T11:50:00Z');
    await s.dispatched(generation, '2026-11-20T11:40:00Z');
    await s.dispatched(generation);
    expect((await s.read()).state).toEqual({ accounts: {}, dispatch_pending: false, dispatch_uncertain_at: '2026-11-20T11:50:00Z' });
    expect((await s.owe()).uncertainAt).toBe('2026-11-20T11:50:00Z');
  });

  it(
    "healing is written back over the value read only: then the run's own cursor and poll replace the bad " +
      'ones (forward-only alone would keep them)',
    async () => {
      const NOW = new Date('2026-11-20T12:00:00Z');
      const s = await store();
      const ahead = postIdAt(new Date(NOW.getTime() + 24 * 3_600_000), 1n);
      const recent = postIdAt(new Date(NOW.getTime() - 120_000), 7n);
      await s.advance({ thsottiaux: { user_id: THS, since_id: ahead, polled_at: '2026-11-21T12:00:00Z' } });
      const { uncertainAt: _none, generation } = await s.owe();
      await s.dispatched(generation, '2026-11-21T12:00:00Z');
      // Without healing, the run's cursor and poll cannot move it back.
      expect(await s.advance({ thsottiaux: { user_id: THS, since_id: recent, polled_at: at(0) } })).toEqual(new Set());
      const before = (await s.read()).state;
      const healed = healState(before, NOW).state;
      expect(healed).toEqual({
        accounts: { thsottiaux: { user_id: THS, since_id: null, polled_at: '1970-01-01T00:00:00Z' } },
        dispatch_pending: false,
      });
      await s.heal(before, healed);
      expect((await s.read()).state).toEqual(healed);
      expect(await s.advance({ thsottiaux: { user_id: THS, since_id: recent, polled_at: at(0) } })).toEqual(new Set(['thsottiaux']));
      expect((await s.read()).state.accounts['thsottiaux']).toEqual({ user_id: THS, since_id: recent, polled_at: at(0) });
    },
  );

  it('healing leaves a value another run changed since it was read', async () => {
    const s = await store();
    const read: WatchState = { accounts: { thsottiaux: { user_id: THS, since_id: '700', polled_at: at(0) } }, dispatch_pending: false };
    await s.advance({ thsottiaux: { user_id: THS, since_id: '800', polled_at: at(1) } });
    await s.heal(read, { ...read, accounts: { thsottiaux: { user_id: THS, since_id: null, polled_at: at(0) } } });
    expect((await s.read()).state.accounts['thsottiaux']!.since_id).toBe('800');
  });

  it('forgetCursor drops the refused cursor, keeps a newer one another run wrote meanwhile, and leaves other accounts alone', async () => {
    const s = await store();
    await s.advance({
      thsottiaux: { user_id: THS, since_id: '2123251393622970514', polled_at: at(0) },
      OpenAI: { user_id: '4398626122', since_id: '2123251393622970514', polled_at: at(0) },
    });
    await s.forgetCursor('thsottiaux', '2122630825374646273');
    expect((await s.read()).state.accounts['thsottiaux']!.since_id).toBe('2123251393622970514');
    await s.forgetCursor('thsottiaux', '2123251393622970514');
    const after = (await s.read()).state.accounts;
    expect([after['thsottiaux']!.since_id, after['OpenAI']!.since_id]).toEqual([null, '2123251393622970514']);
  });
});
