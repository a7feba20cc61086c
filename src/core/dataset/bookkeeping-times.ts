/**
 * What `npm run validate` holds the pull's bookkeeping to beyond its schema (src/core/schema/bookkeeping.ts):
 * no time ahead of the clock beyond the allowed skew (candidates, rejections, the GitHub cursor, the
 * signal history, the maintainer's hand checks), and stored X post ids that a post could have at the clock (src/core/postid.ts).
 * Pure: the caller reads the files and the clock. data/sent-log.json is checked by the alerts code.
 */
import type { z } from 'zod';
import { dataPath, type DataFileKey } from './files.ts';
import { fieldProblem } from './problems.ts';
import { readJson, readJsonLine } from './read-json.ts';
import { futureProblem } from './clock-times.ts';
import { postIdProblem } from '../postid.ts';
import { CandidatesFile, ChecksFile, PullStateFile, SignalsHistoryLine } from '../schema/index.ts';
import type { CURSOR_SCHEMAS } from '../schema/index.ts';
import { postSourcesOf, SOURCES } from '../sources.ts';
import { beyondSkew, CLOCK_SKEW_MS } from '../time.ts';

type AccountsCursor = z.infer<typeof CURSOR_SCHEMAS.accounts>;
type SinceCursor = z.infer<typeof CURSOR_SCHEMAS.since>;
type Cursor = AccountsCursor | SinceCursor;

/** Per account: ids a post could have (a `since_id` no later than the clock plus the skew). */
function accountIdProblems(file: string, platform: string, accounts: AccountsCursor, now: Date): string[] {
  const latest = new Date(now.getTime() + CLOCK_SKEW_MS);
  return Object.entries(accounts).flatMap(([handle, s]) =>
    (['user_id', 'since_id'] as const).flatMap((field) => {
      const id = s[field];
      const problem = id === null ? null : postIdProblem(id, field === 'since_id' ? latest : null);
      return problem ? [fieldProblem(file, `${platform}.${handle}`, field, problem)] : [];
    }),
  );
}

export interface BookkeepingTexts {
  candidates?: string | undefined;
  pullState?: string | undefined;
  signalsHistory?: string | undefined;
  checks?: string | undefined;
}

/** The file's value when it passes its schema, else null: its schema problems are reported by the schema check itself. */
function parsed<S extends z.ZodType>(schema: S, text: string | undefined, key: DataFileKey): z.output<S> | null {
  if (text === undefined) return null;
  const checked = readJson(text, schema, dataPath(key));
  return checked.ok ? checked.value : null;
}

/** Every problem, by file, record and field; [] when there is none. */
export function bookkeepingProblems(texts: BookkeepingTexts, now: Date): string[] {
  const problems: string[] = [];
  const at = (file: string, where: string, field: string, ts: string | null | undefined): void => {
    if (ts && beyondSkew(ts, now)) problems.push(futureProblem(file, where, field, ts, now));
  };
  const candidates = parsed(CandidatesFile, texts.candidates, 'candidates');
  if (candidates) {
    const file = dataPath('candidates');
    for (const [i, c] of candidates.candidates.entries()) at(file, `candidates[${i}] (id ${c.id})`, 'ts', c.ts);
    for (const [i, r] of candidates.rejected.entries()) at(file, `rejected[${i}] (id ${r.id})`, 'at', r.at);
  }
  const state = parsed(PullStateFile, texts.pullState, 'pullState');
  if (state) {
    const file = dataPath('pullState');
    // Each post source's cursor, by the shape it declares (src/core/sources.ts): ids per account, or a time.
    for (const { platform, cursor } of postSourcesOf(SOURCES)) {
      const entry = (state as Record<string, Cursor | undefined>)[platform];
      if (cursor === 'accounts') problems.push(...accountIdProblems(file, platform, (entry ?? {}) as AccountsCursor, now));
      else at(file, platform, 'since', (entry as SinceCursor | undefined)?.since);
    }
  }
  const checks = parsed(ChecksFile, texts.checks, 'checks');
  if (checks) {
    const file = dataPath('checks');
    checks.checks.forEach((c, i) => {
      at(file, `checks[${i}]`, 'at', c.at);
      at(file, `checks[${i}]`, 'recorded_at', c.recorded_at);
    });
  }
  (texts.signalsHistory ?? '').split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    const checked = readJsonLine(raw, SignalsHistoryLine, dataPath('signalsHistory'), i + 1);
    if (!checked.ok) problems.push(...checked.problems);
    else at(dataPath('signalsHistory'), `line ${i + 1}`, 'fetched_at', checked.value.fetched_at);
  });
  return problems;
}
