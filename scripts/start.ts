/**
 * `npm start`: builds from the committed data/ (`npm run build`: dist/ and the bundled /mcp function,
 * a few seconds) and serves the site, the JSON API and /mcp on http://127.0.0.1:8888 (PORT and HOST override,
 * checked before the build)
 * with the local runtime of docs/serve.md. `npm start -- --no-build` serves the last build as it is.
 * Always building keeps what is served equal to data/ and the code: the build is fast and deterministic.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { serve, settingsOrExit } from './serve.ts';
import { START } from './lib/commands/tools.ts';
import { parseCommand } from './lib/flags.ts';

const { values } = parseCommand(START);

const root = resolve(import.meta.dirname, '..');
// A wrong PORT or HOST is said before the build, not after it.
const settings = settingsOrExit();
if (values.build !== false) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (build.status !== 0) {
    console.error('build failed: nothing served (see the messages above)');
    process.exit(build.status ?? 1);
  }
}
await serve(root, settings);
