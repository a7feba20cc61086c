/** /llms.txt: Resetcast for language models and agents, from the endpoint registry (src/site/llms.ts). */
import { createLlmsTxt } from '../site/llms.ts';
import { loadBuild } from '../site/data.ts';

export const GET = (): Response =>
  new Response(createLlmsTxt(loadBuild().base), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
