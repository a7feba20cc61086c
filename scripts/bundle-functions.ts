/**
 * Second step of `npm run build`: writes the deployable /mcp function as one file into
 * .netlify/functions-bundled/ (see scripts/lib/bundle-function.ts for why it is pre-bundled).
 */
import { join, resolve } from 'node:path';
import { BUNDLED_FUNCTIONS_DIR, bundleMcpFunction } from './lib/bundle-function.ts';

const root = resolve(import.meta.dirname, '..');
const out = await bundleMcpFunction(root, join(root, BUNDLED_FUNCTIONS_DIR, 'mcp.mjs'));
console.log(`bundled the /mcp function into ${out.slice(root.length + 1)}`);
