/**
 * The switch-over from the retired data/sent-log.json to the alert ledger (docs/alerts.md, "The retired
 * sent-log"): the log's recent records (sent-log.ts, recentRecords) go into the ledger **once per
 * database**, by whichever sender is first about to use the ledger (the watcher function or `npm run
 * broadcast`), so no sender resends what the old sender recorded, whichever runs first.
 *
 * The import is one atomic statement: it writes its mark in `ledger_imports`
 * (netlify/database/migrations/0002_ledger_imports.sql) `ON CONFLICT DO NOTHING`, and only if this
 * statement wrote the mark, the records into `alert_deliveries` `ON CONFLICT DO NOTHING` (never over a row
 * a sender wrote). Two senders at once: the second waits for the first's mark, then finds it and writes
 * nothing. With no recent record (no file: this repository; or only old records) there is nothing to
 * import and no statement at all, so a quiet watcher minute costs nothing.
 *
 * Pure apart from the `Sql` passed in.
 */
import { dataPath } from '../../core/dataset/files.ts';
import type { Sql } from '../../core/sql.ts';
import type { AlertLedger } from './ledger.ts';
import { readSentLog, recentRecords } from './sent-log.ts';

/** The retired file, as its lines and its mark in `ledger_imports` name it. */
export const RETIRED_LOG = dataPath('sentLog');

/** One ledger row a retired record stands for. */
interface ImportedRow {
  outlet: string;
  alert_id: string;
  alert_at: string;
  state: 'sent' | 'uncertain' | 'failed';
  uncertain_attempts: number;
  refused_attempts: number;
  updated_at: string;
}

/** What one import statement did: whether this call wrote the mark (so did the import), and how many rows it wrote. */
export interface Imported {
  imported: boolean;
  written: number;
}

/** The rows the retired log's records of the send window stand for at `now` (none for a missing or unreadable file). */
export function retiredRows(text: string | undefined, now: Date): ImportedRow[] {
  return recentRecords(readSentLog(text, now), now).map(({ outlet, record }) => ({
    outlet,
    alert_id: record.id,
    alert_at: record.at,
    state: record.state,
    uncertain_attempts: record.state === 'uncertain' ? record.attempts : 0,
    refused_attempts: record.state === 'failed' ? record.attempts : 0,
    updated_at: record.sent_at,
  }));
}

/**
 * The import, as one statement: the mark, and the rows only when this statement wrote the mark (a
 * data-modifying CTE sees the others' results only through RETURNING, hence `EXISTS (SELECT 1 FROM mark)`).
 */
export async function importRetired(sql: Sql, rows: readonly ImportedRow[]): Promise<Imported> {
  const { rows: out } = await sql.query<{ imported: boolean; written: number }>(
    `WITH mark AS (
       INSERT INTO ledger_imports (name, imported_at, records) VALUES ($1, clock_timestamp(), $2)
       ON CONFLICT (name) DO NOTHING RETURNING name
     ), written AS (
       INSERT INTO alert_deliveries (outlet, alert_id, alert_at, state, uncertain_attempts, refused_attempts, updated_at, last_error)
       SELECT r.outlet, r.alert_id, r.alert_at, r.state, r.uncertain_attempts, r.refused_attempts, r.updated_at, $4
       FROM jsonb_to_recordset($3::jsonb) AS r(outlet text, alert_id text, alert_at timestamptz, state text,
         uncertain_attempts integer, refused_attempts integer, updated_at timestamptz)
       WHERE EXISTS (SELECT 1 FROM mark)
       ON CONFLICT (outlet, alert_id) DO NOTHING RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM mark) AS imported, (SELECT count(*) FROM written)::int AS written`,
    [RETIRED_LOG, rows.length, JSON.stringify(rows), `imported from ${RETIRED_LOG}`],
  );
  return { imported: out[0]?.imported ?? false, written: out[0]?.written ?? 0 };
}

/** The one line of the sender that did the import (the others say nothing). */
export function importedLine(records: number, written: number): string {
  const kept = records - written;
  return (
    `✅ ledger: imported ${written} record(s) of ${RETIRED_LOG} (once per database` +
    `${kept > 0 ? `; ${kept} already in the ledger, left as they were` : ''})`
  );
}

/** A ledger whose every call returns a promise (each can wait for the import first); its other members are values (its lease). */
type AsyncLedger<L> = { [K in keyof L]: L[K] extends (...args: never[]) => unknown ? (...args: never[]) => Promise<unknown> : L[K] };

/**
 * The ledger as a sender uses it in one run: its first call (of any kind) runs the import first, and
 * none goes to the ledger before the import is done. Concurrent first calls (the outlets run in
 * parallel) share one import; a failed import fails the call that waited for it (that outlet's failure:
 * nothing is claimed unimported) and is tried again by the next call. `say` gets the import's line.
 */
export function importingFirst<L extends AsyncLedger<L> = AlertLedger>(
  ledger: L,
  sql: Sql,
  retired: { text: string | undefined; now: Date },
  say: (line: string) => void,
): L {
  const rows = retiredRows(retired.text, retired.now);
  let done = rows.length === 0;
  let running: Promise<void> | null = null;
  const runImport = async (): Promise<void> => {
    try {
      const r = await importRetired(sql, rows);
      done = true;
      if (r.imported) say(importedLine(rows.length, r.written));
    } catch (e) {
      running = null;
      throw new Error(`${RETIRED_LOG}: the one-time import failed (${(e as Error).message}); nothing claimed before it`);
    }
  };
  const importFirst = (): Promise<void> => {
    if (done) return Promise.resolve();
    running = running ?? runImport();
    return running;
  };
  const calls = Object.entries(ledger).map(([name, call]) => [
    name,
    typeof call !== 'function'
      ? call
      : async (...args: never[]) => {
          await importFirst();
          return (call as (...a: never[]) => Promise<unknown>)(...args);
        },
  ]);
  return Object.fromEntries(calls) as L;
}
