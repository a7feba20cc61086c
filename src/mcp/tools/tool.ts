/**
 * What one MCP tool is: its name, a one-clause summary for the server instructions, the config tools/list
 * describes (title, description, input schema), the published payload whose shape it returns, and a pure
 * handler over the published payloads. Every tool of this server is read-only, so `defineTool` adds the
 * read-only annotations itself.
 *
 * The output is named (`output: 'forecast'`), not given as a zod schema: the function never needs the
 * payload schemas at run time (the build validated the files and computed tools/list, see server.ts), and
 * building them would cost every cold start. `tool-list.ts` turns the name into the schema where needed.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
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
  /** Answers a tools/call with these arguments (as the client sent them) from these payloads. */
  call: (payloads: PublishedPayloads, args: unknown) => CallToolResult;
}

export interface ToolDefinition<I extends z.ZodObject> {
  name: string;
  summary: string;
  title: string;
  description: string;
  inputSchema: I;
  output: PublishedName;
  /** The answer for arguments already validated against `inputSchema`. */
  run: (payloads: PublishedPayloads, args: z.output<I>) => CallToolResult;
}

/** A zod path as the v1 SDK wrote it, e.g. `limit` or `items[0].id` (`object root` for none). */
function dotPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'object root';
  return path.reduce<string>((acc, seg, i) => (i === 0 ? String(seg) : typeof seg === 'number' ? `${acc}[${seg}]` : `${acc}.${String(seg)}`), '');
}

/**
 * Bad arguments are a tool error the model can read and correct (MCP: "Input validation errors" are tool
 * execution errors), worded as the v1 SDK worded them since 2025, so clients and tests see the same text
 * in both eras: `MCP error -32602: Input validation error: Invalid arguments for tool <name>: <issues>`.
 */
export function invalidArguments(name: string, issues: readonly z.core.$ZodIssue[]): CallToolResult {
  const detail = issues.map((i) => (i.path.length === 0 ? i.message : `${i.message} at ${dotPath(i.path)}`)).join('\n');
  return { content: [{ type: 'text', text: `MCP error -32602: Input validation error: Invalid arguments for tool ${name}: ${detail}` }], isError: true };
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
    call: (payloads, args) => {
      // Arguments are validated here, not by the SDK: one wording in both eras, and no output schema is
      // checked either (every result is, or is a part of, a file the build validated); tools/list still
      // advertises it (tool-list.ts).
      const parsed = def.inputSchema.safeParse(args ?? {});
      return parsed.success ? def.run(payloads, parsed.data as z.output<I>) : invalidArguments(def.name, parsed.error.issues);
    },
  };
}
