/**
 * One broadcast, pure apart from the injected HTTP: the committed data/ texts in, the sent-log to write
 * out. The alerts come from the dataset as committed (validated here again, against the broadcast's
 * clock), so nothing is announced that is not on the record; the pull itself announces nothing.
 */
import { DATA_FILES } from '../../core/dataset/files.ts';
import { parseDataset } from '../../core/dataset/index.ts';
import type { HttpDeps } from '../../net/http.ts';
import { readDataTexts } from '../pull/run.ts';
import type { SourceCheck } from '../../core/schema/index.ts';
import { broadcastSafely, type BroadcastInput } from './broadcast.ts';
import { deriveAlerts } from '../../core/alerts/derive.ts';
import type { OutletUrls } from './outlets/index.ts';

export interface BroadcastRunInput {
  /** Current contents of data/, by file name; missing optional files are undefined. */
  texts: Record<string, string | undefined>;
  now: Date;
  http: HttpDeps;
  /** From NTFY_TOPIC_URL, DISCORD_WEBHOOK_URL, SLACK_WEBHOOK_URL, TELEGRAM_BOT_TOKEN + TELEGRAM_CHAT_ID (outletUrls); unset outlets are skipped. */
  urls: OutletUrls;
  site: string;
  /** Called once the alerts are derived (the latency benchmark times it); no effect on the result. */
  onDerived?: () => void;
  /** Writes the sent-log before each send (write-ahead, or a claim in the shared log: broadcast.ts, BroadcastInput.checkpoint). */
  checkpoint?: BroadcastInput['checkpoint'];
}

export interface BroadcastRunOutput {
  /** The sent-log, when it changed. */
  writes: Record<string, string>;
  checks: SourceCheck[];
  /** A ⚠️ line for a sent-log problem, then one ✅/❌/⏭️ line per outlet. */
  lines: string[];
  failed: boolean;
}

/** Throws DataError when data/ does not validate: then nothing is sent and nothing written. */
export async function runBroadcast(input: BroadcastRunInput): Promise<BroadcastRunOutput> {
  const data = parseDataset(readDataTexts(input.texts), input.now);
  const name = DATA_FILES.sentLog;
  const sent = await broadcastSafely({
    alerts: () => deriveAlerts(data, input.now, input.site),
    ...(input.onDerived ? { onDerived: input.onDerived } : {}),
    ...(input.checkpoint ? { checkpoint: input.checkpoint } : {}),
    sentLogText: input.texts[name], urls: input.urls, http: input.http, now: input.now,
  });
  const writes = sent.sentLog !== undefined && sent.sentLog !== input.texts[name] ? { [name]: sent.sentLog } : {};
  return { writes, checks: sent.checks, lines: sent.lines, failed: sent.failed };
}
