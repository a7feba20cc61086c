/**
 * The tools/list answer, built from the tool registry the way McpServer builds it (a unit test holds the
 * two equal), with each tool's outputSchema the JSON Schema of the payload it returns. Converting zod to
 * JSON Schema costs most of a request and needs every payload schema built, so it is done once: by
 * `npm run build`, which bakes the answer into the bundled function, or once per instance from source.
 */
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import type { ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { PUBLISHED_SCHEMAS } from './published-schemas.ts';
import { TOOLS } from './tools/index.ts';

type ToolSchema = ListToolsResult['tools'][number]['inputSchema'];

export function createToolList(): ListToolsResult {
  return {
    tools: TOOLS.map(({ name, config: c, output }) => ({
      name,
      title: c.title,
      description: c.description,
      inputSchema: toJsonSchemaCompat(c.inputSchema, { strictUnions: true, pipeStrategy: 'input' }) as ToolSchema,
      annotations: c.annotations,
      execution: { taskSupport: 'forbidden' },
      outputSchema: toJsonSchemaCompat(PUBLISHED_SCHEMAS[output], { strictUnions: true, pipeStrategy: 'output' }) as ToolSchema,
    })),
  };
}
