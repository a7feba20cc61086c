/** Runs a script with this test run's Node (24) as a child process; collects exit code and all output. */
import { spawn } from 'node:child_process';

export function runNode(args: string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'], ...(cwd ? { cwd } : {}) });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}
