/** The bare handler: answers every POST with fixed bytes, with no MCP SDK. The floor /mcp is measured against. */
export type Handler = (req: Request) => Promise<Response>;

/** Answers with exactly `bytes` after reading the request body, as any real function has to. */
export function createBareHandler(bytes: string): Handler {
  return async (req) => {
    await req.text();
    return new Response(bytes, { headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' } });
  };
}
