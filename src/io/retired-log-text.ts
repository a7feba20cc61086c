/**
 * The retired data/sent-log.json as a sending function imports it once into the ledger
 * (src/jobs/broadcast/retired-log.ts): the text the build pinned into the bundle
 * (RESETCAST_RETIRED_SENT_LOG, scripts/lib/bundle-function.ts), the bundle being all a deployed function
 * is shipped with; from source (tests, the local runtime's working copy), the working copy's file.
 */
import { dataDir, readDataFile } from './data-folder.ts';

declare const RESETCAST_RETIRED_SENT_LOG: string | undefined;

export const retiredSentLogText = (env: Readonly<Record<string, string | undefined>>): string =>
  typeof RESETCAST_RETIRED_SENT_LOG === 'string' ? RESETCAST_RETIRED_SENT_LOG : readDataFile(dataDir(env), 'sentLog');
