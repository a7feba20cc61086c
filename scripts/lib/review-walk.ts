/**
 * The interactive walk of `npm run review`: one candidate at a time, a question per field with the
 * puller's suggestion as the default. Reads answers line by line from stdin (a terminal or a pipe),
 * and writes each decision at once through the shared curation path, so quitting loses nothing.
 */
import { createInterface } from 'node:readline';
import { buildNow } from '../../src/io/clock.ts';
import { dataDir, writeDataTexts } from '../../src/io/data-folder.ts';
import { CurationError } from '../../src/core/curate/errors.ts';
import { review, type Decision } from '../../src/core/curate/review.ts';
import { isOfficialAccount } from '../../src/core/curate/origin.ts';
import { summaryOf } from '../../src/core/post-text.ts';
import { DataError } from '../../src/core/dataset/index.ts';
import type { Candidate } from '../../src/core/schema/index.ts';
import { changedFiles, readCurated } from './curation.ts';

export function describeCandidate(c: Candidate): string {
  const window = c.suggested_window
    ? `, window ${c.suggested_window.start} → ${c.suggested_window.end}${c.suggested_window.by ? ` ("${c.suggested_window.by}")` : ''}`
    : '';
  return (
    `${c.id} ${c.platform} @${c.source} ${c.ts} ${c.url}\n  "${summaryOf(c.text, 200)}"\n  suggested: ${c.suggested_kind}, ` +
    `scope ${c.suggested_scope}${window}; ${c.reason}`
  );
}

export async function walkCandidates(): Promise<void> {
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (question: string, fallback = ''): Promise<string | null> => {
    process.stdout.write(`${question}${fallback ? ` [${fallback}]` : ''}: `);
    const next = await lines.next();
    if (next.done) return null;
    process.stdout.write(process.stdin.isTTY ? '' : `${next.value}\n`);
    return next.value.trim() || fallback;
  };
  const dir = dataDir();
  const now = buildNow();
  let done = 0;
  try {
    const pending = readCurated(dir, now).state.candidates.candidates;
    if (pending.length === 0) console.log('no candidates to review');
    for (const [i, c] of pending.entries()) {
      console.log(`\n[${i + 1}/${pending.length}] ${describeCandidate(c)}`);
      for (;;) {
        const def = { reset: 'e', banked: 'g', promise: 'p' }[c.suggested_kind];
        const choice = await ask('(e)vent, (g)rant, (p)romise, (r)eject, (s)kip, (q)uit', def);
        if (choice === null || choice === 'q') return void console.log(`reviewed ${done}; the rest stay in data/candidates.json`);
        if (choice === 's') break;
        const decision = await decide(choice, c, ask);
        if (decision === null) return void console.log(`reviewed ${done}; the rest stay in data/candidates.json`);
        if (decision === undefined) continue;
        try {
          const { state, texts, untouched } = readCurated(dir, now);
          const outcome = review(state, c.id, decision, now);
          writeDataTexts(dir, changedFiles(outcome.state, texts, untouched, now));
          for (const l of outcome.lines) console.log(l);
          done++;
          break;
        } catch (e) {
          if (!(e instanceof CurationError || e instanceof DataError)) throw e;
          console.log(`refused: ${e instanceof DataError ? e.problems.join('; ') : e.message}`);
        }
      }
    }
    console.log(`reviewed ${done}`);
  } catch (e) {
    console.error(`review: ${e instanceof DataError ? e.problems.join('; ') : (e as Error).stack}`);
    process.exitCode = 1;
  } finally {
    rl.close();
  }
}

type Ask = (q: string, fallback?: string) => Promise<string | null>;

/** The decision for one answer: null when input ended, undefined for an unknown choice (ask again). */
async function decide(choice: string, c: Candidate, ask: Ask): Promise<Decision | null | undefined> {
  if (choice === 'r') {
    const reason = await ask('reason');
    return reason === null ? null : { action: 'reject', reason };
  }
  if (choice === 'p') {
    const summary = await ask('summary', summaryOf(c.text, 120));
    const by = await ask('time words (empty: the suggested window)', c.suggested_window?.by ?? '');
    if (summary === null || by === null) return null;
    return { action: 'accept', as: 'promise', summary, ...(by && by !== c.suggested_window?.by ? { by } : {}) };
  }
  if (choice === 'e' || choice === 'g') {
    const kind = choice === 'e' ? await ask('kind (reset, boost, other)', 'reset') : 'banked';
    const scope = await ask('scope', c.suggested_scope);
    const summary = await ask('summary', summaryOf(c.text, 120));
    // Nothing invented: a post by an account not listed as official needs its origin said.
    const origin = isOfficialAccount(c.platform, c.source)
      ? undefined
      : await ask(`origin of ${c.source}, not an official account (observed, community)`, 'observed');
    if (kind === null || scope === null || summary === null || origin === null) return null;
    const more = origin === undefined ? {} : { origin };
    return choice === 'e'
      ? { action: 'accept', as: 'event', kind, scope, summary, ...more }
      : { action: 'accept', as: 'grant', scope, summary, ...more };
  }
  console.log('answer e, g, p, r, s or q');
  return undefined;
}
