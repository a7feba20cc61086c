/** The repository itself: no merge left half-done (conflict markers) in any tracked text file. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const TEXT = /\.(ts|mjs|js|astro|css|md|json|jsonl|yml|toml|sh|xml|ics)$/;
const MARKER = /^(<{7}|={7}|>{7})( |$)/m;

describe('the repository', () => {
  it('has no merge-conflict markers in any tracked text file', () => {
    const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => TEXT.test(f));
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((f) => MARKER.test(readFileSync(f, 'utf8')))).toEqual([]);
  });
  it('the marker check recognises a conflict', () => {
    expect(MARKER.test('a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> branch\n')).toBe(true);
    expect(MARKER.test('a === b\n')).toBe(false);
  });
});
