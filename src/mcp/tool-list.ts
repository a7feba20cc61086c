/**
 * The tools/list answer, computed from the tool registry: each tool's input schema and its output schema
 * (the published payload's zod schema) as JSON Schema draft-07, the way the SDK has always converted zod 4
 * schemas. `npm run build` bakes this answer into the bundled function, or once per instance from source.
 */
import type { ListToolsResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { PUBLISHED_SCHEMAS } from './published-schemas.ts';
import { TOOLS } from './tools/index.ts';

type ToolSchema = ListToolsResult['tools'][number]['inputSchema'];

export function createToolList(): ListToolsResult {
  return {
    tools: TOOLS.map(({ name, config: c, output }) => ({
      name,
      title: c.title,
      description: c.description,
      inputSchema: z.toJSONSchema(c.inputSchema, { target: 'draft-7', io: 'input' }) as ToolSchema,
      annotations: c.annotations,
      // 2025-11-25 tasks: none of these tools runs as a task. The 2026-07-28 encoder drops the field.
      execution: { taskSupport: 'forbidden' },
      outputSchema: z.toJSONSchema(PUBLISHED_SCHEMAS[output], { target: 'draft-7', io: 'output' }) as ToolSchema,
    })),
  };
}
