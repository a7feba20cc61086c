/**
 * The webhook's door (docs/security.md, "The X webhook"): every request is answered here, before any
 * database or network is touched, unless it is a post X signed, young enough to announce. In order:
 * GET answers the CRC (signature.ts); POST reads at most DELIVERY_MAX_BYTES through the one capped reader
 * (413), checks X's signature in constant time (401), parses the delivery (400), refuses a stale post
 * (401), and answers 200 at once for an event that is not a post. Any other method: 405.
 *
 * Each answer carries our own words only (never the request's), and one line for the function's log.
 */
import { readCappedBody } from '../../core/capped-body.ts';
import { DeliveryRefused, parseDelivery, type Delivery } from './delivery.ts';
import { crcAnswer, SIGNATURE_HEADER, signatureMatches } from './signature.ts';

/**
 * A delivery is one post with its envelope: a few kB, at most about 30 kB for a long post with its
 * includes. Eight times that leaves room for X's additions; more is refused before it is read.
 */
export const DELIVERY_MAX_BYTES = 256 * 1024;

/** What the function answers, and the line it logs. */
export interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
  line: string;
}

export type Screened = { answer: Answer } | { post: Extract<Delivery, { kind: 'post' }> };

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

const answer = (status: number, body: object, line: string, headers: Record<string, string> = {}): { answer: Answer } => ({
  answer: { status, body: JSON.stringify(body), headers: { ...JSON_HEADERS, ...headers }, line },
});

const refused = (status: number, why: string): { answer: Answer } =>
  answer(status, { error: why }, `❌ ${status}: ${why}; nothing read, nothing sent`);

/** The request screened: an answer to give at once, or a signed, fresh post for the intake (intake.ts). */
export async function screen(request: Request, secret: string, now: Date): Promise<Screened> {
  if (request.method === 'GET') {
    const body = crcAnswer(new URL(request.url).searchParams.get('crc_token'), secret);
    return body === null
      ? refused(400, 'crc_token missing or not a token X sends')
      : { answer: { status: 200, body, headers: JSON_HEADERS, line: '✅ crc: answered' } };
  }
  if (request.method !== 'POST')
    return answer(405, { error: 'GET (CRC) or POST (a delivery) only' }, `❌ 405: ${request.method.slice(0, 16)}`, { allow: 'GET, POST' });
  const read = await readCappedBody(request, DELIVERY_MAX_BYTES);
  if ('tooLarge' in read) return refused(413, `a delivery is at most ${DELIVERY_MAX_BYTES} bytes`);
  if (!signatureMatches(read.bytes, request.headers.get(SIGNATURE_HEADER), secret))
    return refused(401, request.headers.has(SIGNATURE_HEADER) ? 'the signature does not match' : 'unsigned');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
  } catch {
    return refused(400, 'the body is not UTF-8');
  }
  let delivery: Delivery;
  try {
    delivery = parseDelivery(text, now);
  } catch (e) {
    if (e instanceof DeliveryRefused) return refused(e.status, e.message);
    throw e;
  }
  if (delivery.kind === 'other') return answer(200, { ignored: delivery.eventType }, `⏭️ ${delivery.eventType}: not a post; ignored`);
  return { post: delivery };
}
