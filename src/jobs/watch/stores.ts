/** The watcher's stores on one connection: its state, the alert ledger and the deployed-alerts mark (what the functions open). */
import type { Sql } from '../../core/sql.ts';
import { alertLedger } from '../broadcast/ledger.ts';
import { deployedStore } from './deployed-alerts.ts';
import type { WatchStores } from './input.ts';
import { watchStore } from './state.ts';

export const watchStores = (sql: Sql): WatchStores => ({ state: watchStore(sql), ledger: alertLedger(sql), deployed: deployedStore(sql) });
