/** Path and query parameters of the REST routes. */
import type { FastifyRequest } from 'fastify';
import { HttpError, Messages, nulPath } from './errors';

/**
 * The `:id` of a route as a positive integer that fits PostgreSQL's integer; anything else names
 * no row, so it answers the resource's 404 text (never a database error).
 */
export function idParam(params: unknown, notFoundText: string): number {
  const raw = (params as { id?: unknown } | undefined)?.id;
  const id = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new HttpError(404, notFoundText);
  return id;
}

/** A query string without its blank parameters: `?start_date=` means no filter, as if left out. */
export function withoutBlanks(query: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries((query ?? {}) as Record<string, unknown>).filter(([, value]) => value !== ''));
}

/**
 * preValidation for every route: a NUL character (`%00`) in a path or query parameter is a Spanish
 * 400 before any handler reads it. PostgreSQL text cannot hold one, so it used to reach SQL as a 500
 * (`GET /api/customers?query=%00`); bodies are checked by their
 * route's schema (requestValidation.ts). Registered after the access guard: who calls is judged first.
 */
export async function refuseNulParameters(request: FastifyRequest): Promise<void> {
  const where = nulPath(request.params) ?? nulPath(request.query);
  if (where) throw new HttpError(400, Messages.forbiddenCharacter, { [where.join('.') || '_']: Messages.forbiddenCharacter });
}
