/** /llms.txt: Resetcast for language models and agents, from the endpoint registry (src/site/llms.ts). */
import { createLlmsTxt } from '../site/llms.ts';

export const GET = (): Response => new Response(createLlmsTxt(), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
