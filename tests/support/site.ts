/**
 * A small dist/ for the local runtime's tests: one file of each kind the real build writes (pages, the
 * 404 page, JSON payloads from the mini fixture, schemas, feeds, the status-line script, discovery
 * documents), under a temp project root with the real netlify.toml; and raw HTTP helpers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { miniPublished } from './published-payloads.ts';
import { waitFor } from './wait-for.ts';

export const REPO = resolve(import.meta.dirname, '../..');

export function siteFiles(): Record<string, string> {
  const p = miniPublished();
  return {
    '/index.html': '<!doctype html><title>home</title>',
    '/404.html': '<!doctype html><title>not found</title>',
    '/timeline/index.html': '<!doctype html><title>timeline</title>',
    '/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    '/robots.txt': 'User-agent: *\n',
    '/api/v1/forecast.json': p.forecast.text,
    '/api/v1/timeline.json': p.timeline.text,
    '/api/v1/signals.json': p.signals.text,
    '/api/v1/schema/forecast.json': '{"type":"object"}',
    '/feed.xml': '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"/>',
    '/calendar.ics': 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
    '/statusline.sh': '#!/bin/sh\necho hi\n',
    '/mcp/server-card': '{"name":"card"}',
    '/.well-known/mcp/catalog.json': '{"entries":[]}',
    '/server.json': '{"name":"server"}',
  };
}

/** A temp project root: dist/ with `files`, and a copy of the repository's netlify.toml. */
export function siteRoot(files: Record<string, string> = siteFiles()): string {
  const root = mkdtempSync(join(tmpdir(), 'resetcast-serve-'));
  for (const [path, text] of Object.entries(files)) {
    const full = join(root, 'dist', path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  copyFileSync(join(REPO, 'netlify.toml'), join(root, 'netlify.toml'));
  return root;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body as received (still compressed, when the answer says Content-Encoding). */
  bytes: Buffer;
}

/** One request on its own connection, exactly as given (no Accept or other headers added). */
export function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body?: string | Buffer,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface ServeProcess {
  child: ChildProcess;
  /** The address the server printed. */
  url: string;
  /** Everything it has printed so far, stdout and stderr. */
  log: () => string;
}

/**
 * scripts/serve.ts's `serve()` on `root`, in a process of its own (what `npm start -- --no-build` runs, there);
 * resolves once it prints the address it listens on. The caller kills `child`.
 */
export async function serveProcess(root: string, env: NodeJS.ProcessEnv): Promise<ServeProcess> {
  const script = `import { serve } from ${JSON.stringify(join(REPO, 'scripts/serve.ts'))}; await serve(process.argv[1]);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, root], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const url = await waitFor(() => /Resetcast on (http:\/\/\S+?) /.exec(out)?.[1], {
    describe: 'the address serve.ts prints',
    deadlineMs: 60_000,
    seen: () => out,
  });
  return { child, url, log: () => out };
}
