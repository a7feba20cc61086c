import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { awaitOutcome, writeOutcome } from '../support/outcome-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'resetcast-outcome-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const wait = { describe: 'the outcome', failed: 'the work failed', deadlineMs: 10_000 };

describe('a file one process writes when its work is done and the others wait for', () => {
  it('is read once written, whole, and leaves no temp file', async () => {
    const file = join(dir, 'made.json');
    const read = awaitOutcome<{ baseUrl: string }>(file, wait);
    writeOutcome(file, { baseUrl: 'http://127.0.0.1:1' });
    expect(await read).toEqual({ baseUrl: 'http://127.0.0.1:1' });
    expect(readdirSync(dir).filter((f) => f.startsWith('made'))).toEqual(['made.json']);
  });

  it('says why the work failed, in one message', async () => {
    const file = join(dir, 'failed.json');
    writeOutcome(file, { error: 'astro build failed (1)' });
    await expect(awaitOutcome(file, wait)).rejects.toThrow('the work failed: astro build failed (1)');
  });

  it('fails at its deadline, naming what it waited for, when nothing is written', async () => {
    await expect(awaitOutcome(join(dir, 'never.json'), { ...wait, deadlineMs: 300 })).rejects.toThrow('timed out waiting for the outcome');
  });
});
