/**
 * `npm run docs:api`: writes docs/api.md from the endpoint and payload registries (src/site/api/api-doc.ts).
 * Run it after changing an endpoint, a payload or a field description; a test fails while it is stale.
 */
import { writeFileSync } from 'node:fs';
import { API_DOC_PATH, createApiDoc } from '../src/site/api/api-doc.ts';
import { answerHelp } from './lib/help.ts';

answerHelp({
  usage: 'npm run docs:api',
  about: 'Writes docs/api.md from the endpoint and payload registries; a test fails while the committed file is stale.',
  flags: [],
  example: 'npm run docs:api && git diff docs/api.md',
});

writeFileSync(API_DOC_PATH, createApiDoc());
console.log(`wrote ${API_DOC_PATH}`);
