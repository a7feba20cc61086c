/**
 * POST /mcp: Resetcast's stateless, read-only MCP server. It answers from the payload files the build
 * published under dist/api/v1/ (shipped with the function through netlify.toml `included_files`),
 * read and validated once per function instance, never per request.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '@netlify/functions';
import { createMcpHandler, createUnavailableHandler } from '../../src/lib/mcp/handler.ts';
import { parsePublished, PUBLISHED_NAMES, type PublishedName } from '../../src/lib/mcp/published.ts';

/** Deployed, the included files sit under the task root; locally (and in tests), under the working directory. */
function apiDir(): string {
  const root = process.env['RESETCAST_API_DIR'];
  if (root) return resolve(root);
  return resolve(process.env['LAMBDA_TASK_ROOT'] ?? process.cwd(), 'dist/api/v1');
}

function load(): (req: Request) => Promise<Response> {
  const dir = apiDir();
  try {
    const texts = Object.fromEntries(PUBLISHED_NAMES.map((n) => [n, readFileSync(join(dir, `${n}.json`), 'utf8')]));
    return createMcpHandler(parsePublished(texts as Record<PublishedName, string>));
  } catch (e) {
    // A broken deploy answers every request with a clear JSON-RPC error instead of crashing the instance.
    const reason = `published payloads unavailable in ${dir}: ${(e as Error).message}`;
    console.error(`[mcp] ${reason}`);
    return createUnavailableHandler(reason);
  }
}

export default load();

export const config: Config = { path: '/mcp' };
