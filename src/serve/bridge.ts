/**
 * Between node:http and the web-standard handler: reading a request body within a cap and a shared byte
 * budget, building a `Request`, and writing a `Response` or a static answer back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ByteBudget } from './limiter.ts';
import type { StaticAnswer } from './static.ts';

const EMPTY = Buffer.alloc(0);
/** Connection-level headers: meaningful to this hop only, never handed to the handler. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'expect']);

export type Body = { bytes: Buffer; held: number } | 'busy' | 'gone';

/**
 * The request body, at most `max` + 1 bytes of it: enough for the handler to see it is too large and
 * answer 413 itself. A declared Content-Length over `max` is not read at all (the handler answers 413 from
 * the header). Whatever is not kept is still read off the wire and dropped, so the connection stays usable
 * and the client gets its answer instead of a reset. Bytes kept count against `budget`; past it: 'busy'.
 */
export function readBody(req: IncomingMessage, max: number, budget: ByteBudget): Promise<Body> {
  if (Number(req.headers['content-length']) > max) {
    req.resume();
    return Promise.resolve({ bytes: EMPTY, held: 0 });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (body: Body): void => {
      if (settled) return;
      settled = true;
      if (typeof body === 'string') budget.give(size);
      resolve(body);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return; // past the cap, or busy: drain and drop
      const keep = Math.min(chunk.length, max + 1 - size);
      if (!budget.take(keep)) return settle('busy');
      chunks.push(keep < chunk.length ? chunk.subarray(0, keep) : chunk);
      size += keep;
      if (size > max) settle({ bytes: Buffer.concat(chunks), held: size });
    });
    req.on('end', () => settle({ bytes: Buffer.concat(chunks), held: size }));
    req.on('close', () => {
      if (!req.complete) settle('gone');
    });
    req.on('error', () => settle('gone'));
  });
}

/** The web `Request` the handler takes: same method, path, query and end-to-end headers. */
export function toWebRequest(req: IncomingMessage, url: URL, body: Buffer | null): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    if (!HOP_BY_HOP.has(name.toLowerCase())) headers.append(name, req.rawHeaders[i + 1]!);
  }
  const method = req.method ?? 'GET';
  const withBody = body !== null && method !== 'GET' && method !== 'HEAD';
  return new Request(url, { method, headers, ...(withBody ? { body: body as Uint8Array<ArrayBuffer> } : {}) });
}

const bodiless = (status: number): boolean => status === 204 || status === 304 || (status >= 100 && status < 200);

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: Uint8Array, head: boolean): void {
  if (res.destroyed || res.headersSent) return;
  if (bodiless(status)) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  res.writeHead(status, { ...headers, 'Content-Length': String(body.byteLength) });
  res.end(head ? undefined : body);
}

/** Writes a handler's `Response` (always a complete JSON answer here, never a stream). */
export async function writeWebResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  delete headers['content-length'];
  send(res, response.status, headers, body, head);
}

export function writeStatic(res: ServerResponse, answer: StaticAnswer, head: boolean): void {
  send(res, answer.status, answer.headers, answer.body, head);
}
