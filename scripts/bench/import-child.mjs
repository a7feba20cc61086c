// One import: a fresh Node process imports a module and prints when the import finished, in ms from
// process start. Plain JavaScript for the reason given in cold-child.mjs.
import { pathToFileURL } from 'node:url';

const modulePath = process.argv[2];
if (!modulePath) throw new Error('usage: node scripts/bench/import-child.mjs <module>');
await import(pathToFileURL(modulePath).href);
process.stdout.write(JSON.stringify({ imported: performance.now() }));
