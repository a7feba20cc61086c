/**
 * The watcher's own state, the one thing the deploy cannot tell it, in the database next to the alert
 * ledger (tables `watch_accounts` and `watch_dispatch`, netlify/database/migrations/0001_alert_state.sql):
 * per polled account its X user id, the newest post id read (`since_id`, the cursor) and when it was
 * last asked; and whether a dispatch of the pull is still owed (it failed, or the run that owed it died).
 * Each decision is one statement, so overlapping runs merge: a cursor only moves forward (compared as a
 * number: ids pass 2^53), a poll time only later, and clearing an owed dispatch never clears one owed
 * after it (a generation counter). Pure apart from the `Sql` passed in.
 */
import { z } from 'zod';
import { PostId, Timestamp } from '../../core/schema/scalars.ts';
import type { Sql } from '../../core/sql.ts';

export const WatchState = z.strictObject({
  accounts: z.record(z.string(), z.strictObject({ user_id: PostId, since_id: PostId.nullable(), polled_at: Timestamp })),
  /** A dispatch owed: set before dispatching, cleared when GitHub accepted it. */
  dispatch_pending: z.boolean(),
});
export type WatchState = z.infer<typeof WatchState>;

export const EMPTY_STATE: WatchState = { accounts: {}, dispatch_pending: false };

export interface WatchStore {
  /** The cursors, whether a dispatch is owed, and the owed dispatch's generation. */
  read(): Promise<{ state: WatchState; generation: number }>;
  /** Moves each account's cursor forward (never back) and its poll time; returns the names whose cursor this write moved. */
  advance(accounts: WatchState['accounts']): Promise<Set<string>>;
  /** Marks a dispatch owed; returns its generation. */
  owe(): Promise<number>;
  /** Marks the owed dispatch done, unless one was owed after `generation`. */
  dispatched(generation: number): Promise<void>;
}

/** Rows as stored, checked against the schema: a row that does not fit is left out (the floor in run.ts bounds a fresh start). */
export function watchStore(sql: Sql): WatchStore {
  return {
    async read() {
      const accounts = await sql.query<{ name: string; user_id: string; since_id: string | null; polled_at: string }>(
        `SELECT name, user_id, since_id::text AS since_id, to_char(polled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS polled_at FROM watch_accounts ORDER BY name`,
      );
      const dispatch = await sql.query<{ pending: boolean; generation: number }>('SELECT pending, generation FROM watch_dispatch WHERE id');
      const parsed = WatchState.safeParse({
        accounts: Object.fromEntries(accounts.rows.map((r) => [r.name, { user_id: r.user_id, since_id: r.since_id, polled_at: r.polled_at }])),
        dispatch_pending: dispatch.rows[0]?.pending ?? false,
      });
      return { state: parsed.success ? parsed.data : EMPTY_STATE, generation: dispatch.rows[0]?.generation ?? 0 };
    },
    async advance(accounts) {
      const moved = new Set<string>();
      for (const [name, a] of Object.entries(accounts)) {
        // Whichever statement moves the cursor says so; of two runs at once, only one can (the other's insert
        // waits for the first and then does nothing, and its update finds the cursor no longer behind).
        const inserted = await sql.query(
          `INSERT INTO watch_accounts (name, user_id, since_id, polled_at) VALUES ($1, $2, $3::numeric, $4::timestamptz) ON CONFLICT (name) DO NOTHING RETURNING since_id IS NOT NULL AS moved`,
          [name, a.user_id, a.since_id, a.polled_at],
        );
        if (inserted.rows.length > 0) {
          if ((inserted.rows[0] as { moved: boolean }).moved) moved.add(name);
          continue;
        }
        const forward = await sql.query(
          `UPDATE watch_accounts SET since_id = $2::numeric, user_id = $3, polled_at = GREATEST(polled_at, $4::timestamptz) WHERE name = $1 AND $2::numeric IS NOT NULL AND (since_id IS NULL OR since_id < $2::numeric) RETURNING 1`,
          [name, a.since_id, a.user_id, a.polled_at],
        );
        if (forward.rows.length > 0) moved.add(name);
        else await sql.query('UPDATE watch_accounts SET polled_at = GREATEST(polled_at, $2::timestamptz) WHERE name = $1', [name, a.polled_at]);
      }
      return moved;
    },
    async owe() {
      const { rows } = await sql.query<{ generation: number }>(
        `INSERT INTO watch_dispatch AS d (id, pending, generation, updated_at) VALUES (true, true, 1, clock_timestamp())
         ON CONFLICT (id) DO UPDATE SET pending = true, generation = d.generation + 1, updated_at = clock_timestamp() RETURNING generation`,
      );
      return rows[0]!.generation;
    },
    async dispatched(generation) {
      await sql.query('UPDATE watch_dispatch SET pending = false, updated_at = clock_timestamp() WHERE id AND generation <= $1', [generation]);
    },
  };
}
