/**
 * Status adapters for OpenAI's status page (incident.io): the Statuspage-compatible summary and, as a
 * fallback, the incident.io widget JSON. Both become the same snapshot of the Codex components.
 */
import { z } from 'zod';
import type { ComponentStatus as ComponentStatusSchema, SignalsFile } from '../../core/schema/index.ts';
import { cleanText } from '../../core/sanitize.ts';
import { SOURCE_APIS, SOURCES, sourceUrl } from '../../core/sources.ts';
import { getJson, type HttpDeps } from '../../net/http.ts';
import { DriftError, parseOrThrow, toUtc } from '../intake/parse.ts';
import { HOUR_MS } from '../../core/time-units.ts';

type ComponentStatus = z.infer<typeof ComponentStatusSchema>;
export type StatusSnapshot = Omit<SignalsFile['status'], 'checked_at'>;
type Incident = StatusSnapshot['incidents'][number];

const KNOWN_STATUSES = new Set(['operational', 'degraded_performance', 'partial_outage', 'major_outage', 'under_maintenance']);
/** incident.io words for the same states. */
const ALIASES: Record<string, ComponentStatus> = { full_outage: 'major_outage', maintenance: 'under_maintenance' };

export function toComponentStatus(raw: string): ComponentStatus {
  return KNOWN_STATUSES.has(raw) ? (raw as ComponentStatus) : (ALIASES[raw] ?? 'unknown');
}

const INDICATORS = new Set(['none', 'minor', 'major', 'critical', 'maintenance']);
const IMPACT_OF: Record<string, string> = {
  degraded_performance: 'minor',
  partial_outage: 'major',
  full_outage: 'critical',
  major_outage: 'critical',
};
const INDICATOR_RANK = ['none', 'maintenance', 'minor', 'major', 'critical'] as const;

const isCodex = (name: string): boolean => SOURCES.status.componentPattern.test(name);

/** Upstream names and words, sanitised and capped before anything else sees them (src/core/sanitize.ts). */
const name = (raw: string): string => cleanText(raw, 'name');
const word = (raw: string): string => cleanText(raw, 'word');

/**
 * An incident's link: the page's own link when it is on the status host, the documented incident page
 * when there is none, and null (with a note in `dropped`) when the page links elsewhere.
 */
function incidentLink(raw: string | null | undefined, id: string, dropped: string[]): string | null {
  if (!raw) return SOURCES.status.incidentUrl(id);
  const url = sourceUrl('status', raw);
  if (url === null) dropped.push(`incident ${id}: link not on ${SOURCE_APIS.status.base.replace('https://', '')} left out`);
  return url;
}

/** Keeps ongoing incidents and those resolved within the recent window, newest first. */
function recentIncidents(incidents: Incident[], now: Date): Incident[] {
  const cutoff = now.getTime() - SOURCES.status.recentIncidentHours * HOUR_MS;
  return incidents
    .filter((i) => i.resolved_at === null || Date.parse(i.resolved_at) >= cutoff)
    .sort((a, b) => (a.started_at === b.started_at ? a.id.localeCompare(b.id) : a.started_at < b.started_at ? 1 : -1));
}

function requireCodex(components: { name: string; status: ComponentStatus }[], total: number, what: string): typeof components {
  const codex = components.filter((c) => isCodex(c.name)).sort((a, b) => a.name.localeCompare(b.name));
  if (codex.length === 0) throw new DriftError(`${what}: no Codex component among ${total} components (renamed or empty?)`);
  return codex;
}

const SummaryDoc = z.object({
  status: z.object({ indicator: z.string() }),
  components: z.array(z.object({ id: z.string(), name: z.string(), status: z.string() })),
  incidents: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.string(),
      impact: z.string(),
      created_at: z.string(),
      started_at: z.string().nullish(),
      resolved_at: z.string().nullish(),
      shortlink: z.string().nullish(),
      components: z.array(z.object({ name: z.string() })).optional(),
    }),
  ),
});

/** Parses `/api/v2/summary.json` into the Codex snapshot; links left out are noted in `dropped`. */
export function parseStatusSummary(doc: unknown, now: Date, dropped: string[] = []): StatusSnapshot {
  const what = 'summary.json';
  const s = parseOrThrow(SummaryDoc, doc, what);
  const components = requireCodex(
    s.components.map((c) => ({ name: name(c.name), status: toComponentStatus(c.status) })),
    s.components.length,
    what,
  );
  const incidents = s.incidents
    .filter((i) => isCodex(i.name) || (i.components ?? []).some((c) => isCodex(c.name)))
    .map((i) => {
      const id = cleanText(i.id, 'id');
      return {
        id,
        name: name(i.name),
        status: word(i.status),
        impact: word(i.impact),
        started_at: toUtc(i.started_at ?? i.created_at, `${what}: incident ${id}`),
        resolved_at: i.resolved_at ? toUtc(i.resolved_at, `${what}: incident ${id}`) : null,
        url: incidentLink(i.shortlink, id, dropped),
      };
    });
  const indicator = INDICATORS.has(s.status.indicator) ? (s.status.indicator as StatusSnapshot['indicator']) : 'unknown';
  return { indicator, components, incidents: recentIncidents(incidents, now) };
}

const WidgetDoc = z.object({
  summary: z.object({
    components: z.array(z.object({ id: z.string(), name: z.string() })),
    affected_components: z.array(z.object({ component_id: z.string(), status: z.string() })),
    ongoing_incidents: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        status: z.string(),
        published_at: z.string().optional(),
        last_update_at: z.string().optional(),
        current_worst_impact: z.string(),
        url: z.string().optional(),
        affected_components: z.array(z.object({ name: z.string().optional() })).optional(),
      }),
    ),
  }),
});

/** Parses the incident.io widget JSON (`/proxy/status.openai.com`): unlisted components are operational. */
export function parseStatusWidget(doc: unknown, now: Date, dropped: string[] = []): StatusSnapshot {
  const what = 'widget';
  const s = parseOrThrow(WidgetDoc, doc, what).summary;
  const affected = new Map(s.affected_components.map((a) => [a.component_id, toComponentStatus(a.status)]));
  const components = requireCodex(
    s.components.map((c) => ({ name: name(c.name), status: affected.get(c.id) ?? 'operational' })),
    s.components.length,
    what,
  );
  const incidents = s.ongoing_incidents
    .filter((i) => isCodex(i.name) || (i.affected_components ?? []).some((c) => isCodex(c.name ?? '')))
    .map((i) => {
      const started = i.published_at ?? i.last_update_at;
      const id = cleanText(i.id, 'id');
      if (!started) throw new DriftError(`${what}: incident ${id}: no published_at`);
      return {
        id,
        name: name(i.name),
        status: word(i.status),
        impact: word(IMPACT_OF[i.current_worst_impact] ?? i.current_worst_impact),
        started_at: toUtc(started, `${what}: incident ${id}`),
        resolved_at: null,
        url: incidentLink(i.url, id, dropped),
      };
    });
  // The widget has no page indicator: derive it, like Statuspage does, from the worst component anywhere.
  const worst = [...affected.values()].map((st) => (st === 'under_maintenance' ? 'maintenance' : (IMPACT_OF[st] ?? 'none')));
  const indicator = worst.reduce<string>(
    (a, b) => (INDICATOR_RANK.indexOf(b as never) > INDICATOR_RANK.indexOf(a as never) ? b : a),
    'none',
  );
  return { indicator: indicator as StatusSnapshot['indicator'], components, incidents: recentIncidents(incidents, now) };
}

export interface StatusResult {
  snapshot: StatusSnapshot;
  via: 'summary' | 'widget';
  /** What the answer held that was left out (links to other hosts), for the source's check. */
  dropped: string[];
}

const label = (name: string, e: unknown): string => (e instanceof DriftError ? (e as Error).message : `${name}: ${(e as Error).message}`);

/** Summary first; the widget only when the summary fails. Throws with both reasons when both fail. */
export async function pullStatus(http: HttpDeps, base: string, now: Date): Promise<StatusResult> {
  const url = (path: string): string => new URL(path, base).toString();
  try {
    const { body } = await getJson(http, url(SOURCES.status.summaryPath), { maxBytes: SOURCES.status.maxBytes });
    const dropped: string[] = [];
    return { snapshot: parseStatusSummary(body, now, dropped), via: 'summary', dropped };
  } catch (summaryError) {
    try {
      const { body } = await getJson(http, url(SOURCES.status.widgetPath), { maxBytes: SOURCES.status.maxBytes });
      const dropped: string[] = [];
      return { snapshot: parseStatusWidget(body, now, dropped), via: 'widget', dropped };
    } catch (widgetError) {
      throw new Error(`${label('summary.json', summaryError)}; ${label('widget', widgetError)}`);
    }
  }
}
