/**
 * The alert ledger: who may send which alert to which outlet, and how each send ended, in the
 * database (table `alert_deliveries`, netlify/database/migrations/0001_alert_state.sql). Every sender
 * (the watcher function, `npm run broadcast`) goes through it; every change is **one atomic
 * statement**, so no interleaving of senders can send an alert twice or lose one (docs/alerts.md,
 * "Claims, leases and attempts"):
 *
 * - **claim**: `INSERT … ON CONFLICT DO UPDATE … WHERE <may be attempted> RETURNING`: a new row, or the
 *   takeover of a row that is not sent, not given up, and whose lease has ended, all decided on the row
 *   as it is when the statement runs. It writes a fresh token and a lease that starts when the row is
 *   written (`clock_timestamp()`: the database's clock, the same for every sender), and counts the send
 *   as one that may arrive until it is settled otherwise (so a sender that dies mid-send leaves a claim
 *   that is resent once, after its lease).
 * - **settle**: `UPDATE … WHERE token = <this claim's> RETURNING`: only the claim's holder settles it.
 *   sent is final; uncertain keeps the count and the lease; refused moves the count to the refused
 *   ones; released takes it back and ends the lease (it provably did not arrive: the next run sends it).
 *
 * Pure apart from the `Sql` passed in.
 */
import { shortAlertId } from '../../core/alerts/derive.ts';
import type { Alert } from '../../core/schema/index.ts';
import type { Sql } from '../../core/sql.ts';
import { toTimestamp } from '../../core/time.ts';
import { DAY_MS, MINUTE_MS } from '../../core/time-units.ts';
import type { Ending } from './ending.ts';
import { SEND_RULES } from './sent-log.ts';

/**
 * How long a claim holds off the other senders, from the moment it is written. A send gets half of it
 * as its own deadline (broadcast.ts), starting after the claim came back, so it always ends before its
 * lease does: no second sender can take over a send still in flight. Half is 90 s, more than the
 * outlets' client can take (3 × 10 s timeouts plus 2 × 20 s asked-for waits, 70 s); the watcher
 * function is stopped at 30 s anyway.
 */
export const CLAIM_LEASE_MS = 3 * MINUTE_MS;
/** Rows are kept this long after their alert's time (well past SEND_RULES.maxAgeHours, after which they could not be sent anyway). */
export const KEEP_DAYS = 7;

/** One claim held: only its token settles it. */
export interface Claim {
  outlet: string;
  alertId: string;
  token: string;
}

/** A row as the ledger reports it. */
export interface Delivery {
  outlet: string;
  alert_id: string;
  state: 'claimed' | 'sent' | 'uncertain' | 'failed' | 'released';
  uncertain_attempts: number;
  refused_attempts: number;
  /** The lease has not ended yet (on the database's clock). */
  leased: boolean;
}

export type ClaimResult = { claim: Claim } | { held: string };
export type Settled = { uncertainAttempts: number; refusedAttempts: number } | null;

export interface AlertLedger {
  /** The rows of these alerts on this outlet, by alert id. */
  deliveries(outlet: string, alertIds: readonly string[]): Promise<Map<string, Delivery>>;
  /** Claims (outlet, alert) for one send, or says why not (`held`: already sent, given up, or another sender's lease). */
  claim(outlet: string, alert: Pick<Alert, 'id' | 'at'>): Promise<ClaimResult>;
  /** Records how the claimed send ended; null when the claim was no longer this sender's (its lease ended and another took it over). */
  settle(claim: Claim, ending: Ending): Promise<Settled>;
  /** Forgets rows whose alert is more than KEEP_DAYS older than `now`. Returns how many. */
  prune(now: Date): Promise<number>;
}

const MAX_UNCERTAIN = SEND_RULES.maxAttempts.uncertain;
const MAX_REFUSED = SEND_RULES.maxAttempts.failed;

/** Whether a row still allows an attempt (leaving the lease aside): not sent, attempts left of both kinds. */
export function attemptable(d: Pick<Delivery, 'state' | 'uncertain_attempts' | 'refused_attempts'> | undefined): boolean {
  return d === undefined || (d.state !== 'sent' && d.uncertain_attempts < MAX_UNCERTAIN && d.refused_attempts < MAX_REFUSED);
}

/** Why a claim was refused, from the row as it stands (the refusal itself was decided by the claim statement). */
export function heldBecause(d: Delivery | undefined): string {
  if (d === undefined) return 'refused (the row changed meanwhile)';
  if (d.state === 'sent') return 'already sent';
  if (!attemptable(d)) return 'given up';
  if (d.leased)
    return d.state === 'claimed'
      ? 'held by another sender (its claim is within its lease)'
      : `may have arrived (${d.state}); not resent before its lease ends`;
  return 'refused (the row changed meanwhile)';
}

const ROW = `outlet, alert_id, state, uncertain_attempts, refused_attempts, (lease_until IS NOT NULL AND lease_until > clock_timestamp()) AS leased`;

export function alertLedger(sql: Sql, leaseMs: number = CLAIM_LEASE_MS): AlertLedger {
  const deliveries = async (outlet: string, ids: readonly string[]): Promise<Map<string, Delivery>> => {
    if (ids.length === 0) return new Map();
    const { rows } = await sql.query<Delivery>(`SELECT ${ROW} FROM alert_deliveries WHERE outlet = $1 AND alert_id = ANY($2::text[])`, [
      outlet,
      [...ids],
    ]);
    return new Map(rows.map((r) => [r.alert_id, r]));
  };
  return {
    deliveries,
    async claim(outlet, alert) {
      const { rows } = await sql.query<{ token: string }>(
        `INSERT INTO alert_deliveries AS d (outlet, alert_id, alert_at, state, uncertain_attempts, refused_attempts, claim_token, lease_until, updated_at)
         VALUES ($1, $2, $3::timestamptz, 'claimed', 1, 0, gen_random_uuid()::text, clock_timestamp() + $4 * interval '1 millisecond', clock_timestamp())
         ON CONFLICT (outlet, alert_id) DO UPDATE
           SET state = 'claimed', uncertain_attempts = d.uncertain_attempts + 1, claim_token = excluded.claim_token,
               lease_until = excluded.lease_until, updated_at = excluded.updated_at
           WHERE d.state <> 'sent' AND d.uncertain_attempts < $5 AND d.refused_attempts < $6
             AND (d.lease_until IS NULL OR d.lease_until <= clock_timestamp())
         RETURNING d.claim_token AS token`,
        [outlet, alert.id, alert.at, leaseMs, MAX_UNCERTAIN, MAX_REFUSED],
      );
      if (rows[0]) return { claim: { outlet, alertId: alert.id, token: rows[0].token } };
      return { held: heldBecause((await deliveries(outlet, [alert.id])).get(alert.id)) };
    },
    async settle(claim, ending) {
      const change = {
        sent: `state = 'sent', lease_until = NULL, last_error = NULL`,
        uncertain: `state = 'uncertain', last_error = $4`,
        refused: `state = 'failed', uncertain_attempts = uncertain_attempts - 1, refused_attempts = refused_attempts + 1, lease_until = NULL, last_error = $4`,
        released: `state = 'released', uncertain_attempts = uncertain_attempts - 1, lease_until = NULL, last_error = $4`,
      }[ending.kind];
      const why = ending.kind === 'sent' ? null : ending.why.slice(0, 500);
      const { rows } = await sql.query<{ u: number; r: number }>(
        `UPDATE alert_deliveries SET ${change}, claim_token = NULL, updated_at = clock_timestamp()
         WHERE outlet = $1 AND alert_id = $2 AND claim_token = $3
         RETURNING uncertain_attempts AS u, refused_attempts AS r`,
        ending.kind === 'sent' ? [claim.outlet, claim.alertId, claim.token] : [claim.outlet, claim.alertId, claim.token, why],
      );
      return rows[0] ? { uncertainAttempts: rows[0].u, refusedAttempts: rows[0].r } : null;
    },
    async prune(now) {
      const { rows } = await sql.query<{ n: number }>(
        `WITH gone AS (DELETE FROM alert_deliveries WHERE alert_at < $1::timestamptz AND (lease_until IS NULL ` +
          `OR lease_until <= clock_timestamp()) RETURNING 1) SELECT count(*)::int AS n FROM gone`,
        [toTimestamp(new Date(now.getTime() - KEEP_DAYS * DAY_MS))],
      );
      return rows[0]?.n ?? 0;
    },
  };
}

/** `reset:…` for lines. */
export const claimName = (c: Pick<Claim, 'alertId'>): string => shortAlertId(c.alertId);
