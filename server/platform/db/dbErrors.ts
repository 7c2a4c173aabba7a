/** PostgreSQL errors by SQLSTATE (pg and the PGlite worker both keep `code` and `constraint`). */

/** True when the error is a unique violation (23505), optionally of the named index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, constraint: name } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || name === constraint);
}

/**
 * SQLSTATE classes and socket errors that mean "the database is not there right now" (stopped,
 * restarting, a connection ended by the server or an admin, out of disk), not "this request is
 * wrong": 08 connection exceptions, 53 insufficient resources (53100 disk full), 57P01-57P03
 * admin/crash shutdown and "cannot connect now".
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
/** node-postgres says these in words only (no code): a connection that ended or is no longer usable. */
const UNAVAILABLE_MESSAGES = /Connection terminated|not queryable|Connection ended|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^(08|53)/.test(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  // AggregateError (a connect to several addresses) and wrapped errors keep the real one inside.
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.some(isDatabaseUnavailable)) return true;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}
