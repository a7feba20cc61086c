/**
 * Every command's flag table, by its npm script name: the one place a command's flags and environment
 * are written (each script parses with its own table; tests/scripts/command-flags.test.ts checks that
 * every npm script of ours has one, and that its --help lists exactly these flags).
 */
import type { CommandSpec } from './spec.ts';
import { ADD_EVENT, ADD_PROMISE, CHECKED, CORRECT, REVIEW, VALIDATE } from './curation.ts';
import { API_DOC, BACKTEST, BROADCAST, FACTS_CHANGED, POST_ID, PULL, X_WEBHOOK } from './jobs.ts';
import {
  BENCH,
  BENCH_ALERTS,
  BENCH_COST,
  BENCH_PHRASES,
  BENCH_READS,
  BENCH_REBUILDS,
  BENCH_SIGNALS,
  LIGHTHOUSE,
  SOAK,
  START,
} from './tools.ts';

const ALL: readonly CommandSpec[] = [
  ADD_EVENT,
  ADD_PROMISE,
  CORRECT,
  REVIEW,
  CHECKED,
  VALIDATE,
  PULL,
  BROADCAST,
  X_WEBHOOK,
  FACTS_CHANGED,
  POST_ID,
  BACKTEST,
  API_DOC,
  START,
  BENCH,
  BENCH_ALERTS,
  BENCH_READS,
  BENCH_PHRASES,
  BENCH_REBUILDS,
  BENCH_SIGNALS,
  BENCH_COST,
  SOAK,
  LIGHTHOUSE,
];

export const COMMANDS: Readonly<Record<string, CommandSpec>> = Object.fromEntries(ALL.map((c) => [c.name, c]));
