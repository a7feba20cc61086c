/**
 * The watcher's own state, the one thing the deploy cannot tell it, in the database next to the alert
 * ledger (tables `watch_accounts` and `watch_dispatch`, netlify/database/migrations/0001_alert_state.sql):
 * per polled account its X user id, the newest post id read (`since_id`, the cursor) and when it was
 * last asked; whether a dispatch of the pull is still owed (it failed, or the run that owed it died);
 * and when GitHub last answered a dispatch in a way that may have started the pull.
 * Each decision is one statement, so overlapping runs merge: a cursor only moves forward (compared as a
 * number: ids pass 2^53), a poll time and an uncertain dispatch only later, and clearing an owed dispatch
 * never clears one owed after it (a generation counter). The only way back is healing (heal.ts): a value
 * that cannot be true is replaced, and only while it is still the value that was read.
 * Pure apart from the `Sql` passed in.
 */
import { z } from 'zod';
import { PostId, Timestamp } from '../../core/schema/scalars.ts';
import type { Sql } from '../../core/sql.ts';

export const WatchState = z.strictObject({
  accounts: z.record(z.string(), z.strictObject({ user_id: PostId, since_id: PostId.nullable(), polled_at: Timestamp })),
  /** A dispatch owed: set before dispatching, cleared when GitHub accepted it. */
  dispatch_pending: z.boolean(),
  /**
   * When GitHub last answered a dispatch in a way that may have started the pull (src/jobs/watch/dispatch.ts): none is
   * sent for a while after.
   */
  dispatch_uncertain_at: Timestamp.optional(),
});
export type WatchState = z.infer<typeof WatchState>;

export const EMPTY_STATE: WatchState = { accounts: {}, dispatch_pending: false };

/** The owed dispatch as `owe` leaves it: its generation, and the latest uncertain answer any run recorded. */
export interface Owed {
  generation: number;
  uncertainAt: string | undefined;
}

export interface WatchStore {
  /** The cursors, whether a dispatch is owed, the latest uncertain dispatch, and the owed dispatch's generation. */
  read(): Promise<{ state: WatchState; generation: number }>;
  /**
   * Writes back what healing replaced (heal.ts), each only while the stored value is still the one that
   * was read (`before`): a cursor dropped, a poll time reset, an uncertain dispatch forgotten.
   */
  heal(before: WatchState, after: WatchState): Promise<void>;
  /** Forgets the cursor X refused for `account`, unless another run moved it meanwhile. */
  forgetCursor(account: string, refused: string): Promise<void>;
  /** Moves each account's cursor forward (never back) and its poll time; returns the names whose cursor this write moved. */
  advance(accounts: WatchState['accounts']): Promise<Set<string>>;
  /** Marks a dispatch owed; returns its generation and the latest uncertain dispatch (an overlapping run's included). */
  owe(): Promise<Owed>;
  /**
   * Settles the owed dispatch, unless one was owed after `generation`; `uncertainAt` records an answer that may have
   * started the pull (the later one is kept).
   */
  dispatched(generation: number, uncertainAt?: string): Promise<void>;
}

/** A timestamptz as our Timestamp (UTC, to the second). */
const asTimestamp = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Rows as stored, checked against the schema: a row that does not fit is left out (the floor in run.ts bounds a fresh start). */
export function watchStore(sql: Sql): WatchStore {
  const forgetCursor = async (account: string, refused: string): Promise<void> => {
    await sql.query('UPDATE watch_accounts SET since_id = NULL WHERE name = $1 AND since_id = $2::numeric', [account, refused]);
  };
  return {
    async read() {
      const accounts = await sql.query<{ name: string; user_id: string; since_id: string | null; polled_at: string }>(
        `SELECT name, user_id, since_id::text AS since_id, ${asTimestamp('polled_at')} AS polled_at FROM watch_accounts ORDER BY name`,
      );
      const dispatch = await sql.query<{ pending: boolean; generation: number; uncertain_at: string | null }>(
        `SELECT pending, generation, ${asTimestamp('uncertain_at')} AS uncertain_at FROM watch_dispatch WHERE id`,
      );
      const row = dispatch.rows[0];
      const parsed = WatchState.safeParse({
        accounts: Object.fromEntries(
          accounts.rows.map((r) => [r.name, { user_id: r.user_id, since_id: r.since_id, polled_at: r.polled_at }]),
        ),
        dispatch_pending: row?.pending ?? false,
        ...(row?.uncertain_at ? { dispatch_uncertain_at: row.uncertain_at } : {}),
      });
      return { state: parsed.success ? parsed.data : EMPTY_STATE, generation: row?.generation ?? 0 };
    },
    async heal(before, after) {
      for (const [name, a] of Object.entries(after.accounts)) {
        const was = before.accounts[name];
        if (!was) continue;
        if (was.since_id !== null && a.since_id === null) await forgetCursor(name, was.since_id);
        // The stored time is read to the second: `>=` still matches the value read, and anything later is as impossible.
        if (a.polled_at < was.polled_at)
          await sql.query('UPDATE watch_accounts SET polled_at = $2::timestamptz WHERE name = $1 AND polled_at >= $3::timestamptz', [
            name,
            a.polled_at,
            was.polled_at,
          ]);
      }
      if (before.dispatch_uncertain_at !== undefined && after.dispatch_uncertain_at === undefined) {
        await sql.query('UPDATE watch_dispatch SET uncertain_at = NULL WHERE id AND uncertain_at >= $1::timestamptz', [
          before.dispatch_uncertain_at,
        ]);
      }
    },
    forgetCursor,
    async advance(accounts) {
      const moved = new Set<string>();
      for (const [name, a] of Object.entries(accounts)) {
        // Whichever statement moves the cursor says so; of two runs at once, only one can (the other's insert
        // waits for the first and then does nothing, and its update finds the cursor no longer behind).
        const inserted = await sql.query(
          `INSERT INTO watch_accounts (name, user_id, since_id, polled_at) VALUES ($1, $2, $3::numeric, $4::timestamptz) ` +
            `ON CONFLICT (name) DO NOTHING RETURNING since_id IS NOT NULL AS moved`,
          [name, a.user_id, a.since_id, a.polled_at],
        );
        if (inserted.rows.length > 0) {
          if ((inserted.rows[0] as { moved: boolean }).moved) moved.add(name);
          continue;
        }
        const forward = await sql.query(
          `UPDATE watch_accounts SET since_id = $2::numeric, user_id = $3, polled_at = GREATEST(polled_at, $4::timestamptz) ` +
            `WHERE name = $1 AND $2::numeric IS NOT NULL AND (since_id IS NULL OR since_id < $2::numeric) RETURNING ` +
            `1`,
          [name, a.since_id, a.user_id, a.polled_at],
        );
        if (forward.rows.length > 0) moved.add(name);
        else
          await sql.query('UPDATE watch_accounts SET polled_at = GREATEST(polled_at, $2::timestamptz) WHERE name = $1', [
            name,
            a.polled_at,
          ]);
      }
      return moved;
    },
    async owe() {
      const { rows } = await sql.query<{ generation: number; uncertain_at: string | null }>(
        `INSERT INTO watch_dispatch AS d (id, pending, generation, updated_at) VALUES (true, true, 1, clock_timestamp())
         ON CONFLICT (id) DO UPDATE SET pending = true, generation = d.generation + 1, updated_at = clock_timestamp()
         RETURNING generation, ${asTimestamp('uncertain_at')} AS uncertain_at`,
      );
      return { generation: rows[0]!.generation, uncertainAt: rows[0]!.uncertain_at ?? undefined };
    },
    async dispatched(generation, uncertainAt) {
      // GREATEST ignores NULL: an uncertain answer recorded by an overlapping run is kept when it is the later one.
      await sql.query(
        `UPDATE watch_dispatch SET pending = CASE WHEN generation <= $1 THEN false ELSE pending END, uncertain_at ` +
          `= GREATEST(uncertain_at, $2::timestamptz), updated_at = clock_timestamp() WHERE id`,
        [generation, uncertainAt ?? null],
      );
    },
  };
}
