/**
 * The server under load: the local runtime (`node scripts/serve.ts`, PORT=0) or, as a baseline, Netlify's
 * local runtime (`netlify serve`, what `npm start` used to run), or any URL. Its memory is sampled from
 * /proc: the resident size of the process and every process it started, summed, at most every 200 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startNetlifyServe } from '../lib/netlify-serve.ts';
import { untilAnswers } from '../lib/until-answers.ts';

export interface Target {
  label: string;
  url: string;
  /** null when the soak did not start the server (a URL was given). */
  child: ChildProcess | null;
  /** How the server process ended during the soak, if it did. */
  exit: () => string | null;
  /** Peak resident memory seen so far, MB (process tree), or null when unknown. */
  peakRssMb: () => number | null;
  stop: () => Promise<void>;
  log: () => string;
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** The pid and all its descendants (Linux /proc); just the pid elsewhere. */
function tree(pid: number): number[] {
  let parents: Map<number, number[]>;
  try {
    parents = new Map();
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        parents.set(ppid, [...(parents.get(ppid) ?? []), Number(d)]);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return [pid];
  }
  const out: number[] = [];
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop()!;
    out.push(p);
    stack.push(...(parents.get(p) ?? []));
  }
  return out;
}

function track(label: string, child: ChildProcess, url: string, output: () => string): Target {
  let exit: string | null = null;
  let peakKb = 0;
  child.on('exit', (code, signal) => (exit = `exited with ${signal ?? `code ${code}`}`));
  const sample = (): void => {
    if (child.pid === undefined || exit !== null) return;
    const kb = tree(child.pid).reduce((n, p) => n + rssKb(p), 0);
    peakKb = Math.max(peakKb, kb);
  };
  const timer = setInterval(sample, 200);
  timer.unref();
  return {
    label,
    url,
    child,
    exit: () => exit,
    peakRssMb: () => {
      sample();
      return peakKb > 0 ? peakKb / 1024 : null;
    },
    stop: async () => {
      clearInterval(timer);
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      const gone = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
    },
    log: () => output().slice(-4000),
  };
}

function collect(child: ChildProcess): { text: string } {
  const output = { text: '' };
  child.stdout?.on('data', (d) => (output.text += String(d)));
  child.stderr?.on('data', (d) => (output.text += String(d)));
  return output;
}

/** The address scripts/serve.ts reports once it listens ("Resetcast on http://localhost:<port> …"). */
async function reportedUrl(child: ChildProcess, output: { text: string }, ms: number): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const m = /Resetcast on (http:\/\/\S+?) /.exec(output.text);
    if (m) return m[1]!;
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before listening:\n${output.text}`);
    if (Date.now() > deadline) throw new Error(`server reported no address within ${ms} ms:\n${output.text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `node scripts/serve.ts` on the port the OS gives it (PORT=0, read from what it prints), serving the last build under `root`. */
export async function startLocalRuntime(root: string): Promise<Target> {
  const child = spawn(process.execPath, [join(root, 'scripts/serve.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output = collect(child);
  const url = await reportedUrl(child, output, 60_000);
  await untilAnswers(child, `${url}/api/v1/forecast.json`, { what: 'server', output: () => output.text, ms: 60_000 });
  return track('local runtime (npm start)', child, url, () => output.text);
}

/**
 * `netlify serve` as `npm start` ran it before, through the one launcher (scripts/lib/netlify-serve.ts)
 * on the checkout itself: its netlify.toml builds first, so allow a few minutes.
 */
export async function startNetlifyBaseline(root: string): Promise<Target> {
  const runtime = await startNetlifyServe({ cwd: root, env: () => process.env, readyPath: '/api/v1/forecast.json', startMs: 300_000 });
  return track('netlify serve (before)', runtime.child, runtime.url, runtime.output);
}

export function givenUrl(url: string): Target {
  return {
    label: url,
    url: url.replace(/\/$/, ''),
    child: null,
    exit: () => null,
    peakRssMb: () => null,
    stop: async () => {},
    log: () => '',
  };
}
