/**
 * What one MCP tool is: its name, a one-clause summary for the server instructions, the config the SDK
 * registers (title, description, input and output schemas), and a pure handler over the published payloads.
 * Every tool of this server is read-only, so `defineTool` adds the read-only annotations itself.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { PublishedPayloads } from '../published.ts';
import { READ_ONLY } from './result.ts';

export interface ToolConfig {
  title: string;
  description: string;
  inputSchema: z.ZodObject;
  outputSchema: z.ZodObject;
  annotations: { title: string } & typeof READ_ONLY;
}

export interface McpTool {
  name: string;
  /** Completes "<name> …" in the server instructions, e.g. "lists recorded resets newest first". */
  summary: string;
  config: ToolConfig;
  /** Registers the tool on a per-request server, answering from these payloads. */
  register: (server: McpServer, payloads: PublishedPayloads) => void;
}

export interface ToolDefinition<I extends z.ZodObject> {
  name: string;
  summary: string;
  title: string;
  description: string;
  inputSchema: I;
  outputSchema: z.ZodObject;
  /** The answer for arguments the SDK has already validated against `inputSchema`. */
  run: (payloads: PublishedPayloads, args: z.output<I>) => CallToolResult;
}

export function defineTool<I extends z.ZodObject>(def: ToolDefinition<I>): McpTool {
  const config: ToolConfig = {
    title: def.title,
    description: def.description,
    inputSchema: def.inputSchema,
    outputSchema: def.outputSchema,
    annotations: { title: def.title, ...READ_ONLY },
  };
  return {
    name: def.name,
    summary: def.summary,
    config,
    register: (server, payloads) => {
      // The SDK calls back with the arguments parsed by `inputSchema`, i.e. z.output<I>; its ToolCallback<I>
      // is a conditional type TypeScript cannot resolve for a generic I, hence the cast.
      const callback = (args: z.output<I>): CallToolResult => def.run(payloads, args);
      server.registerTool(def.name, { ...config, inputSchema: def.inputSchema }, callback as never);
    },
  };
}
