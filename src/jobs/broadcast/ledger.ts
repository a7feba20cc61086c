/**
 * The alert ledger: who may send which alert to which outlet, and how each send ended, in the
 * database (table `alert_deliveries`, netlify/database/migrations/0001_alert_state.sql). Every sender
 * (the watcher function, `npm run broadcast`) goes through it; every change is **one atomic
 * statement**, so no interleaving of senders can send an alert twice or lose one (docs/alerts.md,
 * "Claims, leases and attempts"):
 *
 * - **claim**: `INSERT … ON CONFLICT DO UPDATE … WHERE <may be attempted> RETURNING`: a new row, or the
 *   takeover of a row that is not sent, not given up, and whose lease has ended, all decided on the row
 *   as it is when the statement runs. It writes the token the sender made (so a claim whose answer is
 *   lost can still be released by it) and a lease that starts when the row is written
 *   (`clock_timestamp()`: the database's clock, the same for every sender), and counts the send as one
 *   that may arrive until it is settled otherwise (so a sender that dies mid-send leaves a claim that is
 *   resent once, after its lease).
 * - **settle**: `UPDATE … WHERE token = <this claim's> AND state = 'claimed' RETURNING`: only the claim's
 *   holder settles it, and only once: the token stays on the row (the next claim overwrites it), so a
 *   settlement tried again after its answer was lost finds its own earlier one and counts it. sent is
 *   final; uncertain keeps the count and the lease; refused moves the count to the refused ones;
 *   released takes it back and ends the lease (it provably did not arrive: the next run sends it).
 * - **prune**: by the database's clock, never ahead of the sender's.
 *
 * Every text it stores is cleaned first, here and nowhere else: the claim's outlet credential and the
 * environment's secrets removed (the one redactor, src/core/secrets/redact.ts), one line, at most
 * TEXT_CAPS.error. Pure apart from the `Sql` passed in (and the token maker, crypto's by default).
 */
import { shortAlertId } from '../../core/alerts/derive.ts';
import type { Alert } from '../../core/schema/index.ts';
import { cleanText, fitWithEllipsis, TEXT_CAPS } from '../../core/sanitize.ts';
import type { Redactor } from '../../core/secrets/redact.ts';
import type { Sql } from '../../core/sql.ts';
import { MINUTE_MS } from '../../core/time-units.ts';
import type { Ending } from './ending.ts';
import { SEND_RULES } from './send-rules.ts';

/**
 * How long a claim holds off the other senders, from the moment it is written (on the database's clock).
 * A send ends OUTLET_SEND_MS after its claim came back and its settlement follows within the run's
 * budget (broadcast.ts), so the lease leaves more than four minutes to spare: a database clock that steps
 * forward by less than that during a send cannot let a second sender take it over (docs/alerts.md,
 * "Claims, leases and attempts"). Longer would only delay the one resend of an alert that may have
 * arrived.
 */
export const CLAIM_LEASE_MS = 5 * MINUTE_MS;
/** Rows are kept this long after their alert's time (well past SEND_RULES.maxAgeHours, after which they could not be sent anyway). */
export const KEEP_DAYS = 7;

/** One claim held: only its token settles it. */
export interface Claim {
  outlet: string;
  alertId: string;
  token: string;
  /** What every text stored about this claim is cleaned of, besides the environment's secrets: the outlet's credential (outletRedactor). */
  redact: Redactor;
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

/** A claim, or why not (`ours`: the row's last claim was made by this ledger, that is by this run). */
export type ClaimResult = { claim: Claim } | { held: string; ours: boolean };
export type Settled = { uncertainAttempts: number; refusedAttempts: number } | null;

/**
 * A claim statement that did not answer (an error, a deadline): it may have committed without the sender
 * knowing. `claim` is what it would have held; releasing it (settle, `released`) gives the attempt back.
 */
export class UnansweredClaim extends Error {
  override name = 'UnansweredClaim';
  readonly claim: Claim;
  constructor(claim: Claim, cause: unknown) {
    super((cause as Error)?.message ?? String(cause));
    this.claim = claim;
  }
}

export interface LedgerOptions {
  /** The environment's secrets (`redactorFrom(env)`, made by the binding): removed from every text the ledger stores. */
  redact: Redactor;
  /** How long one database call may take (the binding's deadline): what a settlement needs of a run's budget. */
  settleMs: number;
  /** The claims' lease (CLAIM_LEASE_MS). */
  leaseMs?: number;
  /** A new claim token; crypto's random UUID unless a test gives its own. */
  newToken?: () => string;
}

export interface AlertLedger {
  /** The claims' lease, as written by this ledger. */
  readonly leaseMs: number;
  /** How long one of its database calls may take. */
  readonly settleMs: number;
  /** The rows of these alerts on this outlet, by alert id. */
  deliveries(outlet: string, alertIds: readonly string[]): Promise<Map<string, Delivery>>;
  /**
   * Claims (outlet, alert) for one send, or says why not (`held`: already sent, given up, or within a
   * lease). `redact` is the outlet's credential remover, kept with the claim for what its settlement stores.
   * Throws UnansweredClaim when the claim statement does not answer.
   */
  claim(outlet: string, alert: Pick<Alert, 'id' | 'at'>, redact: Redactor): Promise<ClaimResult>;
  /**
   * Records how the claimed send ended; null when the claim was no longer this sender's (its lease ended
   * and another took it over). Idempotent: tried again after a lost answer, it finds its own settlement.
   */
  settle(claim: Claim, ending: Ending): Promise<Settled>;
  /**
   * Forgets rows whose alert is more than KEEP_DAYS old by the database's clock, or by `senderNow` when
   * that is earlier (a sender whose clock is behind still sends those alerts). Returns how many.
   */
  prune(senderNow: Date): Promise<number>;
}

const MAX_UNCERTAIN = SEND_RULES.maxAttempts.uncertain;
const MAX_REFUSED = SEND_RULES.maxAttempts.failed;

/** Whether a row still allows an attempt (leaving the lease aside): not sent, attempts left of both kinds. */
export function attemptable(d: Pick<Delivery, 'state' | 'uncertain_attempts' | 'refused_attempts'> | undefined): boolean {
  return d === undefined || (d.state !== 'sent' && d.uncertain_attempts < MAX_UNCERTAIN && d.refused_attempts < MAX_REFUSED);
}

/**
 * Why a claim was refused, from the row as it stands (the refusal itself was decided by the claim
 * statement); `ours` when the row's last claim is this run's own, which no other sender holds.
 */
export function heldBecause(d: Delivery | undefined, ours = false): string {
  if (d === undefined) return 'refused (the row changed meanwhile)';
  const why = (): string => {
    if (d.state === 'sent') return 'already sent';
    if (!attemptable(d)) return 'given up';
    if (d.leased)
      return d.state === 'claimed'
        ? ours
          ? 'its claim is within its lease'
          : 'held by another sender (its claim is within its lease)'
        : `may have arrived (${d.state}); not resent before its lease ends`;
    return 'refused (the row changed meanwhile)';
  };
  return ours ? `claimed earlier in this run: ${why()}` : why();
}

/** The row state each ending leads to. */
const STATE_OF: Record<Ending['kind'], Delivery['state']> = {
  sent: 'sent',
  uncertain: 'uncertain',
  refused: 'failed',
  released: 'released',
};

/** What each ending changes on the claimed row ($4: the stored text). */
const CHANGE_OF: Record<Ending['kind'], string> = {
  sent: `state = 'sent', lease_until = NULL, last_error = NULL`,
  uncertain: `state = 'uncertain', last_error = $4`,
  refused: `state = 'failed', uncertain_attempts = uncertain_attempts - 1, refused_attempts = refused_attempts + 1, lease_until = NULL, last_error = $4`,
  released: `state = 'released', uncertain_attempts = uncertain_attempts - 1, lease_until = NULL, last_error = $4`,
};

const ROW = `outlet, alert_id, state, uncertain_attempts, refused_attempts, (lease_until IS NOT NULL AND lease_until > clock_timestamp()) AS leased`;

/**
 * A text as the ledger stores it: the secrets removed, then cleaned to one line (which may join what
 * control characters split: removed again), then cut, so no cut can leave a piece of a secret.
 */
function storedText(text: string, redact: Redactor): string {
  return fitWithEllipsis(redact(cleanText(redact(text), 4 * TEXT_CAPS.error)), TEXT_CAPS.error);
}

export function alertLedger(sql: Sql, options: LedgerOptions): AlertLedger {
  const leaseMs = options.leaseMs ?? CLAIM_LEASE_MS;
  const newToken = options.newToken ?? (() => globalThis.crypto.randomUUID());
  /** The tokens this ledger wrote: one ledger is made per run, so these are the run's own claims. */
  const ours = new Set<string>();
  const deliveries = async (outlet: string, ids: readonly string[]): Promise<Map<string, Delivery>> => {
    if (ids.length === 0) return new Map();
    const { rows } = await sql.query<Delivery>(`SELECT ${ROW} FROM alert_deliveries WHERE outlet = $1 AND alert_id = ANY($2::text[])`, [
      outlet,
      [...ids],
    ]);
    return new Map(rows.map((r) => [r.alert_id, r]));
  };
  const refusal = async (outlet: string, alertId: string): Promise<{ held: string; ours: boolean }> => {
    const { rows } = await sql.query<Delivery & { claim_token: string | null }>(
      `SELECT ${ROW}, claim_token FROM alert_deliveries WHERE outlet = $1 AND alert_id = $2`,
      [outlet, alertId],
    );
    const own = rows[0]?.claim_token != null && ours.has(rows[0].claim_token);
    return { held: heldBecause(rows[0], own), ours: own };
  };
  return {
    leaseMs,
    settleMs: options.settleMs,
    deliveries,
    async claim(outlet, alert, redact) {
      const claim: Claim = { outlet, alertId: alert.id, token: newToken(), redact };
      ours.add(claim.token);
      let written: boolean;
      try {
        const { rows } = await sql.query(
          `INSERT INTO alert_deliveries AS d (outlet, alert_id, alert_at, state, uncertain_attempts, refused_attempts, claim_token, lease_until, updated_at)
           VALUES ($1, $2, $3::timestamptz, 'claimed', 1, 0, $7, clock_timestamp() + $4 * interval '1 millisecond', clock_timestamp())
           ON CONFLICT (outlet, alert_id) DO UPDATE
             SET state = 'claimed', uncertain_attempts = d.uncertain_attempts + 1, claim_token = excluded.claim_token,
                 lease_until = excluded.lease_until, updated_at = excluded.updated_at
             WHERE d.state <> 'sent' AND d.uncertain_attempts < $5 AND d.refused_attempts < $6
               AND (d.lease_until IS NULL OR d.lease_until <= clock_timestamp())
           RETURNING 1`,
          [outlet, alert.id, alert.at, leaseMs, MAX_UNCERTAIN, MAX_REFUSED, claim.token],
        );
        written = rows.length > 0;
      } catch (e) {
        throw new UnansweredClaim(claim, e);
      }
      return written ? { claim } : refusal(outlet, alert.id);
    },
    async settle(claim, ending) {
      const key = [claim.outlet, claim.alertId, claim.token];
      const why = ending.kind === 'sent' ? [] : [storedText(ending.why, (t) => options.redact(claim.redact(t)))];
      const { rows } = await sql.query<{ u: number; r: number }>(
        `UPDATE alert_deliveries SET ${CHANGE_OF[ending.kind]}, updated_at = clock_timestamp()
         WHERE outlet = $1 AND alert_id = $2 AND claim_token = $3 AND state = 'claimed'
         RETURNING uncertain_attempts AS u, refused_attempts AS r`,
        [...key, ...why],
      );
      if (rows[0]) return { uncertainAttempts: rows[0].u, refusedAttempts: rows[0].r };
      // Nothing claimed under this token: settled already by an earlier try whose answer was lost, or taken over.
      const mine = await sql.query<{ state: string; u: number; r: number }>(
        'SELECT state, uncertain_attempts AS u, refused_attempts AS r FROM alert_deliveries WHERE outlet = $1 AND alert_id = $2 AND claim_token = $3',
        key,
      );
      const row = mine.rows[0];
      return row && row.state === STATE_OF[ending.kind] ? { uncertainAttempts: row.u, refusedAttempts: row.r } : null;
    },
    async prune(senderNow) {
      const { rows } = await sql.query<{ n: number }>(
        `WITH gone AS (DELETE FROM alert_deliveries WHERE alert_at < LEAST(clock_timestamp(), $1::timestamptz) - $2 * interval '1 day' ` +
          `AND (lease_until IS NULL OR lease_until <= clock_timestamp()) RETURNING 1) SELECT count(*)::int AS n FROM gone`,
        [senderNow.toISOString(), KEEP_DAYS],
      );
      return rows[0]?.n ?? 0;
    },
  };
}

/** `reset:…` for lines. */
export const claimName = (c: Pick<Claim, 'alertId'>): string => shortAlertId(c.alertId);
