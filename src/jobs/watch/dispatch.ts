/**
 * Starts the scheduled pull at once: GitHub's "create a workflow dispatch event" for
 * .github/workflows/pull.yml on `main` (POST /repos/{owner}/{repo}/actions/workflows/{file}/dispatches,
 * body `{"ref": "main"}`; 204 No Content on success, and 200 with the run's details when
 * `return_run_details` is asked, which it is not here). The token needs `actions: write` on the
 * repository (a fine-grained token with "Actions: read and write"). A refusal is one line with GitHub's
 * own message; it never blocks the broadcast, and the pull still runs on its schedule.
 */
import { z } from 'zod';
import { HttpError, sendJson, type HttpDeps } from '../../net/http.ts';
import { cleanText } from '../../core/sanitize.ts';
import { MINUTE_MS } from '../../core/time-units.ts';
import type { WatchState } from './state.ts';

export const PULL_WORKFLOW = 'pull.yml';
export const PULL_REF = 'main';

/** What each refusal means for the maintainer (docs.github.com, REST "Create a workflow dispatch event"). */
const MEANING: Record<number, string> = {
  401: 'the token is wrong or expired (RESETCAST_DISPATCH_TOKEN)',
  403: 'the token may not start workflows here (it needs actions: write)',
  404: 'no such repository or workflow for this token (RESETCAST_REPO, .github/workflows/pull.yml)',
  422: 'the workflow cannot be dispatched (no workflow_dispatch trigger, or no branch main)',
};

const GitHubError = z.object({ message: z.string() }).loose();

export interface DispatchTarget {
  /** `owner/name`. */
  repo: string;
  token: string;
  /** https://api.github.com, or a local server in tests. */
  api: string;
}

/**
 * What a dispatch did. `started`: GitHub answered 204, the pull is starting. `uncertain`: an answer that
 * may or may not have started it (a 5xx, no answer after the request went out, a 2xx other than 204,
 * such as an HTML page from something in between): never repeated blindly, since each repeat could be
 * another run. `refused`: an answer that provably started nothing (401/403/404/422, a connection never
 * made): the dispatch stays owed and the next run sends it again.
 */
export type DispatchResult = { outcome: 'started' } | { outcome: 'uncertain' | 'refused'; why: string };

/** After an uncertain answer no dispatch is sent for this long: the scheduled pull (pull.yml, at :07 and :37) runs within it anyway. */
export const DISPATCH_QUIET_MS = 30 * MINUTE_MS;

/** When the last dispatch that may have started the pull was answered, while that is under DISPATCH_QUIET_MS ago; else null. */
export function dispatchQuietSince(state: Pick<WatchState, 'dispatch_uncertain_at'>, now: Date): string | null {
  const at = state.dispatch_uncertain_at;
  return at !== undefined && now.getTime() - Date.parse(at) < DISPATCH_QUIET_MS ? at : null;
}

/** Asks GitHub, once, to start the pull (never throws). */
export async function dispatchPull(http: HttpDeps, target: DispatchTarget): Promise<DispatchResult> {
  const url = new URL(`/repos/${target.repo}/actions/workflows/${PULL_WORKFLOW}/dispatches`, target.api).toString();
  try {
    const answer = await sendJson(
      http,
      url,
      { ref: PULL_REF },
      {
        headers: { Authorization: `Bearer ${target.token}`, Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28' },
        maxBytes: 65_536,
        redirect: 'manual',
        // A 5xx or a lost answer may come after GitHub created the run: not repeated here (only 408/429 and a connection never made are).
        retryUncertain: false,
        // GitHub's own words for a refusal ("Resource not accessible by personal access token").
        describeError: (text) => {
          try {
            const doc = GitHubError.safeParse(JSON.parse(text));
            return doc.success ? cleanText(doc.data.message, 'error') : null;
          } catch {
            return null;
          }
        },
      },
    );
    if (answer.status === 204) return { outcome: 'started' };
    const type = cleanText(answer.headers.get('content-type') ?? 'no content type', 80);
    return { outcome: 'uncertain', why: `HTTP ${answer.status} (${type}, ${answer.text.length} bytes) where GitHub answers 204` };
  } catch (e) {
    const status = e instanceof HttpError ? e.status : null;
    const meaning = status !== null ? MEANING[status] : undefined;
    const why = `${(e as Error).message}${meaning ? ` (${meaning})` : ''}`;
    return { outcome: e instanceof HttpError && e.uncertain ? 'uncertain' : 'refused', why };
  }
}
