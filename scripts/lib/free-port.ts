/**
 * A TCP port on 127.0.0.1 that nothing listens on right now (the OS picks it, then it is closed again).
 * Never for a server of ours: those listen on port 0 and report the port they got, since a closed port can
 * be taken by another process before our server binds it. Only for:
 * - a third-party program that wants its port number up front (`netlify serve --port`), started again
 *   with a fresh port when it loses that race (netlify-serve.ts);
 * - an address for a client to find nothing listening on (a refused connection).
 */
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
