/** A temp copy of data/ and a runPull bound to local fixture servers, with a fixed clock and a recording sleep. */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDataFiles, readDataTexts, writeDataTexts } from '../../src/io/data-folder.ts';
import { BUILD_FILES, DATA_FILES } from '../../src/core/dataset/files.ts';
import { parseDataset, type Dataset } from '../../src/core/dataset/index.ts';
import type { HttpDeps } from '../../src/net/http.ts';
import { runPull, type PullOutput } from '../../src/jobs/pull/run.ts';
import { SITE } from '../../src/core/site.ts';
import { USER_AGENT } from '../../src/core/sources.ts';
import { HISTORY_DIR } from './history.ts';

/** The pulls' clock: inside the frozen history (after its last event, before its last signal check). */
export const NOW = new Date('2026-11-20T12:00:00Z');

/** A private copy of the frozen history's JSON files (the logs start empty). */
export function tempData(): string {
  const dir = mkdtempSync(join(tmpdir(), 'resetcast-pull-'));
  for (const key of BUILD_FILES.filter((k) => k !== 'forecastLog')) cpSync(join(HISTORY_DIR, DATA_FILES[key]), join(dir, DATA_FILES[key]));
  return dir;
}

export const read = (dir: string, name: string): string => readFileSync(join(dir, name), 'utf8');
export { readJson } from './json.ts';

export function loadDir(dir: string, now: Date = NOW): Dataset {
  return parseDataset(readDataFiles(dir), now);
}

/**
 * The request budget of the pull tests. The timeout is long enough that a loaded machine (two cores, many
 * test files in parallel) still answers a local server in time; only the servers that never answer wait it out.
 */
export function httpDeps(sleeps: number[] = [], now: Date = NOW): HttpDeps {
  return {
    fetch: globalThis.fetch,
    now: () => now,
    userAgent: USER_AGENT,
    sleep: async (ms) => void sleeps.push(ms),
    timeoutMs: 2_000,
    retries: 2,
    backoffMs: 10,
    maxRetryAfterMs: 20_000,
  };
}

/** An address nothing listens on: connection refused at once. */
export const DEAD = 'http://127.0.0.1:9';

export interface PullOpts {
  status?: string;
  github?: string;
  x?: string;
  xToken?: string;
  githubToken?: string;
  now?: Date;
  sleeps?: number[];
}

/** What scripts/pull.ts does, minus reading the environment. */
export async function pullInto(dir: string, o: PullOpts = {}): Promise<PullOutput> {
  const now = o.now ?? NOW;
  const result = await runPull({
    texts: readDataTexts(dir),
    now,
    http: httpDeps(o.sleeps, now),
    bases: { status: o.status ?? DEAD, github: o.github ?? DEAD, x: o.x ?? DEAD },
    tokens: { x: o.xToken, github: o.githubToken },
    site: SITE.url,
  });
  writeDataTexts(dir, result.writes);
  return result;
}
