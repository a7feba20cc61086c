/**
 * The promise-phrase finder on adversarial posts (issue 20): time words that never stop running, and
 * digits and prepositions that start a match at every word without finishing one. Each shape is timed
 * at 1, 16 and 64 KB (median of `runs`); 64 KB / 16 KB ≈ 4 means linear (the cubic finder gave ≈ 64).
 */
import { findTimePhrase } from '../../src/core/promises/phrases.ts';
import { BENCH_PHRASES } from '../lib/commands/tools.ts';
import { parseCommand } from '../lib/flags.ts';
import { fmt, table } from './table.ts';
import { median } from './stats.ts';

/** Repeats `unit` to exactly `bytes` characters (ASCII, so characters are bytes). */
const fill = (unit: string, bytes: number): string => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);

const SHAPES: [string, string][] = [
  ['time words in one run ("by today tomorrow …")', 'by today tomorrow '],
  ['deadline words, no time ("by by by …")', 'by '],
  ['delays that never end ("in 2 to 3 or in 12 …")', 'in 2 to 3 or in 12 '],
  ['clock-like digits ("10:3 10 a 12 …")', '10:3 10 a 12 '],
];
const SIZES_KB = [1, 16, 64];

function medianMs(text: string, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    findTimePhrase(text);
    times.push(performance.now() - start);
  }
  return median(times);
}

export function benchPhrases(runs = 5): string {
  findTimePhrase(fill(SHAPES[0]![1], 4096)); // compile the regular expressions outside the timings
  const rows = SHAPES.map(([name, unit]) => {
    const ms = SIZES_KB.map((kb) => medianMs(fill(unit, kb * 1024), runs));
    return [name, ...ms.map((m) => fmt(m, 2)), fmt(ms[2]! / ms[1]!, 1)];
  });
  return `Promise-phrase finder (findTimePhrase), median of ${runs} runs, ms\n\n${table(['input', '1 KB', '16 KB', '64 KB', '64 KB / 16 KB'], rows)}`;
}

if (import.meta.main) {
  parseCommand(BENCH_PHRASES);
  console.log(benchPhrases());
}
