/**
 * Starts the real local Netlify runtime once (`netlify serve`, offline, edge functions off) for the
 * end-to-end and browser tests, and hands them its base URL. It builds dist/ from the frozen history first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/lib/free-port.ts';
import { HISTORY_DIR, HISTORY_EPOCH } from './history.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}


async function waitFor(url: string, child: ChildProcess, log: () => string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`netlify serve exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`netlify serve did not answer ${url} within ${ms} ms:\n${log()}`);
}

let child: ChildProcess | undefined;

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort();
  let out = '';
  // The runtime builds the frozen history at its own clock, never the live data/ or the wall clock.
  child = spawn('netlify', ['serve', '--offline', '--internal-disable-edge-functions', '--port', String(port)], {
    env: { ...process.env, NETLIFY_TELEMETRY_DISABLED: '1', BROWSER: 'none', RESETCAST_DATA_DIR: HISTORY_DIR, SOURCE_DATE_EPOCH: String(HISTORY_EPOCH) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const baseUrl = `http://localhost:${port}`;
  await waitFor(`${baseUrl}/api/v1/forecast.json`, child, () => out, 200_000);
  project.provide('baseUrl', baseUrl);
  return async () => {
    if (child?.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
}
