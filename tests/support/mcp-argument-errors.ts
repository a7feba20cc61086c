/**
 * Bad arguments to `list_codex_resets` and the sentence each is refused with (src/mcp/tools/tool.ts phrases
 * them): one table for the handler's unit test and the end-to-end test through the Netlify runtime, so
 * both hold the function to the same words.
 */
export const LIST_RESETS_ARGUMENT_ERRORS: readonly (readonly [Record<string, unknown>, string])[] = [
  [{ limit: 0 }, 'limit must be a whole number from 1 to 100 (got 0).'],
  [{ limit: -1 }, 'limit must be a whole number from 1 to 100 (got -1).'],
  [{ limit: 1000 }, 'limit must be a whole number from 1 to 100 (got 1000).'],
  [{ limit: 'ten' }, 'limit must be a whole number from 1 to 100 (got "ten").'],
  [{ limit: 1.5 }, 'limit must be a whole number from 1 to 100 (got 1.5).'],
  [{ since: 'yesterday' }, 'since must be a date YYYY-MM-DD, e.g. 2026-10-01 (got "yesterday").'],
  [{ since: '2026-13-45' }, 'since must be a real calendar date (got "2026-13-45").'],
  [{ limit: 5, order: 'asc' }, 'unknown argument "order": this tool takes only limit and since.'],
  [{ limit: 5, page: 2 }, 'unknown argument "page": this tool takes only limit and since.'],
];

/** The text of the tool error a refused call to `name` carries (the SDK's prefix, then our sentence). */
export const toolArgumentError = (name: string, sentence: string): string =>
  `MCP error -32602: Input validation error: Invalid arguments for tool ${name}: ${sentence}`;
