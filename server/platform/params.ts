/** Path parameters of the REST routes. */
import { HttpError } from './errors';

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
