/**
 * The /mcp server names itself under the site's address it is given (a fork's, pinned into the bundle by the
 * build): its name and website in `initialize`, and the one browser origin it allows besides localhost.
 */
import { describe, expect, it } from 'vitest';
import { SITE } from '../../../src/core/site.ts';
import { createMcpHandler } from '../../../src/mcp/handler.ts';
import { createToolList } from '../../../src/mcp/tool-list.ts';
import { miniPublished } from '../../support/published-payloads.ts';

const FORK = 'https://odds.example.org';
const handler = createMcpHandler(miniPublished(), createToolList(), FORK);

const initialize = (origin?: string): Promise<Response> =>
  handler(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...(origin ? { Origin: origin } : {}) },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    }),
  );

describe("the /mcp server on a fork's address", () => {
  it('names itself under that address', async () => {
    const res = await initialize();
    expect(res.status).toBe(200);
    const { serverInfo } = ((await res.json()) as { result: { serverInfo: { name: string; websiteUrl: string } } }).result;
    expect(serverInfo).toMatchObject({ name: 'org.example.odds/resetcast', websiteUrl: FORK });
  });

  it("allows the fork's own pages as a browser origin, and no longer the original's", async () => {
    expect((await initialize(FORK)).status).toBe(200);
    const refused = await initialize(new URL(SITE.url).origin);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      `Browsers may call it from ${FORK} or from localhost`,
    );
  });
});
