/**
 * The published payloads validated against their zod schemas: what `npm run build` checks before it pins
 * the files into the bundled function, and what the function does itself when it runs from source.
 */
import type { z } from 'zod';
import { readJson } from '../core/dataset/read-json.ts';
import { ForecastPayload, SignalsPayload, TimelinePayload } from '../core/schema/index.ts';
import {
  byName,
  PUBLISHED_NAMES,
  type ByName,
  type Published,
  type PublishedName,
  type PublishedPayloads,
  type PublishedTexts,
} from './tools/published.ts';

/** Each file's schema, in the order of PUBLISHED_NAMES. */
const SCHEMAS = [ForecastPayload, TimelinePayload, SignalsPayload] as const;
type PublishedSchemas = ByName<typeof SCHEMAS>;

// Checked against the payload types of tools/published.ts, so the two lists cannot fall out of order.
export const PUBLISHED_SCHEMAS = byName<PublishedSchemas>((n) => SCHEMAS[PUBLISHED_NAMES.indexOf(n)]!) satisfies {
  [K in PublishedName]: z.ZodType<PublishedPayloads[K]['value']>;
};

/** Validates each file's text against its payload schema; throws one error naming every bad file and field. */
export function parsePublished(texts: PublishedTexts): PublishedPayloads {
  const problems: string[] = [];
  const parse = (name: PublishedName): Published<unknown> | undefined => {
    const checked = readJson(texts[name], PUBLISHED_SCHEMAS[name], `api/v1/${name}.json`);
    if (checked.ok) return { text: texts[name], value: checked.value };
    problems.push(...checked.problems);
    return undefined;
  };
  // Every file is parsed (in list order) before any failure is thrown, so the error names them all.
  const parsed = new Map(PUBLISHED_NAMES.map((n) => [n, parse(n)]));
  if ([...parsed.values()].some((p) => p === undefined)) throw new Error(`invalid published payloads:\n  - ${problems.join('\n  - ')}`);
  return byName<PublishedPayloads>((n) => parsed.get(n)! as PublishedPayloads[PublishedName]);
}
