/**
 * The published payloads the MCP tools answer from: the exact text of each generated file in
 * /api/v1/ and its validated value. Parsed once per function instance by the caller.
 */
import type { z } from 'zod';
import { ForecastPayload, SignalsPayload, TimelinePayload } from '../schema.ts';

export const PUBLISHED_SCHEMAS = { forecast: ForecastPayload, timeline: TimelinePayload, signals: SignalsPayload } as const;
export type PublishedName = keyof typeof PUBLISHED_SCHEMAS;
export const PUBLISHED_NAMES = Object.keys(PUBLISHED_SCHEMAS) as PublishedName[];

export interface Published<T> {
  /** The file's bytes as published (what a tool returns as its text block). */
  text: string;
  value: T;
}
export type PublishedPayloads = { [K in PublishedName]: Published<z.infer<(typeof PUBLISHED_SCHEMAS)[K]>> };

/** Validates each file's text against its payload schema; throws one error naming every bad file and field. */
export function parsePublished(texts: Record<PublishedName, string>): PublishedPayloads {
  const problems: string[] = [];
  const parse = <K extends PublishedName>(name: K): Published<z.infer<(typeof PUBLISHED_SCHEMAS)[K]>> | undefined => {
    let doc: unknown;
    try {
      doc = JSON.parse(texts[name]);
    } catch (e) {
      problems.push(`api/v1/${name}.json: not valid JSON: ${(e as Error).message}`);
      return undefined;
    }
    const result = PUBLISHED_SCHEMAS[name].safeParse(doc);
    if (!result.success) {
      for (const i of result.error.issues) problems.push(`api/v1/${name}.json: ${i.path.join('.') || '(whole file)'}: ${i.message}`);
      return undefined;
    }
    return { text: texts[name], value: result.data as z.infer<(typeof PUBLISHED_SCHEMAS)[K]> };
  };
  const forecast = parse('forecast');
  const timeline = parse('timeline');
  const signals = parse('signals');
  if (!forecast || !timeline || !signals) throw new Error(`invalid published payloads:\n  - ${problems.join('\n  - ')}`);
  return { forecast, timeline, signals };
}
