/**
 * The watcher's stores as the sending functions (the watcher, X's webhook) open them: their state in a
 * key-value store that wakes no database (state.ts over the TextStore given: Netlify Blobs), and the alert
 * ledger, whose database is opened only at its first need (`openSql`, called at most once a run), which
 * cleans every text it stores of the environment's secrets, settles in one call, and imports the retired
 * sent-log before its first call (once per database, whichever sender is first: src/jobs/broadcast/retired-log.ts).
 */
import { redactorFrom } from '../../core/secrets/redact.ts';
import type { Sql } from '../../core/sql.ts';
import type { TextStore } from '../../core/text-store.ts';
import { alertLedger } from '../broadcast/ledger.ts';
import { importingFirst } from '../broadcast/retired-log.ts';
import type { WatchStores } from './input.ts';
import { ledgerAccess } from './ledger-access.ts';
import { watchStore } from './state.ts';

export interface StoresOptions {
  /** Where the state lives (src/db/blob-store.ts). */
  texts: TextStore;
  /** Opens the database (the binding's: src/db/function-database.ts) and gives its statements; throws, worded, when it cannot. */
  openSql: () => Promise<Sql>;
  env: Readonly<Record<string, string | undefined>>;
  now: Date;
  /** The retired data/sent-log.json's text (src/io/retired-log-text.ts). */
  retiredLog: string | undefined;
  /** A settlement's one call, within the function's database deadline. */
  settleMs: number;
  /** Where the import's line goes (the function's log). */
  say: (line: string) => void;
}

export function watchStores(o: StoresOptions): WatchStores {
  return {
    state: watchStore(o.texts),
    ledger: ledgerAccess(async () => {
      const sql = await o.openSql();
      return importingFirst(
        alertLedger(sql, { redact: redactorFrom(o.env), settleMs: o.settleMs }),
        sql,
        { text: o.retiredLog, now: o.now },
        o.say,
      );
    }),
  };
}
