/**
 * The /mcp function's import cost, broken down by module: single-file bundles that each add one layer of
 * what the shipped function imports, built with the shipped function's esbuild settings and stand-ins
 * (scripts/lib/bundle-function.ts), each imported by fresh processes (scripts/bench/import-child.mjs).
 * The difference between the medians of two neighbouring layers is what the added modules cost to parse,
 * compile and evaluate; the last layer is the shipped bundle itself.
 *
 * Each layer exports what it imports, so tree-shaking keeps the modules whole, as the function's bundle
 * does for these (the function reaches zod through its `z` namespace, the SDK through its classes, its
 * era classifier and its protocol schemas).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bundleFunction } from '../lib/bundle-function.ts';

export interface Layer {
  label: string;
  /** The module a fresh process imports. */
  module: string;
}

const LAYERS: { label: string; source: string }[] = [
  { label: 'Node alone (an empty ES module)', source: 'export default 0;' },
  {
    label: 'node:fs, node:path, node:zlib',
    source:
      "import * as fs from 'node:fs'; import * as path from 'node:path'; import * as zlib from 'node:zlib'; export default [fs, path, zlib];",
  },
  {
    label: 'zod 4 (the `z` namespace)',
    source:
      "import * as fs from 'node:fs'; import * as path from 'node:path'; import * as zlib from 'node:zlib'; " +
      "import { z } from 'zod'; export default [fs, path, zlib, z];",
  },
  {
    label: 'MCP SDK v2 server package (its zod schemas of both protocol eras, Server, createMcpHandler, transports)',
    source:
      "import * as fs from 'node:fs'; import * as path from 'node:path'; import * as zlib from 'node:zlib'; import { z } from 'zod'; " +
      'import { classifyInboundRequest, createMcpHandler, Server, specTypeSchemas, WebStandardStreamableHTTPServerTransport ' +
      "} from '@modelcontextprotocol/server'; " +
      'export default [fs, path, zlib, z, classifyInboundRequest, createMcpHandler, Server, specTypeSchemas, WebStandardStreamableHTTPServerTransport];',
  },
];

/** Bundles every layer below `out` (inside the project, so node_modules resolve); the shipped bundle is the last layer. */
export async function importLayers(root: string, out: string, shipped: string): Promise<Layer[]> {
  mkdirSync(out, { recursive: true });
  const layers: Layer[] = [];
  for (const [i, l] of LAYERS.entries()) {
    const entry = join(out, `layer-${i}.src.mjs`);
    writeFileSync(entry, `${l.source}\n`);
    layers.push({ label: l.label, module: await bundleFunction(root, relative(root, entry), join(out, `layer-${i}.mjs`)) });
  }
  layers.push({ label: 'Resetcast: handler, guards, tools, pinned checksums and tools/list (= the shipped bundle)', module: shipped });
  return layers;
}
