/**
 * `npm start`: builds from the committed data/ and serves the site, the JSON API and /mcp on
 * http://localhost:8888 (PORT overrides) through Netlify's local runtime, offline.
 * Edge functions are disabled because the CLI would otherwise download Deno, which fails offline.
 */
import { spawn } from 'node:child_process';

const port = process.env['PORT'] ?? '8888';
const args = ['serve', '--offline', '--internal-disable-edge-functions', '--port', port];
const child = spawn('netlify', args, { stdio: 'inherit', env: { ...process.env, NETLIFY_TELEMETRY_DISABLED: '1', BROWSER: 'none' } });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
