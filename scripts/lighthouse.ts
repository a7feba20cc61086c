/**
 * Lighthouse for every human page: serves a built site folder on 127.0.0.1, runs Lighthouse (mobile
 * defaults) in Debian chromium in the light and the dark colour scheme, prints performance /
 * accessibility / best-practices / SEO per page, and exits 1 when any score is below 100.
 * Each page runs LH_RUNS times (default 3) and the median score per category counts, as Lighthouse's
 * guidance on variability advises: a shared CPU makes single performance runs noisy.
 *
 *   npm run lighthouse [-- <built folder, default dist>]     CHROME_PATH overrides /usr/bin/chromium
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { CATEGORIES, launchChromium, lostPoints, PAGES, SCHEMES, scoresOf, type Result } from './lib/lighthouse.ts';

const RUNS = Math.max(1, Number(process.env['LH_RUNS'] ?? 3));
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml', '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.xml': 'application/atom+xml', '.ics': 'text/calendar; charset=utf-8',
};

/** A minimal static server with directory indexes, like the CDN in front of dist/. */
function serve(root: string): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = resolve(join(root, path));
    if (!file.startsWith(root)) file = join(root, '404.html');
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(readFileSync(file));
    } catch {
      res.writeHead(404, { 'Content-Type': TYPES['.html']! });
      res.end(readFileSync(join(root, '404.html')));
    }
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => {
    ok({ server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` });
  }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const { server, base } = await serve(resolve(process.argv[2] ?? 'dist'));
let failed = false;
try {
  console.log(['page'.padEnd(22), ...CATEGORIES.map((c) => c.padStart(15))].join(''));
  for (const scheme of SCHEMES) {
    const chrome = await launchChromium(scheme);
    try {
      for (const page of PAGES) {
        const runs: Result[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await chrome.audit(`${base}${page}`));
        const scores = CATEGORIES.map((_, i) => median(runs.map((r) => scoresOf(r)[i]!)));
        console.log([`${page} (${scheme})`.padEnd(22), ...scores.map((n) => String(n).padStart(15))].join(''));
        // Explain with the run closest to the median performance score.
        const typical = runs.find((r) => scoresOf(r)[0] === scores[0]) ?? runs[0]!;
        for (const line of lostPoints(typical)) console.log(`    ${line}`);
        if (scores.some((n) => n < 100)) failed = true;
      }
    } finally {
      await chrome.close();
    }
  }
} finally {
  server.close();
}
process.exitCode = failed ? 1 : 0;
