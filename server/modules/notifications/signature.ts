/**
 * The signature of a delivery, as docs/webhooks.md tells receivers to check it (Stripe's scheme):
 * `Flota-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the secret>`.
 * The timestamp is inside what is signed, so a captured delivery cannot be replayed later as new.
 * Each attempt signs again with its own time; the body (and its event id) stays the same.
 */
import { createHmac, randomBytes } from 'node:crypto';

export function signatureHeader(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** A new endpoint's secret: 32 random bytes, prefixed so it is recognisable in a config file. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
