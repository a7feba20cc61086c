/**
 * The latest signals snapshot as a serving function reads it (src/db/signal-snapshot-source.ts), against the
 * real local Netlify Blobs server behind a pass-through that fails the ways a store fails: the stored
 * snapshot when there is one, none when there is none, and, when the store refuses, fails or hangs, the last
 * answer within the deadline, said once; a burst of requests reads the store once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stableStringify } from '../../../src/core/json.ts';
import { SIGNALS_KEY, SIGNALS_STORE } from '../../../src/core/signals/snapshot.ts';
import { createSnapshotSource } from '../../../src/db/signal-snapshot-source.ts';
import { startBlobs, type LocalBlobs } from '../../support/blobs.ts';
import { snapshot } from '../../support/signal-snapshots.ts';

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs?.close();
});
beforeEach(() => blobs.fault(null));

const CHECKED = new Date('2026-11-23T01:00:00Z');
const NOW = CHECKED.getTime() + 60_000;

function source(o: { reuseMs?: number; timeoutMs?: number } = {}) {
  const lines: string[] = [];
  let now = NOW;
  const s = createSnapshotSource({
    store: (deadline) => blobs.store(SIGNALS_STORE, { deadline, timeoutMs: o.timeoutMs ?? 400, now: () => now }),
    timeoutMs: o.timeoutMs ?? 400,
    reuseMs: o.reuseMs ?? 0,
    now: () => now,
    log: (l) => lines.push(l),
  });
  return { s, lines, later: (ms: number) => (now += ms) };
}

describe('the snapshot source', () => {
  it('answers none while the store holds none, then the stored snapshot, named by its version', async () => {
    const { s, lines } = source();
    expect(await s.current()).toBeNull();
    const quiet = snapshot({ checkedAt: CHECKED });
    await blobs.poke(SIGNALS_STORE, SIGNALS_KEY, stableStringify(quiet));
    const got = await s.current();
    expect(got?.signals).toEqual(quiet);
    expect(got?.key).toMatch(/\S/);
    const other = snapshot({ checkedAt: CHECKED, incident: 'open' });
    await blobs.poke(SIGNALS_STORE, SIGNALS_KEY, stableStringify(other));
    const next = await s.current();
    expect(next?.signals).toEqual(other);
    expect(next?.key).not.toBe(got?.key);
    expect(lines).toEqual([]);
  });

  it('keeps the last answer, said once, while the store refuses, fails or hangs; and reads it again after', async () => {
    const stored = snapshot({ checkedAt: CHECKED, incident: 'open' });
    await blobs.poke(SIGNALS_STORE, SIGNALS_KEY, stableStringify(stored));
    const { s, lines } = source({ timeoutMs: 300 });
    expect((await s.current())?.signals).toEqual(stored);
    for (const fault of [{ status: 503 }, { status: 401 }, { hang: true as const }, { reset: true as const }]) {
      blobs.fault(() => fault);
      expect((await s.current())?.signals, JSON.stringify(fault)).toEqual(stored);
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(4);
    expect(lines.every((l) => l.startsWith('[signals] the snapshot store did not answer') && !l.includes(blobs.url))).toBe(true);
    blobs.fault(null);
    const newer = snapshot({ checkedAt: new Date(CHECKED.getTime() + 1000) });
    await blobs.poke(SIGNALS_STORE, SIGNALS_KEY, stableStringify(newer));
    expect((await s.current())?.signals).toEqual(newer);
  });

  it('reads the store once for a burst of requests, and again once the reuse time has passed', async () => {
    await blobs.poke(SIGNALS_STORE, SIGNALS_KEY, stableStringify(snapshot({ checkedAt: CHECKED })));
    const { s, later } = source({ reuseMs: 30_000 });
    const before = blobs.requests.length;
    await Promise.all([s.current(), s.current(), s.current()]);
    await s.current();
    const once = blobs.requests.length - before;
    expect(once).toBeGreaterThan(0);
    later(30_001);
    await s.current();
    expect(blobs.requests.length - before).toBe(2 * once);
  });

  it('answers none at once, said once, where the process has no store', async () => {
    const lines: string[] = [];
    const s = createSnapshotSource({ store: null, timeoutMs: 100, reuseMs: 0, log: (l) => lines.push(l) });
    expect(await s.current()).toBeNull();
    expect(await s.current()).toBeNull();
    expect(lines).toEqual(["[signals] no snapshot store here (no Netlify Blobs context): the deploy's own signals are served"]);
  });
});
