/**
 * Bookings one desk person may create a minute (DISPATCH_BOOKINGS_PER_MINUTE, 60 by default):
 * generous for a busy desk (a call every 20 s or so, a burst of scheduled trips typed in a row), but
 * a script with a desk account can no longer fill the board with thousands in seconds. Counted per
 * person (not per address: a desk shares one office NAT) with the platform's @fastify/rate-limit,
 * whose counters live in PostgreSQL with DATABASE_URL, so every process shares them. Beyond it:
 * 429 in Spanish with Retry-After, and nothing is created.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signedInUser } from '../identity';
import { HttpError } from '../../platform/errors';

export const BookingRateMessages = {
  tooMany: 'Demasiadas reservas en poco tiempo. Espera un momento e intenta nuevamente.',
} as const;

const MINUTE_MS = 60_000;

export function bookingRateLimit(app: FastifyInstance, perMinute: number) {
  const limit = app.createRateLimit({
    max: perMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => {
      const user = signedInUser(request);
      return `booking|${user.ownerId}|${user.role}|${user.id}`;
    },
  });
  return {
    /** Counts one creation by the signed-in person; throws the 429 once they are over the limit. */
    async check(request: FastifyRequest): Promise<void> {
      const status = await limit(request);
      if (!status.isAllowed && status.isExceeded) {
        throw new HttpError(429, BookingRateMessages.tooMany, undefined, { 'retry-after': String(Math.max(1, status.ttlInSeconds)) });
      }
    },
  };
}
