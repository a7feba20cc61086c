/**
 * Hostile clients running beside the load (docs/serve.md, "Bad input"): slow-loris connections that
 * trickle header bytes, clients that disconnect mid-request, and 5 MB bodies in parallel. None of them
 * counts toward the load's numbers; the soak reports how the server treated them.
 */
import { connect } from 'node:net';

export interface HostileReport {
  slowLorisClosedByServer: number;
  disconnects: number;
  bigBodies: Map<string, number>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Opens a connection, sends a request line and then one header byte a second until the server hangs up. */
function slowLoris(host: string, port: number, stop: () => boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write('GET / HTTP/1.1\r\nHost: soak\r\nX-Slow: ');
      timer = setInterval(() => {
        if (stop()) {
          socket.destroy();
          return;
        }
        socket.write('a');
      }, 1000);
    });
    const done = (byServer: boolean): void => {
      clearInterval(timer);
      socket.destroy();
      resolve(byServer);
    };
    socket.on('data', () => {}); // the server's 408, if it sends one
    socket.on('end', () => done(!stop()));
    socket.on('close', () => done(!stop()));
    socket.on('error', () => done(!stop()));
  });
}

/** A POST /mcp that announces 1,000 bytes, sends 500, and goes away; or a full request left unread. */
function disconnect(host: string, port: number, midBody: boolean): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.on('connect', () => {
      const body = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_codex_resets","arguments":{}}}';
      if (midBody)
        socket.write(
          `POST /mcp HTTP/1.1\r\nHost: soak\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n${'x'.repeat(500)}`,
        );
      else
        socket.write(`POST /mcp HTTP/1.1\r\nHost: soak\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      setTimeout(() => socket.destroy(), 5);
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

export async function runHostile(
  base: string,
  until: Promise<unknown>,
  o: { slowLoris: number; disconnectors: number; bigBodies: number },
): Promise<HostileReport> {
  const { hostname, port } = new URL(base);
  const host = hostname === 'localhost' ? '127.0.0.1' : hostname;
  let stopped = false;
  void until.finally(() => (stopped = true));
  const stop = (): boolean => stopped;
  const report: HostileReport = { slowLorisClosedByServer: 0, disconnects: 0, bigBodies: new Map() };
  const big = Buffer.alloc(5 * 1024 * 1024, 'x');
  await Promise.all([
    ...Array.from({ length: o.slowLoris }, async () => {
      while (!stop()) if (await slowLoris(host, Number(port), stop)) report.slowLorisClosedByServer++;
    }),
    ...Array.from({ length: o.disconnectors }, async (_, i) => {
      while (!stop()) {
        await disconnect(host, Number(port), i % 2 === 0);
        report.disconnects++;
        await sleep(20);
      }
    }),
    ...Array.from({ length: o.bigBodies }, async () => {
      while (!stop()) {
        let outcome: string;
        try {
          outcome = `HTTP ${(await fetch(`${base}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big })).status}`;
        } catch (e) {
          outcome = `failed: ${String((e as Error).cause ?? e)}`;
        }
        report.bigBodies.set(outcome, (report.bigBodies.get(outcome) ?? 0) + 1);
        await sleep(100);
      }
    }),
  ]);
  return report;
}
