/** The one result shape every tool returns: the payload as structured content and as its published JSON text. */
import type { CallToolResult } from '@modelcontextprotocol/server';

export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export function payloadResult(value: Record<string, unknown>, text: string): CallToolResult {
  return { structuredContent: value, content: [{ type: 'text', text }] };
}
