/** What every part of the API shares: its base path, the error body, ids, dates and zod's field errors. */
import { z } from 'zod';
import './zodConfig';

export { API_BASE_PATH } from './paths';

/** Every error answer: a Spanish text, and per-field texts for bad input. */
export const apiErrorSchema = z.object({ error: z.string(), fields: z.record(z.string(), z.string()).optional() });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The answer of a change that has nothing else to say (DELETE, PUT /auth/password). */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** Ids are PostgreSQL integers: anything larger is no id. */
export const MAX_ID = 2_147_483_647;

/**
 * Dates a user can mean, which every database column and time-zone conversion holds: years
 * 1900 to 2999 (year 0 or 9999-12-31 + 1 day would be database errors, not answers).
 */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2999;

/** A real calendar date written YYYY-MM-DD, within MIN_DATE_YEAR..MAX_DATE_YEAR. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * An ISO time the database holds and a phone could mean (years 1900 to 2999): every time a request
 * carries (a body's, a query's, a cursor) is checked with it. JavaScript's dates reach year ±275760,
 * PostgreSQL's timestamptz only 4713 BC, so `-271821-04-20T00:00:00Z` used to be a database error.
 */
export function isPlausibleTimestamp(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
}

/** First message per field of a failed zod parse: {field: text}. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
