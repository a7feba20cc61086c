import { describe, expect, it } from 'vitest';
import { createByteBudget, createLimiter } from '../../../src/serve/limiter.ts';

const settled = async <T>(p: Promise<T>): Promise<'pending' | 'resolved' | 'rejected'> => {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  p.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((r) => setImmediate(r));
  return state;
};

describe('createLimiter', () => {
  it('grants up to `concurrency` at once, queues up to `queue`, and sheds (null) past both', async () => {
    const limiter = createLimiter({ concurrency: 2, queue: 1 });
    const a = limiter.acquire()!;
    const b = limiter.acquire()!;
    const c = limiter.acquire()!;
    expect(await settled(a)).toBe('resolved');
    expect(await settled(b)).toBe('resolved');
    expect(await settled(c)).toBe('pending');
    expect(limiter.saturated).toBe(true);
    expect(limiter.acquire()).toBeNull();
    expect([limiter.running, limiter.waiting]).toEqual([2, 1]);
    (await a)();
    expect(await settled(c)).toBe('resolved');
    expect([limiter.running, limiter.waiting]).toEqual([2, 0]);
  });

  it('hands slots over first come, first served', async () => {
    const limiter = createLimiter({ concurrency: 1, queue: 3 });
    const first = await limiter.acquire()!;
    const order: string[] = [];
    const waits = ['x', 'y', 'z'].map((name) =>
      limiter.acquire()!.then((release) => {
        order.push(name);
        return release();
      }),
    );
    first();
    await Promise.all(waits);
    expect(order).toEqual(['x', 'y', 'z']);
    expect([limiter.running, limiter.waiting]).toEqual([0, 0]);
  });

  it('a release called twice frees one slot only', async () => {
    const limiter = createLimiter({ concurrency: 1, queue: 0 });
    const release = await limiter.acquire()!;
    release();
    release();
    expect(limiter.running).toBe(0);
    await limiter.acquire();
    expect(limiter.running).toBe(1);
    expect(limiter.acquire()).toBeNull();
  });

  it('a waiter whose signal aborts leaves the queue and never takes a slot', async () => {
    const limiter = createLimiter({ concurrency: 1, queue: 1 });
    const held = await limiter.acquire()!;
    const gone = new AbortController();
    const waiting = limiter.acquire(gone.signal)!;
    gone.abort(new Error('client went away'));
    await expect(waiting).rejects.toThrow('client went away');
    expect(limiter.waiting).toBe(0);
    const next = limiter.acquire()!; // the queue has room again
    held();
    expect(await settled(next)).toBe('resolved');
  });

  it('refuses an already aborted signal and impossible sizes', async () => {
    const limiter = createLimiter({ concurrency: 1, queue: 0 });
    await expect(limiter.acquire(AbortSignal.abort(new Error('no')))!).rejects.toThrow('no');
    expect(() => createLimiter({ concurrency: 0, queue: 1 })).toThrow(RangeError);
    expect(() => createLimiter({ concurrency: 1, queue: -1 })).toThrow(RangeError);
  });
});

describe('createByteBudget', () => {
  it('takes up to the budget, refuses what would pass it, and takes again after a give', () => {
    const budget = createByteBudget(100);
    expect(budget.take(60)).toBe(true);
    expect(budget.take(41)).toBe(false);
    expect(budget.take(40)).toBe(true);
    expect(budget.held).toBe(100);
    budget.give(60);
    expect(budget.take(60)).toBe(true);
    expect(budget.held).toBe(100);
  });
});
