/**
 * X's two proofs for a webhook (docs.x.com, "Webhooks" quickstart, "Securing webhooks", read 2026-11-28):
 * - the Challenge-Response Check: X sends `GET <url>?crc_token=<token>` when the webhook is registered,
 *   every hour after, and on `PUT /2/webhooks/:id`; the answer is `{"response_token": "sha256=<base64 of
 *   HMAC-SHA256(key: the app's consumer secret, message: the token)>"}` with HTTP 200;
 * - every delivery (a POST) carries `x-twitter-webhooks-signature: sha256=<base64 of HMAC-SHA256(key: the
 *   consumer secret, message: the raw body)>`.
 *
 * Both are the same HMAC under the same key, so a CRC answer is a signature: whoever may ask for the
 * answer to any token could have any body signed. A token is therefore only answered when it cannot be a
 * delivery (CRC_TOKEN: no `{`, which every delivery body starts with), and a delivery that is not a JSON
 * object is refused before anything reads it (delivery.ts). X's tokens are UUID-like and fit.
 *
 * Node's crypto only; no clock, no I/O.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header X signs every delivery in (lower case, as Headers gives it). */
export const SIGNATURE_HEADER = 'x-twitter-webhooks-signature';

/**
 * The tokens answered: 1–256 characters of base64, base64url and UUID letters. X's are UUID-like (its
 * examples: `9b4507b3-9040-4669-9ca3-6b94edb50553`); anything else is refused, most of all a JSON body
 * (the signing oracle above) and a huge or binary value (the flood).
 */
export const CRC_TOKEN = /^[A-Za-z0-9+/=_.~-]{1,256}$/;

/** `sha256=` and the base64 HMAC-SHA256 of `message` under `secret`: X's form of both proofs. */
function signed(message: string | Uint8Array, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(message).digest('base64')}`;
}

/** The CRC answer's body for `token`, or null when the token is missing or is not one X would send (CRC_TOKEN). */
export function crcAnswer(token: string | null, secret: string): string | null {
  if (token === null || !CRC_TOKEN.test(token)) return null;
  return JSON.stringify({ response_token: signed(token, secret) });
}

/**
 * Whether `header` is X's signature of `body` under `secret`, compared in constant time
 * (`crypto.timingSafeEqual`); a missing header, or one of another length, is simply not it.
 */
export function signatureMatches(body: Uint8Array, header: string | null, secret: string): boolean {
  if (header === null || secret === '') return false;
  const expected = Buffer.from(signed(body, secret));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** X's signature of `body` (the local stand-in for X signs its deliveries with it; tests too). */
export const signatureOf = (body: string | Uint8Array, secret: string): string => signed(body, secret);
