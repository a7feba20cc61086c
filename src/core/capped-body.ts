/**
 * The one capped body reader, for a Request (the /mcp guards) and a Response (the HTTP client of the
 * jobs). It lives in core because both layers may import core and it does no I/O of its own: it only
 * reads the web stream it is given. Each caller turns the bytes into text and a refusal into its own
 * answer (a JSON-RPC 413, an HttpError), since what a refused body means differs between them.
 */

/** The body, or why it was refused: its declared Content-Length, or its streamed bytes, passed the cap. */
export type CappedBody = { bytes: Uint8Array } | { tooLarge: 'declared'; declared: number } | { tooLarge: 'streamed' };

/** What the reader needs of a Request or a Response. */
export interface BodyMessage {
  readonly headers: Headers;
  readonly body: ReadableStream<Uint8Array> | null;
}

/**
 * Reads `message`'s body up to `maxBytes`, never holding more than the cap plus one chunk. A declared
 * Content-Length over the cap is refused before reading (the stream is left to the caller: cancel a
 * response, leave a request to its server); a stream that passes the cap is cancelled the moment it does.
 */
export async function readCappedBody(message: BodyMessage, maxBytes: number): Promise<CappedBody> {
  const declared = Number(message.headers.get('content-length'));
  if (declared > maxBytes) return { tooLarge: 'declared', declared };
  if (message.body === null) return { bytes: new Uint8Array(0) };
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return { tooLarge: 'streamed' };
    }
    chunks.push(value);
  }
  return { bytes: joined(chunks, total) };
}

function joined(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.byteLength;
  }
  return bytes;
}
