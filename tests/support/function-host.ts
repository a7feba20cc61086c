/**
 * One instance of a Netlify function in a process of its own, for tests that need several at once (two
 * instances of the webhook, a watcher run, `npm run broadcast`, each a separate process on one database):
 * `node tests/support/function-host.ts <function source>` imports the function's default export and
 * serves it on 127.0.0.1, port 0, every request handed to it as a web Request and its Response written
 * back, as Netlify's runtime does. Prints `listening <port>` once ready. Its environment is the function's.
 * The full runtime (`netlify serve`) is the end-to-end test's; this is the light one for many processes.
 */
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';

const source = process.argv[2];
if (!source) throw new Error('usage: function-host.ts <function source>');
const handler = ((await import(resolve(source))) as { default: (r: Request, c: object) => Promise<Response> }).default;

const server = createServer((req, res) => {
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(`http://127.0.0.1${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers: Object.entries(req.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]])),
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
  handler(request, {})
    .then(async (response) => {
      // One request per connection: a body the function refused unread must not reach the next request.
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), connection: 'close' });
      res.end(Buffer.from(await response.arrayBuffer()));
    })
    .catch((e: Error) => {
      res.writeHead(500);
      res.end(e.message);
    });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
