/** A local HTTP server on 127.0.0.1, port 0, answering each request from its URL and body: the benches' stand-in for a remote host. */
import { createServer, type Server } from 'node:http';

export interface Reply {
  status: number;
  type: string;
  body: string | Buffer;
}

export function listen(handler: (url: URL, body: string) => Reply): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const out = handler(new URL(req.url ?? '/', 'http://127.0.0.1'), Buffer.concat(chunks).toString('utf8'));
    res.writeHead(out.status, { 'Content-Type': out.type, 'Content-Length': Buffer.byteLength(out.body) });
    res.end(out.body);
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })),
  );
}
