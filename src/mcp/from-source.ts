/**
 * The function's payloads when it runs from source (not bundled by `npm run build`): validated with zod
 * here, and tools/list computed here, once per instance. The bundled function never runs this (its build
 * did both and pinned the result), so the bundler puts a stand-in in its place (scripts/lib/bundle-function.ts).
 */
import type { ListToolsResult } from '@modelcontextprotocol/server';
import type { PublishedPayloads, PublishedTexts } from './tools/published.ts';
import { parsePublished } from './published-schemas.ts';
import { createToolList } from './tool-list.ts';

export function checkedPayloads(texts: PublishedTexts): { payloads: PublishedPayloads; toolList: ListToolsResult } {
  return { payloads: parsePublished(texts), toolList: createToolList() };
}
