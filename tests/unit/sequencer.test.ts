import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { START_FIRST, startingFirst } from '../support/sequencer.ts';
import { PROJECT_ROOT } from '../support/scratch.ts';

describe('the order the test files start in', () => {
  it('names only test files that exist, each once', () => {
    expect(START_FIRST.filter((f) => !existsSync(join(PROJECT_ROOT, f)) || !f.endsWith('.test.ts'))).toEqual([]);
    expect(new Set(START_FIRST).size).toBe(START_FIRST.length);
  });

  it('starts the listed files first, in the list’s order, and keeps the order given to the others', () => {
    const given = ['tests/unit/a.test.ts', START_FIRST[2], 'tests/e2e/b.test.ts', START_FIRST[0], 'tests/build/c.test.ts', START_FIRST[1]];
    expect(startingFirst(given, (f) => f)).toEqual([
      START_FIRST[0],
      START_FIRST[1],
      START_FIRST[2],
      'tests/unit/a.test.ts',
      'tests/e2e/b.test.ts',
      'tests/build/c.test.ts',
    ]);
  });
});
