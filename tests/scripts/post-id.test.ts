/** `npm run post-id` (scripts/post-id.ts) against ids computed by hand: (ms − 1288834974657) << 22, low bits zero. */
import { describe, expect, it } from 'vitest';
import { runNode } from '../support/run-node.ts';

const postId = (...args: string[]) => runNode(['scripts/post-id.ts', ...args], { PATH: process.env['PATH'] ?? '' });

describe('post-id', () => {
  it.each([
    // 2010-11-04T01:42:55Z is 343 ms after the X epoch (01:42:54.657Z): 343 · 2^22 = 1438646272.
    [['--at', '2010-11-04T01:42:55Z'], '1438646272'],
    // 2026-11-20T11:00:00Z = 1795172400000 ms; (1795172400000 − 1288834974657) · 2^22 = 506337425343 · 4194304.
    [['--at', '2026-11-20T11:00:00Z'], '2123733088465846272'],
    // The same instant named as an hour before noon: what CI asks for, at a fixed time.
    [['--at', '2026-11-20T12:00:00Z', '--hours-ago', '1'], '2123733088465846272'],
    // 2010-11-05T00:00:00Z (tests/build/curated.test.ts): 80225343 ms after the epoch, · 2^22.
    [['--at', '2010-11-05T00:00:00Z', '--hours-ago', '0'], '336489477046272'],
  ])('%j prints %s', async (args, id) => {
    const r = await postId(...args);
    expect(r).toEqual({ code: 0, out: `${id}\n` });
  });

  it.each([
    [['--at', '2009-01-01T00:00:00Z'], 'before the X epoch'],
    [['--at', '2010-11-04T01:42:55Z', '--hours-ago', '1'], 'before the X epoch'],
    [['--at', '2026-11-20 12:00'], '--at "2026-11-20 12:00": not a timestamp'],
    [['--at', '2026-11-20T12:00:00Z', '--hours-ago=-1'], '--hours-ago "-1": not a number of hours ≥ 0'],
    [['--at', '2026-11-20T12:00:00Z', '--hours-ago', 'an hour'], '--hours-ago "an hour": not a number'],
    [['--at'], '--at: missing value (<ts>)'],
  ])('%j is refused (exit 1, one line): %s', async (args, message) => {
    const r = await postId(...args);
    expect(r.code).toBe(1);
    expect(r.out.trim().split('\n')).toHaveLength(1);
    expect(r.out).toContain(message);
    expect(r.out).not.toMatch(/^\d+$/m);
  });
});
