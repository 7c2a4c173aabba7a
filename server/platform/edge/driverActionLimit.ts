/**
 * What one driver's phone may ask a minute through its buttons (DRIVER_ACTIONS_PER_MINUTE, 30 by
 * default): accept or decline an offer, each step of a trip, availability, start or end a shift.
 * A driver does a few a minute at most; a stuck button or a script with a driver's token no longer
 * pushes hundreds of changes onto every desk. Counted per driver (not per address: drivers share
 * carriers' NATs) with the edge's @fastify/rate-limit, whose counters live in PostgreSQL with
 * DATABASE_URL, so every process shares them. Beyond it: 429 in Spanish with Retry-After, nothing
 * changes; the phone may send the same action again after that many seconds (docs/api.md).
 * Positions have their own per-shift cap (INGEST_POINTS_PER_MINUTE) and an SOS is never refused:
 * repeated presses join the open one, and the fresh fix that follows a press only moves its alert
 * (alerts/sosPresses.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

export const DriverActionMessages = {
  tooMany: 'Demasiadas acciones seguidas desde este teléfono. Espera unos segundos e intenta nuevamente.',
} as const;

const MINUTE_MS = 60_000;

type Limit = ReturnType<FastifyInstance['createRateLimit']>;
/** One count per driver for the whole server, whichever module's route they call (one store per HTTP server). */
const limits = new WeakMap<object, Limit>();

/** A preValidation hook (after the driver's token check, before the body is judged) that counts each change a driver asks for: a refused body counts too. */
export function driverActionLimit(app: FastifyInstance, perMinute: number, driverIdOf: (request: FastifyRequest) => number) {
  const limit = limits.get(app.server) ?? app.createRateLimit({ max: perMinute, timeWindow: MINUTE_MS, keyGenerator: (request) => `driver-action|${driverIdOf(request)}` });
  limits.set(app.server, limit);
  return async function limitDriverActions(request: FastifyRequest): Promise<void> {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const status = await limit(request);
    if (!status.isAllowed && status.isExceeded) {
      throw new HttpError(429, DriverActionMessages.tooMany, undefined, { 'retry-after': String(Math.max(1, status.ttlInSeconds)) });
    }
  };
}
