/** The JSON-RPC error response every refusal uses. No imports: the local runtime sheds load with it too. */
export type RequestId = string | number;

/** A JSON-RPC error response; `id` is echoed when the request had a usable one, else null; `data` when given. */
export function jsonRpcError(
  status: number,
  code: number,
  message: string,
  id: RequestId | null = null,
  headers: Record<string, string> = {},
  data?: unknown,
): Response {
  const error = data === undefined ? { code, message } : { code, message, data };
  return new Response(JSON.stringify({ jsonrpc: '2.0', error, id }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
