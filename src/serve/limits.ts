/**
 * The local runtime's limits (`npm start`, docs/serve.md): what keeps one process answering under load
 * and hostile clients, with memory bounded. Production runs on Netlify, which has its own.
 */
export interface ServeLimits {
  /** /mcp handler runs at once. One thread: more would only interleave them and hold more memory. */
  mcpConcurrency: number;
  /** /mcp requests waiting for a run; past this a request is shed at once (503 + Retry-After). */
  mcpQueue: number;
  /** A request still waiting after this long is shed: a quick 503 beats a client timing out. */
  mcpQueueWaitMs: number;
  /** Request bodies held in memory at once, all /mcp requests together (each at most 1 MiB + 1 byte). */
  bodyBudgetBytes: number;
  /** Seconds a shed client is asked to wait (Retry-After). */
  retryAfterSeconds: number;
  /** The whole header block must arrive within this (slow-loris; Node's default is 60 s). */
  headersTimeoutMs: number;
  /** The whole request, body included (Node's default is 5 minutes). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic either way this long is closed (a client that stops reading). */
  idleSocketTimeoutMs: number;
  /** How often Node enforces the two request timeouts (its default, 30 s, would let a slow-loris sit 40 s). */
  timeoutCheckIntervalMs: number;
  /** Request header block, bytes (431 past it). */
  maxHeaderBytes: number;
  /** Open connections; past this Node closes new ones at once (the one case a connection is refused). */
  maxConnections: number;
  /** Connections the kernel queues before they are accepted (Node's default is 511). */
  listenBacklog: number;
}

export const SERVE_LIMITS: Readonly<ServeLimits> = {
  mcpConcurrency: 4,
  mcpQueue: 256,
  mcpQueueWaitMs: 10_000,
  bodyBudgetBytes: 64 * 1024 * 1024,
  retryAfterSeconds: 1,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleSocketTimeoutMs: 60_000,
  timeoutCheckIntervalMs: 1_000,
  maxHeaderBytes: 16 * 1024,
  maxConnections: 10_000,
  listenBacklog: 1024,
};
