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

/** Asks GitHub to start the pull; resolves to null on success or one line saying why not (never throws). */
export async function dispatchPull(http: HttpDeps, target: DispatchTarget): Promise<string | null> {
  const url = new URL(`/repos/${target.repo}/actions/workflows/${PULL_WORKFLOW}/dispatches`, target.api).toString();
  try {
    await sendJson(http, url, { ref: PULL_REF }, {
      headers: { Authorization: `Bearer ${target.token}`, Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28' },
      maxBytes: 65_536,
      redirect: 'manual',
      // GitHub's own words for a refusal ("Resource not accessible by personal access token").
      describeError: (text) => {
        try {
          const doc = GitHubError.safeParse(JSON.parse(text));
          return doc.success ? cleanText(doc.data.message, 'error') : null;
        } catch {
          return null;
        }
      },
    });
    return null;
  } catch (e) {
    const status = e instanceof HttpError ? e.status : null;
    const meaning = status !== null ? MEANING[status] : undefined;
    return `${(e as Error).message}${meaning ? ` (${meaning})` : ''}`;
  }
}
