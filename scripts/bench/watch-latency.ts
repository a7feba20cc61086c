/**
 * The watcher's half of `npm run bench:alerts`: the real watch function, bundled, in the real local
 * Netlify runtime (scripts/lib/watch-runtime.ts), invoked as the scheduler invokes it, `runs` times. Before
 * each invocation a new post is put on the local X (its id stamped a second earlier); the clock starts
 * when X can answer it and stops as each outlet and GitHub's dispatch receive their request. That is our
 * own work, per run: the invocation, reading the state, asking X, reading the deploy, classifying,
 * opening the database, claiming in the ledger, sending, the cursor, the dispatch. The account is asked at
 * every run (`thsottiaux:1`: when an account is due follows from the clock, nothing to move between runs).
 * The state is in the runtime's own local Netlify Blobs server; the database is the embedded one, as the
 * local runtime uses it without NETLIFY_DB_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startWatchRuntime } from '../lib/watch-runtime.ts';

export interface WatchBenchInput {
  root: string;
  runs: number;
  /** The deploy's published files by path. */
  published: Readonly<Record<string, string>>;
  /** The function's environment for X, GitHub and the outlets (the database and secrets parts are added here). */
  env: Record<string, string>;
  /** Puts a new post on X now; returns nothing (the X server answers it from then on). */
  post: () => void;
  /** Every request an outlet or GitHub received since the last call, by name (`ntfy`, …, `dispatch`), with performance.now(). */
  drain: () => { name: string; at: number }[];
  /** The names that must each receive one request per run. */
  expect: readonly string[];
}

/** Per run, ms from the post being on X to each name's request. */
export type WatchSample = Record<string, number>;

export async function benchWatcher(input: WatchBenchInput): Promise<WatchSample[]> {
  const directory = mkdtempSync(join(tmpdir(), 'resetcast-bench-db-'));
  const dbDir = join(directory, 'db');
  const runtime = await startWatchRuntime({
    root: input.root,
    published: input.published,
    env: (url) => ({
      ...input.env,
      RESETCAST_WATCH_SITE: url,
      RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:1',
      X_BEARER_TOKEN: 'bench',
      RESETCAST_DISPATCH_TOKEN: 'bench',
      RESETCAST_REPO: 'resetcast/bench',
      RESETCAST_DB_DIR: dbDir,
    }),
  });
  const samples: WatchSample[] = [];
  try {
    // One more run than measured: the first also looks the account up and loads the runtime's caches.
    for (let i = 0; i <= input.runs; i++) {
      input.drain();
      input.post();
      const t0 = performance.now();
      const status = await runtime.invoke();
      const got = input.drain();
      const missing = input.expect.filter((n) => got.filter((g) => g.name === n).length !== 1);
      if (status !== 200 || missing.length > 0)
        throw new Error(
          `bench: run ${i}: status ${status}, not exactly one request at ${missing.join(', ') || '—'}:\n${runtime.lines().slice(-8).join('\n')}`,
        );
      if (i > 0) samples.push(Object.fromEntries(got.map((g) => [g.name, g.at - t0])));
    }
  } finally {
    await runtime.close();
    rmSync(directory, { recursive: true, force: true });
  }
  return samples;
}
