/**
 * One broadcast, pure apart from the injected HTTP and ledger: the committed data/ texts in, what was
 * sent out. The alerts come from the dataset as committed (validated here again, against the
 * broadcast's clock), so nothing is announced that is not on the record; the pull itself announces
 * nothing. What was sent is the ledger's (ledger.ts), never a file of data/.
 */
import { parseDataset } from '../../core/dataset/index.ts';
import type { HttpDeps } from '../../net/http.ts';
import { datasetTextsOf } from '../pull/start.ts';
import { broadcastSafely, type BroadcastResult } from './broadcast.ts';
import { deriveAlerts } from '../../core/alerts/derive.ts';
import type { OutletUrls } from './outlets/index.ts';
import type { AlertLedger } from './ledger.ts';

export interface BroadcastRunInput {
  /** Current contents of data/, by file name; missing optional files are undefined. */
  texts: Record<string, string | undefined>;
  now: Date;
  http: HttpDeps;
  /**
   * From NTFY_TOPIC_URL, DISCORD_WEBHOOK_URL, SLACK_WEBHOOK_URL, TELEGRAM_BOT_TOKEN + TELEGRAM_CHAT_ID (outletUrls);
   * unset outlets are skipped.
   */
  urls: OutletUrls;
  site: string;
  /** The run's ledger (ledger.ts: its lease, its call deadline, the redactor of what it stores). */
  ledger: AlertLedger;
  /** Called once the alerts are derived (the latency benchmark times it); no effect on the result. */
  onDerived?: () => void;
}

/** Throws DataError when data/ does not validate: then nothing is sent. */
export async function runBroadcast(input: BroadcastRunInput): Promise<BroadcastResult> {
  const data = parseDataset(datasetTextsOf(input.texts), input.now);
  return broadcastSafely({
    alerts: () => deriveAlerts(data, input.now, input.site),
    ...(input.onDerived ? { onDerived: input.onDerived } : {}),
    ledger: input.ledger,
    urls: input.urls,
    http: input.http,
    now: input.now,
  });
}
