/**
 * One attempt at one webhook delivery: POST the stored body, signed now, within the timeout. Node's
 * own http/https rather than fetch: its `lookup` option lets the connection use the address the SSRF
 * check just approved (ssrf.ts), and nothing follows a redirect.
 *
 * What the answer means (docs/webhooks.md): 2xx delivered; 408, 429 and 5xx, a timeout or a
 * connection error are tried again later; any other status (3xx, 4xx) and a refused address fail
 * for good: the receiver said no, and asking again will not change it.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_EVENT_TYPE_HEADER, WEBHOOK_SIGNATURE_HEADER } from '../../../contract/notifications';
import type { Outcome } from './outboxRepo';
import { signatureHeader } from './signature';
import { BlockedAddressError, guardedLookup, hostOf, isPublicAddress, SsrfMessages } from './ssrf';

export interface WebhookAttempt {
  url: string;
  secret: string;
  eventId: string;
  eventType: string;
  body: string;
  /** The signature's timestamp (the server's clock). */
  at: Date;
  timeoutMs: number;
  allowPrivate: boolean;
}

const USER_AGENT = 'Flota-Webhooks/1';

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

export function deliverWebhook(attempt: WebhookAttempt): Promise<Outcome> {
  let url: URL;
  try {
    url = new URL(attempt.url);
  } catch {
    return Promise.resolve({ ok: false, permanent: true, statusCode: null, error: SsrfMessages.protocol });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.resolve({ ok: false, permanent: true, statusCode: null, error: SsrfMessages.protocol });
  const host = hostOf(url);
  if (!attempt.allowPrivate && net.isIP(host) && !isPublicAddress(host)) {
    return Promise.resolve({ ok: false, permanent: true, statusCode: null, error: `${SsrfMessages.privateAddress} (${host})` });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Outcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(attempt.allowPrivate) as unknown as net.LookupFunction,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(attempt.body),
          'user-agent': USER_AGENT,
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(attempt.secret, attempt.body, attempt.at),
          [WEBHOOK_EVENT_ID_HEADER]: attempt.eventId,
          [WEBHOOK_EVENT_TYPE_HEADER]: attempt.eventType,
        },
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The answer's body is not read for meaning; drained (capped) so the socket closes cleanly.
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 64 * 1024) response.destroy();
        });
        const done = () => {
          if (status >= 200 && status < 300) finish({ ok: true, permanent: false, statusCode: status, error: null });
          else finish({ ok: false, permanent: !isRetryableStatus(status), statusCode: status, error: `El receptor respondió ${status}` });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    // The whole attempt, connection to the answer's last byte, within the timeout.
    const timer = setTimeout(() => {
      finish({ ok: false, permanent: false, statusCode: null, error: `Sin respuesta en ${Math.round(attempt.timeoutMs / 1000)} s` });
      request.destroy();
    }, attempt.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof BlockedAddressError) return finish({ ok: false, permanent: true, statusCode: null, error: error.message });
      finish({ ok: false, permanent: false, statusCode: null, error: `Error de conexión: ${error.code ?? error.message}` });
    });
    request.end(attempt.body);
  });
}
