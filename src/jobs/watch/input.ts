/** What one run of the watcher is given and gives back (run.ts), and the database as the steps see it. */
import type { Alert } from '../../core/schema/index.ts';
import type { HttpDeps } from '../../net/http.ts';
import type { AlertLedger } from '../broadcast/ledger.ts';
import type { OutletUrls } from '../broadcast/outlets/index.ts';
import type { PolledAccount } from './config.ts';
import type { DeployedStore } from './deployed-alerts.ts';
import type { DispatchTarget } from './dispatch.ts';
import type { WatchState, WatchStore } from './state.ts';

/** The watcher's state, the alert ledger and the deployed-alerts mark, in the database. */
export interface WatchStores {
  state: WatchStore;
  ledger: AlertLedger;
  deployed: DeployedStore;
}

export interface WatchInput {
  now: Date;
  http: HttpDeps;
  x: { base: string; token: string };
  /** The deployed site to read what it knows from (its URL). */
  deploy: string;
  /** The deploy's id, as the platform gives it to the function: the deployed-alerts step skips a deploy it settled. */
  deployId?: string | undefined;
  /** The base alert ids and links are built on: the same as the broadcast's (the site's address, `siteAddress` in src/core/site.ts). */
  siteBase: string;
  accounts: readonly PolledAccount[];
  /** The entries of RESETCAST_WATCH_ACCOUNTS left out (config.ts parseWatchAccounts), one ❌ line each. */
  accountProblems?: readonly string[];
  /** The stores; null when the database could not even be opened (`noDatabase` says why). */
  stores: WatchStores | null;
  /** Why the database could not be opened (the binding's error), said in the run's one `❌ database:` line. */
  noDatabase?: string | undefined;
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

/** The state as this run read it: its stores and what it read. Only with one does the run claim, send or write. */
export interface Stored {
  stores: WatchStores;
  state: WatchState;
  /** The owed dispatch's generation as read. */
  generation: number;
}
