/** The curation commands as child processes, on a private copy of the frozen history, at a fixed clock. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { postIdAt, xPostUrl } from '../../src/core/postid.ts';
import { astroBuild, type BuildResult } from './astro-build.ts';
import { runNode } from './run-node.ts';
import { HISTORY_EPOCH, historyCopy } from './history.ts';

/** The commands' clock: 2026-11-20T12:00:00Z (inside the frozen history, after its last event). */
export const NOW = new Date('2026-11-20T12:00:00Z');
export const EPOCH = String(NOW.getTime() / 1000);

/** The URL of an X post at `iso` with `low` in the id's low 22 bits (worker, sequence). */
export function xUrl(account: string, iso: string, low = 4321n): string {
  return xPostUrl(account, postIdAt(new Date(iso), low));
}
export const idOf = (url: string): string => /(\d+)$/.exec(url)![1]!;

export const curateDir = (): string => historyCopy('curate');

/** A candidate the intake suggests as a reset for everyone (the review queue's shape), posted at `ts`. */
export const resetCandidate = (c: { id: string; platform: 'x' | 'github'; ts: string; source: string; url: string; text: string }) => ({
  ...c,
  suggested_kind: 'reset',
  suggested_scope: 'all',
  suggested_window: null,
  reason: 'r',
});

/** Writes the review queue (data/candidates.json) of `dir` as the intake writes it: these candidates, none rejected. */
export function writeCandidates(dir: string, candidates: readonly object[]): void {
  writeFileSync(join(dir, 'candidates.json'), `${JSON.stringify({ candidates, rejected: [] }, null, 2)}\n`);
}

export interface Run {
  code: number | null;
  out: string;
}

export function npmScript(script: string, dir: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return runNode([`scripts/${script}.ts`, ...args], {
    PATH: process.env['PATH'] ?? '',
    RESETCAST_DATA_DIR: dir,
    SOURCE_DATE_EPOCH: EPOCH,
    ...env,
  });
}

/** Every file of the folder and its exact bytes, to prove a refused command changed nothing. */
export function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );
}
export { readJson } from './json.ts';

/** A refused command: exit 1, one line matching `message`, and every file of `dir` byte-identical. */
export async function expectRefused(script: string, dir: string, args: string[], message: RegExp): Promise<void> {
  const before = snapshot(dir);
  const r = await npmScript(script, dir, args);
  expect(r.code).toBe(1);
  expect(r.out.trim().split('\n')).toHaveLength(1);
  expect(r.out.trim()).toMatch(message);
  expect(snapshot(dir)).toEqual(before);
}

/**
 * `npm run validate` on a curated copy, at the history's own clock: the commands' clock (NOW) lies before
 * the history's last signal check, which validate rightly refuses as a time from the future.
 */
export const validateAtHistoryClock = (dir: string): Promise<Run> =>
  npmScript('validate', dir, [], { SOURCE_DATE_EPOCH: String(HISTORY_EPOCH) });

/** One curation command and its arguments, as a maintainer would type them. */
export type CurationStep = readonly [script: string, args: readonly string[]];

/** A post recorded as a reset, retracted, then recorded again superseding its retraction (keyed `<id>:<at>:retraction`). */
export const RERECORDED = xUrl('OpenAI', '2026-11-16T10:00:00Z');
export const RERECORD_KEY = `${idOf(RERECORDED)}:2026-11-20T12:00:00Z:retraction`;
export const RERECORD_STEPS: readonly CurationStep[] = [
  ['add-event', [RERECORDED, '--kind', 'reset', '--scope', 'all', '--summary', 'Limits reset.']],
  ['correct', [idOf(RERECORDED), '--retract', '--reason', 'looked like another product']],
  [
    'add-event',
    [
      RERECORDED,
      '--kind',
      'reset',
      '--scope',
      'all',
      '--summary',
      'Limits reset.',
      '--supersedes',
      RERECORD_KEY,
      '--reason',
      'it was about Codex after all',
    ],
  ],
];

/** Runs the curation commands in order on `dir` (each must succeed), then builds it at the curation clock. */
export async function curateAndBuild(dir: string, steps: readonly CurationStep[]): Promise<BuildResult> {
  for (const [script, args] of steps) {
    const r = await npmScript(script, dir, [...args]);
    expect(r.code, `${script}: ${r.out}`).toBe(0);
  }
  const build = await astroBuild({ epoch: Number(EPOCH), dataDir: dir });
  expect(build.code, build.output).toBe(0);
  return build;
}
