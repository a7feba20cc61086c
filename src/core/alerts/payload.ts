/** /api/v1/alerts.json: the whole alert stream, newest first, with the rules that made it. */
import type { Dataset } from '../dataset/index.ts';
import { SCHEMA_VERSION, type AlertsPayload } from '../schema/index.ts';
import { EXPIRY_REMINDER_HOURS } from '../facts/banked.ts';
import { deriveAlerts, EXPIRING_HOURS } from './derive.ts';
import { GAP_HOURS, HORIZONS, THRESHOLD_RULE_TEXT, THRESHOLDS } from './thresholds.ts';

export const ALERT_RULES: AlertsPayload['rules'] = {
  expiring_hours: EXPIRING_HOURS,
  expiring_reminder_hours: [...EXPIRY_REMINDER_HOURS],
  horizons_hours: [...HORIZONS],
  thresholds: THRESHOLDS.map((t) => ({ ...t })),
  gap_hours: GAP_HOURS,
  text: THRESHOLD_RULE_TEXT,
};

export function createAlertsPayload(data: Dataset, now: Date, generatedAt: string, source: string): AlertsPayload {
  return { schema_version: SCHEMA_VERSION, generated_at: generatedAt, source, rules: ALERT_RULES, alerts: deriveAlerts(data, now, source) };
}
