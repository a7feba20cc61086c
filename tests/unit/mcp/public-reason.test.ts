/** The 503 reason a broken deploy gives: what is missing, by its published path, never a filesystem path. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicReason } from '../../../src/mcp/tools/published.ts';

/** The error a real read of a missing file throws. */
function readError(path: string): unknown {
  try {
    readFileSync(path);
  } catch (e) {
    return e;
  }
  throw new Error('expected the read to fail');
}

describe('publicReason', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'resetcast-api-')), 'dist', 'api', 'v1');

  it('a missing payload file: its published path, no folder', () => {
    const e = readError(join(dir, 'forecast.json'));
    expect((e as Error).message).toContain(dir); // what the filesystem says names the folder…
    expect(publicReason(e, dir)).toBe('api/v1/forecast.json: missing'); // …the answer does not
  });

  it('any other message: the folder becomes api/v1 and any other absolute path its file name', () => {
    const e = new Error(`cannot parse ${dir}/timeline.json: bad JSON near '/srv/secret/place/x.json' and C:\\Users\\me\\y.json`);
    expect(publicReason(e, dir)).toBe("cannot parse api/v1/timeline.json: bad JSON near 'x.json' and y.json");
  });

  it('leaves a relative published path alone', () => {
    expect(publicReason(new Error("published payloads differ from the build's:\n  - api/v1/forecast.json: missing"))).toBe(
      "published payloads differ from the build's:\n  - api/v1/forecast.json: missing",
    );
  });
});
