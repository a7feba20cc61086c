/** Runs a script with this test run's Node (24) as a child process; collects exit code and all output. */
import { spawn } from 'node:child_process';

export function runNode(args: string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<{ code: number | null; out: string }> {
  return runCommand(process.execPath, args, env, cwd);
}

/** Runs `command` (this run's Node through a wrapper such as faketime, say) as a child process; collects exit code and all output. */
export function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<{ code: number | null; out: string }> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], ...(cwd ? { cwd } : {}) });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}
