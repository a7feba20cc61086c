/**
 * A bigger history for the build-scale benchmark: the frozen history (tests/fixtures/history) plus N
 * synthetic past events, one every `stepHours` (6 h by default; fewer for a history too long for that,
 * stepHoursFor) going back from the first real event, so the real record stays the newest tail and the
 * build clock stays the fixture's. Deterministic (seeded): the same N and seed give the same bytes.
 *
 * Each synthetic event copies the kind, scope, reach, origin, certainty and source of a real event drawn
 * at random, so kinds are mixed as in the real record; its id is a valid X status id for its time (the
 * snowflake rule: id = (ms − X epoch) << 22, plus random low bits as a real post has) and its url is
 * that post's. Usage: `node scripts/bench/synthetic-history.ts <extra events> [out dir] [step hours]`.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LOW_MASK, postIdAt, TWITTER_EPOCH_MS, xPostUrl } from '../../src/core/postid.ts';
import { mulberry32 } from '../../src/core/random.ts';
import type { EventsFile, StoredEvent } from '../../src/core/schema/index.ts';
import { toTimestamp } from '../../src/core/time.ts';
import { HOUR_MS } from '../../src/core/time-units.ts';

export const FROZEN_HISTORY = resolve(import.meta.dirname, '../../tests/fixtures/history');
/** Frozen history's clock (tests/support/history.ts HISTORY_NOW): a build of a synthetic history uses it too. */
export const FROZEN_EPOCH = Date.parse('2026-11-23T00:00:00Z') / 1000;
export const DEFAULT_STEP_HOURS = 6;
export const DEFAULT_SEED = 14;

/**
 * `count` events before `real[0]`, oldest first, each a copy of a random real event's classification.
 * Throws (naming the limit) when the span would reach before the X epoch: such a post could not exist.
 */
export function syntheticEvents(
  real: readonly StoredEvent[],
  count: number,
  { stepHours = DEFAULT_STEP_HOURS, seed = DEFAULT_SEED } = {},
): StoredEvent[] {
  const first = real[0];
  if (!first) throw new Error('the real history has no event to put synthetic events before');
  const random = mulberry32(seed);
  const step = stepHours * HOUR_MS;
  const out: StoredEvent[] = [];
  for (let k = count; k >= 1; k--) {
    const ms = Date.parse(first.ts) - k * step;
    const template = real[Math.floor(random() * real.length)]!;
    // Low bits never all zero: that pattern marks an event recorded without a post (src/core/postid.ts).
    const id = postIdAt(new Date(ms), 1n + BigInt(Math.floor(random() * Number(LOW_MASK - 1n))));
    const ts = toTimestamp(new Date(ms));
    out.push({
      id,
      date: ts.slice(0, 10),
      ts,
      scope: template.scope,
      kind: template.kind,
      source: template.source,
      url: xPostUrl(template.source, id),
      summary: `Synthetic ${template.kind} number ${count - k + 1} for the build-scale benchmark (copies the classification of ${template.id}).`,
      partial: template.partial,
      global: template.global,
      origin: template.origin,
      certainty: template.certainty,
      uncertain_fields: [...template.uncertain_fields],
      ...(template.scope_note ? { scope_note: template.scope_note } : {}),
    });
  }
  return out;
}

/**
 * Hours between synthetic events: `DEFAULT_STEP_HOURS`, or for a history too long for that, the largest
 * whole number of hours that keeps `count` events after the X epoch (100,000 events: 1 h). Throws, naming
 * the limit, when not even 1 h fits.
 */
export function stepHoursFor(count: number, firstRealTs: string): number {
  const hours = Math.floor((Date.parse(firstRealTs) - Number(TWITTER_EPOCH_MS)) / HOUR_MS);
  if (count * DEFAULT_STEP_HOURS <= hours) return DEFAULT_STEP_HOURS;
  const step = Math.floor(hours / Math.max(count, 1));
  if (step < 1)
    throw new RangeError(`${count} synthetic events one hour apart would reach before the X epoch (2010-11-04): at most ${hours} fit`);
  return step;
}

/** The frozen history's events file. */
export function frozenEvents(): EventsFile {
  return JSON.parse(readFileSync(join(FROZEN_HISTORY, 'events.json'), 'utf8')) as EventsFile;
}

/** Writes the frozen history plus `extra` synthetic events into `out` (a new temp folder by default); returns the folder. */
export function writeSyntheticHistory(extra: number, out?: string, options: { stepHours?: number; seed?: number } = {}): string {
  const dir = out ?? mkdtempSync(join(tmpdir(), `resetcast-history-${extra}-`));
  cpSync(FROZEN_HISTORY, dir, { recursive: true });
  const file = frozenEvents();
  const stepHours = options.stepHours ?? stepHoursFor(extra, file.events[0]!.ts);
  const events = [...syntheticEvents(file.events, extra, { ...options, stepHours }), ...file.events];
  writeFileSync(join(dir, 'events.json'), `${JSON.stringify({ ...file, events }, null, 2)}\n`);
  return dir;
}

if (import.meta.main) {
  const [count, out, step] = process.argv.slice(2);
  const extra = Number(count);
  if (!Number.isInteger(extra) || extra < 0) {
    console.error('usage: node scripts/bench/synthetic-history.ts <extra events ≥ 0> [out dir] [step hours]');
    process.exit(2);
  }
  const dir = writeSyntheticHistory(extra, out, step === undefined ? {} : { stepHours: Number(step) });
  console.log(`${dir}: the frozen history plus ${extra} synthetic events (build with SOURCE_DATE_EPOCH=${FROZEN_EPOCH})`);
}
