/**
 * The one path every curation command takes to data/: read it, validate the whole dataset against the
 * clock, apply the command (pure, src/core/curate/), validate the whole result as objects, then write
 * the changed files as one atomic change. Any refusal is one line on stderr, exit 1, data/ untouched.
 */
import './guard-output.ts';
import { buildNow } from '../../src/io/clock.ts';
import { dataDir, readDataFiles, SecretInDataError, writeDataTexts } from '../../src/io/data-folder.ts';
import { readDataJson } from '../../src/io/json-file.ts';
import { valueOrThrow } from '../../src/core/dataset/read-json.ts';
import { CurationError } from '../../src/core/curate/errors.ts';
import { curatedOf, type Curated, type Outcome } from '../../src/core/curate/state.ts';
import { DATA_FILES } from '../../src/core/dataset/files.ts';
import { DataError, parseDataset, validateDataset } from '../../src/core/dataset/index.ts';
import { stableStringify } from '../../src/core/json.ts';
import type { z } from 'zod';
import { CandidatesFile, ChecksFile } from '../../src/core/schema/index.ts';

/** The curated files, by their key in Curated (and in DATA_FILES). */
const CURATED = {
  events: true,
  announcements: true,
  banked: true,
  corrections: true,
  candidates: true,
  checks: true,
} as const satisfies Record<keyof Curated, true>;

/** A bookkeeping file the commands keep (not a build file), parsed whole or refused by record and field. */
function bookkeepingOf<S extends z.ZodType>(dir: string, key: 'candidates' | 'checks', schema: S): z.output<S> {
  return valueOrThrow(readDataJson(dir, key, schema));
}

/** What the commands never change but the dataset validation needs. */
interface Untouched {
  signals: unknown;
  forecastLog: string;
}

/** Reads and validates data/ as the curation commands see it. */
export function readCurated(dir: string, now: Date): { state: Curated; texts: Record<string, string>; untouched: Untouched } {
  const build = readDataFiles(dir);
  const data = parseDataset(build, now);
  const state = curatedOf(data, {
    candidates: bookkeepingOf(dir, 'candidates', CandidatesFile),
    checks: bookkeepingOf(dir, 'checks', ChecksFile),
  });
  // What "changed" is measured against: the files as they would be written, so an absent optional file
  // or one that is merely formatted differently is not rewritten by a command that did not touch it.
  const texts = Object.fromEntries((Object.keys(CURATED) as (keyof Curated)[]).map((k) => [k, stableStringify(state[k])]));
  return { state, texts, untouched: { signals: data.signals, forecastLog: build.forecastLog } };
}

/** Validates the new state whole and returns the texts of the files it changes. */
export function changedFiles(state: Curated, before: Record<string, string>, untouched: Untouched, now: Date): Record<string, string> {
  validateDataset({ ...state, ...untouched }, now);
  CandidatesFile.parse(state.candidates);
  if (state.checks) ChecksFile.parse(state.checks);
  const writes: Record<string, string> = {};
  for (const key of Object.keys(CURATED) as (keyof Curated)[]) {
    const text = stableStringify(state[key]);
    if (text !== before[key]) writes[DATA_FILES[key]] = text;
  }
  return writes;
}

const isKnown = (e: unknown): boolean => e instanceof CurationError || e instanceof DataError || e instanceof SecretInDataError;

/** Runs one command against data/ (RESETCAST_DATA_DIR) at the build clock (SOURCE_DATE_EPOCH or now). */
export function runCuration(name: string, apply: (state: Curated, now: Date) => Outcome): void {
  try {
    const dir = dataDir();
    const now = buildNow();
    const { state, texts, untouched } = readCurated(dir, now);
    const outcome = apply(state, now);
    const writes = changedFiles(outcome.state, texts, untouched, now);
    writeDataTexts(dir, writes);
    for (const line of outcome.lines) console.log(line);
  } catch (e) {
    // A refused result names every problem on one line; a broken data/ beforehand gets the full list.
    const message = e instanceof DataError ? e.problems.join('; ') : (e as Error).message;
    console.error(`${name}: ${isKnown(e) ? message : (e as Error).stack}`);
    process.exitCode = 1;
  }
}
