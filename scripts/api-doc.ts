/**
 * `npm run docs:api`: writes docs/api.md and the README's endpoint table from the endpoint and payload
 * registries (src/site/api/api-doc.ts). Run it after changing an endpoint, a payload or a field
 * description; a test fails while either is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { API_DOC_PATH, createApiDoc, README_PATH, withReadmeEndpoints } from '../src/site/api/api-doc.ts';
import { API_DOC } from './lib/commands/jobs.ts';
import { parseCommand } from './lib/flags.ts';

parseCommand(API_DOC);

writeFileSync(API_DOC_PATH, createApiDoc());
console.log(`wrote ${API_DOC_PATH}`);
writeFileSync(README_PATH, withReadmeEndpoints(readFileSync(README_PATH, 'utf8')));
console.log(`wrote the endpoint table of ${README_PATH}`);
