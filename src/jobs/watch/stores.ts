/**
 * The watcher's stores on one connection, as the sending functions (the watcher, X's webhook) open them:
 * their state, the deployed-alerts mark, and the alert ledger, which cleans every text it stores of the
 * environment's secrets, settles in one call, and imports the retired sent-log before its first call
 * (once per database, whichever sender is first: src/jobs/broadcast/retired-log.ts).
 */
import { redactorFrom } from '../../core/secrets.ts';
import type { Sql } from '../../core/sql.ts';
import { alertLedger } from '../broadcast/ledger.ts';
import { importingFirst } from '../broadcast/retired-log.ts';
import { deployedStore } from './deployed-alerts.ts';
import type { WatchStores } from './input.ts';
import { watchStore } from './state.ts';

export interface StoresOptions {
  env: Readonly<Record<string, string | undefined>>;
  now: Date;
  /** The retired data/sent-log.json's text (src/io/retired-log-text.ts). */
  retiredLog: string | undefined;
  /** A settlement's one call, within the function's database deadline. */
  settleMs: number;
  /** Where the import's line goes (the function's log). */
  say: (line: string) => void;
}

export function watchStores(sql: Sql, o: StoresOptions): WatchStores {
  const ledger = importingFirst(
    alertLedger(sql, { redact: redactorFrom(o.env), settleMs: o.settleMs }),
    sql,
    { text: o.retiredLog, now: o.now },
    o.say,
  );
  return { state: watchStore(sql), ledger, deployed: deployedStore(sql) };
}
