/**
 * `npm run docs:api`: writes docs/api.md from the endpoint and payload registries (src/site/api/api-doc.ts).
 * Run it after changing an endpoint, a payload or a field description; a test fails while it is stale.
 */
import { writeFileSync } from 'node:fs';
import { API_DOC_PATH, createApiDoc } from '../src/site/api/api-doc.ts';
import { API_DOC } from './lib/commands/jobs.ts';
import { parseCommand } from './lib/flags.ts';

parseCommand(API_DOC);

writeFileSync(API_DOC_PATH, createApiDoc());
console.log(`wrote ${API_DOC_PATH}`);
