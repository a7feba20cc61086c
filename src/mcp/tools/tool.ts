/**
 * What one MCP tool is: its name, a one-clause summary for the server instructions, the config the SDK
 * registers (title, description, input schema), the published payload whose shape it returns, and a pure
 * handler over the published payloads. Every tool of this server is read-only, so `defineTool` adds the
 * read-only annotations itself.
 *
 * The output is named (`output: 'forecast'`), not given as a zod schema: the function never needs the
 * payload schemas at run time (the build validated the files and computed tools/list, see server.ts), and
 * building them would cost every cold start. `tool-list.ts` turns the name into the schema where needed.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { PublishedName, PublishedPayloads } from '../published.ts';
import { READ_ONLY } from './result.ts';

export interface ToolConfig {
  title: string;
  description: string;
  inputSchema: z.ZodObject;
  annotations: { title: string } & typeof READ_ONLY;
}

export interface McpTool {
  name: string;
  /** Completes "<name> …" in the server instructions, e.g. "lists recorded resets newest first". */
  summary: string;
  config: ToolConfig;
  /** The published payload whose schema is the tool's outputSchema. */
  output: PublishedName;
  /** Registers the tool on a per-request server, answering from these payloads. */
  register: (server: McpServer, payloads: PublishedPayloads) => void;
}

export interface ToolDefinition<I extends z.ZodObject> {
  name: string;
  summary: string;
  title: string;
  description: string;
  inputSchema: I;
  output: PublishedName;
  /** The answer for arguments the SDK has already validated against `inputSchema`. */
  run: (payloads: PublishedPayloads, args: z.output<I>) => CallToolResult;
}

export function defineTool<I extends z.ZodObject>(def: ToolDefinition<I>): McpTool {
  const config: ToolConfig = {
    title: def.title,
    description: def.description,
    inputSchema: def.inputSchema,
    annotations: { title: def.title, ...READ_ONLY },
  };
  return {
    name: def.name,
    summary: def.summary,
    config,
    output: def.output,
    register: (server, payloads) => {
      // The SDK calls back with the arguments parsed by `inputSchema`, i.e. z.output<I>; its ToolCallback<I>
      // is a conditional type TypeScript cannot resolve for a generic I, hence the cast. No outputSchema is
      // registered: the SDK would re-validate every result against it, and every result is (a part of) a
      // file the build validated; tools/list still advertises it (server.ts).
      const callback = (args: z.output<I>): CallToolResult => def.run(payloads, args);
      server.registerTool(def.name, { ...config, inputSchema: def.inputSchema }, callback as never);
    },
  };
}
