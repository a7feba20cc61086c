/**
 * The alert ledger as a run of the watcher (or a delivery of X's webhook) gets it: its database opened at
 * the first need only, so a run with nothing to claim or settle opens no connection and lets the database
 * sleep (docs/alerts.md, "Where the state lives"); opened once per run; a database that cannot be opened is
 * said once (`first`), and every later need of the run meets the same reason without trying again.
 */
import type { AlertLedger } from '../broadcast/ledger.ts';

export type LedgerAnswer = { ledger: AlertLedger } | { problem: string; first: boolean };

export interface LedgerAccess {
  /** The ledger (its database opened now if not yet), or why it cannot be had. Never throws. */
  get(): Promise<LedgerAnswer>;
}

/** `open` is called at the first `get()` only (and never again after it failed). */
export function ledgerAccess(open: () => Promise<AlertLedger>): LedgerAccess {
  let opening: Promise<AlertLedger> | null = null;
  let said = false;
  return {
    async get() {
      opening ??= open();
      try {
        return { ledger: await opening };
      } catch (e) {
        const first = !said;
        said = true;
        return { problem: (e as Error).message, first };
      }
    },
  };
}

/** A ledger already at hand (a test's, a bench's): always there. */
export const ledgerAtHand = (ledger: AlertLedger): LedgerAccess => ({ get: async () => ({ ledger }) });

/**
 * Without the ledger nothing is sent, since nothing can be claimed: said once per run, in the fault's own
 * line (the steps it stops say ⏭️); new posts still start the pull, which records and announces them.
 */
export const WITHOUT_DATABASE = 'nothing is sent this run (nothing can be claimed); new posts still start the pull, which announces them';
