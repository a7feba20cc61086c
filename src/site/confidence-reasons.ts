/**
 * The confidence reasons of forecast.json in a locale-neutral form, so translated pages can say them in
 * their own words. forecast.json keeps its English sentences (docs/api.md); they come from a handful of
 * templates in forecast/confidence.ts, read back here. A sentence that matches none of them is kept as
 * `text` and shown in English, marked as such.
 */

export type ConfidenceReason =
  | { kind: 'record'; resets: number; since: string | null; model: string }
  | { kind: 'too-few'; min: number }
  | { kind: 'no-rhythm'; model: string; min: number }
  | { kind: 'stale'; days: number; limitDays: number }
  | { kind: 'signal-missing'; signal: 'status' | 'issues' }
  | { kind: 'small-sample'; min: number }
  | { kind: 'text'; text: string };

const PATTERNS: readonly [RegExp, (m: RegExpExecArray) => ConfidenceReason][] = [
  [/^(\d+) recorded resets?(?: since (\d{4}-\d{2}-\d{2}))?; rhythm model: (\S+)$/, (m) => ({ kind: 'record', resets: Number(m[1]), since: m[2] ?? null, model: m[3]! })],
  [/^fewer than (\d+) resets recorded: no gap to average, so no forecast$/, (m) => ({ kind: 'too-few', min: Number(m[1]) })],
  [/^the (\S+) model needs (\d+) resets; the memoryless rate is used instead$/, (m) => ({ kind: 'no-rhythm', model: m[1]!, min: Number(m[2]) })],
  [
    /^the event record was last checked (\d+) days? ago \(limit (\d+) days?\): resets since then may be missing, so the numbers are shown but not vouched for$/,
    (m) => ({ kind: 'stale', days: Number(m[1]), limitDays: Number(m[2]) }),
  ],
  [/^(status|issues) signal unavailable \(no recent successful check\): it contributes nothing$/, (m) => ({ kind: 'signal-missing', signal: m[1] as 'status' | 'issues' })],
  [/^fewer than (\d+) resets: a small sample$/, (m) => ({ kind: 'small-sample', min: Number(m[1]) })],
];

export function parseConfidenceReason(text: string): ConfidenceReason {
  for (const [pattern, make] of PATTERNS) {
    const m = pattern.exec(text);
    if (m) return make(m);
  }
  return { kind: 'text', text };
}
