/**
 * The published payloads validated against their zod schemas: what `npm run build` checks before it pins
 * the files into the bundled function, and what the function does itself when it runs from source.
 */
import type { z } from 'zod';
import { ForecastPayload, SignalsPayload, TimelinePayload } from '../core/schema/index.ts';
import type { Published, PublishedName, PublishedPayloads, PublishedTexts } from './published.ts';

export const PUBLISHED_SCHEMAS = { forecast: ForecastPayload, timeline: TimelinePayload, signals: SignalsPayload } as const satisfies Record<PublishedName, z.ZodType>;

/** Validates each file's text against its payload schema; throws one error naming every bad file and field. */
export function parsePublished(texts: PublishedTexts): PublishedPayloads {
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
