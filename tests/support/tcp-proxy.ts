/**
 * A TCP proxy on 127.0.0.1 (port 0) in front of a real server, that can fall silent: `silence()` stops
 * forwarding on every connection open at that moment, in both directions, keeping its sockets open (a
 * server that accepts and never answers, a network path that drops everything); connections made later
 * are forwarded as before. It counts the connections made and the client sockets closed, so a test sees
 * a fresh connection opened and a stuck one destroyed by outcome, not by time.
 */
import { createServer, connect, type Socket } from 'node:net';

export interface SilentProxy {
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  /** Client sockets of silenced connections that the client closed (or destroyed). */
  silencedClosed(): number;
  /** Stops forwarding on every connection open now; later ones are forwarded. */
  silence(): void;
  close(): Promise<void>;
}

export async function silentProxy(target: { host: string; port: number }): Promise<SilentProxy> {
  const open = new Set<{ client: Socket; upstream: Socket }>();
  const sockets = new Set<Socket>();
  let accepted = 0;
  let closedSilenced = 0;
  const server = createServer((client) => {
    accepted++;
    const upstream = connect(target.port, target.host);
    const pair = { client, upstream };
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d) => client.write(d));
    client.on('close', () => {
      open.delete(pair);
      upstream.destroy();
    });
    upstream.on('close', () => client.destroy());
    open.add(pair);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as { port: number }).port,
    connections: () => accepted,
    silencedClosed: () => closedSilenced,
    silence() {
      for (const pair of [...open]) {
        const { client, upstream } = pair;
        open.delete(pair);
        client.removeAllListeners('data');
        upstream.removeAllListeners('data');
        upstream.removeAllListeners('close');
        // The server's side stays open and unheard: only the client may end this connection.
        client.on('close', () => closedSilenced++);
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
