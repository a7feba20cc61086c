/** The intake's small rules, hand-computed: stored post ids (src/core/postid.ts) and source links (src/core/sources.ts). */
import { describe, expect, it } from 'vitest';
import { maxPostIdAt, postIdProblem } from '../../../src/core/postid.ts';
import { sourceUrl } from '../../../src/core/sources.ts';

describe('postIdProblem', () => {
  // X epoch 1288834974657 ms = 2010-11-04T01:42:54.657Z; one second later every low bit set: (1000 << 22) | 0x3fffff.
  const second = new Date(1288834975657);
  it('the largest id at an instant is its time in the high bits, every low bit set', () => {
    expect(maxPostIdAt(second)).toBe(1000n * 4194304n + 4194303n);
  });
  it.each<[string, Date | null, string | null]>([
    ['0', second, null],
    ['4198303', second, null], // (1 << 22) + 3999: a post in the epoch's second millisecond
    [String(1000n * 4194304n + 4194303n), second, null],
    [
      String(1000n * 4194304n + 4194304n),
      second,
      'is above the largest post id possible at 2010-11-04T01:42:55Z (it decodes to 2010-11-04T01:42:55Z)',
    ],
    ['9223372036854775807', null, null], // 2^63 − 1: 19 digits, form only
    ['10000000000000000000', null, 'is not a post id (decimal digits, at most 19, no leading zero)'],
    ['007', null, 'is not a post id (decimal digits, at most 19, no leading zero)'],
    [' 1', null, 'is not a post id (decimal digits, at most 19, no leading zero)'],
    ['１２３', null, 'is not a post id (decimal digits, at most 19, no leading zero)'], // full-width digits
  ])('%j at %s', (id, latest, problem) => {
    const got = postIdProblem(id, latest);
    if (problem === null) expect(got).toBeNull();
    else expect(got).toBe(`${JSON.stringify(id)} ${problem}`);
  });
});

describe('sourceUrl', () => {
  it.each<['status' | 'staff' | 'x', string, string | null]>([
    ['status', 'https://status.openai.com/incidents/01KAB', 'https://status.openai.com/incidents/01KAB'],
    ['status', 'http://status.openai.com/incidents/01KAB', null],
    ['status', 'https://status.openai.com.evil.example/incidents/1', null],
    ['status', 'https://user:pass@status.openai.com/incidents/1', null],
    ['status', 'https://status.openai.com:8443/incidents/1', null],
    ['status', 'javascript:alert(1)', null],
    ['status', `https://status.openai.com/${'a'.repeat(2_000)}`, null], // over the 2,000-character url cap
    ['staff', 'https://github.com/openai/codex/issues/1#issuecomment-2', 'https://github.com/openai/codex/issues/1#issuecomment-2'],
    ['staff', 'https://gist.github.com/x', null],
    ['x', 'https://twitter.com/OpenAI/status/1', 'https://twitter.com/OpenAI/status/1'],
    ['x', 'https://status.openai.com/incidents/1', null],
  ])('%s %s', (source, raw, want) => expect(sourceUrl(source, raw)).toBe(want));
});
