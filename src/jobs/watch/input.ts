/** What one run of the watcher is given and gives back (run.ts), and its stores as the steps see them. */
import type { Alert } from '../../core/schema/index.ts';
import type { HttpDeps } from '../../net/http.ts';
import type { OutletUrls } from '../broadcast/outlets/index.ts';
import type { PolledAccount } from './config.ts';
import type { DispatchTarget } from './dispatch.ts';
import type { LedgerAccess } from './ledger-access.ts';
import type { Finished, WatchState, WatchStore } from './state.ts';

/**
 * The watcher's stores: its state where reading it wakes no database (Netlify Blobs: state.ts), and the
 * alert ledger in the database, opened only when there is an alert to claim or settle (ledger-access.ts).
 */
export interface WatchStores {
  state: WatchStore;
  ledger: LedgerAccess;
}

export interface WatchInput {
  now: Date;
  http: HttpDeps;
  x: { base: string; token: string };
  /** The deployed site to read what it knows from (its URL). */
  deploy: string;
  /** The base alert ids and links are built on: the same as the broadcast's (the site's address, `siteAddress` in src/core/site.ts). */
  siteBase: string;
  accounts: readonly PolledAccount[];
  /** The entries of RESETCAST_WATCH_ACCOUNTS left out (config.ts parseWatchAccounts), one ❌ line each. */
  accountProblems?: readonly string[];
  stores: WatchStores;
  urls: OutletUrls;
  dispatch: DispatchTarget;
  /** Called as each phase ends (the latency bench times them); no effect on the result. */
  onPhase?: (phase: 'polled' | 'classified' | 'sent' | 'dispatched' | 'deployed') => void;
}

export interface WatchOutput {
  /** One line per thing done or failed, for the function log. */
  lines: string[];
  alerts: Alert[];
  dispatched: boolean;
}

/** The state as this run read it, with its store. Only with one does the run move a cursor or mark a dispatch owed. */
export interface Stored {
  store: WatchStore;
  state: WatchState;
  /** The owed dispatch's generation as read. */
  generation: number;
  /** The alerts every configured outlet was finished with, as read. */
  finished: Finished | null;
}
