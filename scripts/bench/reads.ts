/**
 * `npm run bench:reads`: peak memory of a pull reading a hostile 60 MB answer through the capped getJson,
 * against the unbounded read the pullers did before (whole body as text, then JSON.parse), chunked and with
 * a Content-Length, each in a fresh process, in one run; and, for scale, the capped read of a legitimate
 * answer just under the status source's 4 MB cap. The sources are a local server in this process.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { SOURCES } from '../../src/core/sources.ts';
import { median } from './stats.ts';
import { BENCH_READS } from '../lib/commands/tools.ts';
import { envValue, parseCommand } from '../lib/flags.ts';

parseCommand(BENCH_READS);

const HOSTILE = Number(envValue(BENCH_READS.env.bytes) ?? 60_000_000);
const RUNS = Number(envValue(BENCH_READS.env.runs) ?? 3);
const UNDER_CAP = SOURCES.status.maxBytes - 100_000;
const FILL = Buffer.alloc(64 * 1024, 'x');

/** `/<bytes>` answers `{"pad":"xxx…"}` of that many bytes; `/<bytes>/length` adds its Content-Length. */
const server = createServer((req, res) => {
  const [, size, length] = (req.url ?? '').split('/');
  const bytes = Number(size);
  res.writeHead(200, { 'Content-Type': 'application/json', ...(length ? { 'Content-Length': String(bytes) } : {}) });
  let left = bytes - 10;
  res.on('close', () => (left = 0));
  res.write('{"pad":"');
  const pump = (): void => {
    while (left > 0) {
      const chunk = left >= FILL.length ? FILL : FILL.subarray(0, left);
      left -= chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end('"}');
  };
  pump();
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

interface Run {
  outcome: string;
  peakKb: number;
}
const child = (mode: 'bounded' | 'whole', path: string): Promise<Run> =>
  new Promise((resolve, reject) =>
    execFile(process.execPath, [join(import.meta.dirname, 'read-child.ts'), mode, `${base}${path}`], (err, out) =>
      err ? reject(err) : resolve(JSON.parse(out) as Run),
    ),
  );

async function measure(mode: 'bounded' | 'whole', path: string): Promise<{ peakKb: number; outcome: string }> {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await child(mode, path));
  return { peakKb: median(runs.map((r) => r.peakKb)), outcome: runs[0]!.outcome };
}

const mb = (kb: number): string => `${(kb / 1024).toFixed(0)} MB`;
const rows: string[][] = [];
for (const [label, suffix] of [
  ['chunked', ''],
  ['Content-Length', '/length'],
] as const) {
  const capped = await measure('bounded', `/${HOSTILE}${suffix}`);
  const whole = await measure('whole', `/${HOSTILE}${suffix}`);
  rows.push([
    `${(HOSTILE / 1e6).toFixed(0)} MB answer, ${label}`,
    mb(capped.peakKb),
    mb(whole.peakKb),
    `${(capped.peakKb / whole.peakKb).toFixed(2)}×`,
    capped.outcome,
  ]);
}
const legit = await measure('bounded', `/${UNDER_CAP}`);
rows.push([`for scale: a ${(UNDER_CAP / 1e6).toFixed(1)} MB answer under the cap`, mb(legit.peakKb), '', '', legit.outcome]);
server.close();

const header = ['read', 'capped getJson', 'whole read', 'capped ÷ whole', 'capped outcome'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]): string => r.map((c, i) => (i === 4 ? c : i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(
  `Node ${process.version}; peak RSS of a fresh process per read (median of ${RUNS}); status source cap ${SOURCES.status.maxBytes.toLocaleString('en-US')} ` +
    `bytes`,
);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));
