/**
 * The signal snapshot in its store (src/db/signal-snapshot-store.ts) against the real local Blobs server of
 * @netlify/blobs, behind the pass-through that answers the ways a store fails (tests/support/blobs.ts),
 * every case read back past it: absent, written, an older or equal check kept, a refused one leaving the
 * store byte-identical and unasked, a stored text that no longer passes read as absent (and written over),
 * a store down or hung (worded, within its deadline, no token), an unclear write decided by reading back,
 * and two handovers at once: the newer stored, each told the truth.
 */
import { describe, expect, it } from 'vitest';
import { SIGNALS_KEY, SIGNALS_STORE } from '../../../src/core/signals/snapshot.ts';
import type { TextStore } from '../../../src/core/text-store.ts';
import { readSignalSnapshot, storedText, writeSignalSnapshot } from '../../../src/db/signal-snapshot-store.ts';
import { closedAfterEach } from '../../support/closed-after-each.ts';
import { BLOBS_TOKEN, startBlobs, type LocalBlobs } from '../../support/blobs.ts';
import { SNAPSHOT_NOW as NOW, SNAPSHOT_SECRET, snapshot } from '../../support/signal-snapshot.ts';

const open = closedAfterEach<LocalBlobs>();

async function blobs(): Promise<LocalBlobs> {
  const b = await startBlobs();
  open.push(b);
  return b;
}
const puts = (b: LocalBlobs): number => b.requests.filter((r) => r.method === 'PUT').length;
const OLDER = snapshot('2026-06-01T11:07:00Z');
const NEWER = snapshot('2026-06-01T11:37:00Z');
const text = (s: unknown): string => JSON.stringify(s);
const peek = (b: LocalBlobs): Promise<string | null> => b.peek(SIGNALS_STORE, SIGNALS_KEY);

/** Lines the binding says, kept. */
function lines(): { say: (l: string) => void; said: string[] } {
  const said: string[] = [];
  return { say: (l) => said.push(l), said };
}

describe('reading and writing the snapshot', () => {
  it('absent: read as null; written: read back as parsed, in the one stored spelling', async () => {
    const b = await blobs();
    const store = b.store(SIGNALS_STORE);
    expect(await readSignalSnapshot(store, NOW)).toBeNull();
    expect(await writeSignalSnapshot(store, text(OLDER), NOW)).toBe('written');
    expect(await peek(b)).toBe(storedText(OLDER));
    expect(await readSignalSnapshot(store, NOW)).toEqual({ signals: OLDER, etag: expect.any(String) });
  });

  it.each([
    ['an older check', OLDER],
    ['the same check', NEWER],
  ])('%s than the stored one: kept as it was (older), nothing written', async (_, given) => {
    const b = await blobs();
    await b.poke(SIGNALS_STORE, SIGNALS_KEY, storedText(NEWER));
    const before = puts(b);
    expect(await writeSignalSnapshot(b.store(SIGNALS_STORE), text(given), NOW)).toBe('older');
    expect(puts(b)).toBe(before);
    expect(await peek(b)).toBe(storedText(NEWER));
  });

  it('a newer check than the stored one: written over it', async () => {
    const b = await blobs();
    await b.poke(SIGNALS_STORE, SIGNALS_KEY, storedText(OLDER));
    expect(await writeSignalSnapshot(b.store(SIGNALS_STORE), text(NEWER), NOW)).toBe('written');
    expect(await peek(b)).toBe(storedText(NEWER));
  });

  it.each([
    ['not JSON', '{"fetched_at":'],
    ['a secret in it', text(snapshot('2026-06-01T11:57:00Z', (s) => (s.status.components[0]!.name = SNAPSHOT_SECRET)))],
    ['from the future', text(snapshot('2026-06-01T13:00:00Z'))],
  ])('refused (%s): the store is not asked and stays byte-identical; the why is said, without the secret', async (_, given) => {
    const b = await blobs();
    const before = `${storedText(OLDER)} `;
    await b.poke(SIGNALS_STORE, SIGNALS_KEY, before);
    const asked = b.requests.length;
    const { say, said } = lines();
    expect(await writeSignalSnapshot(b.store(SIGNALS_STORE), given, NOW, { secrets: [SNAPSHOT_SECRET], say })).toBe('refused');
    expect(b.requests.length).toBe(asked);
    expect(await peek(b)).toBe(before);
    expect(said).toHaveLength(1);
    expect(said[0]).not.toContain(SNAPSHOT_SECRET);
  });

  it.each([
    ['not JSON', 'garbage'],
    ['not a snapshot', '{"fetched_at":"2026-06-01T11:07:00Z"}'],
    ['a check from the future of the reader', storedText(snapshot('2026-06-02T00:00:00Z'))],
  ])('a stored text that no longer passes (%s): read as absent, said why; a handover writes over it', async (_, stored) => {
    const b = await blobs();
    await b.poke(SIGNALS_STORE, SIGNALS_KEY, stored);
    const store = b.store(SIGNALS_STORE);
    const { say, said } = lines();
    expect(await readSignalSnapshot(store, NOW, { say })).toBeNull();
    expect(said).toEqual([expect.stringMatching(/^the stored signal snapshot is read as absent: /)]);
    expect(await writeSignalSnapshot(store, text(OLDER), NOW)).toBe('written');
    expect(await peek(b)).toBe(storedText(OLDER));
  });
});

describe('a store that fails', () => {
  it.each([
    ['down (503)', { status: 503 }, /^Netlify Blobs store resetcast-signals: read latest: HTTP 503$/],
    ['refusing (401)', { status: 401 }, /^Netlify Blobs store resetcast-signals: read latest: HTTP 401$/],
    ['hung (accepts, never answers)', { hang: true }, /^Netlify Blobs store resetcast-signals: read latest: no answer within 0\.3 s$/],
    ['reset (closes without answering)', { reset: true }, /^Netlify Blobs store resetcast-signals: read latest: /],
  ] as const)('%s: the read and the handover throw worded, within the deadline, no token', async (_, fault, words) => {
    const b = await blobs();
    await b.poke(SIGNALS_STORE, SIGNALS_KEY, storedText(OLDER));
    const store = b.store(SIGNALS_STORE, { timeoutMs: 300 });
    b.fault(() => fault);
    const read = await readSignalSnapshot(store, NOW).then(
      () => 'no error',
      (e: Error) => e.message,
    );
    const write = await writeSignalSnapshot(store, text(NEWER), NOW).then(
      (o) => `no error: ${o}`,
      (e: Error) => e.message,
    );
    for (const m of [read, write]) {
      expect(m).toMatch(words);
      expect(m).not.toContain(BLOBS_TOKEN);
    }
    b.fault(null);
    expect(await peek(b)).toBe(storedText(OLDER));
  });

  it('a write answered 503 that did not land: unclear, read back, the stored one unchanged', async () => {
    const b = await blobs();
    await b.poke(SIGNALS_STORE, SIGNALS_KEY, storedText(OLDER));
    b.fault((r) => (r.method === 'PUT' ? { status: 503 } : undefined));
    const { say, said } = lines();
    expect(await writeSignalSnapshot(b.store(SIGNALS_STORE), text(NEWER), NOW, { say })).toBe('unclear');
    expect(said).toEqual(['Netlify Blobs store resetcast-signals: write latest: HTTP 503; not written']);
    b.fault(null);
    expect(await peek(b)).toBe(storedText(OLDER));
  });

  it('a write that landed but whose answer was lost (503 after the store wrote it): read back, ours there, written', async () => {
    const b = await blobs();
    b.fault((r) => (r.method === 'PUT' ? { landedThen: 503 } : undefined));
    expect(await writeSignalSnapshot(b.store(SIGNALS_STORE), text(NEWER), NOW)).toBe('written');
    expect(await peek(b)).toBe(storedText(NEWER));
  });

  it('an unclear write whose read-back fails: unclear, both failures said', async () => {
    const b = await blobs();
    b.fault((r) => (r.method === 'PUT' ? { status: 500 } : r.method === 'GET' && puts(b) > 0 ? { status: 503 } : undefined));
    const { say, said } = lines();
    expect(await writeSignalSnapshot(b.store(SIGNALS_STORE), text(NEWER), NOW, { say })).toBe('unclear');
    expect(said).toEqual([expect.stringMatching(/write latest: HTTP 500; whether it was written is unknown \(.*read latest: HTTP 503\)$/)]);
  });

  it('another writer first, every time (412 six times): given up, unclear, nothing written', async () => {
    const b = await blobs();
    b.fault((r) => (r.method === 'PUT' ? { status: 412 } : undefined));
    const { say, said } = lines();
    expect(await writeSignalSnapshot(b.store(SIGNALS_STORE), text(NEWER), NOW, { say })).toBe('unclear');
    expect(puts(b)).toBe(6);
    expect(said).toEqual(["Netlify Blobs store resetcast-signals: 6 writes in a row met another writer's first; not written"]);
    b.fault(null);
    expect(await peek(b)).toBeNull();
  });
});

/** The store, with the first `n` reads held until all `n` are made: `n` writers at once, each judging the same stored version. */
function meeting(inner: TextStore, n: number): TextStore {
  const held: (() => void)[] = [];
  return {
    label: inner.label,
    async read(key) {
      const got = await inner.read(key);
      if (held.length < n)
        await new Promise<void>((go) => {
          if (held.push(go) === n) for (const g of held) g();
        });
      return got;
    },
    write: (key, t, condition) => inner.write(key, t, condition),
  };
}

describe('two handovers at once (one 412 between them)', () => {
  it.each([
    ['nothing stored', null, 'newer first', [NEWER, OLDER]],
    ['nothing stored', null, 'older first', [OLDER, NEWER]],
    ['an older check stored', snapshot('2026-06-01T10:37:00Z'), 'newer first', [NEWER, OLDER]],
    ['an older check stored', snapshot('2026-06-01T10:37:00Z'), 'older first', [OLDER, NEWER]],
  ] as const)('%s, %s: the newer is stored, and each answer is true', async (_, stored, _order, writers) => {
    const b = await blobs();
    if (stored) await b.poke(SIGNALS_STORE, SIGNALS_KEY, storedText(stored));
    const before = puts(b);
    const store = meeting(b.store(SIGNALS_STORE), 2);
    const outcomes = await Promise.all(writers.map((s) => writeSignalSnapshot(store, text(s), NOW)));
    const of = (s: typeof NEWER) => outcomes[writers.indexOf(s)];
    expect(await peek(b)).toBe(storedText(NEWER));
    expect(of(NEWER)).toBe('written');
    // Both read the same version; one write met the other's first (412) and was judged again.
    expect(puts(b) - before).toBe(of(OLDER) === 'written' ? 3 : 2);
    expect(['written', 'older']).toContain(of(OLDER));
  });
});
