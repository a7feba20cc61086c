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
import type { PublishedName, PublishedPayloads } from './published.ts';
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

/** A zod path as an argument name, e.g. `limit` or `items[0].id`. */
function dotPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, seg, i) => (i === 0 ? String(seg) : typeof seg === 'number' ? `${acc}[${seg}]` : `${acc}.${String(seg)}`),
    '',
  );
}

/** A value the client sent, as JSON, cut so a huge argument cannot fill the answer. */
function shown(input: unknown): string {
  if (input === undefined) return 'nothing';
  const json = JSON.stringify(input) ?? String(input);
  return json.length > 40 ? `${json.slice(0, 40)}…` : json;
}

/**
 * What a value must be, for the issues a tool's schema does not word itself. Tool schemas word their own
 * rules as what the value must be ("a whole number from 1 to 100"); this covers zod's defaults the same way,
 * so every issue becomes "<argument> must be <rule> (got <value>)".
 */
const mustBe = (issue: z.core.$ZodRawIssue): string | undefined => {
  if (issue.code === 'invalid_type') return /^[aeiou]/.test(issue.expected) ? `an ${issue.expected}` : `a ${issue.expected}`;
  return undefined;
};

/** One issue as a sentence the model can act on; `takes` lists the arguments the tool accepts. */
function sentence(issue: z.core.$ZodIssue, takes: readonly string[]): string {
  if (issue.code === 'unrecognized_keys') {
    const known = takes.length === 0 ? 'takes no arguments' : `takes only ${takes.join(' and ')}`;
    return `unknown argument ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}: this tool ${known}`;
  }
  const subject = issue.path.length === 0 ? 'the arguments' : dotPath(issue.path);
  return `${subject} must be ${issue.message} (got ${shown(issue.input)})`;
}

/**
 * Bad arguments are a tool error the model can read and correct (MCP: "Input validation errors" are tool
 * execution errors). The prefix is the v1 SDK's since 2025, so clients see the same opening in both eras;
 * the rest is one sentence per issue: `MCP error -32602: Input validation error: Invalid arguments for tool
 * list_codex_resets: limit must be a whole number from 1 to 100 (got 0).`
 */
export function invalidArguments(name: string, issues: readonly z.core.$ZodIssue[], takes: readonly string[] = []): CallToolResult {
  const detail = issues.map((i) => `${sentence(i, takes)}.`).join(' ');
  return {
    content: [{ type: 'text', text: `MCP error -32602: Input validation error: Invalid arguments for tool ${name}: ${detail}` }],
    isError: true,
  };
}

/** Parses a tool's arguments with every issue worded as a rule and carrying the value it refused. */
export function parseArguments<I extends z.ZodObject>(schema: I, args: unknown): z.ZodSafeParseResult<z.output<I>> {
  return schema.safeParse(args ?? {}, { error: mustBe, reportInput: true });
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
      const parsed = parseArguments(def.inputSchema, args);
      return parsed.success
        ? def.run(payloads, parsed.data)
        : invalidArguments(def.name, parsed.error.issues, Object.keys(def.inputSchema.shape));
    },
  };
}
