/**
 * What the benches' local outlets answer and how each outlet is pointed at one: one entry per outlet of
 * the registry (OUTLET_NAMES), so an outlet added there without its stand-in here does not compile. The
 * answers are the real services' success answers (src/jobs/broadcast/outlets/*.ts say what each checks).
 */
import type { OutletName } from '../../src/jobs/broadcast/outlets/index.ts';

export interface StandIn {
  /** The success answer's body for a request body, and its content type. */
  answer: (body: string) => string;
  type: string;
  /** The outlet's variables for a stand-in listening at `base` (`http://127.0.0.1:<port>`). */
  env: (base: string) => Record<string, string>;
}

export const STAND_INS: Readonly<Record<OutletName, StandIn>> = {
  ntfy: {
    answer: (b) => JSON.stringify({ id: 'bench', time: 0, event: 'message', topic: (JSON.parse(b) as { topic: string }).topic }),
    type: 'application/json',
    env: (base) => ({ NTFY_TOPIC_URL: `${base}/resetcast-bench` }),
  },
  discord: {
    answer: () => JSON.stringify({ id: '1300000000000000000', type: 0 }),
    type: 'application/json',
    env: (base) => ({ DISCORD_WEBHOOK_URL: `${base}/api/webhooks/1/bench-token` }),
  },
  slack: { answer: () => 'ok', type: 'text/html', env: (base) => ({ SLACK_WEBHOOK_URL: `${base}/services/T/B/bench` }) },
  telegram: {
    answer: () => JSON.stringify({ ok: true, result: { message_id: 1, date: 0, chat: { id: -1001, type: 'channel' } } }),
    type: 'application/json',
    env: (base) => ({
      TELEGRAM_BOT_TOKEN: '7000000001:AAHbench-token',
      TELEGRAM_CHAT_ID: '@resetcast_bench',
      RESETCAST_TELEGRAM_API: base,
    }),
  },
};
